import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { Button, Group, Modal, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import {
  type DeckDetailsValues,
  deckDetailsValuesOf,
  deckFieldOrder,
  toUpdatePitchDeckBody,
  validateDeckDetails,
} from '../deck-details';
import { useUpdatePitchDeckMutation } from '../founder-pitchdecks-api';
import { DeckDetailsFields } from './deck-details-fields';

/**
 * "Edit details": the submit form's fields in a dialog, filled with the deck's details and checked
 * by the same contract rules, with the same messages. Saving changes what investors see at once.
 */
export function FounderEditDeckDetails({ deck }: { deck: FounderPitchDeck }) {
  const [isOpen, dialog] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconPencil size={16} aria-hidden />}
        onClick={dialog.open}
        data-testid="edit-details"
      >
        Edit details
      </Button>
      <Modal opened={isOpen} onClose={dialog.close} title="Edit deck details" centered size="lg">
        {/* Mounted only while open, so every opening starts from the deck as it is now. */}
        <EditDetailsForm deck={deck} onDone={dialog.close} />
      </Modal>
    </>
  );
}

function EditDetailsForm({ deck, onDone }: { deck: FounderPitchDeck; onDone: () => void }) {
  const [updateDeck, { isLoading: isSaving }] = useUpdatePitchDeckMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm<DeckDetailsValues>({
    initialValues: deckDetailsValuesOf(deck),
    validate: validateDeckDetails,
  });

  const handleSubmit = async (values: DeckDetailsValues) => {
    setProblem(null);
    const body = toUpdatePitchDeckBody(values);
    if (!body) return; // validateDeckDetails already marked the fields.
    const result = await updateDeck({ deckId: deck.id, body });
    if ('error' in result) {
      setProblem(showProblemOnForm(describeApiError(result.error), deckFieldOrder, form));
      return;
    }
    notifications.show({ color: 'teal', title: 'Details saved', message: 'Investors see the new details now.' });
    onDone();
  };

  return (
    <form
      noValidate
      aria-label="Edit deck details"
      onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, deckFieldOrder))}
    >
      <Stack gap="md">
        <FormErrorAlert message={problem} title="We couldn't save the details" />
        <DeckDetailsFields form={form} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving} data-testid="save-details">
            Save details
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
