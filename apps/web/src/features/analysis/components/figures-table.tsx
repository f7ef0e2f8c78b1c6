import { type DeckFigure, figureLabels, formatFigureValue, isCurrentFigure } from '@deckvalid/contract/analysis';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type PageHref, PageLink } from './page-link';

/** What a figure is, in words: its label, and what a price is per or a share of funds is for. */
function figureName(figure: DeckFigure): string {
  const label = figureLabels[figure.key];
  if (figure.per) return `${label} per ${figure.per}`;
  if (figure.purpose) return `${label}: ${figure.purpose}`;
  return label;
}

/** When a figure of the history and plan table holds: "Plan, 2027", "Earlier, 2024". */
function periodLabel(figure: DeckFigure): string {
  const name = figure.period === 'projected' ? 'Plan' : 'Earlier';
  return figure.year === undefined ? name : `${name}, ${figure.year}`;
}

type FigureRowsProps = {
  figures: DeckFigure[];
  pageHref: PageHref;
  /** Whether each row says when it holds (the history and plan table). */
  showsPeriod: boolean;
  caption: string;
};

/**
 * One table of figures in page order: what it is (with TAM/SAM/SOM for a market size), the value
 * in its unit, the words as the deck wrote them, and the page. On a phone the words go under the
 * figure's name, so the table keeps three columns that fit 390 px.
 */
function FigureRows({ figures, pageHref, showsPeriod, caption }: FigureRowsProps) {
  return (
    <Table verticalSpacing="sm" horizontalSpacing="xs" striped={false} highlightOnHover aria-label={caption}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Figure</Table.Th>
          <Table.Th ta="right">Value</Table.Th>
          <Table.Th visibleFrom="sm">As written</Table.Th>
          <Table.Th ta="right">Page</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {figures.map((figure, index) => {
          const name = figureName(figure);
          return (
            // Figures have no id; their place in the deck's reading order is stable for one report.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <Table.Tr key={index} data-testid="analysis-figure" data-figure={figure.key} data-period={figure.period}>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  <Text fz="sm" fw={600}>
                    {name}
                  </Text>
                  {figure.scope ? (
                    <Badge size="sm" variant="light" color="indigo" radius="sm" data-testid="analysis-figure-scope">
                      {figure.scope}
                    </Badge>
                  ) : null}
                  {showsPeriod ? (
                    <Badge
                      size="sm"
                      variant="light"
                      color={figure.period === 'projected' ? 'grape' : 'gray'}
                      radius="sm"
                      data-testid="analysis-figure-period"
                    >
                      {periodLabel(figure)}
                    </Badge>
                  ) : figure.year !== undefined ? (
                    <Text fz="xs" c="dimmed" data-testid="analysis-figure-year">
                      {figure.year}
                    </Text>
                  ) : null}
                </Group>
                <Text fz="xs" c="dimmed" hiddenFrom="sm" mt={2} style={{ overflowWrap: 'anywhere' }}>
                  “{figure.text}”
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text
                  fz="sm"
                  fw={700}
                  data-testid="analysis-figure-value"
                  style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
                >
                  {formatFigureValue(figure)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">
                <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }} data-testid="analysis-figure-text">
                  “{figure.text}”
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <PageLink page={figure.page} pageHref={pageHref} context={name} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/**
 * The figures the deck states: the business as it stands now first (what the score, the copilot
 * and comparisons read), then its history and its plan apart, each saying when it holds, so a
 * target for 2027 never reads as today's ARR.
 */
export function FiguresTable({ figures, pageHref }: { figures: DeckFigure[]; pageHref: PageHref }) {
  const current = figures.filter(isCurrentFigure);
  const historyAndPlan = figures.filter((figure) => !isCurrentFigure(figure));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="analysis-figures">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg">
            Figures
          </Title>
          <Text fz="sm" c="dimmed">
            {current.length === 1 ? '1 figure as it stands' : `${current.length} figures as they stand`}
          </Text>
        </Group>
        {figures.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="analysis-no-figures">
            No market size, revenue, growth, customer or funding figures were found on the deck's pages.
          </Text>
        ) : current.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="analysis-no-current-figures">
            The deck states its figures only as history or plans (below), none as they stand today.
          </Text>
        ) : (
          <FigureRows figures={current} pageHref={pageHref} showsPeriod={false} caption="Figures as they stand" />
        )}
        {historyAndPlan.length > 0 ? (
          <Stack gap="xs" data-testid="analysis-history-plan">
            <Group justify="space-between" align="baseline" gap="xs">
              <Title order={3} fz="md">
                History and plan
              </Title>
              <Text fz="sm" c="dimmed">
                Earlier figures and targets; the score counts neither.
              </Text>
            </Group>
            <FigureRows figures={historyAndPlan} pageHref={pageHref} showsPeriod caption="History and plan" />
          </Stack>
        ) : null}
      </Stack>
    </Paper>
  );
}
