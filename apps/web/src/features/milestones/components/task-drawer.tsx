import { isMilestoneEditable, type Milestone } from '@deckvalid/contract/milestones';
import { Alert, Badge, Button, Divider, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { type ReactNode, useEffect } from 'react';
import { useSelector } from 'react-redux';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { stageLabels } from '../board-moves';
import { useTaskDetailQuery } from '../tasks-api';
import { TaskApprovalsSection } from './task-approvals-section';
import { TaskDeliverablesSection } from './task-deliverables-section';
import { TaskDependenciesSection } from './task-dependencies-section';
import { TaskDetailsForm, TaskFactsView } from './task-details-section';
import { TaskSubtasksSection } from './task-subtasks-section';
import { ThreadsPanel } from './threads-panel';

type TaskDrawerProps = {
  milestone: Milestone;
  role: MilestoneRole;
  /** The open task; null closes the drawer. */
  taskId: string | null;
  onClose: () => void;
};

/**
 * The signed-in account's id, read from the store by its shape: features do not import the auth
 * feature, and the drawer's props are fixed by the page that mounts it.
 */
const selectViewerId = (state: { auth?: { user?: { id: string } | null } }) => state.auth?.user?.id ?? null;

/** A titled part of the drawer, a region a screen reader can jump to. */
function DrawerSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="xs" aria-label={title}>
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * One task, opened from the board: its details (founders edit them, move its stage and delete
 * it), subtasks, "blocked by" and "blocking" links, deliverables, approvals and the task's threads. A task deleted
 * meanwhile (404, e.g. by the founder in another tab) closes the drawer with a notice.
 */
export function TaskDrawer({ milestone, role, taskId, onClose }: TaskDrawerProps) {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const canEdit = role === 'founder' && isMilestoneEditable(milestone);
  const signedInId = useSelector(selectViewerId);
  // Only the owner reads a milestone as its founder, so the founder's id is the milestone's.
  const viewerId = role === 'founder' ? milestone.founderId : signedInId;
  const {
    data: task,
    isLoading,
    isError,
    error,
    refetch,
  } = useTaskDetailQuery({ milestoneId: milestone.id, role, taskId: taskId ?? '' }, { skip: taskId === null });
  const problem = isError ? describeApiError(error) : null;
  const isGone = problem?.status === 404;
  // The cached detail of another task must not flash under this one's title while it loads.
  const shown = task && task.id === taskId ? task : null;

  useEffect(() => {
    if (!isGone || taskId === null) return;
    notifications.show({ color: 'gray', message: 'That task no longer exists; it was deleted.' });
    onClose();
  }, [isGone, taskId, onClose]);

  return (
    <Drawer
      opened={taskId !== null && !isGone}
      onClose={onClose}
      position="right"
      size={isPhone ? '100%' : 'xl'}
      title={
        <Group gap="xs" wrap="nowrap">
          {/* Hidden from the dialog's name like the stage: the key is read off the screen and links. */}
          {shown ? (
            <Text
              component="span"
              aria-hidden
              c="dimmed"
              ff="monospace"
              fz="sm"
              style={{ flex: 'none' }}
              data-testid="drawer-key"
            >
              {shown.key}
            </Text>
          ) : null}
          <Text component="span" fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
            {shown?.title ?? 'Task'}
          </Text>
          {/* Hidden from the dialog's name, which stays the title alone; Details says the stage. */}
          {shown ? (
            <Badge
              aria-hidden
              variant="light"
              tt="none"
              color={shown.stage === 'done' ? 'teal' : 'gray'}
              style={{ flex: 'none' }}
            >
              {stageLabels[shown.stage]}
            </Badge>
          ) : null}
        </Group>
      }
      closeButtonProps={{ 'aria-label': 'Close task' }}
      data-testid="task-drawer"
    >
      {isLoading || (!shown && !isError) ? (
        <Group justify="center" py="xl">
          <Loader aria-label="Loading task" />
        </Group>
      ) : null}
      {isError && !isGone && problem ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} title="The task did not load">
          <Text fz="sm">{problem.message}</Text>
          <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void refetch()}>
            Try again
          </Button>
        </Alert>
      ) : null}
      {shown ? (
        <Stack gap="lg" pb="xl">
          <DrawerSection title="Details">
            {canEdit ? (
              <TaskDetailsForm key={shown.id} milestone={milestone} task={shown} onDeleted={onClose} />
            ) : (
              <TaskFactsView task={shown} />
            )}
          </DrawerSection>
          <Divider />
          <DrawerSection title="Subtasks">
            <TaskSubtasksSection
              milestoneId={milestone.id}
              taskId={shown.id}
              subtasks={shown.subtasks}
              canEdit={canEdit}
            />
          </DrawerSection>
          <Divider />
          <DrawerSection title="Dependencies">
            <TaskDependenciesSection milestoneId={milestone.id} role={role} task={shown} canEdit={canEdit} />
          </DrawerSection>
          <Divider />
          <DrawerSection title="Deliverables">
            <TaskDeliverablesSection milestoneId={milestone.id} taskId={shown.id} role={role} canEdit={canEdit} />
          </DrawerSection>
          <Divider />
          <DrawerSection title="Approvals">
            <TaskApprovalsSection milestoneId={milestone.id} taskId={shown.id} role={role} />
          </DrawerSection>
          {viewerId ? (
            <>
              <Divider />
              <DrawerSection title="Threads">
                <ThreadsPanel milestoneId={milestone.id} taskId={shown.id} role={role} viewerId={viewerId} />
              </DrawerSection>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Drawer>
  );
}
