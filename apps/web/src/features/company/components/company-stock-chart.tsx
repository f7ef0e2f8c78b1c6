import type { CompanyWeek } from '@deckvalid/contract/companies';
import { formatCount } from '@deckvalid/contract/text';
import { CompositeChart } from '@mantine/charts';
import { Paper, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { formatReadingTime, hasActivity, stockRows } from '../company-model';

/**
 * The company's "stock": reading time per week as the price line, interests shown as the volume
 * bars beneath, each on its own axis. Every point is counted from stored views and interests;
 * weeks without any are drawn at zero, never interpolated. A table of the same figures follows
 * for screen readers.
 */
export function CompanyStockChart({ weeks }: { weeks: readonly CompanyWeek[] }) {
  const rows = stockRows(weeks);
  const totals = weeks.reduce(
    (sum, week) => ({
      views: sum.views + week.views,
      seconds: sum.seconds + week.readingSeconds,
      interests: sum.interests + week.interestsShown,
    }),
    { views: 0, seconds: 0, interests: 0 },
  );
  return (
    <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'md' }} data-testid="company-stock">
      <Stack gap="xs">
        <div>
          <Title order={2} fz="lg">
            Investor attention
          </Title>
          <Text fz="sm" c="dimmed">
            Reading time per week (line) and interests shown (bars) since the first deck went live:{' '}
            {formatCount(totals.views)} views, {formatReadingTime(totals.seconds)} of reading,{' '}
            {formatCount(totals.interests)} interests.
          </Text>
        </div>
        {hasActivity(weeks) ? null : (
          <Text fz="sm" c="dimmed" data-testid="company-stock-empty">
            No investor has read these decks yet: the line starts once someone does.
          </Text>
        )}
        {weeks.length === 1 && hasActivity(weeks) ? (
          <Text fz="xs" c="dimmed">
            The first deck went live this week: the line gains a point each week.
          </Text>
        ) : null}
        <CompositeChart
          h={260}
          data={rows}
          dataKey="week"
          withLegend
          legendProps={{ verticalAlign: 'bottom' }}
          withRightYAxis
          yAxisLabel="Reading (min)"
          rightYAxisLabel="Interests"
          maxBarWidth={18}
          withDots={rows.length <= 12}
          curveType="linear"
          series={[
            { name: 'interests', label: 'Interests shown', color: 'indigo.2', type: 'bar', yAxisId: 'right' },
            { name: 'readingMinutes', label: 'Reading time (min)', color: 'teal.7', type: 'line' },
          ]}
          rightYAxisProps={{ allowDecimals: false }}
          // The table below is what screen readers read: nothing in the hidden chart takes focus.
          composedChartProps={{ accessibilityLayer: false }}
          aria-hidden
        />
        <VisuallyHidden>
          <table>
            <caption>Investor attention per week</caption>
            <thead>
              <tr>
                <th>Week of</th>
                <th>Views</th>
                <th>Reading time</th>
                <th>Interests shown</th>
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.weekStart}>
                  <td>{week.weekStart}</td>
                  <td>{week.views}</td>
                  <td>{formatReadingTime(week.readingSeconds)}</td>
                  <td>{week.interestsShown}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </VisuallyHidden>
      </Stack>
    </Paper>
  );
}
