import { type AccountRole, emailNotVerifiedDetailsSchema, loginBodySchema } from '@deckvalid/contract/auth';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useLoginMutation } from '../auth-api';
import { loginSucceeded } from '../auth-slice';
import { authPagesOf, noticeOf, otherAccountRole } from '../role-home';
import type { VerificationState } from '../verification-state';

const fieldOrder = ['email', 'password'] as const;

/**
 * Email and password sign-in for one role. Success starts the session; the signed-out guard
 * then sends the person back to where they came from, or home. An unverified account goes to
 * the verification page with the state it needs.
 */
export function SignInForm({ accountRole: role }: { accountRole: AccountRole }) {
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const notice = noticeOf(location.state);
  const [problem, setProblem] = useState<string | null>(null);
  // Founders and investors have separate accounts and pages: the commonest wrong password is the
  // right one typed on the other role's page, so a refusal says where the other role signs in.
  const [isRefused, setIsRefused] = useState(false);
  const form = useSubmitValidatedForm({
    initialValues: { email: '', password: '' },
    validate: zodResolver(loginBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    setIsRefused(false);
    const body = { email: values.email.trim(), password: values.password };
    const result = await login({ role, body });
    if ('data' in result && result.data) {
      const { tokens, user } = result.data;
      dispatch(loginSucceeded({ role, tokens, user: { id: user.id, name: user.name, email: user.email } }));
      return;
    }
    const failure = describeApiError(result.error);
    const unverified = emailNotVerifiedDetailsSchema.safeParse(failure.details);
    if (failure.code === 'FORBIDDEN' && unverified.success) {
      const state: VerificationState = { type: role, email: unverified.data.email, username: unverified.data.name };
      navigate(paths.verification, { state });
      return;
    }
    setIsRefused(failure.code === 'UNAUTHORIZED');
    setProblem(showProblemOnForm(failure, fieldOrder, form));
  };

  const otherRole = otherAccountRole(role);
  const otherRoleHint = isRefused ? (
    <Text fz="sm" data-testid="other-role-hint">
      {otherRole === 'investor' ? 'Have an investor account? ' : 'Have a founder account? '}
      <Anchor component={Link} to={authPagesOf(otherRole).login} fz="sm" fw={600}>
        {otherRole === 'investor' ? 'Investors sign in here' : 'Founders sign in here'}
      </Anchor>
    </Text>
  ) : null;

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        {notice ? (
          <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} data-testid="form-notice">
            {notice}
          </Alert>
        ) : null}
        <FormErrorAlert message={problem} hint={otherRoleHint} />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@company.com"
          withAsterisk
          autoFocus
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={authPagesOf(role).forgotPassword} fz="sm">
            Forgot password?
          </Anchor>
        </Group>
        <Button type="submit" size="md" fullWidth loading={isLoading} disabled={isLoading}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
