import '@mantine/dates/styles.css';
import { formatCount } from '@deckvalid/contract/text';
import {
  percentChange,
  type Trends,
  type TrendsDeck,
  type TrendsTotalKey,
  type TrendsTotals,
  trendsTotalKeys,
} from '@deckvalid/contract/trends';
import { BarChart, LineChart } from '@mantine/charts';
import {
  Alert,
  Button,
  EmptyState,
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconAlertTriangle,
  IconArrowDownRight,
  IconArrowUpRight,
  IconChartLine,
  IconMinus,
  IconSparkles,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { formatChartDay } from '@/shared/lib/format-date';
import { useFounderTrendsQuery } from '../trends-api';
import {
  changeDisplay,
  customRange,
  formatReadingTime,
  presetRange,
  type RangePreset,
  rangePresets,
  todayUtc,
  trendsRows,
} from '../trends-model';

const totalLabels: Record<TrendsTotalKey, string> = {
  views: 'Views',
  readers: 'Readers',
  readingSeconds: 'Reading time',
  interestsShown: 'Interests shown',
  interestsAccepted: 'Accepted',
  tasksDone: 'Tasks done',
  linkViews: 'Link views',
  linkReadingSeconds: 'Link reading time',
};

const formatTotal = (key: TrendsTotalKey, value: number) =>
  key === 'readingSeconds' || key === 'linkReadingSeconds' ? formatReadingTime(value) : formatCount(value);

/** An arrow, a signed percentage in words and a colour: the change reads without the colour. */
function ChangeMark({ change, previous, label }: { change: number | null; previous: number; label: string }) {
  const display = changeDisplay(change, previous);
  const Icon = { up: IconArrowUpRight, down: IconArrowDownRight, flat: IconMinus, new: IconSparkles }[
    display.direction
  ];
  return (
    <Group
      gap={2}
      wrap="nowrap"
      c={display.color}
      component="span"
      // One picture of the change (arrow and words): a bare span may not carry a label.
      role="img"
      aria-label={`${label}: ${display.description}`}
      title={`Against the previous period: ${display.description}`}
      data-direction={display.direction}
    >
      <Icon size={14} aria-hidden />
      <Text component="span" fz="xs" fw={600} inherit aria-hidden>
        {display.text}
      </Text>
    </Group>
  );
}

type RangeChoice = `${RangePreset}` | 'custom';

/**
 * /founder/trends: how investors read the founder's decks, what they did with their interest and
 * how milestone work moved, day by day over a range of UTC days, with each deck against the
 * period of equal length before.
 */
export function FounderTrends() {
  const [choice, setChoice] = useState<RangeChoice>('30');
  const [custom, setCustom] = useState<[string | null, string | null]>([null, null]);
  const [pitchDeckId, setPitchDeckId] = useState<string | null>(null);
  // The deck picker lists the decks of the last answer over all of them.
  const [deckOptions, setDeckOptions] = useState<{ value: string; label: string }[]>([]);

  const picked = choice === 'custom' ? customRange(custom[0], custom[1]) : presetRange(Number(choice));
  const range = typeof picked === 'string' ? null : picked;
  const query = useFounderTrendsQuery(
    range ? { ...range, ...(pitchDeckId ? { pitchDeckId } : {}) } : { from: '', to: '' },
    { skip: range === null },
  );
  const trends = query.currentData;
  if (trends && trends.pitchDeckId === null) {
    const options = trends.decks.map((deck) => ({ value: deck.pitchDeckId, label: deck.title }));
    if (JSON.stringify(options) !== JSON.stringify(deckOptions)) setDeckOptions(options);
  }

  const isNewFounder = trends?.pitchDeckId === null && trends.decks.length === 0;

  return (
    <Stack gap="lg" data-testid="founder-trends">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Trends
          </Title>
          <Text c="dimmed" fz="sm">
            Reading, interest and milestone work on your decks, by UTC day.
          </Text>
        </div>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            value={choice}
            onChange={(value) => setChoice(value as RangeChoice)}
            data={[
              ...rangePresets.map((days) => ({ value: `${days}` as RangeChoice, label: `${days} days` })),
              { value: 'custom' as RangeChoice, label: 'Custom' },
            ]}
            aria-label="Range"
            data-testid="trends-range"
          />
          {deckOptions.length > 1 ? (
            <Select
              aria-label="Deck"
              placeholder="All decks"
              data={deckOptions}
              value={pitchDeckId}
              onChange={setPitchDeckId}
              clearable
              w={{ base: '100%', xs: 220 }}
            />
          ) : null}
        </Group>
      </Group>
      {choice === 'custom' ? (
        <DatePickerInput
          type="range"
          label="Days"
          placeholder="Pick the first and last day"
          value={custom}
          onChange={(value) => setCustom(value as [string | null, string | null])}
          maxDate={todayUtc()}
          allowSingleDateInRange
          error={typeof picked === 'string' && (custom[0] || custom[1]) ? picked : undefined}
          w={{ base: '100%', sm: 320 }}
          data-testid="trends-custom-range"
        />
      ) : null}

      {range === null ? (
        <Text c="dimmed" fz="sm">
          {picked as string}
        </Text>
      ) : !trends && query.isError ? (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle aria-hidden />}
          title="We couldn't load your trends"
          role="alert"
        >
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{describeApiError(query.error).message}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : !trends ? (
        <Stack gap="md" role="status" aria-busy="true" aria-label="Loading your trends">
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            {trendsTotalKeys.map((key) => (
              <Skeleton key={key} h={76} radius="lg" />
            ))}
          </SimpleGrid>
          <Skeleton h={260} radius="lg" />
        </Stack>
      ) : isNewFounder ? (
        <EmptyState
          variant="light"
          size="lg"
          py={48}
          icon={<IconChartLine aria-hidden />}
          title="No trends yet"
          description="Submit a pitch deck: once investors read it, their views, interest and your milestone work show here day by day."
          data-testid="trends-empty"
        >
          <EmptyState.Actions>
            <Button component={Link} to={paths.founder.submit}>
              Submit a pitch deck
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <TrendsFigures trends={trends} isFetching={query.isFetching} />
      )}
    </Stack>
  );
}

function TrendsFigures({ trends, isFetching }: { trends: Trends; isFetching: boolean }) {
  const rows = trendsRows(trends.days);
  const period = `${formatChartDay(trends.from)} – ${formatChartDay(trends.to)}`;
  const previous = `${formatChartDay(trends.previousFrom)} – ${formatChartDay(trends.previousTo)}`;
  return (
    <Stack gap="lg" style={{ opacity: isFetching ? 0.7 : 1 }} aria-busy={isFetching}>
      <Text fz="sm" c="dimmed" data-testid="trends-period">
        {period}, against {previous}
      </Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {trendsTotalKeys.map((key) => (
          <TotalTile key={key} name={key} current={trends.current} previous={trends.previous} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="trends-reading-chart">
          <Title order={2} fz="md" mb="xs">
            Reading per day
          </Title>
          <LineChart
            h={240}
            data={rows}
            dataKey="day"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            curveType="linear"
            withDots={rows.length <= 14}
            withRightYAxis
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: 'views', label: 'Views', color: 'indigo.6' },
              { name: 'readers', label: 'Readers', color: 'cyan.6', strokeDasharray: '5 5' },
              { name: 'readingMinutes', label: 'Reading (min)', color: 'teal.7', yAxisId: 'right' },
              // Visitors through share links, without accounts: apart from investors' views.
              { name: 'linkViews', label: 'Link views', color: 'orange.8', strokeDasharray: '2 4' },
            ]}
          />
        </Paper>
        <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="trends-interest-chart">
          <Title order={2} fz="md" mb="xs">
            Interests and tasks per day
          </Title>
          <BarChart
            h={240}
            data={rows}
            dataKey="day"
            type="stacked"
            withLegend
            legendProps={{ verticalAlign: 'bottom' }}
            maxBarWidth={16}
            yAxisProps={{ allowDecimals: false }}
            series={[
              { name: 'shown', label: 'Shown', color: 'indigo.5' },
              { name: 'accepted', label: 'Accepted', color: 'teal.6' },
              { name: 'declined', label: 'Declined', color: 'orange.6' },
              { name: 'withdrawn', label: 'Withdrawn', color: 'gray.5' },
              { name: 'tasksDone', label: 'Tasks done', color: 'grape.5', stackId: 'tasks' },
            ]}
          />
        </Paper>
      </SimpleGrid>
      <DeckTable decks={trends.decks} />
    </Stack>
  );
}

function TotalTile({
  name,
  current,
  previous,
}: {
  name: TrendsTotalKey;
  current: TrendsTotals;
  previous: TrendsTotals;
}) {
  return (
    <Paper withBorder radius="lg" p="sm" data-testid={`trends-total-${name}`}>
      <Text fz="xs" c="dimmed" fw={600}>
        {totalLabels[name]}
      </Text>
      <Text fz="xl" fw={700} lh={1.3} data-testid="trends-total-value">
        {formatTotal(name, current[name])}
      </Text>
      <ChangeMark
        change={percentChange(current[name], previous[name])}
        previous={previous[name]}
        label={totalLabels[name]}
      />
    </Paper>
  );
}

function DeckTable({ decks }: { decks: readonly TrendsDeck[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="trends-decks">
      <Title order={2} fz="md" mb="xs">
        By deck, against the previous period
      </Title>
      {/* Scrolls sideways on a phone: keyboard users reach it by Tab and scroll it with the arrows. */}
      <Table.ScrollContainer
        minWidth={720}
        scrollAreaProps={{
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': 'By deck, scrolls sideways' },
        }}
      >
        <Table verticalSpacing="xs" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Deck</Table.Th>
              {trendsTotalKeys.map((key) => (
                <Table.Th key={key} ta="right">
                  {totalLabels[key]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {decks.map((deck) => (
              <Table.Tr key={deck.pitchDeckId} data-testid="trends-deck-row">
                <Table.Td>
                  <Text fz="sm" fw={600} lineClamp={1}>
                    {deck.title}
                  </Text>
                </Table.Td>
                {trendsTotalKeys.map((key) => (
                  <Table.Td key={key} ta="right">
                    <Stack gap={0} align="flex-end">
                      <Text fz="sm">{formatTotal(key, deck.current[key])}</Text>
                      <ChangeMark
                        change={deck.change[key] ?? null}
                        previous={deck.previous[key]}
                        label={`${deck.title}, ${totalLabels[key]}`}
                      />
                    </Stack>
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
