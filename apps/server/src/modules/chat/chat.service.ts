import type {
  ChatMessage,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatParticipant,
  ChatRoom,
  CreateGroupRoomBody,
  MarkChatReadResponse,
  SendChatMessagePayload,
} from '@deckvalid/contract/chat';
import { chatRateLimits } from '@deckvalid/contract/chat';
import type { Principal } from '@/core/identity/principal';
import type { RateLimiter } from '@/core/limits';
import { isDatabaseConnectionLost } from '@/db/connection-loss';
import { AppError } from '@/lib/errors';
import { GroupCommit, type ItemOutcome } from '@/lib/group-commit';
import { TtlCache } from '@/lib/ttl-cache';
import { canCreateGroupRoom, canOpenPrivateRoom, canPostToRoom, canReadRoom, type RoomSubject } from './chat.policy';
import type {
  ChatRepository,
  MessageRow,
  NewMessage,
  ParticipantRow,
  RoomWithParticipants,
  SentMessage,
  WatermarkMove,
} from './chat.repository';

/** Who is tied to whom (the interests module answers it). */
export type TieReader = {
  tiesOf(accountId: string, among?: string[]): Promise<Set<string>>;
  /** `tiesOf` for many accounts in one query, one set per question in order. */
  tiesAmong(questions: ReadonlyArray<{ accountId: string; among: string[] }>): Promise<Set<string>[]>;
};

/** Signed addresses of profile pictures (the storage module answers it). */
export type PictureUrls = { downloadUrl(key: string): Promise<string> };

/** A message as stored, with who is in its room, for the socket to fan out. */
export type PostedMessage = { message: ChatMessage; participantIds: string[]; created: boolean; read?: ReadMove };

/** A watermark that moved, and the messages it newly covers, for chat:messages_read. */
export type ReadMove = {
  chatRoomId: string;
  userId: string;
  readSeq: number;
  readAt: string;
  messageIds: string[];
  participantIds: string[];
};

/** A send that passed the membership check and waits for its batch. */
type PendingSend = NewMessage & { principal: Principal };

const notFound = () => new AppError('NOT_FOUND', 'This conversation does not exist.');

const dayMs = 24 * 60 * 60 * 1000;
const sendBucket = { perSecond: chatRateLimits.sendsPerSecond, burst: chatRateLimits.sendBurst };

/** RATE_LIMITED with the wait in whole seconds, in the message and in `details`. */
function rateLimited(sentence: string, retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('RATE_LIMITED', `${sentence} Try again in ${retryAfterSeconds} s.`, { retryAfterSeconds });
}

/**
 * Rooms, messages and read watermarks (docs/chat.md). Every call checks the chat policy; a
 * stranger to a room gets the same 404 as for a missing one.
 */
export class ChatService {
  /**
   * Rooms with their participants, as sending needs them: who is in a room changes only when
   * an account is deleted, and then its sessions end with it and the tie check (always read
   * fresh) refuses the others. Names may lag a rename by the TTL. Saves a query per message.
   */
  private readonly roomsForSending = new TtlCache<string, RoomWithParticipants>(60_000);
  // A lost connection fails the batch as a whole; any other failure is retried send by send.
  private readonly sends = new GroupCommit<PendingSend, PostedMessage>(
    (sends) => this.writeSends(sends),
    256,
    isDatabaseConnectionLost,
  );

  constructor(
    private readonly repo: ChatRepository,
    private readonly ties: TieReader,
    private readonly pictures: PictureUrls,
    private readonly limits: RateLimiter,
  ) {}

  async listRooms(principal: Principal): Promise<ChatRoom[]> {
    const [rooms, ties] = await Promise.all([
      this.repo.findRoomsOf(principal.accountId),
      this.ties.tiesOf(principal.accountId),
    ]);
    const lastMessages = await this.repo.findLastMessages(rooms);
    return Promise.all(rooms.map((room) => this.toRoom(principal, room, ties, lastMessages.get(room.id))));
  }

  /** POST /api/v1/chats/rooms/private: the pair's room, made on first ask. */
  async openPrivateRoom(principal: Principal, participantId: string): Promise<{ room: ChatRoom; created: boolean }> {
    const ties = await this.ties.tiesOf(principal.accountId);
    if (!canOpenPrivateRoom(principal, participantId, ties)) {
      throw new AppError(
        'FORBIDDEN',
        'You can message a founder or investor only while an interest ties you (pending or accepted).',
      );
    }
    const { roomId, created } = await this.repo.openPrivateRoom(principal.accountId, participantId);
    return { room: await this.describeRoom(principal, roomId, ties), created };
  }

  /** POST /api/v1/chats/rooms/group: the creator must be tied to everyone added. */
  async createGroupRoom(principal: Principal, body: CreateGroupRoomBody): Promise<ChatRoom> {
    const participantIds = [...new Set(body.participantIds)];
    const ties = await this.ties.tiesOf(principal.accountId);
    if (!canCreateGroupRoom(principal, participantIds, ties)) {
      throw new AppError(
        'FORBIDDEN',
        'You can add only founders or investors an interest ties you to (pending or accepted).',
      );
    }
    // Counted only once allowed: a room lands in other people's lists, so one account may not
    // fill them (an investor once made a founder a member of a thousand rooms).
    const made = await this.limits.hit(`chat-group-rooms:${principal.accountId}`, dayMs);
    if (made.count > chatRateLimits.groupRoomsPerDay) {
      throw rateLimited(`You can create ${chatRateLimits.groupRoomsPerDay} group conversations a day.`, made.resetInMs);
    }
    const roomId = await this.repo.createGroupRoom(principal.accountId, body.name, participantIds);
    return this.describeRoom(principal, roomId, ties);
  }

  /** The room as the caller sees it; 404 unless they are in it. */
  async getRoom(principal: Principal, roomId: string): Promise<ChatRoom> {
    return this.describeRoom(principal, roomId, await this.ties.tiesOf(principal.accountId));
  }

  async listMessages(principal: Principal, roomId: string, query: ChatMessagesQuery): Promise<ChatMessagesResponse> {
    const room = await this.requireMember(principal, roomId);
    const { rows, hasMore } =
      query.afterSeq === undefined
        ? await this.repo.findPage(roomId, query)
        : await this.repo.findAfter(roomId, query.afterSeq, query.limit);
    return { messages: rows.map((row) => toMessage(row, room.participants)), meta: { hasMore } };
  }

  /**
   * Stores a message once the policy allows it; a retried send (same client id) answers the
   * stored message and stores nothing. Sends go through group commit: those that arrive while a
   * batch is being written share the next one's tie check and its one insert statement.
   */
  async postMessage(principal: Principal, payload: SendChatMessagePayload): Promise<PostedMessage> {
    // Before any read: a flood from one account must cost it, not everyone else's sends.
    const take = await this.limits.take(`chat-sends:${principal.accountId}`, sendBucket);
    if (!take.isAllowed) throw rateLimited('You are sending messages too fast.', take.retryAfterMs);
    const cached = this.roomsForSending.get(payload.chatRoomId);
    const room =
      cached && canReadRoom(principal, subjectOf(cached))
        ? cached
        : await this.requireMember(principal, payload.chatRoomId);
    this.roomsForSending.set(room.id, room);
    const sender = room.participants.find((participant) => participant.accountId === principal.accountId);
    if (!sender) throw notFound();
    return this.sends.submit({ principal, room, sender, content: payload.content, clientId: payload.clientId });
  }

  /** One batch of sends: one tie query for all, the policy for each, one insert for the allowed. */
  private async writeSends(sends: PendingSend[]): Promise<ItemOutcome<PostedMessage>[]> {
    // Only the ties each room's rule reads: the sender among the room's other participants.
    const ties = await this.ties.tiesAmong(
      sends.map(({ principal, room }) => ({
        accountId: principal.accountId,
        among: room.participants.map((participant) => participant.accountId).filter((id) => id !== principal.accountId),
      })),
    );
    const allowed = sends.filter((send, index) =>
      canPostToRoom(send.principal, subjectOf(send.room), ties[index] ?? new Set()),
    );
    const stored = await this.repo.insertMessages(allowed);
    const outcomes = new Map(allowed.map((send, index) => [send, stored[index]]));
    return sends.map((send): ItemOutcome<PostedMessage> => {
      if (!outcomes.has(send)) {
        return {
          ok: false,
          error: new AppError('FORBIDDEN', 'This conversation is closed: the interest that tied you has ended.'),
        };
      }
      const sent = outcomes.get(send);
      if (!sent)
        return { ok: false, error: new AppError('CONFLICT', 'That client id was already used for another message.') };
      return { ok: true, value: toPosted(send, sent) };
    });
  }

  /** PUT /api/v1/chats/rooms/{roomId}/read and chat:mark_read: the watermark moves forward only. */
  async markRead(
    principal: Principal,
    roomId: string,
    seq: number | undefined,
  ): Promise<{ answer: MarkChatReadResponse; read?: ReadMove }> {
    const room = await this.requireMember(principal, roomId);
    const move = await this.repo.markRead(room.id, principal.accountId, seq);
    if (!move) throw notFound();
    const participantIds = room.participants.map((participant) => participant.accountId);
    const read = await this.readMove(room.id, principal.accountId, move, participantIds);
    return {
      answer: { chatRoomId: room.id, readSeq: move.current, unreadCount: Math.max(0, room.lastSeq - move.current) },
      ...(read ? { read } : {}),
    };
  }

  /** The room if the caller is in it; the same 404 for a missing room and a stranger. */
  async requireMember(principal: Principal, roomId: string): Promise<RoomWithParticipants> {
    const room = await this.repo.findRoomForMember(roomId, principal.accountId);
    if (!room || !canReadRoom(principal, subjectOf(room))) throw notFound();
    return room;
  }

  private async readMove(
    roomId: string,
    userId: string,
    move: WatermarkMove,
    participantIds: string[],
  ): Promise<ReadMove | undefined> {
    if (move.current <= move.previous) return undefined;
    const messageIds = await this.repo.findIdsReadBy(roomId, userId, move);
    if (messageIds.length === 0) return undefined;
    return {
      chatRoomId: roomId,
      userId,
      readSeq: move.current,
      readAt: move.readAt.toISOString(),
      messageIds,
      participantIds,
    };
  }

  private async describeRoom(principal: Principal, roomId: string, ties: ReadonlySet<string>): Promise<ChatRoom> {
    const room = await this.requireMember(principal, roomId);
    const lastMessages = await this.repo.findLastMessages([room]);
    return this.toRoom(principal, room, ties, lastMessages.get(room.id));
  }

  private async toRoom(
    principal: Principal,
    room: RoomWithParticipants,
    ties: ReadonlySet<string>,
    lastMessage: MessageRow | undefined,
  ): Promise<ChatRoom> {
    const me = room.participants.find((participant) => participant.accountId === principal.accountId);
    const readSeq = me?.readSeq ?? 0;
    const others = room.participants.filter((participant) => participant.accountId !== principal.accountId);
    return {
      id: room.id,
      name: room.name ?? (others.map((participant) => participant.name).join(', ') || 'Conversation closed'),
      type: room.type,
      participants: await Promise.all(room.participants.map((participant) => this.toParticipant(participant))),
      lastMessageAt: room.lastMessageAt?.toISOString() ?? null,
      lastMessage: lastMessage
        ? {
            content: lastMessage.content,
            seq: lastMessage.seq,
            senderId: lastMessage.senderId,
            createdAt: lastMessage.createdAt.toISOString(),
          }
        : null,
      lastSeq: room.lastSeq,
      // What one sends moves one's own watermark, so everything past it is someone else's.
      unreadCount: Math.max(0, room.lastSeq - readSeq),
      readSeq,
      readOnly: !canPostToRoom(principal, subjectOf(room), ties),
      createdAt: room.createdAt.toISOString(),
      updatedAt: room.updatedAt.toISOString(),
    };
  }

  private async toParticipant(participant: ParticipantRow): Promise<ChatParticipant> {
    return {
      id: participant.accountId,
      role: participant.role,
      name: participant.name,
      avatarUrl: participant.pictureKey ? await this.pictures.downloadUrl(participant.pictureKey) : null,
      userType: participant.role === 'investor' ? 'Investor' : 'User',
    };
  }
}

/** A stored send as the socket fans it out: the message with its receipts, and what it marked read. */
function toPosted({ principal, room }: PendingSend, stored: SentMessage): PostedMessage {
  const participantIds = room.participants.map((participant) => participant.accountId);
  // The sender's own watermark is now at their message; readBy comes from the others'.
  const participants = room.participants.map((participant) =>
    participant.accountId === principal.accountId
      ? { ...participant, readSeq: stored.senderWatermark.current, readAt: stored.senderWatermark.readAt }
      : participant,
  );
  // Sending covers what others sent since the sender's watermark: a receipt for those.
  const read: ReadMove | undefined =
    stored.coveredIds.length > 0
      ? {
          chatRoomId: room.id,
          userId: principal.accountId,
          readSeq: stored.senderWatermark.current,
          readAt: stored.senderWatermark.readAt.toISOString(),
          messageIds: stored.coveredIds,
          participantIds,
        }
      : undefined;
  return {
    message: toMessage(stored.message, participants),
    participantIds,
    created: stored.created,
    ...(read ? { read } : {}),
  };
}

function subjectOf(room: RoomWithParticipants): RoomSubject {
  return {
    type: room.type,
    createdBy: room.createdBy,
    participantIds: room.participants.map((participant) => participant.accountId),
  };
}

/** A stored message with its read receipts, derived from the other participants' watermarks. */
export function toMessage(row: MessageRow, participants: ParticipantRow[]): ChatMessage {
  return {
    id: row.id,
    chatRoomId: row.roomId,
    seq: row.seq,
    senderId: row.senderId,
    senderRole: row.senderRole,
    content: row.content,
    type: 'text',
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    readBy: participants
      .filter(
        (participant) => participant.accountId !== row.senderId && participant.readSeq >= row.seq && participant.readAt,
      )
      .map((participant) => ({ userId: participant.accountId, readAt: (participant.readAt as Date).toISOString() })),
    sender:
      row.senderId && row.senderName && row.senderRole
        ? { id: row.senderId, name: row.senderName, role: row.senderRole }
        : null,
  };
}
