import {
  blockedMoveDetailsSchema,
  type Milestone,
  type TaskDetail,
  type TaskStage,
  updateTaskBodySchema,
} from '@deckvalid/contract/milestones';
import { Badge, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { formatCalendarDay } from '@/shared/lib/format-date';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { blockedMoveMessage, stageLabels } from '../board-moves';
import { useDeleteTaskMutation, useMoveTaskMutation, useUpdateTaskMutation } from '../tasks-api';
import {
  stageOptions,
  TaskFields,
  type TaskFormValues,
  taskBodyOf,
  taskFieldOrder,
  useAssigneeOptions,
} from './task-fields';

const validateTask = zodResolver(updateTaskBodySchema);

const valuesOf = (task: TaskDetail): TaskFormValues => ({
  title: task.title,
  description: task.description,
  assigneeId: task.assignee?.id ?? null,
  dueDate: task.dueDate ?? '',
  estimateDays: task.estimateDays ?? '',
  labels: task.labels,
  stage: task.stage,
});

/** One labelled fact of a read-only task. */
function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="sm">{children}</Text>
    </div>
  );
}

/** The task's details as everyone who may not edit them reads them. */
export function TaskFactsView({ task }: { task: TaskDetail }) {
  return (
    <Stack gap="sm">
      {task.description ? (
        <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {task.description}
        </Text>
      ) : (
        <Text fz="sm" c="dimmed" fs="italic">
          No description.
        </Text>
      )}
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Fact label="Stage">{stageLabels[task.stage]}</Fact>
        <Fact label="Assignee">{task.assignee?.name ?? 'Unassigned'}</Fact>
        <Fact label="Due">
          {task.dueDate ? formatCalendarDay(task.dueDate) : 'No due date'}
          {task.isOverdue ? (
            <Badge ml={6} size="xs" color="orange" variant="light" tt="none">
              Overdue
            </Badge>
          ) : null}
        </Fact>
        <Fact label="Estimate">
          {task.estimateDays === null ? 'None' : `${task.estimateDays} ${task.estimateDays === 1 ? 'day' : 'days'}`}
        </Fact>
        <Fact label="Labels">{task.labels.length > 0 ? task.labels.join(', ') : 'None'}</Fact>
      </SimpleGrid>
    </Stack>
  );
}

type TaskDetailsFormProps = { milestone: Milestone; task: TaskDetail; onDeleted: () => void };

/**
 * The founder's edit of a task: its fields saved with one PUT, the stage moved at once with the
 * board's call (to the end of the new column), and delete behind a confirmation.
 */
export function TaskDetailsForm({ milestone, task, onDeleted }: TaskDetailsFormProps) {
  const assigneeOptions = useAssigneeOptions(milestone, task.assignee);
  const [updateTask, update] = useUpdateTaskMutation();
  const [moveTask, move] = useMoveTaskMutation();
  const [deleteTask, deletion] = useDeleteTaskMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [stageProblem, setStageProblem] = useState<string | null>(null);
  const [isConfirmingDelete, setConfirmingDelete] = useState(false);
  const form = useSubmitValidatedForm<TaskFormValues>({
    initialValues: valuesOf(task),
    validate: (values) => validateTask(taskBodyOf(values)),
  });

  // Someone else's save (or this one's answer) refreshes the form unless the founder is typing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-seed only when the task itself changed.
  useEffect(() => {
    if (!form.isDirty()) {
      form.setValues(valuesOf(task));
      form.resetDirty(valuesOf(task));
    }
  }, [task.id, task.updatedAt]);

  const handleSave = async (values: TaskFormValues) => {
    setProblem(null);
    const result = await updateTask({
      milestoneId: milestone.id,
      taskId: task.id,
      body: updateTaskBodySchema.parse(taskBodyOf(values)),
    });
    if ('error' in result) {
      setProblem(showProblemOnForm(describeApiError(result.error), taskFieldOrder, form));
      return;
    }
    form.resetDirty(valuesOf(result.data));
    notifications.show({ color: 'teal', message: 'Task saved.' });
  };

  const handleStage = async (stage: TaskStage) => {
    if (stage === task.stage) return;
    setStageProblem(null);
    const result = await moveTask({ milestoneId: milestone.id, taskId: task.id, stage });
    if ('error' in result) {
      const problemOf = describeApiError(result.error);
      const blocked = blockedMoveDetailsSchema.safeParse(problemOf.details);
      setStageProblem(
        problemOf.status === 409 && blocked.success && blocked.data.blockers.length > 0
          ? blockedMoveMessage(task.title, blocked.data.blockers)
          : problemOf.message,
      );
    }
  };

  const handleDelete = async () => {
    const result = await deleteTask({ milestoneId: milestone.id, taskId: task.id });
    if ('error' in result) {
      setProblem(describeApiError(result.error).message);
      setConfirmingDelete(false);
      return;
    }
    notifications.show({ color: 'gray', message: `Task “${task.title}” deleted.` });
    onDeleted();
  };

  return (
    <Stack gap="sm">
      <Select
        label="Stage"
        data={stageOptions}
        value={move.isLoading && move.originalArgs ? move.originalArgs.stage : task.stage}
        onChange={(value) => {
          if (value) void handleStage(value as TaskStage);
        }}
        allowDeselect={false}
        disabled={move.isLoading}
        comboboxProps={{ withinPortal: true }}
        error={stageProblem}
      />
      <form
        noValidate
        aria-label="Task details"
        onSubmit={form.onSubmit(handleSave, (errors) => focusFirstInvalid(errors, taskFieldOrder))}
      >
        <Stack gap="sm">
          <FormErrorAlert message={problem} title="The task was not saved" />
          <TaskFields form={form} assigneeOptions={assigneeOptions} withStage={false} />
          <Group justify="space-between" gap="xs">
            {isConfirmingDelete ? (
              <Group gap="xs" role="group" aria-label="Confirm delete">
                <Text fz="sm">Delete this task with its subtasks and links?</Text>
                <Button size="xs" color="red" loading={deletion.isLoading} onClick={() => void handleDelete()}>
                  Yes, delete
                </Button>
                <Button size="xs" variant="default" onClick={() => setConfirmingDelete(false)}>
                  Keep it
                </Button>
              </Group>
            ) : (
              <Button
                variant="subtle"
                color="red"
                size="sm"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirmingDelete(true)}
              >
                Delete task
              </Button>
            )}
            <Button type="submit" loading={update.isLoading} disabled={!form.isDirty()}>
              Save changes
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
