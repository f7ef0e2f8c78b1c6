import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useDeletePitchDeckMutation } from '../founder-pitchdecks-api';

type FounderDeleteDeckButtonProps = {
  deckId: string;
  title: string;
  /** Interests that are not withdrawn: the confirmation says they go with the deck. */
  interestCount: number;
  /** Called once the deck is gone (the page leaves for the deck list). */
  onDeleted: () => void;
};

/** What goes with a deck, in words: its file, its reading analytics and any interests. */
function goingWith(interestCount: number): string {
  if (interestCount === 0) return 'its file and reading analytics';
  const interests = interestCount === 1 ? 'the interest of 1 investor' : `the interests of ${interestCount} investors`;
  return `its file, reading analytics and ${interests}`;
}

/** "Delete deck" with a confirmation that says what goes with it; the deck cannot come back. */
export function FounderDeleteDeckButton({ deckId, title, interestCount, onDeleted }: FounderDeleteDeckButtonProps) {
  const [isOpen, { open, close }] = useDisclosure(false);
  const [deleteDeck, deletion] = useDeletePitchDeckMutation();

  const handleDelete = async () => {
    const result = await deleteDeck(deckId);
    if ('error' in result) return;
    close();
    notifications.show({ color: 'gray', message: `“${title}” was deleted.` });
    onDeleted();
  };

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={() => {
          deletion.reset();
          open();
        }}
      >
        Delete deck
      </Button>
      <Modal opened={isOpen} onClose={close} title="Delete this deck?" centered>
        <Stack gap="md">
          <Text fz="sm">
            “{title}” will be deleted with {goingWith(interestCount)}. Investors will no longer find it. This cannot be
            undone.
          </Text>
          {deletion.error ? (
            <FormErrorAlert title="We couldn't delete the deck" message={describeApiError(deletion.error).message} />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={deletion.isLoading}>
              Keep deck
            </Button>
            <Button color="red" onClick={() => void handleDelete()} loading={deletion.isLoading}>
              Delete deck
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
