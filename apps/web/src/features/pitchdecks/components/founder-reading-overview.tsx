import type { ReadingActivity } from '@deckvalid/contract/reading-activity';
import {
  Anchor,
  Avatar,
  Box,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { skipToken } from '@reduxjs/toolkit/query';
import { IconClock, IconUsers } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { useBrowserTimeZone } from '@/shared/lib/time-zone';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { formatDuration } from '../deck-analytics';
import { countLabel } from '../deck-status';
import { formatReadingTotal, readingBars } from '../founder-home';
import { useFounderReadingActivityQuery } from '../founder-reading-activity-api';

dayjs.extend(relativeTime);

/**
 * Both sections read the same cache entry: one request, counted in the founder's own time zone
 * (read once per visit; a founder who crosses zones mid-visit keeps the days they opened with).
 * The zone is read after the home's first paint; until then the sections show their skeletons.
 */
function useReadingActivity() {
  const timeZone = useBrowserTimeZone();
  const query = useFounderReadingActivityQuery(timeZone === undefined ? skipToken : { timeZone });
  return { ...query, isLoading: query.isLoading || timeZone === undefined };
}

type ReadingQuery = ReturnType<typeof useReadingActivity>;

/** A section's failure, with a retry that asks again for the one call both sections share. */
function ReadingError({ query, title }: { query: ReadingQuery; title: string }) {
  return (
    <Stack gap="sm" align="flex-start">
      <FormErrorAlert message={describeApiError(query.error).message} title={title} />
      <Button variant="light" size="xs" onClick={() => void query.refetch()} loading={query.isFetching}>
        Try again
      </Button>
    </Stack>
  );
}

/** Chart area height in pixels; a bar of the busiest day fills it. */
const chartHeight = 96;

/**
 * The founder home's week: reading time and distinct investors across all the founder's decks in
 * the last 7 days, and one bar per day (plain CSS: seven bars need no chart library).
 */
export function FounderReadingWeek() {
  const activity = useReadingActivity();
  return (
    <Card withBorder radius="lg" padding="lg" h="100%" aria-labelledby="home-week-title" data-testid="home-week">
      <Stack gap="md">
        <Title order={2} fz="lg" id="home-week-title">
          Last 7 days
        </Title>
        {activity.isLoading ? (
          <Stack gap="md" role="status" aria-busy="true" aria-label="Loading reading activity">
            <SimpleGrid cols={2} spacing="sm">
              <Skeleton h={52} radius="md" />
              <Skeleton h={52} radius="md" />
            </SimpleGrid>
            <Skeleton h={chartHeight} radius="md" />
          </Stack>
        ) : !activity.data ? (
          <ReadingError query={activity} title="We couldn't load your reading figures" />
        ) : (
          <ReadingWeekFigures activity={activity.data} />
        )}
      </Stack>
    </Card>
  );
}

function ReadingWeekFigures({ activity }: { activity: ReadingActivity }) {
  const bars = readingBars(activity.days);
  const isQuiet = activity.totalSeconds === 0;
  return (
    <>
      <SimpleGrid cols={2} spacing="sm">
        <Figure
          icon={<IconClock size={18} aria-hidden />}
          label="Reading time"
          value={formatReadingTotal(activity.totalSeconds)}
          testId="home-week-time"
        />
        <Figure
          icon={<IconUsers size={18} aria-hidden />}
          label={activity.viewerCount === 1 ? 'Investor read' : 'Investors read'}
          value={activity.viewerCount.toLocaleString()}
          testId="home-week-viewers"
        />
      </SimpleGrid>
      {isQuiet ? (
        // Seven empty bars would only repeat the sentence.
        <Text fz="sm" c="dimmed" data-testid="home-week-empty">
          No investor has read your decks in the last 7 days.
        </Text>
      ) : (
        // A list, not a picture: each day's figures are read out as they are shown.
        <Box
          component="ul"
          aria-label="Reading time per day"
          m={0}
          p={0}
          style={{ listStyle: 'none', display: 'grid', gridTemplateColumns: `repeat(${bars.length}, 1fr)`, gap: 6 }}
          data-testid="home-week-chart"
        >
          {bars.map((bar) => (
            <Tooltip
              key={bar.date}
              label={`${bar.dateLabel}: ${formatDuration(bar.seconds)}, ${countLabel(bar.viewers, 'investor')}`}
              withArrow
            >
              <Box component="li" style={{ display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: 4 }}>
                <Box
                  h={chartHeight}
                  style={{ display: 'flex', alignItems: 'flex-end' }}
                  aria-label={`${bar.dateLabel}: ${formatDuration(bar.seconds)} by ${countLabel(bar.viewers, 'investor')}`}
                  role="img"
                >
                  <Box
                    w="100%"
                    // A sliver for an empty day, so the week reads as seven days, not as gaps.
                    h={Math.max(3, Math.round(bar.share * chartHeight))}
                    bg={bar.seconds > 0 ? (bar.isToday ? 'indigo.6' : 'indigo.3') : 'gray.2'}
                    style={{ borderRadius: 4 }}
                    data-testid="home-week-bar"
                    data-seconds={bar.seconds}
                  />
                </Box>
                <Text fz={11} ta="center" c={bar.isToday ? 'dark' : 'dimmed'} fw={bar.isToday ? 700 : 400} aria-hidden>
                  {bar.weekday}
                </Text>
              </Box>
            </Tooltip>
          ))}
        </Box>
      )}
    </>
  );
}

function Figure({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Box p="sm" style={{ borderRadius: 'var(--mantine-radius-md)', background: 'var(--mantine-color-gray-0)' }}>
      <Group gap={6} c="dimmed" wrap="nowrap">
        {icon}
        <Text fz="xs" fw={500}>
          {label}
        </Text>
      </Group>
      <Text fz={22} fw={700} mt={4} lh={1.2} style={{ whiteSpace: 'nowrap' }} data-testid={testId}>
        {value}
      </Text>
    </Box>
  );
}

type FounderRecentReadersProps = {
  /** The founder's page of one deck (its analytics are there). */
  deckPath: (id: string) => string;
};

/** The founder home's latest readers: who read which deck, when, and for how long in all. */
export function FounderRecentReaders({ deckPath }: FounderRecentReadersProps) {
  const activity = useReadingActivity();
  return (
    <Card withBorder radius="lg" padding="lg" aria-labelledby="home-readers-title" data-testid="home-readers">
      <Stack gap="md">
        <Title order={2} fz="lg" id="home-readers-title">
          Recent readers
        </Title>
        {activity.isLoading ? (
          <Stack gap="sm" role="status" aria-busy="true" aria-label="Loading recent readers">
            {['a', 'b', 'c'].map((key) => (
              <Group key={key} gap="sm" wrap="nowrap">
                <Skeleton h={36} w={36} circle />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton h={12} w="45%" />
                  <Skeleton h={10} w="65%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        ) : !activity.data ? (
          <ReadingError query={activity} title="We couldn't load your recent readers" />
        ) : activity.data.recentReaders.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="home-readers-empty">
            No investor has opened your decks yet. When one does, you'll see who, which deck and for how long.
          </Text>
        ) : (
          <Stack gap={0} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {activity.data.recentReaders.map((reader, index) => (
              <Group
                component="li"
                key={`${reader.investor.id}-${reader.pitchDeck.id}`}
                gap="sm"
                wrap="nowrap"
                align="flex-start"
                py="sm"
                style={{ borderTop: index === 0 ? undefined : '1px solid var(--mantine-color-gray-2)' }}
                data-testid="home-reader"
              >
                <Avatar name={reader.investor.name} color="initials" radius="xl" size={36} aria-hidden />
                <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                  <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
                    <Text fz="sm" fw={600} truncate="end" style={{ minWidth: 0, maxWidth: '100%' }}>
                      {reader.investor.name}
                      <Text span c="dimmed" fw={400} fz="sm">
                        {' · '}
                        {reader.investor.firm ?? 'Independent investor'}
                      </Text>
                    </Text>
                    <Text fz="xs" c="dimmed" title={formatDateTime(reader.lastReadAt)} style={{ flexShrink: 0 }}>
                      {dayjs(reader.lastReadAt).fromNow()}
                    </Text>
                  </Group>
                  {/* The title gives way on a narrow screen; the reading time never does. */}
                  <Group gap={4} wrap="nowrap">
                    <Text fz="sm" truncate="end" style={{ minWidth: 0 }}>
                      Read{' '}
                      <Anchor component={Link} to={deckPath(reader.pitchDeck.id)} fz="sm" fw={500}>
                        {reader.pitchDeck.title}
                      </Anchor>
                    </Text>
                    <Text fz="sm" c="dimmed" style={{ flexShrink: 0 }}>
                      for {formatDuration(reader.totalSeconds)}
                    </Text>
                  </Group>
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
