import type { MentorshipParty } from '@deckvalid/contract/mentors';
import { Button, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';

export type MentorshipRow = { party: MentorshipParty; since: string };

type MentorshipListProps = {
  /** Names the list for assistive tech: "Your mentors", "Founders you mentor". */
  label: string;
  rows: readonly MentorshipRow[];
  /** What ending means for this side, said in the confirmation under "End the mentorship with …?". */
  endConsequence: string;
  /** Ends the mentorship with `partyId`; the answer of the RTK Query call. */
  onEnd: (partyId: string) => Promise<{ error?: unknown }>;
};

/**
 * The people on the other side of the signed-in account's mentorships, as either side lists them:
 * name, email and since when, each with "End mentorship" behind a confirmation (it ends every
 * access at once, and only a new invitation starts it again).
 */
export function MentorshipList({ label, rows, endConsequence, onEnd }: MentorshipListProps) {
  const [ending, setEnding] = useState<MentorshipParty | null>(null);
  const [isEnding, setIsEnding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = () => {
    setEnding(null);
    setProblem(null);
  };

  const handleEnd = async (party: MentorshipParty) => {
    setIsEnding(true);
    setProblem(null);
    const result = await onEnd(party.id);
    setIsEnding(false);
    if (result.error) {
      setProblem(describeApiError(result.error).message);
      return;
    }
    setEnding(null);
  };

  return (
    <>
      <Stack gap="sm" component="ul" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map(({ party, since }) => (
          <Paper key={party.id} component="li" withBorder radius="md" p="md" data-testid="mentorship-row">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600}>{party.name}</Text>
                <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {party.email}
                </Text>
                <Text fz="sm" c="dimmed">
                  Since {formatDate(since)}
                </Text>
              </Stack>
              <Button
                variant="light"
                color="red"
                onClick={() => setEnding(party)}
                aria-label={`End mentorship with ${party.name}`}
              >
                End mentorship
              </Button>
            </Group>
          </Paper>
        ))}
      </Stack>

      <Modal
        opened={ending !== null}
        onClose={close}
        title="End mentorship"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
        // Mantine writes the title bar as a <header>: a second banner landmark beside the page's.
        attributes={{ header: { role: 'none' } }}
      >
        {ending && (
          <Stack gap="md">
            <Text>
              End the mentorship with {ending.name}? {endConsequence}
            </Text>
            <FormErrorAlert title="The mentorship was not ended" message={problem} />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="red" loading={isEnding} onClick={() => void handleEnd(ending)}>
                End mentorship
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
