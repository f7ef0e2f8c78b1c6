import type { AnalysisCheck } from '@deckvalid/contract/analysis';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CheckOutcome, checkLabels, checkOutcome, checkOutcomeLabels, formatCheckValue } from '../analysis-format';

const outcomeLook: Record<CheckOutcome, { color: string; icon: ReactNode }> = {
  passed: { color: 'teal', icon: <IconCircleCheck size={16} aria-hidden /> },
  failed: { color: 'orange', icon: <IconAlertTriangle size={16} aria-hidden /> },
  unmeasured: { color: 'gray', icon: <IconCircleDashed size={16} aria-hidden /> },
};

/** The structural checks: each one's outcome as an icon and words, what was found against the bar, and why. */
export function CheckList({ checks }: { checks: AnalysisCheck[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="analysis-checks">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Checks
        </Title>
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {checks.map((check, index) => {
            const outcome = checkOutcome(check);
            const look = outcomeLook[outcome];
            return (
              <Stack
                key={check.key}
                component="li"
                gap={4}
                data-testid="analysis-check"
                data-check={check.key}
                data-outcome={outcome}
                pb={index < checks.length - 1 ? 'sm' : 0}
                style={{
                  borderBottom: index < checks.length - 1 ? '1px solid var(--mantine-color-gray-2)' : undefined,
                }}
              >
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text fz="sm" fw={600}>
                    {checkLabels[check.key]}
                  </Text>
                  <Badge
                    variant="light"
                    color={look.color}
                    tt="none"
                    leftSection={look.icon}
                    data-testid="analysis-check-outcome"
                  >
                    {checkOutcomeLabels[outcome]}
                  </Badge>
                </Group>
                <Text fz="xs" c="dimmed">
                  Found:{' '}
                  <Text span fw={600} c="var(--mantine-color-text)" fz="xs">
                    {formatCheckValue(check)}
                  </Text>
                  {' · '}Target: {check.target}
                </Text>
                <Text fz="sm">{check.message}</Text>
              </Stack>
            );
          })}
        </Stack>
      </Stack>
    </Paper>
  );
}

/** What to change, one plain sentence each, naming the page or the missing section. */
export function RecommendationList({ recommendations }: { recommendations: string[] }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} h="100%" data-testid="analysis-recommendations">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Recommendations
        </Title>
        {recommendations.length === 0 ? (
          <Text fz="sm" c="dimmed">
            Nothing to change: the deck tells every section and meets every check.
          </Text>
        ) : (
          <List
            spacing="sm"
            size="sm"
            icon={
              <ThemeIcon size={22} radius="xl" variant="light" color="indigo">
                <IconBulb size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {recommendations.map((recommendation) => (
              <List.Item key={recommendation} data-testid="analysis-recommendation">
                {recommendation}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
