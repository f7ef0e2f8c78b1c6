import {
  type AccountRole,
  codeRules,
  forgotPasswordBodySchema,
  forgotResetPasswordBodySchema,
  passwordLimits,
} from '@deckvalid/contract/auth';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { describeApiError, retryAfterSecondsOf } from '@/shared/api/api-error';
import { useCountdown } from '@/shared/hooks/use-countdown';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useForgotPasswordMutation, useForgotResetPasswordMutation } from '../auth-api';
import { authPagesOf } from '../role-home';

const resetSchema = forgotResetPasswordBodySchema.pick({ code: true, password: true });
const emailFieldOrder = ['email'] as const;
const resetFieldOrder = ['code', 'password'] as const;

/** The notice the sign-in page shows when the reset is done. */
export const passwordChangedNotice = 'Your password has been changed. Sign in with your new password.';

/**
 * Password reset for a signed-out person: ask for the email (the server mails a code and never
 * says whether the account exists), then the code and a new password, then back to sign-in.
 */
export function ForgotPasswordFlow({ accountRole: role }: { accountRole: AccountRole }) {
  const [email, setEmail] = useState<string | null>(null);
  return email === null ? (
    <RequestCodeStep accountRole={role} onSent={setEmail} />
  ) : (
    <ResetStep accountRole={role} email={email} onChangeEmail={() => setEmail(null)} />
  );
}

function RequestCodeStep({ accountRole: role, onSent }: { accountRole: AccountRole; onSent: (email: string) => void }) {
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { email: '' },
    validate: zodResolver(forgotPasswordBodySchema),
  });

  const handleSubmit = async ({ email }: typeof form.values) => {
    setProblem(null);
    const result = await forgotPassword({ role, body: { email: email.trim() } });
    if ('data' in result && result.data) {
      onSent(email.trim());
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), emailFieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, emailFieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          description="We'll email you a 6-digit code to reset your password."
          withAsterisk
          autoFocus
          {...form.getInputProps('email')}
        />
        <Button type="submit" size="md" fullWidth loading={isLoading} disabled={isLoading}>
          Send reset code
        </Button>
      </Stack>
    </form>
  );
}

function ResetStep({
  accountRole: role,
  email,
  onChangeEmail,
}: {
  accountRole: AccountRole;
  email: string;
  onChangeEmail: () => void;
}) {
  const [resetPassword, { isLoading }] = useForgotResetPasswordMutation();
  const [forgotPassword, resendCall] = useForgotPasswordMutation();
  const navigate = useNavigate();
  const countdown = useCountdown(codeRules.resendAfterSeconds);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useSubmitValidatedForm({
    initialValues: { code: '', password: '' },
    validate: zodResolver(resetSchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const result = await resetPassword({ role, body: { email, code: values.code.trim(), password: values.password } });
    if ('data' in result && result.data) {
      navigate(authPagesOf(role).login, { replace: true, state: { notice: passwordChangedNotice } });
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), resetFieldOrder, form));
  };

  const handleResend = async () => {
    setProblem(null);
    const result = await forgotPassword({ role, body: { email } });
    if ('data' in result && result.data) {
      countdown.start(codeRules.resendAfterSeconds);
      return;
    }
    const failure = describeApiError(result.error);
    const wait = retryAfterSecondsOf(failure);
    if (wait) countdown.start(wait);
    setProblem(failure.message);
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, resetFieldOrder))}>
      <Stack gap="md">
        <Text fz="sm" data-testid="reset-code-sent">
          If an account exists for{' '}
          <Text span inherit fw={600}>
            {email}
          </Text>
          , we sent it a 6-digit code.{' '}
          <Anchor component="button" type="button" fz="sm" onClick={onChangeEmail}>
            Use a different email
          </Anchor>
        </Text>
        <FormErrorAlert message={problem} />
        <TextInput
          label="Code"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={codeRules.length}
          placeholder="123456"
          withAsterisk
          autoFocus
          {...form.getInputProps('code')}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          description={`At least ${passwordLimits.min} characters.`}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={isLoading} disabled={isLoading}>
          Reset password
        </Button>
        <Stack gap={2} align="center">
          <Button
            variant="subtle"
            onClick={handleResend}
            loading={resendCall.isLoading}
            disabled={countdown.secondsLeft > 0 || resendCall.isLoading}
          >
            Resend code
          </Button>
          <Text fz="xs" c="dimmed" ta="center" aria-live="polite">
            {countdown.secondsLeft > 0
              ? `You can ask for a new code in ${countdown.secondsLeft} s.`
              : "Didn't get it? Check your spam folder, or ask for a new code."}
          </Text>
        </Stack>
      </Stack>
    </form>
  );
}
