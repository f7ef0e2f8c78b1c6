import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { authPagesOf, otherAccountRole } from '@/features/auth/role-home';
import { ProviderButtons } from '@/features/oauth/components/provider-buttons';
import { AuthLayout } from '@/shared/ui/auth-layout';

/** /signup (founders) and /signup/investor. */
export function SignupPage({ accountRole: role }: { accountRole: AccountRole }) {
  const isInvestor = role === 'investor';
  const other = authPagesOf(otherAccountRole(role));
  return (
    <AuthLayout
      title={isInvestor ? 'Create your investor account' : 'Create your founder account'}
      description={
        isInvestor
          ? 'Browse pitch decks ranked by how they fit your thesis, and follow the companies you back.'
          : 'Get your pitch deck in front of investors and learn what they think.'
      }
      footer={
        <>
          <Text fz="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={authPagesOf(role).login}>
              {isInvestor ? 'Investor sign in' : 'Sign in'}
            </Anchor>
          </Text>
          <Text fz="sm" c="dimmed">
            {isInvestor ? 'Raising money? ' : 'Are you an investor? '}
            <Anchor component={Link} to={other.signup}>
              {isInvestor ? 'Create a founder account' : 'Create an investor account'}
            </Anchor>
          </Text>
        </>
      }
    >
      <ProviderButtons key={`providers-${role}`} accountRole={role} verb="Sign up" />
      <SignUpForm key={role} accountRole={role} />
    </AuthLayout>
  );
}
