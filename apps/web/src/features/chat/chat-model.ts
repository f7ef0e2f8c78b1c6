import type { ChatMessage, ChatRoom } from '@deckvalid/contract/chat';
import type { ChatAckError } from './chat-socket';

/**
 * The chat widget's rules that need no React and no socket (spec §2 'Chat widget', §4, §5, §9):
 * constants, the merge by seq, labels, search and the mark-read scheduler. Everything here is a
 * plain function or a small object with injected timers, so the unit tests pin the behaviour.
 */
export const chatTimings = {
  /** The sender stops announcing typing after this much idle time (spec §9). */
  typingIdleMs: 900,
  /** A received typing indicator clears after this long without news (spec §9). */
  typingShownMs: 1_200,
  /**
   * While keys keep coming, the sender says so again this often: below typingShownMs, so the
   * other side's indicator never lapses in the middle of a long sentence.
   */
  typingRenewMs: 700,
  /** Join/leave notices of one person in one room collapse within this window (spec §9). */
  noticeDedupeMs: 2_000,
  /** At most one mark-read per this interval (spec §9). */
  markReadIntervalMs: 2_000,
  /** A mark-read waits this long, so a burst of arrivals ends in one call (spec §9). */
  markReadDelayMs: 200,
  /** "At the bottom" of the conversation means within this many pixels (spec §9). */
  bottomThresholdPx: 80,
  /** How long a send may wait for its acknowledgement before it counts as not sent. */
  sendAckTimeoutMs: 9_000,
} as const;

/** A send refused because the server is busy goes again by itself this many times, then fails. */
export const maxAutomaticResends = 3;

/**
 * When a refused send goes again by itself: after the wait the server named, when it refused it
 * as overload (UNAVAILABLE: its queue was longer than it could write in time), for the first few
 * refusals; null for any other refusal, which the person sees and retries.
 */
export function automaticResendDelayMs(error: ChatAckError, resendsSoFar: number): number | null {
  if (error.code !== 'UNAVAILABLE' || resendsSoFar >= maxAutomaticResends) return null;
  return Math.max(1, error.retryAfterSeconds ?? 1) * 1000;
}

/** The launcher's badge caps here (spec §9). */
export const unreadBadgeCap = 99;

/** Prefix of an optimistic message's id and client id (spec §3). */
export const optimisticIdPrefix = 'tmp-';

/** A message the person wrote that the server has not acknowledged yet. */
export type PendingMessage = {
  /** `tmp-<uuid>`: the id shown, and the `clientId` the server echoes on the stored message. */
  clientId: string;
  chatRoomId: string;
  content: string;
  createdAt: string;
  /** 'sending' until acknowledged or broadcast; 'failed' with the server's sentence. */
  status: 'sending' | 'failed';
  error: string | null;
  /** The message it answers, sent with it (and again on a retry). */
  replyToId?: string;
};

/** A presence line (someone opened or left the conversation); local only, never stored. */
export type ChatNotice = {
  id: string;
  userId: string;
  kind: 'joined' | 'left';
  text: string;
  /** Epoch milliseconds, for the dedupe window. */
  at: number;
  /** Shown after the message with this seq (0: before every message held). */
  afterSeq: number;
};

/** A new optimistic id; `crypto.randomUUID` needs a secure context, so plain http gets a fallback. */
export function createClientId(): string {
  const uuid =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
  return `${optimisticIdPrefix}${uuid}`;
}

/** Union of two receipt lists by reader; the later readAt wins. */
function mergeReceipts(a: ChatMessage['readBy'], b: ChatMessage['readBy']): ChatMessage['readBy'] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const byUser = new Map(a.map((receipt) => [receipt.userId, receipt]));
  for (const receipt of b) {
    const held = byUser.get(receipt.userId);
    if (!held || held.readAt < receipt.readAt) byUser.set(receipt.userId, receipt);
  }
  return [...byUser.values()];
}

/**
 * Merges incoming messages into a list held in ascending seq (docs/chat.md: overlaps are
 * recognised by seq). A seq held twice keeps one copy with both copies' receipts, so a catch-up
 * page that overlaps a live event never shows a message twice nor loses a 'Seen'; of two copies,
 * the one with the higher `rev` (a later edit, deletion or reaction) is the message, so events and
 * catch-up pages arriving in any order end in the newest state. Answers the same array when
 * nothing changed, so React skips the render.
 */
export function mergeBySeq(held: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return held as ChatMessage[];
  const bySeq = new Map<number, ChatMessage>();
  for (const message of held) bySeq.set(message.seq, message);
  let hasChanged = false;
  for (const message of incoming) {
    const existing = bySeq.get(message.seq);
    if (!existing) {
      bySeq.set(message.seq, message);
      hasChanged = true;
      continue;
    }
    const readBy = mergeReceipts(existing.readBy, message.readBy);
    if (message.rev > existing.rev) {
      bySeq.set(message.seq, { ...message, readBy });
      hasChanged = true;
    } else if (readBy !== existing.readBy) {
      bySeq.set(message.seq, { ...existing, readBy });
      hasChanged = true;
    }
  }
  if (!hasChanged) return held as ChatMessage[];
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** Pending messages that a stored message (acknowledged or broadcast) now stands for are dropped. */
export function settlePending(pending: readonly PendingMessage[], stored: readonly ChatMessage[]): PendingMessage[] {
  const clientIds = new Set(stored.map((message) => message.clientId).filter((id): id is string => id !== null));
  if (clientIds.size === 0) return pending as PendingMessage[];
  const left = pending.filter((message) => !clientIds.has(message.clientId));
  return left.length === pending.length ? (pending as PendingMessage[]) : left;
}

/** The launcher's badge text: nothing at zero, '99+' above 99 (spec §9). */
export function unreadBadgeLabel(count: number): string | null {
  if (count <= 0) return null;
  return count > unreadBadgeCap ? `${unreadBadgeCap}+` : String(count);
}

/** Total unread over every room (spec §2: the launcher shows the total). */
export function totalUnread(rooms: readonly Pick<ChatRoom, 'unreadCount'>[]): number {
  return rooms.reduce((sum, room) => sum + Math.max(0, room.unreadCount), 0);
}

/** 'A is typing…', 'A & B are typing…', 'Several people are typing…' (spec §9); null for nobody. */
export function typingLabel(names: readonly string[]): string | null {
  const [first, second] = names;
  if (first === undefined) return null;
  if (second === undefined) return `${first} is typing…`;
  if (names.length === 2) return `${first} & ${second} are typing…`;
  return 'Several people are typing…';
}

/** Room search (spec §5): case-insensitive over the room's title and its last message's text. */
export function filterRooms<Room extends Pick<ChatRoom, 'name' | 'lastMessage'>>(
  rooms: readonly Room[],
  query: string,
): Room[] {
  const needle = query.trim().toLocaleLowerCase();
  if (needle === '') return [...rooms];
  return rooms.filter(
    (room) =>
      room.name.toLocaleLowerCase().includes(needle) ||
      (room.lastMessage?.content.toLocaleLowerCase().includes(needle) ?? false),
  );
}

/** 'Seen' once another participant's receipt is on the message (spec §4). */
export function isSeenByOthers(message: Pick<ChatMessage, 'readBy'>, myId: string): boolean {
  return message.readBy.some((receipt) => receipt.userId !== myId);
}

/** Spec §6: mine by the sender id (or, for a copy not stored yet, by the optimistic marker). */
export function isMine(message: Pick<ChatMessage, 'id' | 'senderId'>, myId: string): boolean {
  return message.senderId === myId || message.id.startsWith(optimisticIdPrefix);
}

/** The first line of a message, cut for a toast or a room list row. */
export function firstLine(content: string, maxLength = 80): string {
  const line = content.trim().split('\n', 1)[0] ?? '';
  return line.length > maxLength ? `${line.slice(0, maxLength - 1).trimEnd()}…` : line;
}

/**
 * Moves a room list (an Immer draft of the cached one) for a stored message: the room's summary,
 * its last seq, the sender's own watermark (a send moves it, docs/chat.md), someone else's unread
 * count unless the reader is looking at the room, and the order, most recent first. A seq already
 * counted changes nothing, so a message that arrives by acknowledgement, broadcast and catch-up
 * counts once. Answers false for a room the list does not hold (it needs a refetch).
 */
export function applyMessageToRooms(
  rooms: ChatRoom[],
  message: ChatMessage,
  { myId, isViewing }: { myId: string; isViewing: boolean },
): boolean {
  const room = rooms.find((candidate) => candidate.id === message.chatRoomId);
  if (!room) return false;
  if (message.seq <= room.lastSeq) return true;
  room.lastSeq = message.seq;
  room.lastMessage = {
    content: message.content,
    seq: message.seq,
    senderId: message.senderId,
    createdAt: message.createdAt,
  };
  room.lastMessageAt = message.createdAt;
  if (message.senderId === myId) room.readSeq = Math.max(room.readSeq, message.seq);
  // A muted room counts nothing unread, as the server answers it (docs/chat.md, Membership).
  else if (!isViewing && !room.muted) room.unreadCount += 1;
  rooms.sort((a, b) => (b.lastMessageAt ?? b.createdAt).localeCompare(a.lastMessageAt ?? a.createdAt));
  return true;
}

/**
 * A room's last message as an edit or a deletion left it: the list's preview follows (a
 * deleted one previews as deleted, from its empty text).
 */
export function applyRevisionToRooms(rooms: ChatRoom[], message: ChatMessage): void {
  const room = rooms.find((candidate) => candidate.id === message.chatRoomId);
  if (room?.lastMessage?.seq === message.seq) room.lastMessage.content = message.content;
}

/** The highest change number among messages, 0 for none. */
export const newestRev = (messages: readonly Pick<ChatMessage, 'rev'>[]) =>
  messages.reduce((highest, message) => Math.max(highest, message.rev), 0);

/** What a room list row says of a message's time: the time today, the weekday this week, else the date. */
export function lastMessageTime(iso: string, now = new Date()): string {
  const at = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (at.getTime() >= startOfToday - 6 * 24 * 60 * 60 * 1000)
    return at.toLocaleDateString(undefined, { weekday: 'short' });
  return at.toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
}

/**
 * Moves a room's read watermark forward (never back) after a read acknowledgement, or a read in
 * another tab of the same account; the unread count is the server's when given, else derived.
 */
export function applyReadToRooms(
  rooms: ChatRoom[],
  { chatRoomId, readSeq, unreadCount }: { chatRoomId: string; readSeq: number; unreadCount?: number },
): void {
  const room = rooms.find((candidate) => candidate.id === chatRoomId);
  if (!room) return;
  room.readSeq = Math.max(room.readSeq, readSeq);
  room.unreadCount = room.muted ? 0 : (unreadCount ?? Math.max(0, room.lastSeq - room.readSeq));
}

/** The highest seq held, 0 for none: where a catch-up starts. */
export function newestSeq(messages: readonly Pick<ChatMessage, 'seq'>[]): number {
  return messages.at(-1)?.seq ?? 0;
}

/**
 * The highest seq up to which a thread (sorted by seq) holds every message from its oldest one
 * on: where a catch-up starts. Seqs have no gaps, so a hole means a message this client missed
 * (its broadcast died with the process that stored it); asking from below the hole refills it.
 */
export function contiguousSeq(messages: readonly Pick<ChatMessage, 'seq'>[]): number {
  const [first, ...rest] = messages;
  if (!first) return 0;
  let seq = first.seq;
  for (const message of rest) {
    if (message.seq !== seq + 1) break;
    seq = message.seq;
  }
  return seq;
}

/** Whether a scrolled box is within the spec's threshold of its bottom. */
export function isNearBottom(
  box: Pick<HTMLElement, 'scrollHeight' | 'scrollTop' | 'clientHeight'>,
  threshold: number = chatTimings.bottomThresholdPx,
): boolean {
  return box.scrollHeight - box.scrollTop - box.clientHeight <= threshold;
}

/** Timers the scheduler uses; the browser's by default, fakes in tests. */
export type SchedulerClock = {
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
};

const browserClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type MarkReadScheduler = {
  /** Asks for the room to be read up to `seq`; calls to `send` are delayed, throttled and coalesced. */
  request: (seq: number) => void;
  /** Forgets a waiting call (the conversation closed, the session ended). */
  cancel: () => void;
};

/**
 * One room's mark-read, as spec §9 asks: a request waits 200 ms (so a burst of arrivals and
 * scroll events ends in one call), calls are at least 2000 ms apart, and only the highest seq
 * asked for goes out, never one already sent.
 */
export function createMarkReadScheduler(
  send: (seq: number) => void,
  {
    delayMs = chatTimings.markReadDelayMs,
    intervalMs = chatTimings.markReadIntervalMs,
    clock = browserClock,
  }: { delayMs?: number; intervalMs?: number; clock?: SchedulerClock } = {},
): MarkReadScheduler {
  let wantedSeq = 0;
  let sentSeq = 0;
  let lastSentAt = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;

  const flush = () => {
    timer = null;
    if (wantedSeq <= sentSeq) return;
    sentSeq = wantedSeq;
    lastSentAt = clock.now();
    send(wantedSeq);
  };

  return {
    request(seq) {
      if (seq > wantedSeq) wantedSeq = seq;
      if (wantedSeq <= sentSeq || timer !== null) return;
      const wait = Math.max(delayMs, lastSentAt + intervalMs - clock.now());
      timer = clock.setTimeout(flush, wait);
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
    },
  };
}
