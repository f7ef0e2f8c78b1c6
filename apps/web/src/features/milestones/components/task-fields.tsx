import { type Milestone, milestoneLimits, type TaskStage, taskStages } from '@deckvalid/contract/milestones';
import { Group, NumberInput, Select, TagsInput, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { stageLabels } from '../board-moves';
import { useTaskAssigneesQuery } from '../tasks-api';

/** A task's editable fields as the forms hold them: empty strings stand for "none". */
export type TaskFormValues = {
  title: string;
  description: string;
  assigneeId: string | null;
  /** `YYYY-MM-DD` from a date input, or '' for none. */
  dueDate: string;
  /** A number, or '' while the field is empty (Mantine's NumberInput). */
  estimateDays: number | string;
  /** Free labels (the board filters on them). */
  labels: string[];
  stage: TaskStage;
};

/** The fields' order on screen, for focusing the first invalid one. */
export const taskFieldOrder = [
  'title',
  'description',
  'assigneeId',
  'dueDate',
  'estimateDays',
  'labels',
  'stage',
] as const;

/** The form's values as the contract's body expects them (`null` for every "none"). */
export function taskBodyOf(values: TaskFormValues) {
  const estimate = values.estimateDays === '' ? null : Number(values.estimateDays);
  return {
    title: values.title,
    description: values.description,
    assigneeId: values.assigneeId || null,
    dueDate: values.dueDate || null,
    estimateDays: estimate === null || Number.isNaN(estimate) ? null : estimate,
    labels: values.labels,
  };
}

export const stageOptions = taskStages.map((stage) => ({ value: stage, label: stageLabels[stage] }));

/**
 * Who a task may be assigned to: the founder or one of the milestone's investors (read fresh:
 * an investor whose interest ended drops out). A current assignee no longer on the list is kept
 * as an option so the form shows who it is.
 */
export function useAssigneeOptions(milestone: Milestone, current?: { id: string; name: string } | null) {
  const { data: investors = [] } = useTaskAssigneesQuery({ milestoneId: milestone.id });
  const options = [
    { value: milestone.founderId, label: 'Me (founder)' },
    ...investors.map((investor) => ({
      value: investor.id,
      label: investor.firm ? `${investor.name} (${investor.firm})` : investor.name,
    })),
  ];
  if (current && !options.some((option) => option.value === current.id)) {
    options.push({ value: current.id, label: current.name });
  }
  return options;
}

type TaskFieldsProps = {
  form: UseFormReturnType<TaskFormValues>;
  assigneeOptions: { value: string; label: string }[];
  /** The create form picks the stage; the drawer moves it with the board's call instead. */
  withStage: boolean;
};

/** Title, description, assignee, due date, estimate (and stage): the add and edit forms alike. */
export function TaskFields({ form, assigneeOptions, withStage }: TaskFieldsProps) {
  return (
    <>
      <TextInput
        label="Title"
        required
        maxLength={milestoneLimits.titleLength}
        {...form.getInputProps('title')}
        key={form.key('title')}
      />
      <Textarea
        label="Description"
        autosize
        minRows={2}
        maxRows={8}
        maxLength={milestoneLimits.descriptionLength}
        {...form.getInputProps('description')}
        key={form.key('description')}
      />
      <Select
        label="Assignee"
        placeholder="Unassigned"
        data={assigneeOptions}
        clearable
        allowDeselect
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('assigneeId')}
        key={form.key('assigneeId')}
      />
      <Group grow align="flex-start" gap="sm">
        <TextInput type="date" label="Due date" {...form.getInputProps('dueDate')} key={form.key('dueDate')} />
        <NumberInput
          label="Estimate (days)"
          min={0}
          max={milestoneLimits.estimateDaysMax}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('estimateDays')}
          key={form.key('estimateDays')}
        />
      </Group>
      <TagsInput
        label="Labels"
        description="Press Enter after each; the board filters on them."
        maxTags={milestoneLimits.labelsPerTask}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('labels')}
        key={form.key('labels')}
      />
      {withStage ? (
        <Select
          label="Stage"
          data={stageOptions}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('stage')}
          key={form.key('stage')}
        />
      ) : null}
    </>
  );
}
