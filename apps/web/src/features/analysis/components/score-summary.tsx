import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import { Group, Paper, Progress, RingProgress, Stack, Text, Title } from '@mantine/core';
import { scoreColor } from '../analysis-format';

/**
 * The score as a ring, with the parts it adds up from (the breakdown's points sum to it). Each
 * part says how it is counted and what would raise it, so no bar is a number without a reason.
 */
export function ScoreSummary({ score, breakdown }: Pick<DeckAnalysis, 'score' | 'breakdown'>) {
  const color = scoreColor(score);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="analysis-score">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Score
        </Title>
        <Group gap="lg" wrap="nowrap" align="center">
          <RingProgress
            size={132}
            thickness={12}
            roundCaps
            sections={[{ value: score, color }]}
            rootColor="gray.2"
            aria-hidden
            label={
              <Stack gap={0} align="center">
                <Text fz={34} fw={800} lh={1} style={{ fontVariantNumeric: 'tabular-nums' }}>
                  {score}
                </Text>
                <Text fz="xs" c="dimmed">
                  of 100
                </Text>
              </Stack>
            }
          />
          {/* The ring is decoration; this is what a screen reader hears. */}
          <Text fz="sm" c="dimmed" style={{ flex: 1 }} data-testid="analysis-score-value" data-score={score}>
            <Text span fw={700} c="var(--mantine-color-text)">
              {score} of 100.
            </Text>{' '}
            The sum of the four parts below, each counted from the deck's own pages.
          </Text>
        </Group>
        <Stack gap="md" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Score breakdown">
          {breakdown.map((item) => (
            <Stack key={item.key} gap={4} component="li" data-testid="analysis-breakdown-item" data-part={item.key}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text fz="sm" fw={600}>
                  {item.label}
                </Text>
                <Text fz="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                  {item.points} / {item.max}
                </Text>
              </Group>
              <Progress
                value={item.max > 0 ? (item.points / item.max) * 100 : 0}
                color={color}
                size="sm"
                aria-label={`${item.label}: ${item.points} of ${item.max} points`}
              />
              <Text fz="xs" c="dimmed" data-testid="analysis-breakdown-explanation">
                {item.explanation}
              </Text>
              {item.nextStep ? (
                <Text fz="xs" data-testid="analysis-breakdown-next-step">
                  <Text span fz="xs" fw={600}>
                    To raise it:
                  </Text>{' '}
                  {item.nextStep}
                </Text>
              ) : null}
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}
