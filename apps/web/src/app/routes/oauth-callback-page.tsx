import { Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';

/** How long "Completing sign-in…" shows before the outcome: long enough to read, short enough not to annoy. */
const completingMs = 900;

/**
 * /oauth/callback. No external identity provider is configured yet (spec §7 leaves the OAuth
 * payloads open), so after a short "Completing sign-in…" the page says so and links back.
 */
export function OAuthCallbackPage() {
  const [isCompleting, setIsCompleting] = useState(true);
  const [params] = useSearchParams();
  const loginPath = params.get('role') === 'investor' ? paths.loginInvestor : paths.login;

  useEffect(() => {
    const timer = window.setTimeout(() => setIsCompleting(false), completingMs);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <AuthLayout title="Signing you in">
      {isCompleting ? (
        <Center py="md">
          <Stack align="center" gap="sm" role="status">
            <Loader aria-hidden />
            <Text>Completing sign-in…</Text>
          </Stack>
        </Center>
      ) : (
        <Stack gap="md">
          <FormErrorAlert
            title="Sign-in didn't complete"
            message="Signing in with an external provider isn't available yet. Sign in with your email and password instead."
          />
          <Anchor component={Link} to={loginPath}>
            Back to sign in
          </Anchor>
        </Stack>
      )}
    </AuthLayout>
  );
}
