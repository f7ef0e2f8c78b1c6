import { apiPaths } from '@deckvalid/contract/api-paths';
import type { Tokens } from '@deckvalid/contract/auth';
import type {
  ChatEventMode,
  ChatMessage,
  ChatReactionEmoji,
  ChatRoomLeft,
  MarkChatReadResponse,
} from '@deckvalid/contract/chat';
import type { LiveNotification } from '@deckvalid/contract/notifications';
import { io, type ManagerOptions, type Socket, type SocketOptions } from 'socket.io-client';

/** Every chat event acknowledges with this (docs/api.md, Chat). */
/** A refusal names its code; one that passes with time (overload, a rate limit) says when to try again. */
export type ChatAckError = { code: string; message: string; retryAfterSeconds?: number };
export type ChatAck<T> = ({ ok: true } & T) | { ok: false; error: ChatAckError };

type RoomEvent = { chatRoomId: string };
type PresenceEvent = RoomEvent & { userId: string; userName: string };

/**
 * Events the /chats namespace sends (spec §7; `chat:room_opened`, `chat:rooms_changed`,
 * `chat:room_left` and `notification` are ours).
 */
export type ChatServerEvents = {
  'chat:new_message': (message: ChatMessage) => void;
  /** The same message again under the older name; deduplicated by id. */
  'chat:message': (message: ChatMessage) => void;
  'chat:messages_read': (
    read: RoomEvent & { messageIds: string[]; userId: string; readAt: string; readSeq: number },
  ) => void;
  'chat:user_typing': (typing: PresenceEvent & { isTyping: boolean }) => void;
  'chat:user_joined': (presence: PresenceEvent) => void;
  'chat:user_left': (presence: PresenceEvent) => void;
  'chat:joined': (joined: RoomEvent) => void;
  'chat:room_opened': (opened: RoomEvent) => void;
  /** An interest tie changed: a room may have closed to new messages (or opened again). */
  'chat:rooms_changed': () => void;
  /** This account is out of a room (tie ended, removed, left): nothing more of it arrives. */
  'chat:room_left': (left: ChatRoomLeft) => void;
  /** Something that concerns this account happened (docs/api.md, Real time). */
  notification: (notification: LiveNotification) => void;
  /** A message edited, deleted or reacted to, as it is now (contract `chatSocketEvents.messageUpdated`). */
  'chat:message_updated': (message: ChatMessage) => void;
};

type MessageRef = RoomEvent & { messageId: string };
type MessageAck = (answer: ChatAck<{ message: ChatMessage }>) => void;

/** Events this client sends, each with its acknowledgement. */
export type ChatClientEvents = {
  'chat:join': (room: RoomEvent, ack: (answer: ChatAck<RoomEvent>) => void) => void;
  'chat:leave': (room: RoomEvent, ack: (answer: ChatAck<RoomEvent>) => void) => void;
  'chat:typing': (typing: RoomEvent & { isTyping: boolean }, ack: (answer: ChatAck<object>) => void) => void;
  'chat:message': (
    message: RoomEvent & { content: string; type: 'text'; clientId: string; replyToId?: string },
    ack: (answer: ChatAck<{ message: ChatMessage }>) => void,
  ) => void;
  'chat:edit_message': (edit: MessageRef & { content: string }, ack: MessageAck) => void;
  'chat:delete_message': (target: MessageRef, ack: MessageAck) => void;
  'chat:react': (reaction: MessageRef & { emoji: ChatReactionEmoji; reacted: boolean }, ack: MessageAck) => void;
  'chat:mark_read': (read: RoomEvent & { seq: number }, ack: (answer: ChatAck<MarkChatReadResponse>) => void) => void;
};

export type ChatSocket = Socket<ChatServerEvents, ChatClientEvents>;

/** Spec §9: reconnect forever, 600 ms doubling up to 4000 ms; a connection attempt gives up after 9000 ms. */
export const chatSocketOptions = {
  transports: ['websocket', 'polling'],
  reconnection: true,
  reconnectionAttempts: Number.POSITIVE_INFINITY,
  reconnectionDelay: 600,
  reconnectionDelayMax: 4_000,
  timeout: 9_000,
} as const satisfies Partial<ManagerOptions & SocketOptions>;

/**
 * Opens the session's socket on /chats with the same three credentials HTTP calls carry (spec
 * §6, §7). The caller owns it and must `disconnect()` it when the session ends; nothing here keeps
 * a reference, so a socket never outlives the session that opened it.
 */
export function createChatSocket(tokens: Tokens, origin: string = window.location.origin): ChatSocket {
  return io(`${origin}${apiPaths.socketNamespace}`, {
    ...chatSocketOptions,
    transports: [...chatSocketOptions.transports],
    auth: {
      authorization: `Bearer ${tokens.token}`,
      controlSignature: tokens.controlSignature,
      hashToken: tokens.hashToken,
      // Each message once; the sender's receipt is derived from it (contract `chatEventModes`).
      events: 'compact' satisfies ChatEventMode,
    },
  });
}
