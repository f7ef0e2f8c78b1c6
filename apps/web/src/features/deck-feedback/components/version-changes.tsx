import { Alert, EmptyState, Group, List, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight, IconGitCompare } from '@tabler/icons-react';
import { useState } from 'react';
import { LoadProblem } from '@/shared/ui/load-problem';
import { type CompareSide, useDeckComparisonQuery } from '../feedback-api';
import { describePageChange, describeScoreChange, describeSectionChange, isUnchanged } from '../feedback-model';

type VersionChangesProps = {
  deckId: string;
  side: CompareSide;
  /** The deck's ready versions, newest first. */
  versions: readonly number[];
};

/**
 * "What changed": two versions picked (the two newest at first) and the comparison in plain
 * words: the report's score, sections found or lost, figures that moved, and pages added,
 * removed, moved or reworded.
 */
export function VersionChanges({ deckId, side, versions }: VersionChangesProps) {
  // Picked ones, else the two newest: the list may still be on its way when the tab opens.
  const [pickedTo, setTo] = useState<number | null>(null);
  const [pickedFrom, setFrom] = useState<number | null>(null);
  const to = pickedTo ?? versions[0] ?? null;
  const from = pickedFrom ?? versions[1] ?? null;
  if (versions.length < 2 || from === null || to === null) {
    return (
      <EmptyState
        variant="light"
        size="lg"
        py={40}
        icon={<IconGitCompare aria-hidden />}
        title="Only one version so far"
        description="Once the founder uploads a new version and it is ready, this shows what changed between them."
        data-testid="changes-single-version"
      />
    );
  }
  const options = versions.map((number) => ({ value: String(number), label: `Version ${number}` }));
  return (
    <Stack gap="md" data-testid="version-changes">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Older version"
          w={170}
          allowDeselect={false}
          value={String(from)}
          data={options}
          onChange={(value) => value && setFrom(Number(value))}
        />
        <IconArrowRight size={18} aria-hidden style={{ marginBottom: 10 }} />
        <Select
          label="Newer version"
          w={170}
          allowDeselect={false}
          value={String(to)}
          data={options}
          onChange={(value) => value && setTo(Number(value))}
        />
      </Group>
      {from === to ? (
        <Alert color="gray" variant="light" radius="lg">
          Choose two different versions.
        </Alert>
      ) : (
        <Comparison deckId={deckId} side={side} from={Math.min(from, to)} to={Math.max(from, to)} />
      )}
    </Stack>
  );
}

function Comparison({ deckId, side, from, to }: { deckId: string; side: CompareSide; from: number; to: number }) {
  const comparison = useDeckComparisonQuery({ deckId, side, from, to });
  if (comparison.isFetching && !comparison.currentData) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Comparing the versions">
        <Skeleton h={60} radius="md" />
        <Skeleton h={160} radius="md" />
      </Stack>
    );
  }
  const data = comparison.currentData;
  if (!data) {
    return (
      <LoadProblem
        title="We couldn't compare these versions"
        error={comparison.error}
        onRetry={() => void comparison.refetch()}
      />
    );
  }
  const delta = data.score.after - data.score.before;
  return (
    <Stack gap="md" data-testid="comparison">
      <Paper withBorder radius="lg" p="md">
        <Group gap="sm" wrap="wrap">
          {delta > 0 ? (
            <IconArrowUpRight color="var(--mantine-color-green-8)" aria-hidden />
          ) : delta < 0 ? (
            <IconArrowDownRight color="var(--mantine-color-red-8)" aria-hidden />
          ) : null}
          <Text fw={600} data-testid="comparison-score">
            From version {data.from} to version {data.to}, the report's score is {describeScoreChange(data.score)}.
          </Text>
        </Group>
        <Text fz="sm" c="dimmed" mt={4}>
          {data.unchangedPages === 1 ? '1 page is' : `${data.unchangedPages} pages are`} the same, in the same place.
        </Text>
      </Paper>
      {isUnchanged(data) ? (
        <Text>Nothing else changed between these versions.</Text>
      ) : (
        <>
          <ChangeList
            title="Sections"
            empty="The report finds the same sections on the same pages."
            items={data.sections.map((section) => ({ key: section.key, text: describeSectionChange(section) }))}
          />
          <ChangeList
            title="Figures"
            empty="No figure changed value, appeared or went."
            items={data.figures.map((figure) => ({ key: figure.key, text: figure.summary }))}
          />
          <ChangeList
            title="Pages"
            empty="No page was added, removed, moved or reworded."
            items={data.pages.map((change, index) => ({
              key: `${change.kind}-${index}`,
              text: describePageChange(change),
            }))}
          />
        </>
      )}
    </Stack>
  );
}

type ChangeItem = { key: string; text: string };

function ChangeList({ title, empty, items }: { title: string; empty: string; items: ChangeItem[] }) {
  return (
    <Stack gap={6} component="section" aria-label={title}>
      <Title order={2} fz="md">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <List spacing={4} fz="sm">
          {items.map((item) => (
            <List.Item key={item.key}>{item.text}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}

/**
 * The report's score movement between the two newest versions, one line, for the founder's
 * Mentors tab; nothing while there is one version or the comparison is not to hand.
 */
export function ScoreMovement({ deckId, side, versions }: VersionChangesProps) {
  const [to, from] = versions;
  const comparison = useDeckComparisonQuery(
    { deckId, side, from: from ?? 0, to: to ?? 0 },
    { skip: from === undefined || to === undefined },
  );
  if (!comparison.data || from === undefined) return null;
  return (
    <Text fz="sm" data-testid="score-movement">
      Report score from version {from} to {to}: {describeScoreChange(comparison.data.score)}.
    </Text>
  );
}
