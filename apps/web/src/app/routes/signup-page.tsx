import type { AccountRole } from '@deckvalid/contract/auth';
import { Anchor, Text } from '@mantine/core';
import { Link } from 'react-router';
import { SignUpForm } from '@/features/auth/components/sign-up-form';
import { authPagesOf, otherAccountRole } from '@/features/auth/role-home';
import { ProviderButtons } from '@/features/oauth/components/provider-buttons';
import { AuthLayout } from '@/shared/ui/auth-layout';

/** What each role's sign-up page says, and how it names the other role's. */
const copy: Record<
  AccountRole,
  { title: string; description: string; login: string; other: string; otherLink: string }
> = {
  user: {
    title: 'Create your founder account',
    description: 'Get your pitch deck in front of investors and learn what they think.',
    login: 'Sign in',
    other: 'Are you an investor? ',
    otherLink: 'Create an investor account',
  },
  investor: {
    title: 'Create your investor account',
    description: 'Browse pitch decks ranked by how they fit your thesis, and follow the companies you back.',
    login: 'Investor sign in',
    other: 'Raising money? ',
    otherLink: 'Create a founder account',
  },
  mentor: {
    title: 'Create your mentor account',
    description: 'Help the founders who invite you: read their decks and validation reports before investors do.',
    login: 'Mentor sign in',
    other: 'Raising money? ',
    otherLink: 'Create a founder account',
  },
};

/** /signup (founders), /signup/investor and /signup/mentor. */
export function SignupPage({ accountRole: role }: { accountRole: AccountRole }) {
  const text = copy[role];
  const other = authPagesOf(otherAccountRole(role));
  return (
    <AuthLayout
      title={text.title}
      description={text.description}
      footer={
        <>
          <Text fz="sm">
            Already have an account?{' '}
            <Anchor component={Link} to={authPagesOf(role).login}>
              {text.login}
            </Anchor>
          </Text>
          <Text fz="sm" c="dimmed">
            {text.other}
            <Anchor component={Link} to={other.signup}>
              {text.otherLink}
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
