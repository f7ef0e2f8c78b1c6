import {
  type CompletionBlockers,
  completionBlockersSchema,
  isMilestoneEditable,
  type Milestone,
  type MilestoneStatus,
  milestoneTransitions,
} from '@deckvalid/contract/milestones';
import { Alert, Anchor, Button, Group, List, Menu, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArchive,
  IconBan,
  IconCheck,
  IconChevronDown,
  IconPencil,
  IconPlayerPlay,
  IconRestore,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { milestoneStatusLabels, statusMoveLabels, taskStageLabels } from '../milestone-format';
import {
  useChangeMilestoneStatusMutation,
  useDeleteMilestoneMutation,
  useRestoreMilestoneMutation,
} from '../milestones-api';
import { MilestoneFormModal } from './milestone-form';
import { MilestoneMentorsModal } from './milestone-mentors';

const moveIcons: Partial<Record<MilestoneStatus, ReactNode>> = {
  active: <IconPlayerPlay size={16} aria-hidden />,
  completed: <IconCheck size={16} aria-hidden />,
  cancelled: <IconBan size={16} aria-hidden />,
};

/** A 409's details, when they are what completing too early answers. */
function blockersOf(details: unknown): CompletionBlockers | null {
  const parsed = completionBlockersSchema.safeParse(details);
  return parsed.success ? parsed.data : null;
}

type MilestoneDetailActionsProps = {
  milestone: Milestone;
  /** Opens a task in the drawer (from the list of what blocks completion). */
  onOpenTask: (taskId: string) => void;
  /** Called once the milestone is deleted for good: the page leaves for the list. */
  onDeleted: () => void;
};

/**
 * The founder's actions on a milestone: one primary action (the next status move, or restore,
 * or edit) and a menu with the rest: edit, abandon (the move to cancelled, named so it does not
 * read as closing a dialog), archive and delete for good. Completing too early shows what is still missing, as
 * the server named it (open tasks, deliverables not accepted).
 */
export function MilestoneDetailActions({ milestone, onOpenTask, onDeleted }: MilestoneDetailActionsProps) {
  const [isEditing, editing] = useDisclosure(false);
  const [isSharing, sharing] = useDisclosure(false);
  const [confirming, setConfirming] = useState<'cancel' | 'archive' | 'delete' | null>(null);
  const [changeStatus, statusChange] = useChangeMilestoneStatusMutation();
  const [restore, restoring] = useRestoreMilestoneMutation();
  const [blockers, setBlockers] = useState<CompletionBlockers | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const isArchived = milestone.archivedAt !== null;
  const isEditable = isMilestoneEditable(milestone);
  const moves = isArchived ? [] : milestoneTransitions[milestone.status];
  // One primary action: the move forward (activate a draft, complete an active one); the rest,
  // abandoning included, waits in the menu so it is never the button at hand.
  const primaryMove = moves.find((status) => status !== 'cancelled') ?? null;

  const moveTo = async (status: MilestoneStatus) => {
    setProblem(null);
    setBlockers(null);
    const result = await changeStatus({ milestoneId: milestone.id, status });
    if ('error' in result) {
      const failure = describeApiError(result.error);
      const missing = status === 'completed' && failure.code === 'CONFLICT' ? blockersOf(failure.details) : null;
      if (missing) setBlockers(missing);
      else setProblem(failure.message);
      return false;
    }
    notifications.show({
      color: 'teal',
      message: `“${milestone.title}” is now ${milestoneStatusLabels[status].toLowerCase()}.`,
    });
    return true;
  };

  const handleRestore = async () => {
    setProblem(null);
    const result = await restore({ milestoneId: milestone.id });
    if ('error' in result) setProblem(describeApiError(result.error).message);
    else notifications.show({ color: 'teal', message: `“${milestone.title}” is back in your milestones.` });
  };

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap" data-testid="milestone-actions">
        {primaryMove ? (
          <Button
            size="sm"
            leftSection={moveIcons[primaryMove]}
            loading={statusChange.isLoading && statusChange.originalArgs?.status === primaryMove}
            onClick={() => void moveTo(primaryMove)}
          >
            {statusMoveLabels[primaryMove]}
          </Button>
        ) : isArchived ? (
          <Button
            variant="light"
            size="sm"
            leftSection={<IconRestore size={16} aria-hidden />}
            loading={restoring.isLoading}
            onClick={() => void handleRestore()}
          >
            Restore
          </Button>
        ) : isEditable ? (
          <Button variant="default" size="sm" leftSection={<IconPencil size={16} aria-hidden />} onClick={editing.open}>
            Edit
          </Button>
        ) : null}
        <Menu position="bottom-end" withinPortal shadow="md" width={230}>
          <Menu.Target>
            <Button
              variant="default"
              size="sm"
              rightSection={<IconChevronDown size={16} aria-hidden />}
              aria-label="More actions"
            >
              More
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {isEditable && (primaryMove || isArchived) ? (
              <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={editing.open}>
                Edit details
              </Menu.Item>
            ) : null}
            {moves.includes('cancelled') ? (
              <Menu.Item leftSection={moveIcons.cancelled} onClick={() => setConfirming('cancel')}>
                {statusMoveLabels.cancelled}
              </Menu.Item>
            ) : null}
            {isArchived ? null : (
              <Menu.Item leftSection={<IconUsers size={16} aria-hidden />} onClick={sharing.open}>
                Share with mentors
              </Menu.Item>
            )}
            {isArchived ? null : (
              <Menu.Item leftSection={<IconArchive size={16} aria-hidden />} onClick={() => setConfirming('archive')}>
                Archive
              </Menu.Item>
            )}
            <Menu.Divider />
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setConfirming('delete')}
            >
              Delete permanently
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <FormErrorAlert message={problem} title="That didn't work" />
      {blockers ? (
        <CompletionBlockersAlert blockers={blockers} onOpenTask={onOpenTask} onClose={() => setBlockers(null)} />
      ) : null}
      <MilestoneFormModal mode="edit" milestone={milestone} opened={isEditing} onClose={editing.close} />
      <MilestoneMentorsModal milestoneId={milestone.id} opened={isSharing} onClose={sharing.close} />
      <ConfirmModal
        opened={confirming === 'cancel'}
        onClose={() => setConfirming(null)}
        title="Abandon this milestone?"
        confirmLabel="Yes, abandon it"
        dismissLabel="Keep it"
        isDanger
        isBusy={statusChange.isLoading}
        onConfirm={async () => {
          // A refusal shows under the actions, with the rest of the status problems.
          await moveTo('cancelled');
          setConfirming(null);
        }}
      >
        “{milestone.title}” ends here: an abandoned milestone is marked cancelled, is read-only and cannot be reopened.
        Your investors see it as cancelled.
      </ConfirmModal>
      <ArchiveModal milestone={milestone} opened={confirming === 'archive'} onClose={() => setConfirming(null)} />
      <DeleteModal
        milestone={milestone}
        opened={confirming === 'delete'}
        onClose={() => setConfirming(null)}
        onDeleted={onDeleted}
      />
    </Stack>
  );
}

function CompletionBlockersAlert({
  blockers,
  onOpenTask,
  onClose,
}: {
  blockers: CompletionBlockers;
  onOpenTask: (taskId: string) => void;
  onClose: () => void;
}) {
  const { openTasks, pendingDeliverables } = blockers;
  return (
    // The default (white) variant: the task links keep their contrast, which a tinted one loses.
    <Alert
      color="yellow"
      variant="default"
      icon={<IconAlertTriangle aria-hidden color="var(--mantine-color-yellow-light-color)" />}
      radius="lg"
      title="It can't be completed yet"
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onClose}
      data-testid="completion-blockers"
    >
      <Stack gap="xs">
        <Text fz="sm">Every task has to be done and every deliverable accepted first.</Text>
        {openTasks.length > 0 ? (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              {openTasks.length === 1 ? '1 open task' : `${openTasks.length} open tasks`}
            </Text>
            <List size="sm" spacing={2}>
              {openTasks.map((task) => (
                <List.Item key={task.id}>
                  <Anchor component="button" type="button" onClick={() => onOpenTask(task.id)}>
                    {task.title}
                  </Anchor>{' '}
                  <Text span fz="xs" c="dimmed">
                    ({taskStageLabels[task.stage]})
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
        {pendingDeliverables.length > 0 ? (
          <Stack gap={2}>
            <Text fz="sm" fw={600}>
              {pendingDeliverables.length === 1
                ? '1 deliverable not accepted'
                : `${pendingDeliverables.length} deliverables not accepted`}
            </Text>
            <List size="sm" spacing={2}>
              {pendingDeliverables.map((deliverable) => (
                <List.Item key={deliverable.id}>{deliverable.title}</List.Item>
              ))}
            </List>
          </Stack>
        ) : null}
      </Stack>
    </Alert>
  );
}

function ConfirmModal({
  opened,
  onClose,
  title,
  confirmLabel,
  dismissLabel,
  isDanger = false,
  isBusy = false,
  error = null,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  confirmLabel: string;
  dismissLabel: string;
  isDanger?: boolean;
  isBusy?: boolean;
  error?: string | null;
  onConfirm: () => Promise<void> | void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="md">
        <Text fz="sm">{children}</Text>
        <FormErrorAlert message={error} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isBusy}>
            {dismissLabel}
          </Button>
          <Button color={isDanger ? 'red' : undefined} loading={isBusy} onClick={() => void onConfirm()}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ArchiveModal({ milestone, opened, onClose }: { milestone: Milestone; opened: boolean; onClose: () => void }) {
  const [deleteMilestone, deletion] = useDeleteMilestoneMutation();
  const handleArchive = async () => {
    const result = await deleteMilestone({ milestoneId: milestone.id, mode: 'archive' });
    if ('error' in result) return;
    notifications.show({ color: 'gray', message: `“${milestone.title}” was archived. Restore it any time.` });
    onClose();
  };
  return (
    <ConfirmModal
      opened={opened}
      onClose={() => {
        deletion.reset();
        onClose();
      }}
      title="Archive this milestone?"
      confirmLabel="Archive milestone"
      dismissLabel="Keep it"
      isBusy={deletion.isLoading}
      error={deletion.error ? describeApiError(deletion.error).message : null}
      onConfirm={handleArchive}
    >
      “{milestone.title}” leaves your list and your investors no longer see it. It stays read-only under Archived until
      you restore it.
    </ConfirmModal>
  );
}

function DeleteModal({
  milestone,
  opened,
  onClose,
  onDeleted,
}: {
  milestone: Milestone;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [deleteMilestone, deletion] = useDeleteMilestoneMutation();
  const handleDelete = async () => {
    const result = await deleteMilestone({ milestoneId: milestone.id, mode: 'permanent' });
    if ('error' in result) return;
    notifications.show({ color: 'gray', message: `“${milestone.title}” was deleted.` });
    onClose();
    onDeleted();
  };
  return (
    <ConfirmModal
      opened={opened}
      onClose={() => {
        deletion.reset();
        onClose();
      }}
      title="Delete this milestone for good?"
      confirmLabel="Delete milestone"
      dismissLabel="Keep it"
      isDanger
      isBusy={deletion.isLoading}
      error={deletion.error ? describeApiError(deletion.error).message : null}
      onConfirm={handleDelete}
    >
      “{milestone.title}” will be deleted with its tasks, deliverables, meets and activity, for you and your investors.
      This cannot be undone; archive it instead to keep it out of sight.
    </ConfirmModal>
  );
}
