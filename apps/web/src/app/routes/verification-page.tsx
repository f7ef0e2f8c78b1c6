import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ChoosePasswordForm } from '@/features/auth/components/choose-password-form';
import { VerificationForm } from '@/features/auth/components/verification-form';
import { authPagesOf } from '@/features/auth/role-home';
import {
  type SessionAwaitingPassword,
  verificationStateFromSearch,
  verificationStateOf,
} from '@/features/auth/verification-state';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { LandingPage } from './landing-page';

const verificationTitles: Record<AccountRole, string> = {
  user: 'Verify your email',
  investor: 'Verify your investor email',
  mentor: 'Verify your mentor email',
};

/**
 * /verification. It needs navigation state {type, email, username} (spec §2, §5); the emailed
 * link carries them as query parameters, which are moved into state (taking the token out of the
 * address bar and history) before the page verifies with the token. Without them: the landing page.
 * An account two sign-ups gave different passwords is verified without one: the page then asks
 * for a password before the session starts (and the signed-out guard moves on).
 */
export function VerificationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromLink = verificationStateFromSearch(location.search);
  const state = verificationStateOf(location.state);
  const [awaitingPassword, setAwaitingPassword] = useState<SessionAwaitingPassword | null>(null);

  useEffect(() => {
    const linkState = verificationStateFromSearch(location.search);
    if (linkState) navigate(location.pathname, { replace: true, state: linkState });
  }, [location.search, location.pathname, navigate]);

  if (fromLink) return null;
  if (!state) return <LandingPage />;

  if (awaitingPassword) {
    return (
      <AuthLayout
        title="Choose your password"
        description={`Your email is verified. Two sign-ups used ${awaitingPassword.user.email ?? 'this address'} with different passwords, so we kept neither: choose the one you will sign in with.`}
        footer={
          <Text fz="sm">
            Not now? You can set it later with{' '}
            <Anchor component={Link} to={authPagesOf(awaitingPassword.role).forgotPassword}>
              Forgot password
            </Anchor>
          </Text>
        }
      >
        <ChoosePasswordForm session={awaitingPassword} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title={verificationTitles[state.type]}
      description={`Hi ${state.username}, one last step: confirm this email address belongs to you.`}
      footer={
        <Text fz="sm">
          Wrong account?{' '}
          <Anchor component={Link} to={authPagesOf(state.type).signup}>
            Start over
          </Anchor>{' '}
          or{' '}
          <Anchor component={Link} to={authPagesOf(state.type).login}>
            sign in
          </Anchor>
        </Text>
      }
    >
      <VerificationForm
        key={`${state.type}:${state.email}:${state.token ?? ''}`}
        state={state}
        onPasswordRequired={setAwaitingPassword}
      />
    </AuthLayout>
  );
}
