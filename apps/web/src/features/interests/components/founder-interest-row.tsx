import type { FounderInterest, FounderInterestDecision } from '@deckvalid/contract/interests';
import { Alert, Anchor, Avatar, Badge, Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconX } from '@tabler/icons-react';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useState } from 'react';
import { Link } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatDateTime } from '@/shared/lib/format-date';
import { MessageButton } from '@/shared/ui/message-button';
import { useDecideInterestMutation } from '../founder-interests-api';
import { decisionDisplay, founderDecisionsFor, interestStatusDisplay, settledStatusHint } from '../interest-status';

dayjs.extend(relativeTime);

type FounderInterestRowProps = {
  interest: FounderInterest;
  /** The founder's page of a deck; null hides the deck line (the row already sits on that page). */
  deckPath: ((deckId: string) => string) | null;
};

/**
 * One investor's interest in one deck: who, which deck, their note, the status, and the decisions
 * the contract's transition table allows the founder (Accept / Decline, only while pending).
 * Declining is final (docs/interest-lifecycle.md), so it asks first, like withdrawing and deleting.
 */
export function FounderInterestRow({ interest, deckPath }: FounderInterestRowProps) {
  const [decide, decision] = useDecideInterestMutation();
  // The PATCH answer shows at once; the list's refetch follows a moment later.
  const answered =
    decision.data?.id === interest.id && decision.data.updatedAt >= interest.updatedAt ? decision.data : null;
  const status = answered?.status ?? interest.status;
  const decisions = founderDecisionsFor(status);
  const pendingDecision = decision.isLoading ? decision.originalArgs?.status : undefined;
  const { investor, pitchDeck } = interest;
  const [isDeclineOpen, declineDialog] = useDisclosure(false);
  const [declineProblem, setDeclineProblem] = useState<string | null>(null);

  const handleDecide = async (next: FounderInterestDecision) => {
    setDeclineProblem(null);
    const result = await decide({ deckId: pitchDeck.id, interestId: interest.id, status: next });
    if ('error' in result) {
      if (isDeclineOpen) {
        setDeclineProblem(describeApiError(result.error).message);
        return;
      }
      notifications.show({
        color: 'red',
        title: `We couldn't ${decisionDisplay[next].label.toLowerCase()} this interest`,
        message: describeApiError(result.error).message,
      });
      return;
    }
    declineDialog.close();
    notifications.show({
      color: next === 'accepted' ? 'teal' : 'gray',
      message:
        next === 'accepted'
          ? `You accepted ${investor.name}'s interest in ${pitchDeck.title}.`
          : `You declined ${investor.name}'s interest in ${pitchDeck.title}.`,
    });
  };

  const { label, color } = interestStatusDisplay[status];
  return (
    <Paper
      withBorder
      radius="lg"
      p="md"
      component="article"
      aria-label={`${investor.name}, ${label.toLowerCase()} interest in ${pitchDeck.title}`}
      data-testid="interest-row"
      data-interest-id={interest.id}
      data-status={status}
    >
      <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
        <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 280px', minWidth: 0 }}>
          <Avatar name={investor.name} color="initials" radius="xl" aria-hidden />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{investor.name}</Text>
              <Badge color={color} variant="light" tt="none" data-testid="interest-status">
                {label}
              </Badge>
            </Group>
            <Text fz="sm" c="dimmed">
              {investor.firm ?? 'Independent investor'}
            </Text>
            {/* Its own line, cut with an ellipsis: a long address must not break mid-word. */}
            <Anchor href={`mailto:${investor.email}`} fz="sm" truncate="end" title={investor.email} maw="100%">
              {investor.email}
            </Anchor>
            {deckPath ? (
              <Text fz="sm">
                Interested in{' '}
                <Anchor component={Link} to={deckPath(pitchDeck.id)} fw={500} data-testid="interest-deck">
                  {pitchDeck.title}
                </Anchor>{' '}
                <Text span c="dimmed" fz="sm">
                  ({pitchDeck.company})
                </Text>
              </Text>
            ) : null}
            {interest.note ? (
              <Text
                fz="sm"
                c="gray.8"
                pl="sm"
                style={{ borderLeft: '3px solid var(--mantine-color-gray-3)', whiteSpace: 'pre-wrap' }}
                data-testid="interest-note"
              >
                {interest.note}
              </Text>
            ) : (
              <Text fz="sm" c="dimmed" fs="italic">
                No note.
              </Text>
            )}
            <Text fz="xs" c="dimmed" title={formatDateTime(interest.createdAt)}>
              Shown {dayjs(interest.createdAt).fromNow()}
            </Text>
          </Stack>
        </Group>
        {decisions.length > 0 ? (
          <Group gap="xs" wrap="nowrap">
            {decisions.map((next) => (
              <Button
                key={next}
                size="sm"
                color={decisionDisplay[next].color}
                variant={next === 'accepted' ? 'filled' : 'light'}
                leftSection={
                  next === 'accepted' ? <IconCheck size={16} aria-hidden /> : <IconX size={16} aria-hidden />
                }
                loading={pendingDecision === next}
                disabled={decision.isLoading}
                onClick={() => {
                  if (next === 'declined') {
                    setDeclineProblem(null);
                    declineDialog.open();
                  } else void handleDecide(next);
                }}
              >
                {decisionDisplay[next].label}
              </Button>
            ))}
          </Group>
        ) : (
          <Text fz="sm" c="dimmed" maw={260}>
            {settledStatusHint(status)}
          </Text>
        )}
        {/* A conversation is open while the two are tied: the interest pending or accepted (docs/chat.md). */}
        {status === 'pending' || status === 'accepted' ? (
          <MessageButton participantId={investor.id} participantName={investor.name} />
        ) : null}
      </Group>
      <Modal
        opened={isDeclineOpen}
        onClose={declineDialog.close}
        title={`Decline ${investor.name}'s interest?`}
        centered
      >
        <Stack gap="md">
          <Text fz="sm">
            {investor.name} will see that you declined their interest in {pitchDeck.title}. A decline is final: it
            cannot be undone, and they cannot show interest in this deck again.
          </Text>
          {declineProblem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {declineProblem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={declineDialog.close} data-autofocus>
              Keep pending
            </Button>
            <Button color="red" onClick={() => void handleDecide('declined')} loading={decision.isLoading}>
              Yes, decline
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
