import { createDataRoomBodySchema } from '@deckvalid/contract/datarooms';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { ApiProblem } from '@/shared/api/api-error';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';

type NameModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: string;
  label: string;
  submitLabel: string;
  initialName?: string;
  /** Saves the name; answers the API's problem, or null when it is done. */
  onSubmit: (name: string) => Promise<ApiProblem | null>;
};

/**
 * One name field in a modal: a new room, a new folder, or a rename. Checked with the contract's
 * own name rule (the same words the server would answer) before anything is sent.
 */
export function NameModal({ isOpen, onClose, title, label, submitLabel, initialName = '', onSubmit }: NameModalProps) {
  return (
    <Modal opened={isOpen} onClose={onClose} title={title} centered>
      {/* Mounted only while open, so each opening starts from the current name. */}
      {isOpen && (
        <NameForm
          label={label}
          submitLabel={submitLabel}
          initialName={initialName}
          onSubmit={onSubmit}
          onCancel={onClose}
        />
      )}
    </Modal>
  );
}

type NameFormProps = Pick<NameModalProps, 'label' | 'submitLabel' | 'initialName' | 'onSubmit'> & {
  onCancel: () => void;
};

function NameForm({ label, submitLabel, initialName = '', onSubmit, onCancel }: NameFormProps) {
  const form = useForm({ initialValues: { name: initialName }, validate: zodResolver(createDataRoomBodySchema) });
  const [problem, setProblem] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const handleSubmit = form.onSubmit(async ({ name }) => {
    setIsSaving(true);
    setProblem(null);
    const answer = await onSubmit(name.trim());
    setIsSaving(false);
    if (!answer) return;
    const fieldError = answer.fieldErrors.name;
    if (fieldError) form.setFieldError('name', fieldError);
    else setProblem(answer.message);
  });

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {problem && <FormErrorAlert message={problem} />}
        <TextInput label={label} data-autofocus withAsterisk {...form.getInputProps('name')} />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={isSaving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
