import type { Milestone } from '@deckvalid/contract/milestones';
import { Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarEvent } from '@tabler/icons-react';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatCalendarDay, formatDate } from '@/shared/lib/format-date';
import { deckLabel, formatAmount, isMilestoneOverdue } from '../milestone-format';
import classes from './milestone-list-card.module.css';
import { MilestoneStatusBadge } from './milestone-status-badge';

type MilestoneListCardProps = {
  milestone: Milestone;
  /** The milestone's page. */
  to: string;
  /** Buttons that sit above the card's link (Restore on an archived one). */
  actions?: ReactNode;
};

/** "3 of 5 tasks done", "No tasks yet". */
export function progressLabel({ totalTasks, doneTasks }: Milestone['progress']): string {
  if (totalTasks === 0) return 'No tasks yet';
  return `${doneTasks} of ${totalTasks} ${totalTasks === 1 ? 'task' : 'tasks'} done`;
}

/**
 * One milestone in a list: its title (the link to it), deck (named in the milestone's own answer),
 * status, progress and due day, an overdue one in red with a word for it (colour alone says
 * nothing to a screen reader).
 */
export function MilestoneListCard({ milestone, to, actions }: MilestoneListCardProps) {
  const titleId = useId();
  const isOverdue = isMilestoneOverdue(milestone);
  const { percent } = milestone.progress;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      withBorder
      radius="lg"
      padding="md"
      className={classes.card}
      data-testid="milestone-card"
      data-milestone-id={milestone.id}
      h="100%"
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Stack gap={2} miw={0}>
            <Title order={2} fz="md" id={titleId}>
              <Link to={to} className={classes.link}>
                {milestone.title}
              </Link>
            </Title>
            <Text fz="sm" c="dimmed" truncate>
              {deckLabel(milestone.pitchDeck)}
            </Text>
          </Stack>
          <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
            <MilestoneStatusBadge status={milestone.status} isArchived={milestone.archivedAt !== null} size="sm" />
          </Group>
        </Group>
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text fz="xs" c="dimmed">
              {progressLabel(milestone.progress)}
            </Text>
            <Text fz="xs" fw={600}>
              {percent}%
            </Text>
          </Group>
          <Progress
            value={percent}
            size="sm"
            color={milestone.status === 'completed' ? 'teal' : 'indigo'}
            aria-label={`Progress of ${milestone.title}`}
          />
        </Stack>
        {/* Pushed to the card's foot, so due days line up across a row of cards. */}
        <Group justify="space-between" gap="xs" wrap="wrap" mt="auto">
          <Group gap={6} wrap="nowrap" c={isOverdue ? 'red.9' : undefined} data-overdue={isOverdue}>
            {isOverdue ? <IconAlertTriangle size={16} aria-hidden /> : <IconCalendarEvent size={16} aria-hidden />}
            <Text fz="sm" fw={isOverdue ? 600 : undefined} c="inherit">
              {isOverdue ? 'Overdue, was due ' : 'Due '}
              {formatCalendarDay(milestone.dueDate)}
            </Text>
          </Group>
          {milestone.amount !== null ? (
            <Text fz="sm" c="dimmed">
              {formatAmount(milestone.amount)}
            </Text>
          ) : null}
        </Group>
        {milestone.archivedAt ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Text fz="xs" c="dimmed">
              Archived {formatDate(milestone.archivedAt)}
            </Text>
            {actions ? <div className={classes.above}>{actions}</div> : null}
          </Group>
        ) : actions ? (
          <div className={classes.above}>{actions}</div>
        ) : null}
      </Stack>
    </Card>
  );
}
