import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { authPagesOf, otherAccountRole } from '@/features/auth/role-home';
import { ProviderButtons } from '@/features/oauth/components/provider-buttons';
import { AuthLayout } from '@/shared/ui/auth-layout';

/** /login (founders) and /login/investor. */
export function LoginPage({ accountRole: role }: { accountRole: AccountRole }) {
  const isInvestor = role === 'investor';
  const other = authPagesOf(otherAccountRole(role));
  return (
    <AuthLayout
      title={isInvestor ? 'Investor sign in' : 'Founder sign in'}
      description={
        isInvestor
          ? 'Review pitch decks, show interest and follow the milestones of your portfolio.'
          : 'Submit your pitch deck, see which investors are interested and track your milestones.'
      }
      footer={
        <>
          <Text fz="sm">
            New to Pitchlane?{' '}
            <Anchor component={Link} to={authPagesOf(role).signup}>
              {isInvestor ? 'Create an investor account' : 'Create a founder account'}
            </Anchor>
          </Text>
          <Text fz="sm" c="dimmed">
            {isInvestor ? 'Are you a founder? ' : 'Are you an investor? '}
            <Anchor component={Link} to={other.login}>
              {isInvestor ? 'Founder sign in' : 'Investor sign in'}
            </Anchor>
          </Text>
        </>
      }
    >
      <ProviderButtons key={`providers-${role}`} accountRole={role} verb="Sign in" />
      <SignInForm key={role} accountRole={role} />
    </AuthLayout>
  );
}
