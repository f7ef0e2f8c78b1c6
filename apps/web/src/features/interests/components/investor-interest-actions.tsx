import { canMoveInterest, type InterestStatus, type InvestorInterest } from '@deckvalid/contract/interests';
import { formatCount } from '@deckvalid/contract/text';
import { Alert, Badge, Blockquote, Button, Group, Modal, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconHeartHandshake, IconSend, IconX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { interestStatusDisplay } from '../interest-status';
import { useShowInterestMutation, useWithdrawInterestMutation } from '../investor-interests-api';

/** The contract's cap on a note (interestNoteSchema). */
export const maxInterestNoteLength = 1_000;

/** The investor's own interest as the deck answers it (`myInterest`). */
type OwnInterest = { status: InterestStatus; note: string | null; updatedAt: string };

type InvestorInterestActionsProps = {
  pitchDeckId: string;
  /** The company's name, for the sentences around the buttons. */
  company: string;
  myInterest: OwnInterest | null;
};

/** What each status means to the investor, under the badge. */
const statusHints: Record<InterestStatus, string> = {
  pending: 'The founder has not answered yet.',
  accepted: 'The founder accepted. You can now follow their milestones.',
  declined: 'The founder declined your interest in this deck.',
  withdrawn: 'You withdrew your interest.',
};

/**
 * The investor's interest in one deck: its status badge (`data-testid="my-interest-status"`) and
 * the moves the contract's transition table allows the investor (canMoveInterest): "Show
 * interest" with an optional note, "Withdraw interest" from pending or accepted (confirmed in a
 * dialog), "Show interest again" after a withdrawal; a declined interest has no move.
 */
export function InvestorInterestActions({ pitchDeckId, company, myInterest }: InvestorInterestActionsProps) {
  const [showInterest, showState] = useShowInterestMutation();
  const [withdrawInterest, withdrawState] = useWithdrawInterestMutation();
  const [isNoteOpen, noteDialog] = useDisclosure(false);
  const [isWithdrawOpen, withdrawDialog] = useDisclosure(false);
  const [note, setNote] = useState('');
  const [noteProblem, setNoteProblem] = useState<string | null>(null);
  const [withdrawProblem, setWithdrawProblem] = useState<string | null>(null);
  // The mutation's answer shows at once; the deck's refetch (tag invalidation) follows a moment later.
  const [answered, setAnswered] = useState<InvestorInterest | null>(null);

  const current: OwnInterest | null =
    answered && answered.pitchDeckId === pitchDeckId && (!myInterest || answered.updatedAt >= myInterest.updatedAt)
      ? answered
      : myInterest;
  const status = current?.status ?? null;
  const canShow = status === null || canMoveInterest(status, 'pending', 'investor');
  const canWithdraw = status !== null && canMoveInterest(status, 'withdrawn', 'investor');
  const display = status ? interestStatusDisplay[status] : null;

  const openNoteDialog = () => {
    setNote('');
    setNoteProblem(null);
    noteDialog.open();
  };

  const openWithdrawDialog = () => {
    setWithdrawProblem(null);
    withdrawDialog.open();
  };

  const handleSend = async (event: FormEvent) => {
    event.preventDefault();
    if (note.length > maxInterestNoteLength) {
      setNoteProblem(`Use at most ${formatCount(maxInterestNoteLength)} characters for the note.`);
      return;
    }
    setNoteProblem(null);
    const result = await showInterest({ pitchDeckId, note: note.trim() || null });
    if ('error' in result) {
      const problem = describeApiError(result.error);
      setNoteProblem(problem.fieldErrors.note ?? problem.message);
      return;
    }
    setAnswered(result.data);
    noteDialog.close();
    notifications.show({ color: 'teal', title: 'Interest sent', message: `${company} can now see your interest.` });
  };

  const handleWithdraw = async () => {
    setWithdrawProblem(null);
    const result = await withdrawInterest({ pitchDeckId });
    if ('error' in result) {
      setWithdrawProblem(describeApiError(result.error).message);
      return;
    }
    setAnswered(result.data);
    withdrawDialog.close();
    notifications.show({ color: 'gray', message: `You withdrew your interest in ${company}.` });
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="interest-heading">
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} fz="md" id="interest-heading">
            Your interest
          </Title>
          {display ? (
            <Badge color={display.color} variant="light" tt="none" size="lg" data-testid="my-interest-status">
              {display.label}
            </Badge>
          ) : null}
        </Group>

        <Text fz="sm" c="dimmed">
          {status ? statusHints[status] : `Tell ${company} you'd like to talk. They see your name, firm and note.`}
        </Text>

        {current?.note && status !== 'withdrawn' ? (
          <Blockquote color="indigo" p="xs" fz="sm" style={{ overflowWrap: 'anywhere' }} cite="Your note">
            {current.note}
          </Blockquote>
        ) : null}

        {canShow || canWithdraw ? (
          <Group gap="xs">
            {canShow ? (
              <Button leftSection={<IconHeartHandshake size={18} aria-hidden />} onClick={openNoteDialog}>
                {status === 'withdrawn' ? 'Show interest again' : 'Show interest'}
              </Button>
            ) : null}
            {canWithdraw ? (
              <Button
                variant="default"
                leftSection={<IconX size={16} aria-hidden />}
                onClick={openWithdrawDialog}
                loading={withdrawState.isLoading}
              >
                Withdraw interest
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>

      <Modal
        opened={isNoteOpen}
        onClose={noteDialog.close}
        title={status === 'withdrawn' ? `Show interest in ${company} again` : `Show interest in ${company}`}
        centered
      >
        <form onSubmit={handleSend} noValidate>
          <Stack gap="md">
            <Textarea
              label="Note"
              description="Optional. What caught your eye, or what you'd like to discuss."
              value={note}
              onChange={(event) => setNote(event.currentTarget.value)}
              maxLength={maxInterestNoteLength}
              autosize
              minRows={4}
              maxRows={10}
              data-autofocus
            />
            <Text
              fz="xs"
              c={note.length >= maxInterestNoteLength ? 'red.7' : 'dimmed'}
              ta="right"
              mt={-10}
              aria-live="polite"
            >
              {formatCount(note.length)} / {formatCount(maxInterestNoteLength)}
            </Text>
            {noteProblem ? (
              <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
                {noteProblem}
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={noteDialog.close} type="button">
                Cancel
              </Button>
              <Button type="submit" loading={showState.isLoading} leftSection={<IconSend size={16} aria-hidden />}>
                Send interest
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>

      <Modal opened={isWithdrawOpen} onClose={withdrawDialog.close} title="Withdraw your interest?" centered>
        <Stack gap="md">
          <Text fz="sm">
            {company} will see that you withdrew. You can show interest again later, and it will be pending until they
            answer.
          </Text>
          {withdrawProblem ? (
            <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
              {withdrawProblem}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={withdrawDialog.close} data-autofocus>
              Keep interest
            </Button>
            <Button color="red" onClick={handleWithdraw} loading={withdrawState.isLoading}>
              Yes, withdraw
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
