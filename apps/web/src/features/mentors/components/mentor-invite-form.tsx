import { createMentorInvitationBodySchema, mentorLimits } from '@deckvalid/contract/mentors';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useInviteMentorMutation } from '../mentors-api';

const fieldOrder = ['email', 'note'] as const;

/**
 * Invites a mentor by email, with an optional note the mail quotes. The server answers the same
 * whether or not the address has a mentor account; the mail's link does the rest.
 */
export function MentorInviteForm() {
  const [invite, { isLoading }] = useInviteMentorMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { email: '', note: '' },
    validate: zodResolver(createMentorInvitationBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const note = values.note.trim();
    const body = { email: values.email.trim(), ...(note ? { note } : {}) };
    const result = await invite(body);
    if ('data' in result && result.data) {
      notifications.show({
        color: 'teal',
        title: 'Invitation sent',
        message: `We mailed ${result.data.email} a link to accept. It works for ${mentorLimits.invitationDays} days.`,
      });
      form.reset();
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert title="The invitation was not sent" message={problem} />
        <TextInput
          label="Mentor's email"
          type="email"
          autoComplete="off"
          inputMode="email"
          placeholder="mentor@example.com"
          withAsterisk
          {...form.getInputProps('email')}
        />
        <Textarea
          label="Note"
          description="Optional: a line on why you ask them. The mail quotes it."
          autosize
          minRows={2}
          maxRows={6}
          maxLength={mentorLimits.noteLength}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} aria-hidden />} loading={isLoading}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
