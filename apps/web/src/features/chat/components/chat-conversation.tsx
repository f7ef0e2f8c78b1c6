import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import { maxPageSize } from '@deckvalid/contract/pagination';
import { Alert, Avatar, Badge, Box, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { type Ref, useEffect, useState } from 'react';
import { firstLine, typingLabel } from '../chat-model';
import { selectThread, selectTypingNames } from '../chat-slice';
import { useChat } from '../hooks/use-chat';
import { ChatComposer } from './chat-composer';
import type { MessageActions } from './chat-message-actions';
import { ChatMessageList } from './chat-message-list';
import {
  ChatRoomAddPeople,
  ChatRoomConfirm,
  ChatRoomMenu,
  ChatRoomRename,
  type PendingRoomAction,
} from './chat-room-actions';

type ChatConversationProps = {
  room: ChatRoom;
  /** Phones show the list or the conversation; the Back button returns to the list. */
  onBack: (() => void) | null;
  composerRef: Ref<HTMLTextAreaElement>;
};

/** Who the room is with, under its title: "Investor", "Founder", or the group's size. */
function roomSubtitle(room: ChatRoom, myId: string): string {
  const others = room.participants.filter((participant) => participant.id !== myId);
  if (room.type === 'group') return `${room.participants.length} people`;
  const other = others[0];
  if (!other) return 'Only you';
  return other.userType === 'Investor' ? 'Investor' : 'Founder';
}

/** Why nothing can be sent here, as the person should read it; null when they can send. */
function readOnlyReason(room: ChatRoom): string | null {
  if (room.leftReason === 'left') return 'You left this group. You can still read it up to then.';
  if (room.leftReason === 'removed') return 'You were removed from this group. You can still read it up to then.';
  return room.readOnly
    ? 'This conversation is read-only: the interest behind it has ended. You can still read it.'
    : null;
}

/** One conversation: its header, the message log, who is typing, and the composer. */
export function ChatConversation({ room, onBack, composerRef }: ChatConversationProps) {
  const chat = useChat();
  const thread = selectThread(chat.state, room.id);
  const typing = typingLabel(selectTypingNames(chat.state, room.id));
  const { loadHistory } = chat;
  const [pendingAction, setPendingAction] = useState<PendingRoomAction | null>(null);
  // What the composer's next send is: a reply to a message, or an edit of one's own.
  const [replyingTo, setReplyingTo] = useState<ChatMessage | null>(null);
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const report = (answer: Promise<string | null>) => {
    setActionError(null);
    void answer.then((error) => setActionError(error));
  };
  const focusComposer = () =>
    requestAnimationFrame(() => {
      if (composerRef && typeof composerRef === 'object') composerRef.current?.focus();
    });
  const actions: MessageActions = {
    onReply: (message) => {
      setEditing(null);
      setReplyingTo(message);
      focusComposer();
    },
    onEdit: (message) => {
      setReplyingTo(null);
      setEditing(message);
      focusComposer();
    },
    onDelete: (message) => report(chat.deleteMessage(room.id, message.id)),
    onReact: (message, emoji, reacted) => report(chat.react(room.id, message.id, emoji, reacted)),
    onJump: (seq) => chat.openAtMessage(room.id, seq),
  };
  const handleSend = (text: string) => {
    if (editing) {
      report(chat.editMessage(room.id, editing.id, text));
      setEditing(null);
      return true;
    }
    const isSent = chat.send(room.id, text, replyingTo?.id);
    if (isSent) setReplyingTo(null);
    return isSent;
  };
  const draft = editing
    ? {
        kind: 'edit' as const,
        label: 'Editing your message',
        detail: firstLine(editing.content),
        onCancel: () => setEditing(null),
      }
    : replyingTo
      ? {
          kind: 'reply' as const,
          label: `Replying to ${replyingTo.senderId === chat.me.id ? 'yourself' : (replyingTo.sender?.name ?? 'a former member')}`,
          detail: firstLine(replyingTo.content),
          onCancel: () => setReplyingTo(null),
        }
      : null;

  useEffect(() => {
    if (thread.status === 'idle') loadHistory(room.id);
  }, [thread.status, loadHistory, room.id]);

  // A search hit in this room: page back until its message is held (history stays contiguous,
  // so the catch-up and the unread count keep working), then the list scrolls to it.
  const focusSeq = chat.focusedMessage?.roomId === room.id ? chat.focusedMessage.seq : null;
  const oldestSeq = thread.messages[0]?.seq;
  const { loadOlder } = chat;
  useEffect(() => {
    if (focusSeq === null || thread.status !== 'ready' || oldestSeq === undefined) return;
    // The largest page the server gives: an old hit is reached in few requests.
    if (oldestSeq > focusSeq && thread.hasOlder && !thread.isLoadingOlder) loadOlder(room.id, maxPageSize);
  }, [focusSeq, oldestSeq, thread.status, thread.hasOlder, thread.isLoadingOlder, loadOlder, room.id]);

  // The server refuses sends to a read-only room too; saying so here spares a refused message.
  const blockedReason = room.readOnly
    ? readOnlyReason(room)
    : !chat.isConnected
      ? 'Reconnecting… You can send again once the connection is back.'
      : null;

  return (
    <Stack gap={0} h="100%" style={{ minWidth: 0 }} data-testid="chat-conversation" data-room-id={room.id}>
      <Group
        gap="sm"
        px="sm"
        py="xs"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', minHeight: 52 }}
      >
        {onBack ? (
          <Button
            variant="subtle"
            size="compact-sm"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={onBack}
          >
            Back
          </Button>
        ) : null}
        <Avatar name={room.name} color="initials" radius="xl" size={32} aria-hidden />
        <Box style={{ minWidth: 0, flex: 1 }}>
          <Title
            order={3}
            fz="sm"
            lh={1.3}
            data-testid="chat-conversation-title"
            style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          >
            {room.name}
          </Title>
          <Text fz="xs" c="dimmed" truncate="end">
            {roomSubtitle(room, chat.me.id)}
          </Text>
        </Box>
        {room.readOnly ? (
          <Badge color="gray" variant="light" tt="none">
            Read-only
          </Badge>
        ) : null}
        <ChatRoomMenu room={room} myId={chat.me.id} onAsk={setPendingAction} />
      </Group>
      {pendingAction?.kind === 'rename' ? (
        <ChatRoomRename room={room} onDone={() => setPendingAction(null)} />
      ) : pendingAction?.kind === 'add' ? (
        <ChatRoomAddPeople room={room} onDone={() => setPendingAction(null)} />
      ) : pendingAction ? (
        <ChatRoomConfirm room={room} action={pendingAction} onDone={() => setPendingAction(null)} />
      ) : null}

      {thread.status === 'loading' || thread.status === 'idle' ? (
        <Group justify="center" style={{ flex: 1 }}>
          <Loader size="sm" aria-label="Loading messages" />
        </Group>
      ) : thread.status === 'error' ? (
        <Box p="sm" style={{ flex: 1 }}>
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{thread.error}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => loadHistory(room.id)}>
                Try again
              </Button>
            </Stack>
          </Alert>
        </Box>
      ) : (
        <ChatMessageList
          thread={thread}
          myId={chat.me.id}
          isGroup={room.type === 'group'}
          highlightSeq={focusSeq}
          participants={room.participants}
          label={`Messages with ${room.name}`}
          onLoadOlder={() => chat.loadOlder(room.id)}
          onReadUpTo={(seq) => chat.reportReadUpTo(room.id, seq)}
          onRetry={(clientId) => chat.retry(room.id, clientId)}
          onDiscard={(clientId) => chat.discard(room.id, clientId)}
          actions={actions}
          canAct={!room.readOnly && room.leftAt === null}
        />
      )}

      {actionError ? (
        <Text fz="xs" c="red.8" px="sm" role="alert" data-testid="chat-action-error">
          {actionError}
        </Text>
      ) : null}
      <Text fz="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="chat-typing">
        {typing ?? ''}
      </Text>
      <Box style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
        <ChatComposer
          // A new edit starts from its message's text; leaving it starts empty again.
          key={editing?.id ?? 'new'}
          initialText={editing?.content ?? ''}
          draft={draft}
          people={room.participants.filter((participant) => participant.id !== chat.me.id)}
          ref={composerRef}
          roomName={room.name}
          blockedReason={blockedReason}
          isInputDisabled={room.readOnly}
          onSend={handleSend}
          onTyping={() => chat.reportTyping(room.id)}
        />
      </Box>
    </Stack>
  );
}
