import type { AcceptMentorInvitationResponse } from '@deckvalid/contract/mentors';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useAcceptMentorInvitationMutation } from '../mentors-api';
import { clearPendingInvitation } from '../pending-invitation';

type Answer =
  | { kind: 'accepted'; founder: AcceptMentorInvitationResponse['founder'] }
  | { kind: 'refused'; message: string };

/**
 * The signed-in mentor's side of an invitation: one button that accepts it. The server's refusal
 * (already accepted, expired, withdrawn or unknown) is shown as its sentence; either way the
 * invitation is answered, so the token remembered for the way back is forgotten.
 */
export function InvitationAccept({ token }: { token: string }) {
  const [accept, { isLoading }] = useAcceptMentorInvitationMutation();
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleAccept = async () => {
    setProblem(null);
    const result = await accept({ token });
    if ('data' in result && result.data) {
      clearPendingInvitation();
      setAnswer({ kind: 'accepted', founder: result.data.founder });
      return;
    }
    const failure = describeApiError(result.error);
    if (failure.code === 'GONE' || failure.code === 'NOT_FOUND' || failure.code === 'VALIDATION_FAILED') {
      clearPendingInvitation();
      setAnswer({ kind: 'refused', message: failure.message });
      return;
    }
    // A network failure or a busy server: the invitation is still good, so the button stays.
    setProblem(failure.message);
  };

  if (answer?.kind === 'accepted') {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck aria-hidden />} role="status">
          <Text fw={600} data-testid="invitation-accepted">
            You now mentor {answer.founder.name}.
          </Text>
        </Alert>
        <Button component={Link} to={paths.mentor.home} size="md" fullWidth>
          Go to your mentor home
        </Button>
      </Stack>
    );
  }

  if (answer?.kind === 'refused') {
    return (
      <Stack gap="md">
        <FormErrorAlert title="This invitation can't be accepted" message={answer.message} />
        <Button component={Link} to={paths.mentor.home} variant="light" size="md" fullWidth>
          Go to your mentor home
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <FormErrorAlert message={problem} />
      <Button size="md" fullWidth loading={isLoading} onClick={() => void handleAccept()}>
        Accept invitation
      </Button>
    </Stack>
  );
}
