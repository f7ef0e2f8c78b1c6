import { createTaskBodySchema, type Milestone } from '@deckvalid/contract/milestones';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useCreateTaskMutation } from '../tasks-api';
import { TaskFields, type TaskFormValues, taskBodyOf, taskFieldOrder, useAssigneeOptions } from './task-fields';

const validateTask = zodResolver(createTaskBodySchema);

const emptyTask: TaskFormValues = {
  title: '',
  description: '',
  assigneeId: null,
  dueDate: '',
  estimateDays: '',
  labels: [],
  stage: 'backlog',
};

type TaskCreateModalProps = { milestone: Milestone; opened: boolean; onClose: () => void };

/** The founder's "Add task" form; the new task goes to the end of the stage chosen. */
export function TaskCreateModal({ milestone, opened, onClose }: TaskCreateModalProps) {
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const assigneeOptions = useAssigneeOptions(milestone);
  const [createTask, creation] = useCreateTaskMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<TaskFormValues>({
    initialValues: emptyTask,
    validate: (values) => validateTask({ ...taskBodyOf(values), stage: values.stage }),
  });

  const handleClose = () => {
    form.reset();
    setProblem(null);
    onClose();
  };

  const handleSubmit = async (values: TaskFormValues) => {
    setProblem(null);
    const result = await createTask({
      milestoneId: milestone.id,
      body: createTaskBodySchema.parse({ ...taskBodyOf(values), stage: values.stage }),
    });
    if ('error' in result) {
      setProblem(showProblemOnForm(describeApiError(result.error), taskFieldOrder, form));
      return;
    }
    notifications.show({ color: 'teal', message: `Task “${result.data.title}” added.` });
    handleClose();
  };

  return (
    <Modal opened={opened} onClose={handleClose} title="Add task" fullScreen={isPhone} size="lg">
      <form
        noValidate
        onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, taskFieldOrder))}
        aria-label="Add task"
      >
        <Stack gap="sm">
          <FormErrorAlert message={problem} title="The task was not added" />
          <TaskFields form={form} assigneeOptions={assigneeOptions} withStage />
          <Group justify="flex-end" gap="xs" mt="xs">
            <Button variant="default" onClick={handleClose}>
              Cancel
            </Button>
            {/* Not "Add task" again: the board's opener keeps that name alone. */}
            <Button type="submit" loading={creation.isLoading}>
              Create task
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
