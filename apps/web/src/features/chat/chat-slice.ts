import type { ChatMessage } from '@deckvalid/contract/chat';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import {
  type ChatNotice,
  chatTimings,
  mergeBySeq,
  newestRev,
  newestSeq,
  type PendingMessage,
  settlePending,
} from './chat-model';

/** One room's conversation as this session holds it. */
export type ChatThread = {
  /** Stored messages, ascending seq, each seq once (docs/chat.md). */
  messages: ChatMessage[];
  /** Optimistic messages not acknowledged yet, in the order written. */
  pending: PendingMessage[];
  notices: ChatNotice[];
  /** 'idle' until the first page is asked for; 'error' carries `error`. */
  status: 'idle' | 'loading' | 'ready' | 'error';
  error: string | null;
  /** More history before the oldest message held. */
  hasOlder: boolean;
  isLoadingOlder: boolean;
  /**
   * The room's change number up to which every edit, deletion and reaction is held: where the
   * catch-up of changes starts, and below a live change that skips one (docs/chat.md).
   */
  lastRev: number;
};

/**
 * The chat state of one signed-in session: threads by room and who is typing where. It is
 * reduced by the session's ChatProvider (useReducer), not the app store, so it is created with
 * the session's socket and dropped with it: nothing of one account survives into the next.
 * Rooms and unread counts live in the RTK Query cache (chat-api.ts), patched by socket events.
 */
export type ChatState = {
  threads: Record<string, ChatThread>;
  /** roomId → userId → name of whoever is typing there now. */
  typing: Record<string, Record<string, string>>;
};

export const initialChatState: ChatState = { threads: {}, typing: {} };

const emptyThread = (): ChatThread => ({
  messages: [],
  pending: [],
  notices: [],
  status: 'idle',
  error: null,
  hasOlder: false,
  isLoadingOlder: false,
  lastRev: 0,
});

/** Notices kept per room: presence is a hint, not history. */
const maxNotices = 20;

function threadOf(state: ChatState, roomId: string): ChatThread {
  let thread = state.threads[roomId];
  if (!thread) {
    thread = emptyThread();
    state.threads[roomId] = thread;
  }
  return thread;
}

/** Stores messages and drops the optimistic copies they stand for (matched by clientId). */
function absorb(thread: ChatThread, messages: ChatMessage[]) {
  thread.messages = mergeBySeq(thread.messages, messages);
  thread.pending = settlePending(thread.pending, messages);
}

/**
 * Sending reads every earlier message (docs/chat.md), so a live message is its sender's receipt
 * for what others sent before it: the compact socket hears that no other way. Walks back from
 * the message and stops at the sender's own earlier message or receipt, behind which all is read.
 */
function addImpliedReceipts(thread: ChatThread, sent: ChatMessage) {
  const readerId = sent.senderId;
  if (!readerId) return;
  for (let index = thread.messages.length - 1; index >= 0; index -= 1) {
    const held = thread.messages[index] as ChatMessage;
    if (held.seq >= sent.seq) continue;
    if (held.senderId === readerId || held.readBy.some((receipt) => receipt.userId === readerId)) break;
    held.readBy.push({ userId: readerId, readAt: sent.createdAt });
  }
}

const chatSlice = createSlice({
  name: 'chat',
  initialState: initialChatState,
  reducers: {
    historyRequested(state, action: PayloadAction<{ roomId: string }>) {
      const thread = threadOf(state, action.payload.roomId);
      thread.status = 'loading';
      thread.error = null;
    },
    /** The newest page (GET messages answers newest first). */
    historyLoaded(
      state,
      action: PayloadAction<{ roomId: string; messages: ChatMessage[]; hasMore: boolean; lastRev: number }>,
    ) {
      const thread = threadOf(state, action.payload.roomId);
      absorb(thread, action.payload.messages);
      thread.status = 'ready';
      thread.hasOlder = action.payload.hasMore;
      // The page was read after its change number: every change up to it is in the page.
      thread.lastRev = Math.max(thread.lastRev, action.payload.lastRev);
    },
    /**
     * Messages as an edit, a deletion or a reaction left them (a live event, an acknowledgement,
     * a catch-up page of changes), and the change number now held (`lastRev`, when known). Only
     * messages held change: one not held arrives as it is now when its page is read.
     */
    messagesRevised(state, action: PayloadAction<{ roomId: string; messages: ChatMessage[]; lastRev?: number }>) {
      const thread = state.threads[action.payload.roomId];
      if (thread?.status !== 'ready') return;
      const held = new Set(thread.messages.map((message) => message.seq));
      thread.messages = mergeBySeq(
        thread.messages,
        action.payload.messages.filter((message) => held.has(message.seq)),
      );
      thread.lastRev = Math.max(thread.lastRev, action.payload.lastRev ?? newestRev(action.payload.messages));
    },
    historyFailed(state, action: PayloadAction<{ roomId: string; error: string }>) {
      const thread = threadOf(state, action.payload.roomId);
      thread.status = 'error';
      thread.error = action.payload.error;
    },
    olderRequested(state, action: PayloadAction<{ roomId: string }>) {
      threadOf(state, action.payload.roomId).isLoadingOlder = true;
    },
    olderLoaded(state, action: PayloadAction<{ roomId: string; messages: ChatMessage[]; hasMore: boolean }>) {
      const thread = threadOf(state, action.payload.roomId);
      absorb(thread, action.payload.messages);
      thread.hasOlder = action.payload.hasMore;
      thread.isLoadingOlder = false;
    },
    olderFailed(state, action: PayloadAction<{ roomId: string }>) {
      threadOf(state, action.payload.roomId).isLoadingOlder = false;
    },
    /**
     * A live event, an acknowledgement or a catch-up page. Only rooms whose history was asked
     * for keep live messages: another room's thread starts from its newest page when opened,
     * so holding a lone live message there would make the catch-up skip everything before it.
     */
    messagesReceived(state, action: PayloadAction<{ roomId: string; messages: ChatMessage[] }>) {
      const thread = state.threads[action.payload.roomId];
      if (!thread || thread.status === 'idle') return;
      absorb(thread, action.payload.messages);
      for (const message of action.payload.messages) addImpliedReceipts(thread, message);
    },
    messageQueued(state, action: PayloadAction<PendingMessage>) {
      threadOf(state, action.payload.chatRoomId).pending.push(action.payload);
    },
    messageFailed(state, action: PayloadAction<{ roomId: string; clientId: string; error: string }>) {
      const pending = threadOf(state, action.payload.roomId).pending.find(
        (message) => message.clientId === action.payload.clientId,
      );
      if (pending) {
        pending.status = 'failed';
        pending.error = action.payload.error;
      }
    },
    messageRetried(state, action: PayloadAction<{ roomId: string; clientId: string }>) {
      const pending = threadOf(state, action.payload.roomId).pending.find(
        (message) => message.clientId === action.payload.clientId,
      );
      if (pending) {
        pending.status = 'sending';
        pending.error = null;
      }
    },
    messageDiscarded(state, action: PayloadAction<{ roomId: string; clientId: string }>) {
      const thread = threadOf(state, action.payload.roomId);
      thread.pending = thread.pending.filter((message) => message.clientId !== action.payload.clientId);
    },
    /** chat:messages_read from another participant: their receipt goes on each message named. */
    receiptsReceived(
      state,
      action: PayloadAction<{ roomId: string; messageIds: string[]; userId: string; readAt: string }>,
    ) {
      const thread = state.threads[action.payload.roomId];
      if (!thread) return;
      const ids = new Set(action.payload.messageIds);
      const receipt = { userId: action.payload.userId, readAt: action.payload.readAt };
      thread.messages = mergeBySeq(
        thread.messages,
        thread.messages.filter((message) => ids.has(message.id)).map((message) => ({ ...message, readBy: [receipt] })),
      );
    },
    typingChanged(
      state,
      action: PayloadAction<{ roomId: string; userId: string; userName: string; isTyping: boolean }>,
    ) {
      const { roomId, userId, userName, isTyping } = action.payload;
      const room = state.typing[roomId] ?? {};
      if (isTyping) room[userId] = userName;
      else delete room[userId];
      state.typing[roomId] = room;
    },
    /** Presence as a system line; the same person's same move within 2000 ms shows once (spec §9). */
    noticeAdded(
      state,
      action: PayloadAction<{ roomId: string; userId: string; kind: ChatNotice['kind']; text: string; at: number }>,
    ) {
      const { roomId, userId, kind, text, at } = action.payload;
      const thread = threadOf(state, roomId);
      const isRepeat = thread.notices.some(
        (notice) => notice.userId === userId && notice.kind === kind && at - notice.at < chatTimings.noticeDedupeMs,
      );
      if (isRepeat) return;
      thread.notices.push({
        id: `${kind}-${userId}-${at}`,
        userId,
        kind,
        text,
        at,
        afterSeq: newestSeq(thread.messages),
      });
      if (thread.notices.length > maxNotices) thread.notices.splice(0, thread.notices.length - maxNotices);
    },
  },
});

export const chatActions = chatSlice.actions;
export const chatReducer = chatSlice.reducer;
export type ChatAction = ReturnType<(typeof chatActions)[keyof typeof chatActions]>;

/** A room's thread, or an empty one for a room not opened yet. */
export function selectThread(state: ChatState, roomId: string): ChatThread {
  return state.threads[roomId] ?? emptyThread();
}

/** Names typing in a room, in the order they started. */
export function selectTypingNames(state: ChatState, roomId: string): string[] {
  return Object.values(state.typing[roomId] ?? {});
}
