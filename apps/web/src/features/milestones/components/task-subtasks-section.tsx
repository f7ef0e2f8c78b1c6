import { milestoneLimits, type Subtask, subtaskBodySchema } from '@deckvalid/contract/milestones';
import { ActionIcon, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconPencil, IconTrash, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import {
  useCreateSubtaskMutation,
  useDeleteSubtaskMutation,
  useRenameSubtaskMutation,
  useToggleSubtaskMutation,
} from '../tasks-api';

type SubtasksProps = {
  milestoneId: string;
  taskId: string;
  subtasks: Subtask[];
  /** The founder of an editable milestone; everyone else reads the list. */
  canEdit: boolean;
};

/** The first message of a title the contract refuses, or null when it is fine. */
function titleProblemOf(title: string): string | null {
  const parsed = subtaskBodySchema.safeParse({ title });
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the title.');
}

function SubtaskRow({ milestoneId, subtask, canEdit }: { milestoneId: string; subtask: Subtask; canEdit: boolean }) {
  const [toggleSubtask, toggle] = useToggleSubtaskMutation();
  const [renameSubtask, rename] = useRenameSubtaskMutation();
  const [deleteSubtask, deletion] = useDeleteSubtaskMutation();
  const [draft, setDraft] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The box shows the click at once; the refetched task confirms it a moment later.
  const isChecked = toggle.isLoading && toggle.originalArgs ? toggle.originalArgs.isCompleted : subtask.isCompleted;

  const handleToggle = async (isCompleted: boolean) => {
    const result = await toggleSubtask({ milestoneId, subtaskId: subtask.id, isCompleted });
    if ('error' in result) {
      notifications.show({
        color: 'red',
        title: 'The subtask did not change',
        message: describeApiError(result.error).message,
      });
    }
  };

  const handleRename = async (event: FormEvent) => {
    event.preventDefault();
    if (draft === null) return;
    const titleProblem = titleProblemOf(draft);
    if (titleProblem) {
      setProblem(titleProblem);
      return;
    }
    const result = await renameSubtask({ milestoneId, subtaskId: subtask.id, title: draft.trim() });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setDraft(null);
    setProblem(null);
  };

  const handleDelete = async () => {
    const result = await deleteSubtask({ milestoneId, subtaskId: subtask.id });
    if ('error' in result) {
      notifications.show({
        color: 'red',
        title: 'The subtask was not deleted',
        message: describeApiError(result.error).message,
      });
    }
  };

  if (draft !== null) {
    return (
      <li>
        <form onSubmit={handleRename} aria-label={`Rename subtask ${subtask.title}`}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label="Subtask title"
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.stopPropagation();
                  setDraft(null);
                  setProblem(null);
                }
              }}
              error={problem}
              maxLength={milestoneLimits.titleLength}
              style={{ flex: 1 }}
              data-autofocus
              autoFocus
            />
            <ActionIcon type="submit" variant="light" size="lg" aria-label="Save subtask" loading={rename.isLoading}>
              <IconCheck size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="lg"
              aria-label="Cancel rename"
              onClick={() => {
                setDraft(null);
                setProblem(null);
              }}
            >
              <IconX size={16} aria-hidden />
            </ActionIcon>
          </Group>
        </form>
      </li>
    );
  }

  return (
    <li>
      <Group gap="xs" wrap="nowrap" justify="space-between">
        <Checkbox
          label={subtask.title}
          checked={isChecked}
          disabled={!canEdit || toggle.isLoading}
          onChange={(event) => void handleToggle(event.currentTarget.checked)}
          styles={{
            label: {
              textDecoration: isChecked ? 'line-through' : undefined,
              // Read-only (an investor) is not "unavailable": the label keeps the text colour.
              color: isChecked ? 'var(--mantine-color-dimmed)' : 'var(--mantine-color-text)',
              cursor: canEdit ? undefined : 'default',
              overflowWrap: 'anywhere',
            },
          }}
          style={{ minWidth: 0 }}
        />
        {canEdit ? (
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label="Rename subtask"
              onClick={() => setDraft(subtask.title)}
            >
              <IconPencil size={16} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label="Delete subtask"
              loading={deletion.isLoading}
              onClick={() => void handleDelete()}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        ) : null}
      </Group>
    </li>
  );
}

/** The task's checklist: tick, add, rename and delete (founders); a read-only list for investors. */
export function TaskSubtasksSection({ milestoneId, taskId, subtasks, canEdit }: SubtasksProps) {
  const [createSubtask, creation] = useCreateSubtaskMutation();
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const done = subtasks.filter((subtask) => subtask.isCompleted).length;

  const handleAdd = async (event: FormEvent) => {
    event.preventDefault();
    const titleProblem = titleProblemOf(title);
    if (titleProblem) {
      setProblem(titleProblem);
      return;
    }
    const result = await createSubtask({ milestoneId, taskId, title: title.trim() });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setTitle('');
    setProblem(null);
  };

  return (
    <Stack gap="xs">
      {subtasks.length > 0 ? (
        <>
          <Text fz="xs" c="dimmed">
            {done} of {subtasks.length} done
          </Text>
          <Stack component="ul" gap={6} aria-label="Subtasks" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {subtasks.map((subtask) => (
              <SubtaskRow key={subtask.id} milestoneId={milestoneId} subtask={subtask} canEdit={canEdit} />
            ))}
          </Stack>
        </>
      ) : (
        <Text fz="sm" c="dimmed">
          No subtasks yet.
        </Text>
      )}
      {canEdit ? (
        <form onSubmit={handleAdd} aria-label="Add subtask" noValidate>
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label="New subtask"
              placeholder="New subtask"
              value={title}
              onChange={(event) => {
                setTitle(event.currentTarget.value);
                if (problem) setProblem(null);
              }}
              error={problem}
              maxLength={milestoneLimits.titleLength}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="light" loading={creation.isLoading}>
              Add subtask
            </Button>
          </Group>
        </form>
      ) : null}
    </Stack>
  );
}
