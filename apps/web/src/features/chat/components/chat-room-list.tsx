import type { ChatRoom, ChatSearchHit } from '@deckvalid/contract/chat';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Button,
  Group,
  Stack,
  Text,
  TextInput,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBellOff, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, type Ref, useState } from 'react';
import { formatDateTime } from '@/shared/lib/format-date';
import { useSearchChatMessagesQuery } from '../chat-api';
import { filterRooms, firstLine, lastMessageTime, unreadBadgeLabel } from '../chat-model';

/** Message search waits for a pause in typing, and for a word worth searching. */
const searchDebounceMs = 300;
const searchMinLength = 2;

/** The part of a long message around the first searched word, so the hit shows why it matched. */
export function snippetAround(content: string, query: string, width = 90): string {
  const text = content.replace(/\s+/g, ' ').trim();
  const word = query.toLocaleLowerCase().match(/[\p{L}\p{N}]+/u)?.[0];
  const at = word ? text.toLocaleLowerCase().indexOf(word) : -1;
  if (text.length <= width || at < 0) return firstLine(text, width);
  const start = Math.max(0, Math.min(at - Math.floor(width / 3), text.length - width));
  return `${start > 0 ? '…' : ''}${text.slice(start, start + width)}${start + width < text.length ? '…' : ''}`;
}

type ChatRoomListProps = {
  rooms: ChatRoom[];
  myId: string;
  activeRoomId: string | null;
  isLoading: boolean;
  error: string | null;
  onSelect: (roomId: string) => void;
  onRetry: () => void;
  searchRef: Ref<HTMLInputElement>;
  /** "New": start a conversation or a group. */
  onStart: () => void;
  /** A message search hit: open its room at that message. */
  onOpenHit: (roomId: string, seq: number) => void;
  /** Above the rooms while not searching: the bot's start card, when there is one to offer. */
  header?: ReactNode;
};

function SearchHitRow({
  hit,
  query,
  myId,
  onOpen,
}: {
  hit: ChatSearchHit;
  query: string;
  myId: string;
  onOpen: () => void;
}) {
  // A private room's title already names the other side; a group's hits say who wrote them.
  const sender =
    hit.message.senderId === myId
      ? 'You'
      : hit.room.type === 'group'
        ? (hit.message.sender?.name ?? 'Former member')
        : null;
  return (
    <UnstyledButton
      onClick={onOpen}
      px="sm"
      py={8}
      w="100%"
      style={{ borderRadius: 8 }}
      data-testid="chat-search-hit"
      data-room-id={hit.room.id}
      data-seq={hit.message.seq}
    >
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text fz="sm" fw={600} truncate="end">
          {hit.room.name}
        </Text>
        <Text fz={11} c="dimmed" style={{ flex: 'none' }}>
          {formatDateTime(hit.message.createdAt)}
        </Text>
      </Group>
      <Text fz="xs" c="dark.6" lineClamp={2}>
        {sender ? (
          <Text span fz="xs" fw={600}>
            {sender}:{' '}
          </Text>
        ) : null}
        {snippetAround(hit.message.content, query)}
      </Text>
    </UnstyledButton>
  );
}

/** Server-side message search results under the rooms that match (docs/chat.md, "Starting and finding"). */
/** One page of message hits; the last page shown offers the next while there is one. */
function HitsPage({
  q,
  page,
  myId,
  isLast,
  onMore,
  onOpenHit,
}: {
  q: string;
  page: number;
  myId: string;
  isLast: boolean;
  onMore: () => void;
  onOpenHit: (roomId: string, seq: number) => void;
}) {
  const search = useSearchChatMessagesQuery({ q, page });
  const hits = search.data?.data ?? [];
  // Each state sits in a list item of the results' list (a role on the li itself would unmake it one).
  if (search.isFetching && hits.length === 0) {
    return (
      <li>
        <Text fz="xs" c="dimmed" px="sm" role="status">
          Searching messages…
        </Text>
      </li>
    );
  }
  if (search.isError) {
    return (
      <li>
        <Stack gap={4} px="sm" align="flex-start" role="alert">
          <Text fz="xs" c="red.8">
            We couldn't search the messages. Try again in a moment.
          </Text>
          <Button size="compact-xs" variant="light" onClick={() => void search.refetch()}>
            Try again
          </Button>
        </Stack>
      </li>
    );
  }
  if (page === 1 && hits.length === 0) {
    return (
      <li>
        <Text fz="xs" c="dimmed" px="sm" role="status">
          No messages match “{q}”.
        </Text>
      </li>
    );
  }
  return (
    <>
      {hits.map((hit) => (
        <Box component="li" key={hit.message.id}>
          <SearchHitRow hit={hit} query={q} myId={myId} onOpen={() => onOpenHit(hit.room.id, hit.message.seq)} />
        </Box>
      ))}
      {isLast && search.data?.meta.hasMore ? (
        <Box component="li" px="sm" pt={4}>
          <Button size="compact-xs" variant="subtle" onClick={onMore}>
            Show older messages
          </Button>
        </Box>
      ) : null}
    </>
  );
}

/** Server-side message search results under the rooms that match (docs/chat.md, "Starting and finding"). */
function MessageHits({
  query,
  myId,
  onOpenHit,
}: {
  query: string;
  myId: string;
  onOpenHit: (roomId: string, seq: number) => void;
}) {
  const [debounced] = useDebouncedValue(query.trim(), searchDebounceMs);
  const isSearchable = debounced.length >= searchMinLength;
  // Pages shown, for the query they were asked for: a new query starts again at one page.
  const [shown, setShown] = useState({ q: '', pages: 1 });
  const pages = shown.q === debounced ? shown.pages : 1;
  const first = useSearchChatMessagesQuery({ q: debounced, page: 1 }, { skip: !isSearchable });
  if (!isSearchable) return null;
  const total = first.data?.meta.total ?? 0;
  return (
    <Box pt="xs" data-testid="chat-search-messages">
      <Text fz="xs" fw={600} c="dimmed" px="sm" pb={4}>
        Messages{total > 0 ? ` (${total})` : ''}
      </Text>
      <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Messages found">
        {Array.from({ length: pages }, (_, index) => index + 1).map((page) => (
          <HitsPage
            key={page}
            q={debounced}
            page={page}
            myId={myId}
            isLast={page === pages}
            onMore={() => setShown({ q: debounced, pages: pages + 1 })}
            onOpenHit={onOpenHit}
          />
        ))}
      </Stack>
    </Box>
  );
}

function lastMessagePreview(room: ChatRoom, myId: string): string {
  if (!room.lastMessage) return 'No messages yet';
  // A message is never blank (the contract refuses it), so an empty one is a deleted one.
  const text = room.lastMessage.content === '' ? 'Message deleted' : firstLine(room.lastMessage.content, 60);
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
              {room.type === 'bot' ? (
                // Spec §2: the bot room is labelled 'AI Chat' in the list.
                <Badge size="xs" variant="light" color="violet" tt="none" style={{ flex: 'none' }}>
                  AI Chat
                </Badge>
              ) : null}
              {room.muted ? (
                <IconBellOff size={14} color="var(--mantine-color-dimmed)" aria-label="Muted" role="img" />
              ) : null}
            </Group>
            <Group gap={6} wrap="nowrap" style={{ flex: 'none' }}>
              {room.lastMessage ? (
                <Text
                  fz={11}
                  c={unread ? 'indigo.8' : 'dimmed'}
                  fw={unread ? 700 : 400}
                  style={{ flex: 'none' }}
                  title={formatDateTime(room.lastMessage.createdAt)}
                  data-testid="chat-room-time"
                >
                  {lastMessageTime(room.lastMessage.createdAt)}
                </Text>
              ) : null}
              {unread ? (
                <>
                  <Badge
                    size="sm"
                    circle={unread.length === 1}
                    color="red.9"
                    aria-hidden
                    data-testid="chat-room-unread"
                  >
                    {unread}
                  </Badge>
                  <VisuallyHidden>{`, ${unread} unread`}</VisuallyHidden>
                </>
              ) : null}
            </Group>
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
  onStart,
  onOpenHit,
  header,
}: ChatRoomListProps) {
  const [query, setQuery] = useState('');
  const shown = filterRooms(rooms, query);
  const isSearching = query.trim() !== '';

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
      <Stack gap="xs" p="sm" align="flex-start">
        {header}
        <Text fz="sm" c="dimmed">
          No rooms yet.
        </Text>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} aria-hidden />} onClick={onStart}>
          Start a conversation
        </Button>
      </Stack>
    );
  } else if (isSearching) {
    body = (
      <>
        {shown.length === 0 ? (
          <Text fz="xs" c="dimmed" px="sm" py={4} role="status">
            No rooms match “{query.trim()}”.
          </Text>
        ) : (
          <>
            <Text fz="xs" fw={600} c="dimmed" px="sm" pb={4}>
              Rooms
            </Text>
            <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rooms">
              {shown.map((room) => (
                <li key={room.id}>
                  <RoomRow
                    room={room}
                    myId={myId}
                    isActive={room.id === activeRoomId}
                    onSelect={() => onSelect(room.id)}
                  />
                </li>
              ))}
            </Stack>
          </>
        )}
        <MessageHits query={query} myId={myId} onOpenHit={onOpenHit} />
      </>
    );
  } else {
    body = (
      <>
        {header}
        <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Rooms">
          {shown.map((room) => (
            <li key={room.id}>
              <RoomRow room={room} myId={myId} isActive={room.id === activeRoomId} onSelect={() => onSelect(room.id)} />
            </li>
          ))}
        </Stack>
      </>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }} data-testid="chat-room-list">
      <Group p="sm" gap="xs" wrap="nowrap">
        <TextInput
          ref={searchRef}
          type="search"
          placeholder="Search rooms or messages"
          aria-label="Search rooms or messages"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          style={{ flex: 1, minWidth: 0 }}
        />
        <Tooltip label="New conversation or group" withinPortal={false}>
          <ActionIcon variant="light" size={36} onClick={onStart} aria-label="New conversation" data-testid="chat-new">
            <IconPlus size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Box px={6} pb="sm" style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}>
        {body}
      </Box>
    </Stack>
  );
}
