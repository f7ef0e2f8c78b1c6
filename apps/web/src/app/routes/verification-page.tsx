import { Anchor, Text } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { VerificationForm } from '@/features/auth/components/verification-form';
import { authPagesOf } from '@/features/auth/role-home';
import { verificationStateFromSearch, verificationStateOf } from '@/features/auth/verification-state';
import { AuthLayout } from '@/shared/ui/auth-layout';
import { LandingPage } from './landing-page';

/**
 * /verification. It needs navigation state {type, email, username} (spec §2, §5); the emailed
 * link carries them as query parameters, which are moved into state (taking the token out of the
 * address bar and history) before the page verifies with the token. Without them: the landing page.
 */
export function VerificationPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const fromLink = verificationStateFromSearch(location.search);
  const state = verificationStateOf(location.state);

  useEffect(() => {
    const linkState = verificationStateFromSearch(location.search);
    if (linkState) navigate(location.pathname, { replace: true, state: linkState });
  }, [location.search, location.pathname, navigate]);

  if (fromLink) return null;
  if (!state) return <LandingPage />;

  const isInvestor = state.type === 'investor';
  return (
    <AuthLayout
      title={isInvestor ? 'Verify your investor email' : 'Verify your email'}
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
      <VerificationForm key={`${state.type}:${state.email}:${state.token ?? ''}`} state={state} />
    </AuthLayout>
  );
}
