import type { MentorInvitation } from '@deckvalid/contract/mentors';
import { Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { LoadProblem } from '@/shared/ui/load-problem';
import {
  useEndMentorshipAsFounderMutation,
  useFoundersMentorsQuery,
  useWithdrawMentorInvitationMutation,
} from '../mentors-api';
import { MentorInviteForm } from './mentor-invite-form';
import { MentorshipList } from './mentorship-list';

/**
 * The founder's mentors page: the invitation form, the mentors who accepted, and the
 * invitations still waiting for an answer, each list with its own empty state.
 */
export function FounderMentors() {
  const mentors = useFoundersMentorsQuery();
  const [endMentorship] = useEndMentorshipAsFounderMutation();

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Mentors
        </Title>
        <Text c="dimmed">
          Invite the people you trust to go through your decks before investors do: an advisor, an accelerator mentor,
          an angel. They accept with a mentor account; either of you can end it at any time.
        </Text>
      </Stack>

      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="invite-heading">
        <Title order={2} fz="lg" mb="sm" id="invite-heading">
          Invite a mentor
        </Title>
        <MentorInviteForm />
      </Paper>

      {mentors.isLoading ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your mentors">
          <Skeleton height={88} radius="md" />
          <Skeleton height={88} radius="md" />
        </Stack>
      ) : mentors.data ? (
        <>
          <Stack gap="sm" component="section" aria-labelledby="mentors-heading">
            <Title order={2} fz="lg" id="mentors-heading">
              Your mentors
            </Title>
            {mentors.data.data.length === 0 ? (
              <Text c="dimmed" data-testid="mentors-empty">
                No mentors yet. Someone you invite appears here once they accept.
              </Text>
            ) : (
              <MentorshipList
                label="Your mentors"
                rows={mentors.data.data.map(({ mentor, since }) => ({ party: mentor, since }))}
                endConsequence="They stop seeing your decks at once; you can invite them again later."
                onEnd={endMentorship}
              />
            )}
          </Stack>
          <WaitingInvitations invitations={mentors.data.invitations} />
        </>
      ) : (
        <LoadProblem
          title="We couldn't load your mentors"
          error={mentors.error}
          onRetry={() => void mentors.refetch()}
        />
      )}
    </Stack>
  );
}

/** Invitations nobody has accepted yet: to whom, when sent, until when the link works, and Withdraw. */
function WaitingInvitations({ invitations }: { invitations: readonly MentorInvitation[] }) {
  const [withdraw] = useWithdrawMentorInvitationMutation();
  const [withdrawingId, setWithdrawingId] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const handleWithdraw = async (invitation: MentorInvitation) => {
    setWithdrawingId(invitation.id);
    setProblem(null);
    const result = await withdraw(invitation.id);
    setWithdrawingId(null);
    if ('error' in result && result.error) setProblem(describeApiError(result.error).message);
  };

  return (
    <Stack gap="sm" component="section" aria-labelledby="invitations-heading">
      <Title order={2} fz="lg" id="invitations-heading">
        Invitations waiting
      </Title>
      <FormErrorAlert title="The invitation was not withdrawn" message={problem} />
      {invitations.length === 0 ? (
        <Text c="dimmed" data-testid="invitations-empty">
          No invitations waiting for an answer.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" aria-label="Invitations waiting" p={0} m={0} style={{ listStyle: 'none' }}>
          {invitations.map((invitation) => (
            <Paper key={invitation.id} component="li" withBorder radius="md" p="md" data-testid="invitation-row">
              <Group justify="space-between" gap="sm" wrap="wrap">
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  <Text fz="sm" c="dimmed">
                    Sent {formatDate(invitation.createdAt)} · expires {formatDate(invitation.expiresAt)}
                  </Text>
                </Stack>
                <Button
                  variant="default"
                  loading={withdrawingId === invitation.id}
                  onClick={() => void handleWithdraw(invitation)}
                  aria-label={`Withdraw the invitation to ${invitation.email}`}
                >
                  Withdraw
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
