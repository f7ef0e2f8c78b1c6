import { type AccountRole, passwordLimits, registerBodySchema } from '@deckvalid/contract/auth';
import { Button, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { useSubmitValidatedForm } from '@/shared/hooks/use-submit-validated-form';
import { focusFirstInvalid, showProblemOnForm } from '@/shared/lib/form-problems';
import { zodResolver } from '@/shared/lib/zod-resolver';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { PasswordField } from '@/shared/ui/password-field';
import { useRegisterMutation } from '../auth-api';
import type { VerificationState } from '../verification-state';

const fieldOrder = ['name', 'email', 'password'] as const;

const emailPlaceholders: Record<AccountRole, string> = {
  user: 'you@startup.com',
  investor: 'you@fund.com',
  mentor: 'you@example.com',
};

/**
 * Registration for one role. The server answers 202 and mails a code (it never says whether
 * the email was taken), so success always continues to the verification page.
 */
export function SignUpForm({ accountRole: role }: { accountRole: AccountRole }) {
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string | null>(null);
  // `?email=` fills the address in: a share link's visitor signing up with the one they gave.
  const [searchParams] = useSearchParams();
  const form = useSubmitValidatedForm({
    initialValues: { name: '', email: searchParams.get('email') ?? '', password: '' },
    validate: zodResolver(registerBodySchema),
  });

  const handleSubmit = async (values: typeof form.values) => {
    setProblem(null);
    const body = { name: values.name.trim(), email: values.email.trim(), password: values.password };
    const result = await register({ role, body });
    if ('data' in result && result.data) {
      const state: VerificationState = { type: role, email: body.email, username: body.name };
      navigate(paths.verification, { state });
      return;
    }
    setProblem(showProblemOnForm(describeApiError(result.error), fieldOrder, form));
  };

  return (
    <form noValidate onSubmit={form.onSubmit(handleSubmit, (errors) => focusFirstInvalid(errors, fieldOrder))}>
      <Stack gap="md">
        <FormErrorAlert message={problem} />
        <TextInput
          label="Name"
          autoComplete="name"
          placeholder={role === 'investor' ? 'Alex Morgan' : 'Sam Rivera'}
          withAsterisk
          autoFocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={emailPlaceholders[role]}
          withAsterisk
          {...form.getInputProps('email')}
        />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          description={`At least ${passwordLimits.min} characters. A long phrase is easiest to remember.`}
          withAsterisk
          {...form.getInputProps('password')}
        />
        <Button type="submit" size="md" fullWidth loading={isLoading} disabled={isLoading}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
