import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { authPagesOf, otherAccountRole } from '@/features/auth/role-home';
import { ProviderButtons } from '@/features/oauth/components/provider-buttons';
import { AuthLayout } from '@/shared/ui/auth-layout';

/** What each role's sign-in page says, and how it names the other role's. */
const copy: Record<
  AccountRole,
  { title: string; description: string; signup: string; other: string; otherLink: string }
> = {
  user: {
    title: 'Founder sign in',
    description: 'Submit your pitch deck, see which investors are interested and track your milestones.',
    signup: 'Create a founder account',
    other: 'Are you an investor? ',
    otherLink: 'Investor sign in',
  },
  investor: {
    title: 'Investor sign in',
    description: 'Review pitch decks, show interest and follow the milestones of your portfolio.',
    signup: 'Create an investor account',
    other: 'Are you a founder? ',
    otherLink: 'Founder sign in',
  },
  mentor: {
    title: 'Mentor sign in',
    description: 'Go through the decks of the founders you mentor, before investors see them.',
    signup: 'Create a mentor account',
    other: 'Are you a founder? ',
    otherLink: 'Founder sign in',
  },
};

/** /login (founders), /login/investor and /login/mentor. */
export function LoginPage({ accountRole: role }: { accountRole: AccountRole }) {
  const text = copy[role];
  const other = authPagesOf(otherAccountRole(role));
  return (
    <AuthLayout
      title={text.title}
      description={text.description}
      footer={
        <>
          <Text fz="sm">
            New to Pitchlane?{' '}
            <Anchor component={Link} to={authPagesOf(role).signup}>
              {text.signup}
            </Anchor>
          </Text>
          <Text fz="sm" c="dimmed">
            {text.other}
            <Anchor component={Link} to={other.login}>
              {text.otherLink}
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
