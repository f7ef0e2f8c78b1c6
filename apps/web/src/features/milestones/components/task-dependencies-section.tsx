import { dependencyConflictDetailsSchema, type LinkedTask, type TaskDetail } from '@deckvalid/contract/milestones';
import { ActionIcon, Alert, Badge, Button, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { describeApiError } from '@/shared/api/api-error';
import { dependencyConflictMessage, stageLabels } from '../board-moves';
import {
  useAddDependencyMutation,
  useBoardTasksQuery,
  useDependencyCandidatesQuery,
  useRemoveDependencyMutation,
} from '../tasks-api';

type DependenciesProps = {
  milestoneId: string;
  role: MilestoneRole;
  task: TaskDetail;
  canEdit: boolean;
};

function LinkedTaskRow({
  link,
  onRemove,
  isRemoving,
}: {
  link: LinkedTask;
  onRemove: (() => void) | null;
  isRemoving: boolean;
}) {
  return (
    <Group component="li" gap="xs" wrap="nowrap" justify="space-between" aria-label={link.title}>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {link.title}
        </Text>
        <Badge size="xs" variant="light" color={link.stage === 'done' ? 'teal' : 'gray'} tt="none">
          {stageLabels[link.stage]}
        </Badge>
      </Group>
      {onRemove ? (
        // Named "Remove", not by the title: the list item carries the title.
        <ActionIcon variant="subtle" color="gray" aria-label="Remove" loading={isRemoving} onClick={onRemove}>
          <IconX size={16} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
}

const listStyle = { listStyle: 'none', margin: 0, padding: 0 } as const;

/**
 * Scrolls the drawer (the nearest scrolling ancestor) just enough to show `element`. Not
 * `scrollIntoView`, which also scrolls the page behind the drawer.
 */
function revealInScrollParent(element: HTMLElement): void {
  let parent = element.parentElement;
  while (parent && !/(auto|scroll)/.test(getComputedStyle(parent).overflowY)) parent = parent.parentElement;
  if (!parent) return;
  const box = element.getBoundingClientRect();
  const frame = parent.getBoundingClientRect();
  const margin = 8;
  if (box.bottom > frame.bottom) parent.scrollTop += box.bottom - frame.bottom + margin;
  else if (box.top < frame.top) parent.scrollTop -= frame.top - box.top + margin;
}

/**
 * "Blocked by" (what this task waits for) and "Blocking" (what waits for it). Founders add a
 * link by choosing another task of the milestone and remove one; a refused link says why in
 * words, a cycle as the chain of tasks it would close.
 */
export function TaskDependenciesSection({ milestoneId, role, task, canEdit }: DependenciesProps) {
  const { data: boardTasks = [] } = useBoardTasksQuery({ milestoneId, role });
  const [addDependency, adding] = useAddDependencyMutation();
  const [removeDependency, removal] = useRemoveDependencyMutation();
  const [choice, setChoice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  // The server names the tasks that may be chosen: not this one, not its blockers, and none that
  // already waits for it, since that link would close a loop. Re-read after every change.
  const candidates = useDependencyCandidatesQuery({ milestoneId, taskId: task.id }, { skip: !canEdit });
  const options = (candidates.data ?? []).map((other) => ({ value: other.id, label: other.title }));
  const pickerRef = useRef<HTMLDivElement>(null);
  // A refusal shows under the picker; bring it into view, so it is never below the fold.
  useEffect(() => {
    if (problem && pickerRef.current) revealInScrollParent(pickerRef.current);
  }, [problem]);
  const titleOf = (taskId: string) =>
    taskId === task.id ? task.title : (boardTasks.find((other) => other.id === taskId)?.title ?? 'a deleted task');

  const handleAdd = async () => {
    if (!choice) {
      setProblem('Choose the task this one waits for.');
      return;
    }
    setProblem(null);
    const result = await addDependency({ milestoneId, taskId: task.id, blockedByTaskId: choice });
    if ('error' in result) {
      const apiProblem = describeApiError(result.error);
      const conflict = dependencyConflictDetailsSchema.safeParse(apiProblem.details);
      setProblem(
        apiProblem.status === 409 && conflict.success
          ? dependencyConflictMessage(conflict.data, titleOf)
          : apiProblem.message,
      );
      return;
    }
    setChoice(null);
  };

  const handleRemove = async (link: LinkedTask) => {
    setProblem(null);
    const result = await removeDependency({ milestoneId, dependencyId: link.dependencyId });
    if ('error' in result) setProblem(describeApiError(result.error).message);
  };

  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Title order={4} fz="sm">
          Blocked by
        </Title>
        {task.blockedBy.length > 0 ? (
          <Stack component="ul" gap={4} aria-label="Blocked by" style={listStyle}>
            {task.blockedBy.map((link) => (
              <LinkedTaskRow
                key={link.dependencyId}
                link={link}
                onRemove={canEdit ? () => void handleRemove(link) : null}
                isRemoving={removal.isLoading && removal.originalArgs?.dependencyId === link.dependencyId}
              />
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            Waits for nothing.
          </Text>
        )}
        {canEdit ? (
          <Stack gap={4} ref={pickerRef}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <Select
                aria-label="Blocked by"
                placeholder={
                  candidates.isLoading
                    ? 'Loading tasks…'
                    : options.length > 0
                      ? 'Choose a task it waits for'
                      : 'Nothing to choose'
                }
                data={options}
                value={choice}
                onChange={(value) => {
                  setChoice(value);
                  setProblem(null);
                }}
                searchable
                clearable
                nothingFoundMessage="No task by that name"
                comboboxProps={{ withinPortal: true }}
                disabled={options.length === 0}
                style={{ flex: 1, minWidth: 0 }}
              />
              <Button variant="light" onClick={() => void handleAdd()} loading={adding.isLoading}>
                Add dependency
              </Button>
            </Group>
            {problem ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlertCircle aria-hidden />}
                role="alert"
                p="xs"
                data-testid="dependency-problem"
              >
                <Text fz="sm">{problem}</Text>
              </Alert>
            ) : (
              <Text fz="xs" c="dimmed">
                Tasks that already wait for this one are left out: the link would close a loop.
              </Text>
            )}
          </Stack>
        ) : null}
        {!canEdit && problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle aria-hidden />} role="alert" p="xs">
            <Text fz="sm">{problem}</Text>
          </Alert>
        ) : null}
      </Stack>
      <Stack gap={6}>
        <Title order={4} fz="sm">
          Blocking
        </Title>
        {task.blocking.length > 0 ? (
          <Stack component="ul" gap={4} aria-label="Blocking" style={listStyle}>
            {task.blocking.map((link) => (
              <LinkedTaskRow key={link.dependencyId} link={link} onRemove={null} isRemoving={false} />
            ))}
          </Stack>
        ) : (
          <Text fz="sm" c="dimmed">
            Nothing waits for this task.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
