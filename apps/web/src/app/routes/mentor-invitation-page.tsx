import { Anchor, Button, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '@/config/paths';
import { selectAuth } from '@/features/auth/auth-slice';
import { useSignOut } from '@/features/auth/hooks/use-sign-out';
import { homePathOf, roleLabels } from '@/features/auth/role-home';
import { InvitationAccept } from '@/features/mentors/components/invitation-accept';
import { InvitationPreview } from '@/features/mentors/components/invitation-preview';
import { rememberPendingInvitation } from '@/features/mentors/pending-invitation';
import { AuthLayout } from '@/shared/ui/auth-layout';

const whatMentorsDo =
  'A founder invited you to mentor them on Pitchlane: you read their pitch decks and validation reports, and help before investors see them.';

/**
 * /mentor/invitation?token=…, the page an invitation mail links to. Open to anyone, it first says
 * who invites, with their note (InvitationPreview); then a signed-in mentor accepts with one
 * button; anyone else is told that a mentor account accepts it, and is offered to sign in or
 * create one. The token is remembered in the tab meanwhile, so the mentor
 * home sends them back here once they arrive (sign-in also returns here through `from`).
 */
export function MentorInvitationPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const { isAuthenticated, role } = useSelector(selectAuth);
  const location = useLocation();
  const { signOut, isSigningOut } = useSignOut();
  const isMentor = isAuthenticated && role === 'mentor';

  useEffect(() => {
    if (token && !isMentor) rememberPendingInvitation(token);
  }, [token, isMentor]);

  if (!token) {
    return (
      <AuthLayout
        title="This invitation link is incomplete"
        description="Open the link in the invitation mail again, or copy the whole address from the mail into the browser."
      >
        <Button component={Link} to={isMentor ? paths.mentor.home : paths.loginMentor} variant="light" size="md">
          {isMentor ? 'Go to your mentor home' : 'Sign in as a mentor'}
        </Button>
      </AuthLayout>
    );
  }

  if (isMentor) {
    return (
      <AuthLayout title="Mentor invitation" description={whatMentorsDo}>
        <InvitationPreview
          token={token}
          closedAction={
            <Button component={Link} to={paths.mentor.home} variant="light" size="md" fullWidth>
              Go to your mentor home
            </Button>
          }
        >
          <InvitationAccept token={token} />
        </InvitationPreview>
      </AuthLayout>
    );
  }

  if (isAuthenticated && role !== 'none') {
    const roleLabel = roleLabels[role];
    return (
      <AuthLayout
        title="Mentor invitation"
        description={whatMentorsDo}
        footer={
          <Text fz="sm">
            Not now?{' '}
            <Anchor component={Link} to={homePathOf(role)}>
              Back to your {roleLabel} home
            </Anchor>
          </Text>
        }
      >
        <InvitationPreview token={token}>
          <Text data-testid="invitation-other-role">
            You are signed in with a {roleLabel} account. Invitations are accepted with a mentor account, which is
            separate: sign out, then sign in as a mentor or create a mentor account. You come back here afterwards.
          </Text>
          <Button
            size="md"
            fullWidth
            loading={isSigningOut}
            onClick={() => void signOut('current', { to: paths.loginMentor })}
          >
            Sign out to continue
          </Button>
        </InvitationPreview>
      </AuthLayout>
    );
  }

  const from = { pathname: location.pathname, search: location.search, hash: location.hash };
  return (
    <AuthLayout title="Mentor invitation" description={whatMentorsDo}>
      <InvitationPreview token={token}>
        <Text data-testid="invitation-signed-out">
          Accept it with a mentor account: sign in, or create one with any email address. You come back here to accept
          once you are in.
        </Text>
        <Button component={Link} to={paths.loginMentor} state={{ from }} size="md" fullWidth>
          Sign in as a mentor
        </Button>
        <Button component={Link} to={paths.signupMentor} state={{ from }} variant="light" size="md" fullWidth>
          Create a mentor account
        </Button>
      </InvitationPreview>
    </AuthLayout>
  );
}
