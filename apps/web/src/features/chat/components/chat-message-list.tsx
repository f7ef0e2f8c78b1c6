import type { ChatMessage, ChatParticipant } from '@deckvalid/contract/chat';
import { Anchor, Avatar, Box, Button, Divider, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Fragment, type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import { formatDateTime } from '@/shared/lib/format-date';
import { TextWithMentions } from '@/shared/ui/mentions';
import { splitMessageLinks } from '../chat-links';
import { type ChatNotice, isNearBottom, isSeenByOthers, newestSeq, type PendingMessage } from '../chat-model';
import type { ChatThread } from '../chat-slice';
import { type MessageActions, MessageActionsMenu, ReactionBar, ReplyQuote } from './chat-message-actions';

/** Older history is asked for when the reader scrolls this close to the top. */
const topThresholdPx = 40;

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' });
const timeOf = (iso: string) => timeFormat.format(new Date(iso));

const dayFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth()}-${date.getDate()}`;

/** A date separator's words, in the reader's time zone: Today, Yesterday, or the date. */
export function dayLabel(iso: string, now = new Date()): string {
  const date = new Date(iso);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(date) === dayKey(now)) return 'Today';
  if (dayKey(date) === dayKey(yesterday)) return 'Yesterday';
  return dayFormat.format(date);
}

/** Messages further apart than this start a new run under the sender's name again. */
const runGapMs = 5 * 60 * 1000;

type ChatMessageListProps = {
  thread: ChatThread;
  myId: string;
  /** Names senders above their messages (group rooms); a private room has only the two of you. */
  isGroup: boolean;
  /** The accessible name of the log, e.g. "Messages with Ravi Rao". */
  label: string;
  onLoadOlder: () => void;
  /** The reader is at the bottom, showing up to `seq`. */
  onReadUpTo: (seq: number) => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** A message to scroll to and mark (a search hit), once it is held. */
  highlightSeq?: number | null;
  /** The room's people, for avatars in groups, mentions and who reacted. */
  participants?: ChatParticipant[];
  /** Reply, react, edit and delete; without them (or in a read-only room) messages are only read. */
  actions?: MessageActions;
  /** Whether the reader may act on messages (a member of a room open to them). */
  canAct?: boolean;
};

/**
 * A message's text with its http(s) URLs as links. Text parts stay React text nodes, never
 * markup, so `<b>x</b>` shows as typed; the bubble's pre-wrap and overflow-wrap reach them all.
 */
function MessageText({ content, people = [] }: { content: string; people?: ChatParticipant[] }) {
  let offset = 0;
  return splitMessageLinks(content).map((part) => {
    // The parts of one content never move, so their offset is a stable key.
    const key = offset;
    offset += part.text.length;
    if (part.kind === 'text')
      return (
        <Fragment key={key}>
          <TextWithMentions text={part.text} people={people} />
        </Fragment>
      );
    return (
      <Anchor
        key={key}
        href={part.href}
        target="_blank"
        rel="noopener noreferrer"
        inherit
        // The bubble's own text colour reads on both bubbles (white on indigo, dark on gray);
        // the theme's link indigo would vanish on one's own. The underline marks it as a link,
        // and the focus ring takes the same colour, as the default indigo ring would vanish too.
        c="inherit"
        underline="always"
        style={{ outlineColor: 'currentColor', overflowWrap: 'anywhere' }}
      >
        {part.text}
      </Anchor>
    );
  });
}

function Bubble({
  isMine,
  sender,
  content,
  footer,
  testId,
  data,
  avatar,
  quote,
  isDeleted = false,
  people,
  actions,
  below,
}: {
  isMine: boolean;
  sender: string | null;
  content: string;
  footer: ReactNode;
  testId: string;
  data: Record<string, string | number>;
  /** In a group, others' messages sit beside the sender's avatar (shown on a run's first message). */
  avatar?: ReactNode;
  /** What a reply answers, shown inside the bubble above its text. */
  quote?: ReactNode;
  /** A deleted message keeps its place and says so instead of its text. */
  isDeleted?: boolean;
  /** The room's members, whose `@Name`s are marked. */
  people?: ChatParticipant[];
  /** The message's ⋯ menu, beside the bubble. */
  actions?: ReactNode;
  /** Under the bubble, above the time: its reactions. */
  below?: ReactNode;
}) {
  const bubble = (
    <Stack
      gap={2}
      align={isMine ? 'flex-end' : 'flex-start'}
      data-testid={testId}
      data-mine={isMine}
      {...Object.fromEntries(Object.entries(data).map(([key, value]) => [`data-${key}`, value]))}
    >
      {sender ? (
        <Text fz="xs" fw={600} c="dimmed" px={4}>
          {sender}
        </Text>
      ) : null}
      {/* The full row, so the bubble's 85% is of the conversation's width, with the ⋯ beside it. */}
      <Group
        gap={2}
        wrap="nowrap"
        align="center"
        w="100%"
        justify="flex-start"
        style={{ flexDirection: isMine ? 'row-reverse' : 'row' }}
      >
        <Box
          maw="85%"
          px="sm"
          py={6}
          bg={isDeleted ? 'transparent' : isMine ? 'indigo.7' : 'gray.1'}
          c={isDeleted ? 'dimmed' : isMine ? 'white' : 'dark.7'}
          fz="sm"
          style={{
            borderRadius: 14,
            borderBottomRightRadius: isMine ? 4 : 14,
            borderBottomLeftRadius: isMine ? 14 : 4,
            border: isDeleted ? '1px dashed var(--mantine-color-gray-4)' : undefined,
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            minWidth: 0,
          }}
          data-testid="chat-message-content"
        >
          {quote}
          {isDeleted ? (
            <Text span inherit fs="italic" data-testid="chat-message-deleted">
              Message deleted
            </Text>
          ) : (
            <span data-testid="chat-message-text">
              <MessageText content={content} {...(people ? { people } : {})} />
            </span>
          )}
        </Box>
        {actions}
      </Group>
      {below}
      {footer}
    </Stack>
  );
  if (avatar === undefined) return bubble;
  return (
    <Group gap={8} align="flex-start" wrap="nowrap">
      <Box w={28} style={{ flex: 'none' }} pt={sender ? 18 : 0}>
        {avatar}
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>{bubble}</Box>
    </Group>
  );
}

function StoredMessage({
  message,
  myId,
  isGroup,
  isRunStart,
  avatarUrl,
  participants,
  actions,
  canAct,
}: {
  message: ChatMessage;
  myId: string;
  isGroup: boolean;
  /** The first of one sender's consecutive messages: names them (and shows their avatar) in a group. */
  isRunStart: boolean;
  avatarUrl: string | null;
  participants: ChatParticipant[];
  actions: MessageActions | undefined;
  canAct: boolean;
}) {
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const isMine = message.senderId === myId;
  const isDeleted = message.deletedAt !== null;
  const status = isMine ? (isSeenByOthers(message, myId) ? 'Seen' : 'Sent') : null;
  const senderName = message.sender?.name ?? 'Former member';
  const isOthersInGroup = isGroup && !isMine;
  return (
    <Bubble
      isMine={isMine}
      sender={isOthersInGroup && isRunStart ? senderName : null}
      avatar={
        isOthersInGroup ? (
          isRunStart ? (
            <Avatar src={avatarUrl} name={senderName} color="initials" radius="xl" size={28} aria-hidden />
          ) : null
        ) : undefined
      }
      content={message.content}
      testId="chat-message"
      data={{ seq: message.seq, id: message.id, rev: message.rev }}
      isDeleted={isDeleted}
      people={participants}
      quote={
        message.replyTo && actions ? (
          <ReplyQuote replyTo={message.replyTo} isMine={isMine && !isDeleted} onJump={actions.onJump} />
        ) : null
      }
      actions={
        actions ? (
          <MessageActionsMenu
            message={message}
            isMine={isMine}
            canAct={canAct}
            myId={myId}
            actions={{ ...actions, onDelete: () => setIsConfirmingDelete(true) }}
          />
        ) : null
      }
      below={
        <>
          {actions ? (
            <ReactionBar
              message={message}
              participants={participants}
              myId={myId}
              canAct={canAct}
              onReact={(emoji, reacted) => actions.onReact(message, emoji, reacted)}
            />
          ) : null}
          {isConfirmingDelete && actions && !isDeleted ? (
            <Group gap={4} px={4} data-testid="chat-delete-confirm">
              <Text fz="xs">Delete this message for everyone?</Text>
              <Button
                size="compact-xs"
                color="red"
                onClick={() => {
                  setIsConfirmingDelete(false);
                  actions.onDelete(message);
                }}
              >
                Delete
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={() => setIsConfirmingDelete(false)}>
                Cancel
              </Button>
            </Group>
          ) : null}
        </>
      }
      footer={
        <Text fz="xs" c="dimmed" px={4} title={formatDateTime(message.createdAt)}>
          {timeOf(message.createdAt)}
          {message.editedAt && !isDeleted ? (
            <span data-testid="chat-message-edited" title={`Edited ${formatDateTime(message.editedAt)}`}>
              {' · edited'}
            </span>
          ) : null}
          {status ? (
            <>
              {' · '}
              <span data-testid="chat-message-status">{status}</span>
            </>
          ) : null}
        </Text>
      }
    />
  );
}

function OptimisticMessage({
  message,
  onRetry,
  onDiscard,
}: {
  message: PendingMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const isFailed = message.status === 'failed';
  return (
    <Bubble
      isMine
      sender={null}
      content={message.content}
      testId="chat-message"
      data={{ id: message.clientId, status: message.status }}
      footer={
        isFailed ? (
          <Stack gap={2} align="flex-end" maw="85%">
            <Group gap={4} wrap="nowrap" c="red.8">
              <IconAlertCircle size={14} aria-hidden />
              <Text fz="xs" c="red.8" data-testid="chat-message-error">
                Not sent. {message.error}
              </Text>
            </Group>
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={onRetry}>
                Try again
              </Button>
              <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
                Discard
              </Button>
            </Group>
          </Stack>
        ) : (
          // Spec §4: the optimistic copy reads 'Sent' until the stored one replaces it.
          <Text fz="xs" c="dimmed" px={4}>
            {timeOf(message.createdAt)} · <span data-testid="chat-message-status">Sent</span>
          </Text>
        )
      }
    />
  );
}

/** Presence and other system lines: smaller and lighter than any message, so talk stands out. */
function Notice({ notice }: { notice: ChatNotice }) {
  return (
    <Text fz={11} c="dimmed" fs="italic" ta="center" lh={1.3} data-testid="chat-notice">
      {notice.text}
    </Text>
  );
}

function DaySeparator({ iso }: { iso: string }) {
  return (
    <Divider
      my={4}
      labelPosition="center"
      data-testid="chat-day-separator"
      label={
        <Text fz={11} fw={600} c="gray.7" component="span">
          {dayLabel(iso)}
        </Text>
      }
    />
  );
}

/**
 * The conversation as a log (aria-live polite): stored messages by seq, presence notices where
 * they happened, optimistic sends last. It keeps the reader at the bottom while they are there,
 * holds their place when older history is prepended above, asks for that history at the top, and
 * reports the newest seq shown whenever they are at the bottom (the mark-read trigger).
 */
export function ChatMessageList({
  thread,
  myId,
  isGroup,
  label,
  onLoadOlder,
  onReadUpTo,
  onRetry,
  onDiscard,
  highlightSeq = null,
  participants = [],
  actions,
  canAct = false,
}: ChatMessageListProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  /** The highlighted message this list last scrolled to, so it scrolls there once. */
  const scrolledToRef = useRef<number | null>(null);
  const isAtBottomRef = useRef(true);
  const layoutRef = useRef({ firstSeq: 0, scrollHeight: 0, pendingCount: 0 });
  const { messages, pending, notices, hasOlder, isLoadingOlder } = thread;
  const firstSeq = messages[0]?.seq ?? 0;
  const lastSeq = newestSeq(messages);

  const requestOlderIfNeeded = (box: HTMLDivElement) => {
    const isShort = box.scrollHeight <= box.clientHeight;
    if (hasOlder && !isLoadingOlder && (isShort || box.scrollTop < topThresholdPx)) onLoadOlder();
  };

  // After each change of what is shown: hold the place or follow the bottom, then report.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every content change by design.
  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const previous = layoutRef.current;
    if (pending.length > previous.pendingCount) isAtBottomRef.current = true; // one's own send
    if (previous.firstSeq !== 0 && firstSeq < previous.firstSeq) {
      box.scrollTop += box.scrollHeight - previous.scrollHeight;
    } else if (isAtBottomRef.current) {
      box.scrollTop = box.scrollHeight;
    }
    layoutRef.current = { firstSeq, scrollHeight: box.scrollHeight, pendingCount: pending.length };
    // A search hit: once its message is held, bring it to the middle and stay there.
    if (highlightSeq !== null && scrolledToRef.current !== highlightSeq) {
      const target = box.querySelector<HTMLElement>(`[data-testid="chat-message"][data-seq="${highlightSeq}"]`);
      if (target) {
        const offset = target.getBoundingClientRect().top - box.getBoundingClientRect().top;
        box.scrollTop += offset - box.clientHeight / 2 + target.offsetHeight / 2;
        scrolledToRef.current = highlightSeq;
        isAtBottomRef.current = isNearBottom(box);
      }
    }
    if (isNearBottom(box) && lastSeq > 0) onReadUpTo(lastSeq);
    requestOlderIfNeeded(box);
  }, [messages, pending, notices, firstSeq, lastSeq, hasOlder, isLoadingOlder, highlightSeq]);

  const handleScroll = () => {
    const box = boxRef.current;
    if (!box) return;
    isAtBottomRef.current = isNearBottom(box);
    if (isAtBottomRef.current && lastSeq > 0) onReadUpTo(lastSeq);
    requestOlderIfNeeded(box);
  };

  const noticesAfter = new Map<number, ChatNotice[]>();
  for (const notice of notices) {
    const key = notice.afterSeq < firstSeq ? 0 : notice.afterSeq;
    noticesAfter.set(key, [...(noticesAfter.get(key) ?? []), notice]);
  }

  return (
    <Box
      ref={boxRef}
      role="log"
      aria-live="polite"
      aria-label={label}
      tabIndex={0}
      onScroll={handleScroll}
      data-testid="chat-log"
      style={{ flex: 1, minHeight: 0, overflowY: 'auto' }}
      px="sm"
      py="sm"
    >
      {/* Anchored at the bottom, as conversations read: a short one sits above the composer. */}
      <Stack gap="xs" justify="flex-end" mih="100%">
        {isLoadingOlder ? (
          <Group justify="center" py={4}>
            <Loader size="xs" aria-label="Loading older messages" />
          </Group>
        ) : null}
        {!hasOlder && messages.length > 0 ? (
          <Text fz={11} c="dimmed" ta="center">
            Start of the conversation
          </Text>
        ) : null}
        {messages.length === 0 && pending.length === 0 ? (
          <Text fz="sm" c="dimmed" ta="center" py="lg">
            No messages yet. Say hello.
          </Text>
        ) : null}
        {(noticesAfter.get(0) ?? []).map((notice) => (
          <Notice key={notice.id} notice={notice} />
        ))}
        {messages.map((message, index) => {
          const previous = messages[index - 1];
          const isNewDay = !previous || dayKey(new Date(previous.createdAt)) !== dayKey(new Date(message.createdAt));
          const isRunStart =
            isNewDay ||
            !previous ||
            previous.senderId !== message.senderId ||
            Date.parse(message.createdAt) - Date.parse(previous.createdAt) > runGapMs ||
            noticesAfter.has(previous.seq);
          const isHighlighted = message.seq === highlightSeq;
          return (
            <Box key={message.id}>
              {isNewDay ? <DaySeparator iso={message.createdAt} /> : null}
              <Box
                data-highlighted={isHighlighted || undefined}
                style={{
                  borderRadius: 10,
                  // A found message is marked until another is opened; yellow reads on both bubbles.
                  background: isHighlighted ? 'var(--mantine-color-yellow-1)' : undefined,
                  boxShadow: isHighlighted ? '0 0 0 4px var(--mantine-color-yellow-1)' : undefined,
                }}
              >
                <StoredMessage
                  message={message}
                  myId={myId}
                  isGroup={isGroup}
                  isRunStart={isRunStart}
                  avatarUrl={participants.find((participant) => participant.id === message.senderId)?.avatarUrl ?? null}
                  participants={participants}
                  actions={actions}
                  canAct={canAct}
                />
              </Box>
              {(noticesAfter.get(message.seq) ?? []).map((notice) => (
                <Box key={notice.id} pt="xs">
                  <Notice notice={notice} />
                </Box>
              ))}
            </Box>
          );
        })}
        {pending.map((message) => (
          <OptimisticMessage
            key={message.clientId}
            message={message}
            onRetry={() => onRetry(message.clientId)}
            onDiscard={() => onDiscard(message.clientId)}
          />
        ))}
      </Stack>
    </Box>
  );
}
