import { choosePasswordBodySchema, passwordLimits } from '@deckvalid/contract/auth';
import { Button, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useChoosePasswordMutation } from '../auth-api';
import { loginSucceeded } from '../auth-slice';
import type { SessionAwaitingPassword } from '../verification-state';

const fieldOrder = ['newPassword'] as const;

/**
 * The step after verifying an account that two sign-ups gave different passwords: neither was
 * kept, so the person who proved the mailbox chooses one. Only then does the session start.
 */
export function ChoosePasswordForm({ session }: { session: SessionAwaitingPassword }) {
  const dispatch = useDispatch();
  const [choosePassword, { isLoading }] = useChoosePasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { newPassword: '' },
    validate: zodResolver(choosePasswordBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const result = await choosePassword({ role: session.role, tokens: session.tokens, body: values });
    if ('data' in result && result.data) {
      notifications.show({
        color: 'teal',
        title: 'Password set',
        message: `Welcome to Pitchlane, ${session.user.name}.`,
      });
      dispatch(loginSucceeded(session));
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description={`At least ${passwordLimits.min} characters.`}
          withAsterisk
          autoFocus
          {...form.getInputProps('newPassword')}
        />
        <Button type="submit" size="md" fullWidth loading={isLoading} disabled={isLoading}>
          Set password and continue
        </Button>
      </Stack>
    </form>
  );
}
