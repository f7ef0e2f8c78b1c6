import { type MilestoneOverview, taskStages } from '@deckvalid/contract/milestones';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  List,
  Progress,
  RingProgress,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { formatCalendarDay, formatDateTime } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { deliverableStatusDisplay, formatDuration, taskStageLabels } from '../milestone-format';
import { useMilestoneOverviewQuery } from '../milestones-api';

type MilestoneOverviewPanelProps = {
  role: MilestoneRole;
  milestoneId: string;
  /** Opens a task in the drawer (the board's). */
  onOpenTask: (taskId: string) => void;
};

/** "1 day", "3 days". */
const days = (count: number) => `${count} ${count === 1 ? 'day' : 'days'}`;

/**
 * The milestone at a glance: progress, tasks per stage, overdue tasks, the next meet, deliverables
 * still waiting, and the critical path (the chain of open tasks that decides how long the rest
 * takes), all from one overview call.
 */
export function MilestoneOverviewPanel({ role, milestoneId, onOpenTask }: MilestoneOverviewPanelProps) {
  const overview = useMilestoneOverviewQuery({ role, milestoneId });
  if (overview.isLoading) return <OverviewSkeleton />;
  if (!overview.data) {
    return (
      <Stack gap="sm" align="flex-start">
        <FormErrorAlert message={describeApiError(overview.error).message} title="We couldn't load the overview" />
        <Button variant="light" onClick={() => void overview.refetch()}>
          Try again
        </Button>
      </Stack>
    );
  }
  return <OverviewCards overview={overview.data} onOpenTask={onOpenTask} />;
}

/** Columns of the 12 each card spans: three a row on a wide screen, the critical path twice as wide. */
const narrow = { base: 12, sm: 6, lg: 4 };
const quarter = { base: 12, sm: 6, lg: 3 };
const wide = { base: 12, sm: 6, lg: 6 };

function OverviewCard({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="md" component="section" aria-label={title} data-testid={testId} h="100%">
      <Stack gap="sm">
        <Title order={2} fz="sm" c="dimmed" tt="uppercase" fw={700} style={{ letterSpacing: '0.04em' }}>
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

/** A task named in the overview: a button that opens it in the drawer. */
function TaskLink({ title, taskId, onOpenTask }: { title: string; taskId: string; onOpenTask: (id: string) => void }) {
  return (
    <Anchor
      component="button"
      type="button"
      fz="sm"
      ta="left"
      onClick={() => onOpenTask(taskId)}
      style={{ overflowWrap: 'break-word' }}
    >
      {title}
    </Anchor>
  );
}

export function OverviewCards({
  overview,
  onOpenTask,
}: {
  overview: MilestoneOverview;
  onOpenTask: (id: string) => void;
}) {
  const { progress, tasksPerStage, overdueTasks, nextMeet, pendingDeliverables, criticalPath, schedule } = overview;
  const scheduled = new Map(schedule.map((task) => [task.taskId, task]));
  const pathTasks = criticalPath.taskIds.flatMap((id) => {
    const task = scheduled.get(id);
    return task ? [task] : [];
  });
  const onPath = new Set(criticalPath.taskIds);
  const withSlack = schedule.filter((task) => !onPath.has(task.taskId));
  const maxStage = Math.max(1, ...taskStages.map((stage) => tasksPerStage[stage]));

  return (
    <Grid gap="md" data-testid="milestone-overview">
      <Grid.Col span={narrow}>
        <OverviewCard title="Progress" testId="overview-progress">
          <Group gap="md" wrap="nowrap">
            <RingProgress
              size={84}
              thickness={9}
              roundCaps
              sections={[{ value: progress.percent, color: 'indigo' }]}
              label={
                <Text ta="center" fw={700} fz="lg">
                  {progress.percent}%
                </Text>
              }
              aria-hidden
            />
            <Stack gap={2}>
              <Text fz="xl" fw={700} data-testid="overview-percent">
                {progress.percent}% done
              </Text>
              <Text fz="sm" c="dimmed">
                {progress.totalTasks === 0
                  ? 'No tasks yet'
                  : `${progress.doneTasks} of ${progress.totalTasks} ${progress.totalTasks === 1 ? 'task' : 'tasks'} done`}
              </Text>
            </Stack>
          </Group>
        </OverviewCard>
      </Grid.Col>
      <Grid.Col span={narrow}>
        <OverviewCard title="Tasks per stage" testId="overview-stages">
          <Stack gap={6} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {taskStages.map((stage) => (
              <Group
                key={stage}
                component="li"
                gap="sm"
                wrap="nowrap"
                aria-label={`${taskStageLabels[stage]}: ${tasksPerStage[stage]}`}
              >
                <Text fz="sm" w={92} style={{ flex: 'none' }}>
                  {taskStageLabels[stage]}
                </Text>
                <Progress
                  value={(tasksPerStage[stage] / maxStage) * 100}
                  size="sm"
                  color={stage === 'done' ? 'teal' : 'indigo'}
                  style={{ flex: 1 }}
                  aria-hidden
                />
                <Text fz="sm" fw={600} w={28} ta="right" style={{ flex: 'none' }}>
                  {tasksPerStage[stage]}
                </Text>
              </Group>
            ))}
          </Stack>
        </OverviewCard>
      </Grid.Col>
      <Grid.Col span={narrow}>
        <OverviewCard title="Overdue tasks" testId="overview-overdue">
          {overdueTasks.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Nothing overdue.
            </Text>
          ) : (
            <Stack gap={6}>
              <Text fz="sm" fw={600} c="red.9">
                {overdueTasks.length} overdue
              </Text>
              <List spacing={4} size="sm" listStyleType="none" p={0}>
                {overdueTasks.map((task) => (
                  <List.Item key={task.id}>
                    <TaskLink title={task.title} taskId={task.id} onOpenTask={onOpenTask} />
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      · {taskStageLabels[task.stage]} · was due {formatCalendarDay(task.dueDate)}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </OverviewCard>
      </Grid.Col>
      <Grid.Col span={quarter}>
        <OverviewCard title="Next meet" testId="overview-next-meet">
          {nextMeet ? (
            <Stack gap={4}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {nextMeet.title}
              </Text>
              <Text fz="sm">
                {formatDateTime(nextMeet.startsAt)} · {formatDuration(nextMeet.durationMinutes)}
              </Text>
              {nextMeet.videoUrl ? (
                <Anchor href={nextMeet.videoUrl} target="_blank" rel="noopener noreferrer" fz="sm">
                  Join the video call
                </Anchor>
              ) : null}
            </Stack>
          ) : (
            <Text fz="sm" c="dimmed">
              No meet scheduled.
            </Text>
          )}
        </OverviewCard>
      </Grid.Col>
      <Grid.Col span={quarter}>
        <OverviewCard title="Pending deliverables" testId="overview-deliverables">
          {pendingDeliverables.length === 0 ? (
            <Text fz="sm" c="dimmed">
              Every deliverable is accepted, or none is promised yet.
            </Text>
          ) : (
            <List spacing={4} size="sm" listStyleType="none" p={0}>
              {pendingDeliverables.map((deliverable) => (
                <List.Item key={deliverable.id}>
                  {/* The status above the title, not beside it: beside it, a narrow card left the
                      title a column a few letters wide and broke its words ("Sandbo x"). */}
                  <Stack gap={2} align="flex-start">
                    <Badge size="xs" variant="light" color={deliverableStatusDisplay[deliverable.status].color}>
                      {deliverableStatusDisplay[deliverable.status].label}
                    </Badge>
                    <TaskLink title={deliverable.title} taskId={deliverable.taskId} onOpenTask={onOpenTask} />
                  </Stack>
                </List.Item>
              ))}
            </List>
          )}
        </OverviewCard>
      </Grid.Col>
      <Grid.Col span={wide}>
        <OverviewCard title="Critical path" testId="overview-critical-path">
          {pathTasks.length === 0 ? (
            <Text fz="sm" c="dimmed">
              No open tasks: nothing left on the path.
            </Text>
          ) : (
            <Stack gap="xs">
              <Text fz="sm">
                <Text span fw={700}>
                  {days(criticalPath.totalDays)}
                </Text>{' '}
                of work along the longest chain of open tasks.
              </Text>
              <List type="ordered" spacing={4} size="sm" data-testid="critical-path-list">
                {pathTasks.map((task) => (
                  <List.Item key={task.taskId}>
                    <TaskLink title={task.title} taskId={task.taskId} onOpenTask={onOpenTask} />
                    <Text span fz="xs" c="dimmed">
                      {' '}
                      · {task.estimateDays > 0 ? days(task.estimateDays) : 'no estimate'} · slack {days(task.slackDays)}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {withSlack.length > 0 ? (
                <Stack gap={4}>
                  <Text fz="xs" fw={600} c="dimmed">
                    Off the path, with slack
                  </Text>
                  <List spacing={2} size="xs" listStyleType="none" p={0}>
                    {withSlack.map((task) => (
                      <List.Item key={task.taskId}>
                        <TaskLink title={task.title} taskId={task.taskId} onOpenTask={onOpenTask} />
                        <Text span fz="xs" c="dimmed">
                          {' '}
                          · {task.estimateDays > 0 ? days(task.estimateDays) : 'no estimate'} · slack{' '}
                          {days(task.slackDays)}
                        </Text>
                      </List.Item>
                    ))}
                  </List>
                </Stack>
              ) : null}
            </Stack>
          )}
        </OverviewCard>
      </Grid.Col>
    </Grid>
  );
}

function OverviewSkeleton() {
  return (
    <SimpleGrid
      cols={{ base: 1, sm: 2, lg: 3 }}
      spacing="md"
      role="status"
      aria-busy="true"
      aria-label="Loading the overview"
    >
      {[0, 1, 2, 3, 4, 5].map((index) => (
        <Card key={index} withBorder radius="lg" padding="md">
          <Stack gap="sm">
            <Skeleton h={12} w="40%" />
            <Skeleton h={24} w="60%" />
            <Skeleton h={12} w="80%" />
          </Stack>
        </Card>
      ))}
    </SimpleGrid>
  );
}
