import { Anchor, Button, Card, EmptyState, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFolders, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { describeApiError } from '@/shared/api/api-error';
import { formatDate } from '@/shared/lib/format-date';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { useCreateDataRoomMutation, useDataRoomsQuery, useInvestorDataRoomsQuery } from '../datarooms-api';
import type { DataRoomSide } from './data-room-detail';
import { NameModal } from './name-modal';

type DataRoomListProps = {
  /** The room page's address (config/paths). */
  roomPath: (roomId: string) => string;
  /** Whose rooms: the founder's own, which they create, or those founders gave the investor, read only. */
  side?: DataRoomSide;
};

const itemsLabel = (count: number) => (count === 1 ? '1 item' : `${count} items`);

/** What each side's list says: the founder keeps rooms, the investor is given them. */
const copyOf = {
  founder: {
    intro:
      'Keep the documents investors ask for in due diligence (financials, legal papers, the cap table) in folders, ready to share with the investors you accept.',
    failed: "We couldn't load your data rooms",
    empty:
      'A data room holds the documents behind your deck, in folders, so an investor you accept can read them in one place instead of asking for each by email.',
  },
  investor: {
    intro:
      'The documents founders share with you for due diligence (financials, legal papers, the cap table), in their folders.',
    failed: "We couldn't load the data rooms shared with you",
    empty:
      'A founder can give you a data room once they accept your interest in their deck. The rooms they give you show up here, to read and download.',
  },
} as const;

/**
 * The data rooms of one side: what they are for, a card per room (name, how much it holds, when
 * it last changed), and on the founder's side a new room, which opens at once to be filled.
 */
export function DataRoomList({ roomPath, side = 'founder' }: DataRoomListProps) {
  const isInvestor = side === 'investor';
  // Both hooks always run (the rules of hooks); the other side's is skipped, never fetched.
  const founderRooms = useDataRoomsQuery(undefined, { skip: isInvestor });
  const investorRooms = useInvestorDataRoomsQuery(undefined, { skip: !isInvestor });
  const rooms = isInvestor ? investorRooms : founderRooms;
  const copy = copyOf[side];
  const [isCreating, creating] = useDisclosure(false);
  const [createRoom] = useCreateDataRoomMutation();
  const navigate = useNavigate();

  const handleCreate = async (name: string) => {
    const result = await createRoom({ name });
    if ('error' in result) return describeApiError(result.error);
    creating.close();
    notifications.show({ color: 'teal', message: `Data room “${result.data.name}” is ready to fill.` });
    navigate(roomPath(result.data.id));
    return null;
  };

  const newRoomButton = isInvestor ? null : (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={creating.open}>
      New data room
    </Button>
  );

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Data rooms
          </Title>
          <Text c="dimmed" maw={640}>
            {copy.intro}
          </Text>
        </Stack>
        {newRoomButton}
      </Group>

      {rooms.isLoading ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} aria-busy="true" aria-label="Loading the data rooms">
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} height={96} radius="md" />
          ))}
        </SimpleGrid>
      ) : rooms.isError ? (
        <Stack gap="sm" align="flex-start">
          <FormErrorAlert title={copy.failed} message={describeApiError(rooms.error).message} />
          <Button variant="default" onClick={() => void rooms.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : rooms.data && rooms.data.length > 0 ? (
        <SimpleGrid
          cols={{ base: 1, sm: 2, lg: 3 }}
          component="ul"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {rooms.data.map((room) => (
            <Card key={room.id} component="li" withBorder radius="md" padding="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconFolders
                  size={24}
                  stroke={1.5}
                  aria-hidden
                  color="var(--mantine-color-blue-6)"
                  style={{ flexShrink: 0 }}
                />
                <Stack gap={4} miw={0}>
                  <Anchor component={Link} to={roomPath(room.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {room.name}
                  </Anchor>
                  <Text fz="sm" c="dimmed">
                    {itemsLabel(room.itemCount)} · updated {formatDate(room.updatedAt)}
                  </Text>
                </Stack>
              </Group>
            </Card>
          ))}
        </SimpleGrid>
      ) : (
        <EmptyState
          variant="light"
          py={48}
          data-testid="empty-state"
          icon={<IconFolders size={32} stroke={1.5} aria-hidden />}
          title="No data rooms yet"
          description={copy.empty}
        >
          {newRoomButton && <EmptyState.Actions>{newRoomButton}</EmptyState.Actions>}
        </EmptyState>
      )}

      <NameModal
        isOpen={isCreating}
        onClose={creating.close}
        title="New data room"
        label="Name"
        submitLabel="Create data room"
        onSubmit={handleCreate}
      />
    </Stack>
  );
}
