import { type AccountRole, passwordLimits, resetPasswordBodySchema } from '@deckvalid/contract/auth';
import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useResetPasswordMutation } from '../auth-api';

const fieldOrder = ['currentPassword', 'newPassword'] as const;

/** Signed-in password change (POST reset-password): proves the current password first. */
export function ChangePasswordForm({ accountRole: role, onDone }: { accountRole: AccountRole; onDone?: () => void }) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zodResolver(resetPasswordBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const result = await resetPassword({ role, body: values });
    if ('data' in result && result.data) {
      form.reset();
      notifications.show({ color: 'teal', title: 'Password changed', message: result.data.message });
      onDone?.();
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('currentPassword')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description={`At least ${passwordLimits.min} characters.`}
          withAsterisk
          {...form.getInputProps('newPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={isLoading}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
