import { type DeckFigure, figureLabels, formatFigureValue } from '@deckvalid/contract/analysis';
import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type PageHref, PageLink } from './page-link';

/**
 * The figures the deck states, in page order: what it is (with TAM/SAM/SOM for a market size),
 * the value in its unit, the words as the deck wrote them, and the page. On a phone the words go
 * under the figure's name, so the table keeps three columns that fit 390 px.
 */
export function FiguresTable({ figures, pageHref }: { figures: DeckFigure[]; pageHref: PageHref }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="analysis-figures">
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz="lg">
            Figures
          </Title>
          <Text fz="sm" c="dimmed">
            {figures.length === 1 ? '1 figure' : `${figures.length} figures`}
          </Text>
        </Group>
        {figures.length === 0 ? (
          <Text fz="sm" c="dimmed" data-testid="analysis-no-figures">
            No market size, revenue, growth, customer or funding figures were found on the deck's pages.
          </Text>
        ) : (
          <Table verticalSpacing="sm" horizontalSpacing="xs" striped={false} highlightOnHover>
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
                const label = figureLabels[figure.key];
                return (
                  // Figures have no id; their place in the deck's reading order is stable for one report.
                  // biome-ignore lint/suspicious/noArrayIndexKey: see above
                  <Table.Tr key={index} data-testid="analysis-figure" data-figure={figure.key}>
                    <Table.Td>
                      <Group gap={6} wrap="wrap">
                        <Text fz="sm" fw={600}>
                          {label}
                        </Text>
                        {figure.scope ? (
                          <Badge
                            size="sm"
                            variant="light"
                            color="indigo"
                            radius="sm"
                            data-testid="analysis-figure-scope"
                          >
                            {figure.scope}
                          </Badge>
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
                      <PageLink page={figure.page} pageHref={pageHref} context={label} />
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Paper>
  );
}
