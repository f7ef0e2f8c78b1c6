import {
  type AccountRole,
  choosePasswordBodySchema,
  passwordLimits,
  resetPasswordBodySchema,
} from '@deckvalid/contract/auth';
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

/**
 * Signed-in password change (POST reset-password): proves the current password first. An account
 * without one (made through a sign-in provider) chooses its first password here instead.
 */
export function ChangePasswordForm({
  accountRole: role,
  hasPassword = true,
  onDone,
}: {
  accountRole: AccountRole;
  /** False for an account that has no password yet: no current one is asked for. */
  hasPassword?: boolean;
  onDone?: () => void;
}) {
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { currentPassword: '', newPassword: '' },
    validate: zodResolver(hasPassword ? resetPasswordBodySchema : choosePasswordBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const body = hasPassword ? values : { newPassword: values.newPassword };
    const result = await resetPassword({ role, body });
    if ('data' in result && result.data) {
      form.reset();
      const title = hasPassword ? 'Password changed' : 'Password set';
      notifications.show({ color: 'teal', title, message: result.data.message });
      onDone?.();
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        {hasPassword ? (
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            {...form.getInputProps('currentPassword')}
          />
        ) : null}
        <PasswordField
          label={hasPassword ? 'New password' : 'Choose a password'}
          autoComplete="new-password"
          description={`At least ${passwordLimits.min} characters.`}
          withAsterisk
          {...form.getInputProps('newPassword')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={isLoading} disabled={isLoading}>
            {hasPassword ? 'Change password' : 'Set password'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
