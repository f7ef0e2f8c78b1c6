import type { ChatRoom } from '@deckvalid/contract/chat';
import {
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconBellOff, IconSearch } from '@tabler/icons-react';
import { type ReactNode, type Ref, useState } from 'react';
import { filterRooms, firstLine, unreadBadgeLabel } from '../chat-model';

type ChatRoomListProps = {
  rooms: ChatRoom[];
  myId: string;
  activeRoomId: string | null;
  isLoading: boolean;
  error: string | null;
  onSelect: (roomId: string) => void;
  onRetry: () => void;
  searchRef: Ref<HTMLInputElement>;
};

function lastMessagePreview(room: ChatRoom, myId: string): string {
  if (!room.lastMessage) return 'No messages yet';
  const text = firstLine(room.lastMessage.content, 60);
  return room.lastMessage.senderId === myId ? `You: ${text}` : text;
}

function RoomRow({
  room,
  myId,
  isActive,
  onSelect,
}: {
  room: ChatRoom;
  myId: string;
  isActive: boolean;
  onSelect: () => void;
}) {
  const unread = unreadBadgeLabel(room.unreadCount);
  const preview = lastMessagePreview(room, myId);
  return (
    <UnstyledButton
      onClick={onSelect}
      aria-current={isActive ? 'true' : undefined}
      data-testid="chat-room"
      data-room-id={room.id}
      px="sm"
      py={8}
      w="100%"
      style={{
        borderRadius: 8,
        background: isActive ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <Avatar name={room.name} color="initials" radius="xl" size={36} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Group gap={6} justify="space-between" wrap="nowrap">
            <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
              <Text fz="sm" fw={unread ? 700 : 600} truncate="end">
                {room.name}
              </Text>
              {room.muted ? (
                <IconBellOff size={14} color="var(--mantine-color-dimmed)" aria-label="Muted" role="img" />
              ) : null}
            </Group>
            {unread ? (
              <>
                <Badge size="sm" circle={unread.length === 1} color="red.9" aria-hidden data-testid="chat-room-unread">
                  {unread}
                </Badge>
                <VisuallyHidden>{`, ${unread} unread`}</VisuallyHidden>
              </>
            ) : null}
          </Group>
          <Text fz="xs" c={unread ? 'dark.7' : 'dimmed'} truncate="end">
            {preview}
          </Text>
        </Box>
      </Group>
    </UnstyledButton>
  );
}

/** The room list: search (spec §5), then each room with its last message and unread count. */
export function ChatRoomList({
  rooms,
  myId,
  activeRoomId,
  isLoading,
  error,
  onSelect,
  onRetry,
  searchRef,
}: ChatRoomListProps) {
  const [query, setQuery] = useState('');
  const shown = filterRooms(rooms, query);

  let body: ReactNode;
  if (isLoading) {
    body = (
      <Text fz="sm" c="dimmed" p="sm" role="status">
        Loading rooms…
      </Text>
    );
  } else if (error) {
    body = (
      <Stack gap="xs" p="sm" align="flex-start" role="alert">
        <Text fz="sm">{error}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    );
  } else if (rooms.length === 0) {
    body = (
      <Text fz="sm" c="dimmed" p="sm">
        No rooms yet.
      </Text>
    );
  } else if (shown.length === 0) {
    body = (
      <Text fz="sm" c="dimmed" p="sm" role="status">
        No rooms or messages match “{query.trim()}”.
      </Text>
    );
  } else {
    body = (
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rooms">
        {shown.map((room) => (
          <li key={room.id}>
            <RoomRow room={room} myId={myId} isActive={room.id === activeRoomId} onSelect={() => onSelect(room.id)} />
          </li>
        ))}
      </Stack>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }} data-testid="chat-room-list">
      <Box p="sm">
        <TextInput
          ref={searchRef}
          type="search"
          placeholder="Search rooms or messages"
          aria-label="Search rooms or messages"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
      </Box>
      <Box px={6} pb="sm" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {body}
      </Box>
    </Stack>
  );
}
