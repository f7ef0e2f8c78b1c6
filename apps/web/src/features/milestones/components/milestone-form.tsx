import {
  createMilestoneBodySchema,
  type Milestone,
  milestoneLimits,
  updateMilestoneBodySchema,
} from '@deckvalid/contract/milestones';
import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useCreateMilestoneMutation, useUpdateMilestoneMutation } from '../milestones-api';

/** A deck the founder may plan a milestone for, as the deck select lists it. */
export type MilestoneDeckOption = { value: string; label: string };

/** What the form holds: the deck select starts empty, the amount is '' until a number is typed. */
export type MilestoneFormValues = {
  pitchDeckId: string;
  title: string;
  description: string;
  dueDate: string;
  amount: number | string;
};

/** The fields in visual order: the first invalid one gets focus. */
export const milestoneFieldOrder = ['pitchDeckId', 'title', 'description', 'dueDate', 'amount'] as const;

const emptyValues: MilestoneFormValues = { pitchDeckId: '', title: '', description: '', dueDate: '', amount: '' };

function valuesOf(milestone: Milestone): MilestoneFormValues {
  return {
    pitchDeckId: milestone.pitchDeckId,
    title: milestone.title,
    description: milestone.description,
    dueDate: milestone.dueDate,
    amount: milestone.amount ?? '',
  };
}

/**
 * The values as the body's shape before the contract parses them: a blank amount is "none", and
 * an empty date or deck is left out so the messages below, not a type error about '', are shown.
 */
function bodyCandidate(values: MilestoneFormValues, isCreate: boolean): Record<string, unknown> {
  const amount = typeof values.amount === 'number' ? values.amount : values.amount === '' ? null : Number.NaN;
  return {
    // Absent rather than undefined when editing: the strict update schema refuses the key.
    ...(isCreate ? { pitchDeckId: values.pitchDeckId } : {}),
    title: values.title,
    description: values.description,
    dueDate: values.dueDate,
    amount,
  };
}

const resolveCreate = zodResolver(createMilestoneBodySchema);
const resolveUpdate = zodResolver(updateMilestoneBodySchema);

/** Inline errors with the contract's messages (the server's rules), and plainer ones for blanks. */
export function validateMilestoneForm(values: MilestoneFormValues, isCreate: boolean): Record<string, string> {
  const errors = (isCreate ? resolveCreate : resolveUpdate)(bodyCandidate(values, isCreate));
  if (isCreate && values.pitchDeckId === '') errors.pitchDeckId = 'Choose the deck this milestone is for.';
  if (values.dueDate === '') errors.dueDate = 'Choose a due date.';
  return errors;
}

type MilestoneFormModalProps = {
  opened: boolean;
  onClose: () => void;
} & (
  | {
      /** A new milestone on one of these decks. */
      mode: 'create';
      decks: readonly MilestoneDeckOption[];
      /** Called with the new milestone once it is saved (the list opens it). */
      onSaved?: (milestone: Milestone) => void;
    }
  | { mode: 'edit'; milestone: Milestone; onSaved?: (milestone: Milestone) => void }
);

/** "New milestone" and "Edit milestone": the same fields in a dialog, checked by the contract's rules. */
export function MilestoneFormModal(props: MilestoneFormModalProps) {
  const title = props.mode === 'create' ? 'New milestone' : 'Edit milestone';
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={title}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Mounted only while open, so every opening starts from the milestone as it is now. */}
      {props.opened ? <MilestoneForm {...props} /> : null}
    </Modal>
  );
}

function MilestoneForm(props: MilestoneFormModalProps) {
  const isCreate = props.mode === 'create';
  const [createMilestone, creation] = useCreateMilestoneMutation();
  const [updateMilestone, update] = useUpdateMilestoneMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<MilestoneFormValues>({
    initialValues:
      props.mode === 'edit'
        ? valuesOf(props.milestone)
        : { ...emptyValues, pitchDeckId: props.decks.length === 1 ? (props.decks[0]?.value ?? '') : '' },
    validate: (values) => validateMilestoneForm(values, isCreate),
  });

  const handleSubmit = async (values: MilestoneFormValues) => {
    setProblem(null);
    const candidate = bodyCandidate(values, isCreate);
    // validateMilestoneForm already passed these same schemas: parsing only trims and defaults.
    const result =
      props.mode === 'create'
        ? await createMilestone(createMilestoneBodySchema.parse(candidate))
        : await updateMilestone({ milestoneId: props.milestone.id, body: updateMilestoneBodySchema.parse(candidate) });
    if ('error' in result) {
      setProblem(showProblemOnForm(describeApiError(result.error), milestoneFieldOrder, form));
      return;
    }
    notifications.show({
      color: 'teal',
      title: isCreate ? 'Milestone created' : 'Milestone saved',
      message: isCreate
        ? `“${result.data.title}” is a draft. Add tasks, then activate it.`
        : 'Your investors see the changes now.',
    });
    props.onSaved?.(result.data);
    props.onClose();
  };

  return (
    <form
      noValidate
      aria-label={isCreate ? 'New milestone' : 'Edit milestone'}
      onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, milestoneFieldOrder))}
    >
      <Stack gap="md">
        <FormErrorAlert
          message={problem}
          title={isCreate ? "We couldn't create the milestone" : "We couldn't save the milestone"}
        />
        {props.mode === 'create' ? (
          <NativeSelect
            label="Deck"
            description="Its accepted investors follow the milestone."
            withAsterisk
            data={[{ value: '', label: 'Choose a deck', disabled: true }, ...props.decks]}
            {...form.getInputProps('pitchDeckId')}
          />
        ) : null}
        <TextInput
          label="Title"
          placeholder="Pilot with three clinics"
          withAsterisk
          maxLength={milestoneLimits.titleLength}
          {...form.getInputProps('title')}
        />
        <Textarea
          label="Description"
          description="Optional: what done looks like."
          rows={4}
          {...form.getInputProps('description')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="Due date" type="date" withAsterisk {...form.getInputProps('dueDate')} />
          <NumberInput
            label="Amount (USD)"
            description="Optional: the tranche it releases."
            placeholder="250,000"
            prefix="$"
            thousandSeparator=","
            allowDecimal={false}
            allowNegative={false}
            min={0}
            max={milestoneLimits.amountMax}
            hideControls
            {...form.getInputProps('amount')}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={creation.isLoading || update.isLoading}>
            {isCreate ? 'Create milestone' : 'Save milestone'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
