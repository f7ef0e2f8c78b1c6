import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import { Alert, Button, Grid, Group, Loader, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { isReportNotReady } from '../analysis-format';
import { AnalysisReport } from './analysis-report';
import type { PageHref } from './page-link';

/** How often a report that is not ready yet is asked for again. */
export const notReadyPollMs = 5_000;

/** The parts of an RTK Query result the report states read. */
export type AnalysisQueryState = {
  data?: DeckAnalysis;
  error?: unknown;
  isLoading: boolean;
  isFetching: boolean;
  refetch: () => unknown;
};

/**
 * A report query on screen: a skeleton of the report while it loads, "still being processed"
 * (asked for again every few seconds by the caller, and on demand) for a 409 NOT_READY, an error
 * with a retry, and the report itself.
 */
export function AnalysisQueryView({ query, pageHref }: { query: AnalysisQueryState; pageHref: PageHref }) {
  if (query.data) return <AnalysisReport analysis={query.data} pageHref={pageHref} />;
  if (query.isLoading || !query.error) return <AnalysisReportSkeleton />;

  const problem = describeApiError(query.error);
  if (isReportNotReady(problem)) {
    return (
      <Paper withBorder radius="lg" py={48} px="md" data-testid="analysis-not-ready">
        <Stack align="center" gap="xs" ta="center">
          <Loader size="sm" aria-hidden />
          <Text fw={600} role="status">
            The report is still being processed
          </Text>
          <Text fz="sm" c="dimmed" maw={420}>
            It is computed once the deck's pages have been read. This section checks again every few seconds.
          </Text>
          <Button
            variant="light"
            size="xs"
            mt="xs"
            leftSection={<IconRefresh size={14} aria-hidden />}
            loading={query.isFetching}
            onClick={() => void query.refetch()}
          >
            Check now
          </Button>
        </Stack>
      </Paper>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      radius="lg"
      icon={<IconAlertTriangle aria-hidden />}
      title="We couldn't load the validation report"
      role="alert"
      data-testid="analysis-error"
    >
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{problem.message}</Text>
        <Button size="xs" variant="white" color="red" loading={query.isFetching} onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Stack>
    </Alert>
  );
}

/** The report's shape while it loads: ring and sections, the table, checks and recommendations. */
export function AnalysisReportSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-busy="true" aria-label="Loading the validation report">
      <Skeleton h={12} w={260} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
          <Paper withBorder radius="lg" p="lg">
            <Group gap="lg" wrap="nowrap">
              <Skeleton h={132} w={132} circle />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton h={12} />
                <Skeleton h={12} w="70%" />
              </Stack>
            </Group>
            <Stack gap={10} mt="lg">
              {[0, 1, 2, 3].map((row) => (
                <Skeleton key={row} h={10} />
              ))}
            </Stack>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
          <Skeleton h={320} radius="lg" />
        </Grid.Col>
        <Grid.Col span={12}>
          <Skeleton h={200} radius="lg" />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}
