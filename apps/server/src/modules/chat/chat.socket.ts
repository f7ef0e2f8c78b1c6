import {
  type ChatMessage,
  type ChatRoomLeft,
  chatRoomRefPayloadSchema,
  chatSocketEvents,
  chatTypingPayloadSchema,
  deleteChatMessagePayloadSchema,
  editChatMessagePayloadSchema,
  markChatReadPayloadSchema,
  reactChatMessagePayloadSchema,
  sendChatMessagePayloadSchema,
} from '@deckvalid/contract/chat';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import type { SocketData } from '@/core/identity/socket-handshake';
import { AppError } from '@/lib/errors';
import { accountRoom, fullEventsRoom } from '@/realtime/socket';
import { acknowledgedEvents } from '@/realtime/socket-events';
import type { ChatMetrics } from './chat.metrics';
import type { ChangedMessage, ChatService, PostedMessage, ReadMove } from './chat.service';
import type { RoomLeft } from './membership.service';

/** What other parts of the chat module tell the sockets: routes after a REST call, the service's callers. */
export type ChatFanout = {
  roomOpened(roomId: string, participantIds: string[]): void;
  messagesRead(read: ReadMove): void;
  /** The ties of these accounts changed: rooms may have opened or closed to new messages. */
  tiesChanged(accountIds: string[]): void;
  /** Memberships ended: those who left are out of the rooms at once; who stays re-reads them. */
  roomsLeft(left: RoomLeft[]): void;
  /** Something of these accounts' rooms changed for them alone (a mute): re-read the list. */
  roomsChanged(accountIds: string[]): void;
  /** Messages stored outside a send (the copilot's exchanges): every tab of the members hears them. */
  messagesStored(messages: ChatMessage[], participantIds: string[]): void;
  /** A message edited, deleted or reacted to: every tab of the members hears it as it is now. */
  messageChanged(changed: ChangedMessage): void;
};

/** The socket channel of a room: sockets that have it open (presence and typing). */
export const roomChannel = (roomId: string) => `chat:${roomId}`;

/**
 * The chat events of the /chats namespace (spec §7). Messages and read receipts go to every
 * participant's account room, so each of a person's tabs hears them whether or not it has the
 * room open (unread badges, notifications); presence and typing go to the sockets that joined
 * the room. Every event is parsed by its schema and checked by the chat policy, as REST calls are.
 */
export class ChatSockets implements ChatFanout {
  private namespace: Namespace | undefined;

  constructor(
    private readonly chat: ChatService,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    private readonly metrics: Pick<ChatMetrics, 'deliverySeconds'>,
  ) {}

  attach(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.on('connection', (socket) => this.serve(socket));
  }

  roomOpened(roomId: string, participantIds: string[]): void {
    this.namespace?.to(participantIds.map(accountRoom)).emit('chat:room_opened', { chatRoomId: roomId });
  }

  tiesChanged(accountIds: string[]): void {
    this.roomsChanged(accountIds);
  }

  roomsChanged(accountIds: string[]): void {
    if (accountIds.length > 0) this.namespace?.to(accountIds.map(accountRoom)).emit('chat:rooms_changed', {});
  }

  /**
   * Every socket of the account, on every process (through the adapter), leaves the room's channel
   * before it is told: no typing or presence of the room reaches it after. Messages already stop
   * at the database, which no longer counts them as a member.
   */
  roomsLeft(left: RoomLeft[]): void {
    const namespace = this.namespace;
    if (!namespace) return;
    for (const { chatRoomId, accountId, reason, remainingIds } of left) {
      const sockets = namespace.in(accountRoom(accountId));
      // The Redis adapter applies a cluster-wide leave only when its request comes back from
      // Redis, even on this process, and this process's broadcasts go out at once: without the
      // local leave first, typing could still reach a socket already told it left. Elsewhere the
      // request travels ahead of the announcement on the same Redis connection, so it lands first.
      sockets.local.socketsLeave(roomChannel(chatRoomId));
      sockets.socketsLeave(roomChannel(chatRoomId));
      const payload: ChatRoomLeft = { chatRoomId, reason };
      namespace.to(accountRoom(accountId)).emit(chatSocketEvents.roomLeft, payload);
      this.roomsChanged(remainingIds);
    }
  }

  messagesRead(read: ReadMove): void {
    const { participantIds, ...payload } = read;
    this.namespace?.to(participantIds.map(accountRoom)).emit('chat:messages_read', payload);
  }

  /**
   * A stored message, to every socket of its members; `full` sockets also hear it under its
   * second name and hear what the send marked read, which `compact` ones derive from the message
   * (contract `chatEventModes`): in a busy room these two frames were two thirds of the writes.
   */
  messagesStored(messages: ChatMessage[], participantIds: string[]): void {
    const namespace = this.namespace;
    if (!namespace || participantIds.length === 0) return;
    for (const message of messages) {
      namespace.to(participantIds.map(accountRoom)).emit('chat:new_message', message);
      namespace.to(participantIds.map(fullEventsRoom)).emit('chat:message', message);
    }
  }

  /**
   * To every socket of the members, on every process (the adapter carries it), as a new message
   * goes. A client that missed it (a process died between commit and broadcast) sees the hole in
   * the room's change numbers, or catches up on changes when it reconnects (docs/chat.md).
   */
  messageChanged({ message, participantIds, isChanged }: ChangedMessage): void {
    if (!isChanged || participantIds.length === 0) return;
    this.namespace?.to(participantIds.map(accountRoom)).emit(chatSocketEvents.messageUpdated, message);
  }

  private messagePosted(posted: PostedMessage): void {
    const namespace = this.namespace;
    if (!namespace) return;
    const { message, participantIds, read } = posted;
    namespace.to(participantIds.map(accountRoom)).emit('chat:new_message', message);
    const full = namespace.to(participantIds.map(fullEventsRoom));
    full.emit('chat:message', message);
    if (read) {
      const { chatRoomId, userId, readSeq, readAt, messageIds } = read;
      full.emit('chat:messages_read', { chatRoomId, userId, readSeq, readAt, messageIds });
    }
  }

  private serve(socket: Socket): void {
    const { principal } = socket.data as SocketData;
    const on = acknowledgedEvents(socket, this.logger);

    on(['chat:join', 'joinRoom'], async (payload) => {
      const roomId = chatRoomRefPayloadSchema.parse(payload);
      await this.chat.requireMember(principal, roomId);
      await socket.join(roomChannel(roomId));
      socket.emit('chat:joined', { chatRoomId: roomId });
      socket
        .to(roomChannel(roomId))
        .emit('chat:user_joined', { chatRoomId: roomId, userId: principal.accountId, userName: principal.user.name });
      return { chatRoomId: roomId };
    });

    on(['chat:leave', 'leaveRoom'], async (payload) => {
      const roomId = chatRoomRefPayloadSchema.parse(payload);
      if (!socket.rooms.has(roomChannel(roomId))) return { chatRoomId: roomId };
      await socket.leave(roomChannel(roomId));
      socket
        .to(roomChannel(roomId))
        .emit('chat:user_left', { chatRoomId: roomId, userId: principal.accountId, userName: principal.user.name });
      return { chatRoomId: roomId };
    });

    on(['chat:typing'], async (payload) => {
      const { chatRoomId, isTyping } = chatTypingPayloadSchema.parse(payload);
      // Only a socket that joined the room (after the membership check) may type in it.
      if (!socket.rooms.has(roomChannel(chatRoomId))) throw new AppError('NOT_FOUND', 'Open the conversation first.');
      socket.to(roomChannel(chatRoomId)).emit('chat:user_typing', {
        chatRoomId,
        userId: principal.accountId,
        userName: principal.user.name,
        isTyping,
      });
      return {};
    });

    on(['chat:message'], async (payload) => {
      const arrivedAt = performance.now();
      const posted = await this.chat.postMessage(principal, sendChatMessagePayloadSchema.parse(payload));
      // A retried send is answered from the database and not broadcast again.
      if (posted.created) {
        this.messagePosted(posted);
        this.metrics.deliverySeconds.observe((performance.now() - arrivedAt) / 1000);
      }
      return { message: posted.message };
    });

    on([chatSocketEvents.editMessage], async (payload) => {
      const { chatRoomId, messageId, content } = editChatMessagePayloadSchema.parse(payload);
      const changed = await this.chat.editMessage(principal, chatRoomId, messageId, content);
      this.messageChanged(changed);
      return { message: changed.message };
    });

    on([chatSocketEvents.deleteMessage], async (payload) => {
      const { chatRoomId, messageId } = deleteChatMessagePayloadSchema.parse(payload);
      const changed = await this.chat.deleteMessage(principal, chatRoomId, messageId);
      this.messageChanged(changed);
      return { message: changed.message };
    });

    on([chatSocketEvents.react], async (payload) => {
      const { chatRoomId, messageId, emoji, reacted } = reactChatMessagePayloadSchema.parse(payload);
      const changed = await this.chat.reactToMessage(principal, chatRoomId, messageId, { emoji, reacted });
      this.messageChanged(changed);
      return { message: changed.message };
    });

    on(['chat:mark_read'], async (payload) => {
      const { chatRoomId, seq } = markChatReadPayloadSchema.parse(payload);
      const { answer, read } = await this.chat.markRead(principal, chatRoomId, seq);
      if (read) this.messagesRead(read);
      return answer;
    });
  }
}
