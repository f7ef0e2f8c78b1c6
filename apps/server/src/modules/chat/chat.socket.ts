import type { ChatMessage } from '@deckvalid/contract/chat';
import {
  chatRoomRefPayloadSchema,
  chatTypingPayloadSchema,
  markChatReadPayloadSchema,
  sendChatMessagePayloadSchema,
} from '@deckvalid/contract/chat';
import type { Logger } from 'pino';
import type { Namespace, Socket } from 'socket.io';
import type { SocketData } from '@/core/identity/socket-handshake';
import { AppError } from '@/lib/errors';
import { accountRoom } from '@/realtime/socket';
import { acknowledgedEvents } from '@/realtime/socket-events';
import type { ChatService, ReadMove } from './chat.service';

/** What other parts of the chat module tell the sockets: routes after a REST call, the service's callers. */
export type ChatFanout = {
  roomOpened(roomId: string, participantIds: string[]): void;
  messagesRead(read: ReadMove): void;
  /** The ties of these accounts changed: rooms may have opened or closed to new messages. */
  tiesChanged(accountIds: string[]): void;
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
  ) {}

  attach(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.on('connection', (socket) => this.serve(socket));
  }

  roomOpened(roomId: string, participantIds: string[]): void {
    this.namespace?.to(participantIds.map(accountRoom)).emit('chat:room_opened', { chatRoomId: roomId });
  }

  tiesChanged(accountIds: string[]): void {
    this.namespace?.to(accountIds.map(accountRoom)).emit('chat:rooms_changed', {});
  }

  messagesRead(read: ReadMove): void {
    const { participantIds, ...payload } = read;
    this.namespace?.to(participantIds.map(accountRoom)).emit('chat:messages_read', payload);
  }

  private messagePosted(message: ChatMessage, participantIds: string[]): void {
    const to = this.namespace?.to(participantIds.map(accountRoom));
    to?.emit('chat:new_message', message);
    // The same message under the name older clients listen for.
    to?.emit('chat:message', message);
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
      const posted = await this.chat.postMessage(principal, sendChatMessagePayloadSchema.parse(payload));
      // A retried send is answered from the database and not broadcast again.
      if (posted.created) this.messagePosted(posted.message, posted.participantIds);
      if (posted.read) this.messagesRead(posted.read);
      return { message: posted.message };
    });

    on(['chat:mark_read'], async (payload) => {
      const { chatRoomId, seq } = markChatReadPayloadSchema.parse(payload);
      const { answer, read } = await this.chat.markRead(principal, chatRoomId, seq);
      if (read) this.messagesRead(read);
      return answer;
    });
  }
}
