import type { DeckAnalytics } from '@deckvalid/contract/pitchdecks';
import { formatCount } from '@deckvalid/contract/text';
import { BarChart } from '@mantine/charts';
import { Button, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconClock, IconEye, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import {
  formatDuration,
  formatDurationCompact,
  formatShare,
  pageChartRows,
  readerDropOff,
  secondsAxisTicks,
} from '../deck-analytics';
import { countLabel } from '../deck-status';
import { useFounderDeckAnalyticsQuery } from '../founder-pitchdecks-api';

dayjs.extend(relativeTime);

type AnalyticsProps = {
  deckId: string;
  /** The version whose figures to show; the live one when absent. */
  version?: number;
  /** The deck has more than one version: the figures are named by theirs. */
  isVersioned?: boolean;
  /** Analytics exist only once the deck is ready; before that nothing is asked for. */
  isReady: boolean;
};

/** Viewers, views and reading time as three tiles, for the side of the deck page. */
export function FounderDeckAnalyticsSummary({ deckId, version, isReady }: AnalyticsProps) {
  const analytics = useFounderDeckAnalyticsQuery({ deckId, version }, { skip: !isReady });
  if (!isReady) return null;
  if (analytics.isLoading) {
    return <Skeleton h={76} radius="lg" role="status" aria-busy="true" aria-label="Loading view analytics" />;
  }
  if (!analytics.data) return null; // The detail section below reports the failure once.
  const { viewerCount, viewCount, totalSeconds } = analytics.data;
  return (
    <Paper withBorder radius="lg" p="md" data-testid="deck-analytics-summary">
      <SimpleGrid cols={3} spacing="xs">
        <StatTile icon={<IconUsers size={14} aria-hidden />} label="Viewers" value={formatCount(viewerCount)} />
        <StatTile icon={<IconEye size={14} aria-hidden />} label="Views" value={formatCount(viewCount)} />
        <StatTile
          icon={<IconClock size={14} aria-hidden />}
          label="Time"
          value={formatDurationCompact(totalSeconds)}
          title={`Total reading time: ${formatDuration(totalSeconds)}`}
        />
      </SimpleGrid>
    </Paper>
  );
}

function StatTile({ icon, label, value, title }: { icon: ReactNode; label: string; value: string; title?: string }) {
  return (
    <Stack gap={2} title={title} data-testid={`stat-${label.toLowerCase()}`} style={{ minWidth: 0 }}>
      <Group gap={4} wrap="nowrap" c="dimmed">
        {icon}
        <Text fz="xs" c="dimmed" fw={600} lh={1}>
          {label}
        </Text>
      </Group>
      <Text fw={700} fz="lg" lh={1.2} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * The reading analytics of one deck: time per page, where readers stop (both as bar charts, each
 * with a sentence that says what it shows) and who read it.
 */
export function FounderDeckAnalyticsDetail({ deckId, version, isVersioned = false, isReady }: AnalyticsProps) {
  const analytics = useFounderDeckAnalyticsQuery({ deckId, version }, { skip: !isReady });
  if (!isReady) return null;
  if (analytics.isLoading) {
    return (
      <Paper withBorder radius="lg" p="lg" role="status" aria-busy="true" aria-label="Loading view analytics">
        <Skeleton h={20} w={180} mb="md" />
        <Skeleton h={220} />
      </Paper>
    );
  }
  if (!analytics.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(analytics.error).message} title="We couldn't load the analytics" />
        <Button variant="light" onClick={() => void analytics.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <AnalyticsBody analytics={analytics.data} isVersioned={isVersioned} />;
}

function AnalyticsBody({ analytics, isVersioned }: { analytics: DeckAnalytics; isVersioned: boolean }) {
  if (analytics.viewCount === 0) {
    return (
      <Paper withBorder radius="lg" p="lg" data-testid="deck-analytics">
        <Title order={2} fz="lg" mb={4}>
          Reading analytics
        </Title>
        <Text c="dimmed" fz="sm">
          {/* Figures are per version: a newer version starts with none of its own. */}
          No investor has opened {isVersioned ? `version ${analytics.version}` : 'this deck'} yet. Time per page and
          where readers stop will appear here once they do.
        </Text>
      </Paper>
    );
  }

  const rows = pageChartRows(analytics);
  const dropOff = readerDropOff(analytics);
  const averagePerView = analytics.viewCount > 0 ? analytics.totalSeconds / analytics.viewCount : 0;
  const timeTicks = secondsAxisTicks(Math.max(0, ...rows.map((row) => row.seconds)));

  return (
    <Stack gap="lg" data-testid="deck-analytics">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <div>
              <Title order={2} fz="lg">
                Time per page
              </Title>
              <Text fz="sm" c="dimmed">
                {formatDuration(averagePerView)} per view on average
                {dropOff.mostReadPage ? `; page ${dropOff.mostReadPage} holds readers longest` : ''}.
              </Text>
            </div>
            <BarChart
              h={240}
              data={rows}
              dataKey="page"
              series={[{ name: 'seconds', label: 'Reading time', color: 'indigo.6' }]}
              valueFormatter={formatDuration}
              yAxisProps={{
                tickFormatter: formatDurationCompact,
                ticks: timeTicks,
                domain: timeTicks ? [0, timeTicks.at(-1) ?? 'auto'] : undefined,
                width: 56,
              }}
              tickLine="y"
              gridAxis="y"
              maxBarWidth={36}
              // Hidden from assistive tech (the table below carries the numbers), so it must not take
              // focus either: Recharts' keyboard layer would make the hidden SVG a tab stop.
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden
              data-testid="time-per-page-chart"
            />
            <PageTable
              caption="Reading time per page"
              rows={rows.map((row) => [row.pageNumber, formatDuration(row.seconds)])}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
          <Stack gap="sm">
            <div>
              <Title order={2} fz="lg">
                Where readers stop
              </Title>
              <Text fz="sm" c="dimmed" data-testid="drop-off-summary">
                {dropOffSentence(dropOff)}
              </Text>
            </div>
            <BarChart
              h={240}
              data={rows}
              dataKey="page"
              series={[{ name: 'exits', label: 'Views ending here', color: 'orange.6' }]}
              tickLine="y"
              gridAxis="y"
              maxBarWidth={36}
              yAxisProps={{ allowDecimals: false }}
              barChartProps={{ accessibilityLayer: false }}
              aria-hidden
              data-testid="exits-per-page-chart"
            />
            <PageTable
              caption="Views that ended on each page"
              rows={rows.map((row) => [row.pageNumber, String(row.exits)])}
            />
          </Stack>
        </Paper>
      </SimpleGrid>
      <ViewersTable viewers={analytics.viewers} pageCount={rows.length} />
    </Stack>
  );
}

function dropOffSentence(dropOff: ReturnType<typeof readerDropOff>): string {
  const parts: string[] = [];
  if (dropOff.completionRate !== null)
    parts.push(`${formatShare(dropOff.completionRate)} of views reach the last page.`);
  if (dropOff.mainStop) {
    parts.push(
      `Most early exits come after page ${dropOff.mainStop.page} (${formatShare(dropOff.mainStop.share)} of views).`,
    );
  } else {
    parts.push('Nobody has stopped before the last page.');
  }
  return parts.join(' ');
}

/** The chart's numbers for screen readers, which cannot read the SVG bars. */
function PageTable({ caption, rows }: { caption: string; rows: [number, string][] }) {
  return (
    <VisuallyHidden>
      <table>
        <caption>{caption}</caption>
        <tbody>
          {rows.map(([page, value]) => (
            <tr key={page}>
              <th scope="row">Page {page}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}

function ViewersTable({ viewers, pageCount }: { viewers: DeckAnalytics['viewers']; pageCount: number }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} fz="lg" mb="sm">
        Who read it
      </Title>
      {viewers.length === 0 ? (
        <Text c="dimmed" fz="sm">
          No viewers yet.
        </Text>
      ) : (
        <>
          {/* Phones get one short block per investor; a five-column table would scroll sideways. */}
          <Stack gap="sm" hiddenFrom="sm">
            {viewers.map((viewer) => (
              <Stack key={viewer.investor.id} gap={2} data-testid="deck-viewer-item">
                <Text fz="sm" fw={600}>
                  {viewer.investor.name}
                  {viewer.investor.firm ? (
                    <Text span fz="xs" c="dimmed" fw={400}>
                      {' '}
                      · {viewer.investor.firm}
                    </Text>
                  ) : null}
                </Text>
                <Text fz="xs" c="dimmed">
                  {countLabel(viewer.sessions, 'view')} · {formatDuration(viewer.totalSeconds)} · reached page{' '}
                  {viewer.furthestPage}
                  {pageCount ? ` of ${pageCount}` : ''} · {dayjs(viewer.lastViewedAt).fromNow()}
                </Text>
              </Stack>
            ))}
          </Stack>
          <Table.ScrollContainer minWidth={560} visibleFrom="sm">
            <Table verticalSpacing="sm" striped highlightOnHover data-testid="deck-viewers">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Investor</Table.Th>
                  <Table.Th>Views</Table.Th>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Furthest page</Table.Th>
                  <Table.Th>Last viewed</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {viewers.map((viewer) => (
                  <Table.Tr key={viewer.investor.id} data-testid="deck-viewer-row">
                    <Table.Td>
                      <Text fz="sm" fw={600}>
                        {viewer.investor.name}
                      </Text>
                      {viewer.investor.firm ? (
                        <Text fz="xs" c="dimmed">
                          {viewer.investor.firm}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{countLabel(viewer.sessions, 'view')}</Table.Td>
                    <Table.Td>{formatDuration(viewer.totalSeconds)}</Table.Td>
                    <Table.Td>
                      {viewer.furthestPage}
                      {pageCount ? ` of ${pageCount}` : ''}
                    </Table.Td>
                    <Table.Td title={formatDateTime(viewer.lastViewedAt)}>
                      {dayjs(viewer.lastViewedAt).fromNow()}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
    </Paper>
  );
}
