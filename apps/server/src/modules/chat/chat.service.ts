import type {
  ChatMessage,
  ChatMessagesQuery,
  ChatMessagesResponse,
  ChatParticipant,
  ChatReaction,
  ChatReplyTo,
  ChatRoom,
  ChatRoomsQuery,
  ChatRoomsResponse,
  CreateGroupRoomBody,
  MarkChatReadResponse,
  SendChatMessagePayload,
} from '@deckvalid/contract/chat';
import { chatLimits, chatRateLimits, chatReactionEmoji } from '@deckvalid/contract/chat';
import { findMentions } from '@deckvalid/contract/mentions';
import { pageMeta } from '@deckvalid/contract/pagination';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import type { RateLimiter } from '@/core/limits';
import { isDatabaseConnectionLost } from '@/db/connection-loss';
import { AppError } from '@/lib/errors';
import { GroupCommit, type ItemOutcome } from '@/lib/group-commit';
import { TtlCache } from '@/lib/ttl-cache';
import type { ChatMetrics } from './chat.metrics';
import {
  canAskInBotRoom,
  canChangeOwnMessage,
  canCreateGroupRoom,
  canJoinRoom,
  canOpenPrivateRoom,
  canPostToRoom,
  canReactToMessage,
  canReadRoom,
  type RoomSubject,
} from './chat.policy';
import type {
  ChatRepository,
  MessageChange,
  MessageRow,
  NewMessage,
  ParticipantRow,
  ReactionRow,
  ReplyTargetRow,
  RoomWithParticipants,
  SentMessage,
  WatermarkMove,
} from './chat.repository';
import type { KeptTies } from './kept-ties';

/** Who is tied to whom: an interest (the interests module answers it) or a mentorship (mentors). */
export type TieReader = {
  tiesOf(accountId: string, among?: string[]): Promise<Set<string>>;
  /** Every tie of each account named, in one query that needs nothing read before it. */
  tiesOfEach(accountIds: string[]): Promise<Map<string, Set<string>>>;
};

/** Ties of several kinds read as one: two accounts are tied while any kind ties them. */
export function tiesOfAnyKind(...readers: TieReader[]): TieReader {
  return {
    tiesOf: async (accountId, among) => {
      const sets = await Promise.all(readers.map((reader) => reader.tiesOf(accountId, among)));
      return new Set(sets.flatMap((set) => [...set]));
    },
    tiesOfEach: async (accountIds) => {
      const maps = await Promise.all(readers.map((reader) => reader.tiesOfEach(accountIds)));
      return new Map(accountIds.map((id) => [id, new Set(maps.flatMap((map) => [...(map.get(id) ?? [])]))] as const));
    },
  };
}

/** Signed addresses of profile pictures (the storage module answers it). */
export type PictureUrls = { downloadUrl(key: string): Promise<string> };

/** A message as stored, with who is in its room, for the socket to fan out. */
export type PostedMessage = {
  message: ChatMessage;
  participantIds: string[];
  created: boolean;
  read?: ReadMove;
  /** The members its text mentions (`@Name`), the sender never among them. */
  mentionedIds?: string[];
  /** The room's name for the mention's news: a group's own, or null for a private room. */
  roomName?: string | null;
  roomType?: RoomWithParticipants['type'];
};

/**
 * A message as an edit, a deletion or a reaction left it, who hears of it, and whether the
 * change changed anything (a repeat is answered, not told again).
 */
export type ChangedMessage = { message: ChatMessage; participantIds: string[]; isChanged: boolean };

/** A watermark that moved, and the messages it newly covers, for chat:messages_read. */
export type ReadMove = {
  chatRoomId: string;
  userId: string;
  readSeq: number;
  readAt: string;
  messageIds: string[];
  participantIds: string[];
};

/** A send waiting for its batch, which checks membership and ties for all its sends at once. */
type PendingSend = {
  principal: Principal;
  chatRoomId: string;
  content: string;
  clientId: string | undefined;
  replyToId: string | undefined;
  /** What the reply shows of the message it answers, read when the send was checked. */
  replyTo: ChatReplyTo | null;
};

/** A send allowed on its room as the batch decided it (the insert checks the room's members again). */
type MemberSend = NewMessage & { principal: Principal; replyTo: ChatReplyTo | null };

/** How long a room read for sends is kept, and how many: a busy server's active rooms. */
const sendRoomsTtlMs = 60_000;
const sendRoomsKept = 10_000;

/**
 * Tries of one batch's sends: the first on kept rooms, then afresh. A send is tried again only
 * when its room's members changed between the read and the insert, which two fresh tries in a
 * row would need another change each time to meet.
 */
const maxSendAttempts = 3;
const roomChangingSentence = 'The conversation changed while your message was being sent. Send it again.';

const notFound = () => new AppError('NOT_FOUND', 'This conversation does not exist.');
const messageNotFound = () => new AppError('NOT_FOUND', 'This message does not exist.');

/** What a former member is told when they try to take part: the room still shows for them, so say why. */
const leftSentences = {
  tie_ended: 'This conversation is closed: the interest or mentorship that tied you has ended.',
  removed: 'You were removed from this conversation; you can still read it up to then.',
  left: 'You left this conversation; you can still read it up to then.',
} as const;

/** A send to the copilot's room: questions go to POST /api/v1/ai/chat, which stores and answers them. */
const botRoomSentence = 'Ask the copilot in its own box: messages to it are sent as questions, not chat messages.';

const dayMs = 24 * 60 * 60 * 1000;

/**
 * A send the group commit could not write within this long, at the rate it has been writing, is
 * refused at once as overload: well inside the 9 s the web waits for an acknowledgement, so the
 * sender hears "try again in n s" instead of nothing, and the database is not handed more than it
 * can write.
 */
export const chatSendQueueMs = 2_000;

/** UNAVAILABLE with the wait in whole seconds: the queue of sends is longer than it can write in time. */
export function chatOverloaded(retryAfterMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError('UNAVAILABLE', `Chat is very busy right now; your message will go in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
  });
}
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
  private readonly sends: GroupCommit<PendingSend, PostedMessage>;
  private readonly senderTies: KeptTies;
  private readonly metrics: ChatMetrics;

  /**
   * Rooms with their members as batches of sends read them, so that a busy room is not read
   * again for every batch. Never trusted alone: the insert stores a message only while the room's
   * members are still these, and a refusal is decided again on the room read afresh.
   */
  private readonly sendRooms = new TtlCache<string, RoomWithParticipants>(sendRoomsTtlMs, sendRoomsKept);

  constructor(
    private readonly repo: ChatRepository,
    private readonly ties: TieReader,
    private readonly pictures: PictureUrls,
    private readonly limits: RateLimiter,
    private readonly events: Pick<EventBus, 'emit'>,
    {
      senderTies,
      databaseIsServer,
      metrics,
    }: {
      /** The senders' ties, kept between batches of sends. */
      senderTies: KeptTies;
      /** Where sends, refusals and batch sizes are counted. */
      metrics: ChatMetrics;
      /** Whether the database is a server (PostgreSQL): the next batch of sends is written while one's answers go out. */
      databaseIsServer: boolean;
    },
  ) {
    this.senderTies = senderTies;
    this.metrics = metrics;
    // A lost connection fails the batch as a whole; any other failure is retried send by send.
    this.sends = new GroupCommit(
      (sends) => {
        metrics.batchSize.observe(sends.length);
        return this.writeSends(sends);
      },
      {
        isBatchWide: isDatabaseConnectionLost,
        overlap: databaseIsServer,
        maxQueueMs: chatSendQueueMs,
        overloaded: (retryAfterMs) => {
          metrics.refused.inc();
          return chatOverloaded(retryAfterMs);
        },
      },
    );
  }

  /** GET /api/v1/chats/rooms: one page of the rooms the caller is or was in. */
  async listRooms(principal: Principal, query: ChatRoomsQuery): Promise<ChatRoomsResponse> {
    const [{ rooms, total }, ties] = await Promise.all([
      this.repo.findRoomsOf(principal.accountId, query),
      this.ties.tiesOf(principal.accountId),
    ]);
    const lastMessages = await this.repo.findLastMessages(
      rooms.map((room) => ({ id: room.id, lastSeq: visibleLastSeq(principal, room) })),
    );
    return {
      rooms: await Promise.all(rooms.map((room) => this.toRoom(principal, room, ties, lastMessages.get(room.id)))),
      meta: pageMeta(query, total),
    };
  }

  /**
   * POST /api/v1/chats/rooms/private: the pair's room, made on first ask; `reopened` when a side
   * that had left it (the tie had ended) is back in it.
   */
  async openPrivateRoom(
    principal: Principal,
    participantId: string,
  ): Promise<{ room: ChatRoom; created: boolean; reopened: boolean }> {
    const ties = await this.ties.tiesOf(principal.accountId);
    if (!canOpenPrivateRoom(principal, participantId, ties)) {
      throw new AppError(
        'FORBIDDEN',
        'You can message a founder or investor only while an interest ties you (pending or accepted).',
      );
    }
    const { roomId, created, rejoined } = await this.repo.openPrivateRoom(principal.accountId, participantId);
    return { room: await this.describeRoom(principal, roomId, ties), created, reopened: rejoined };
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

  /** History, for members and, up to their leave, for those who left. */
  async listMessages(principal: Principal, roomId: string, query: ChatMessagesQuery): Promise<ChatMessagesResponse> {
    const room = await this.requireReader(principal, roomId);
    const upToSeq = membershipOf(principal, room)?.leftSeq ?? undefined;
    // Read before the messages: a change after it is either in them or numbered above it, so a
    // catch-up of changes from here misses nothing (docs/chat.md, "Edits, deletions, reactions").
    const lastRev = await this.repo.findLastRev(roomId);
    const { rows, hasMore } =
      query.changedAfterRev !== undefined
        ? await this.repo.findChangedAfter(roomId, query.changedAfterRev, query.limit, upToSeq)
        : query.afterSeq === undefined
          ? await this.repo.findPage(roomId, query, upToSeq)
          : await this.repo.findAfter(roomId, query.afterSeq, query.limit, upToSeq);
    return { messages: await describeMessages(this.repo, rows, room.participants), meta: { hasMore, lastRev } };
  }

  /** PATCH …/messages/{messageId} and chat:edit_message: the author rewrites their message. */
  editMessage(principal: Principal, roomId: string, messageId: string, content: string): Promise<ChangedMessage> {
    return this.changeMessage(principal, roomId, messageId, { kind: 'edit', authorId: principal.accountId, content });
  }

  /** DELETE …/messages/{messageId} and chat:delete_message: the author deletes it; it keeps its place. */
  deleteMessage(principal: Principal, roomId: string, messageId: string): Promise<ChangedMessage> {
    return this.changeMessage(principal, roomId, messageId, { kind: 'delete', authorId: principal.accountId });
  }

  /** PUT …/messages/{messageId}/reactions and chat:react: a member's reaction, on or off. */
  reactToMessage(
    principal: Principal,
    roomId: string,
    messageId: string,
    { emoji, reacted }: { emoji: string; reacted: boolean },
  ): Promise<ChangedMessage> {
    return this.changeMessage(principal, roomId, messageId, {
      kind: 'react',
      accountId: principal.accountId,
      emoji,
      reacted,
    });
  }

  /**
   * One change to one message, after the policy allowed it: a stranger to the room gets the
   * room's 404, a former member why they may not, a message of another room the message's 404.
   * Answers the message as it is now; `rev` moved only if the change changed something (a
   * reaction toggled on twice is stored once and told once).
   */
  private async changeMessage(
    principal: Principal,
    roomId: string,
    messageId: string,
    change: MessageChange,
  ): Promise<ChangedMessage> {
    // Changes share the sends' bucket: each is told to every member's tabs, as a message is.
    const take = await this.limits.take(`chat-sends:${principal.accountId}`, sendBucket);
    if (!take.isAllowed) throw rateLimited('You are changing messages too fast.', take.retryAfterMs);
    const room = await this.requireMember(principal, roomId);
    const before = await this.repo.findMessageInRoom(room.id, messageId);
    if (!before) throw messageNotFound();
    if (change.kind === 'react') {
      if (!canReactToMessage(principal, subjectOf(room), before))
        throw new AppError('CONFLICT', 'A deleted message takes no reactions.');
    } else if (!canChangeOwnMessage(principal, subjectOf(room), before)) {
      throw before.deletedAt
        ? new AppError('CONFLICT', 'This message was deleted.')
        : new AppError('FORBIDDEN', `Only its author may ${change.kind} a message.`);
    }
    const rev = await this.repo.changeMessage(room.id, messageId, change);
    const after = await this.repo.findMessageInRoom(room.id, messageId);
    if (!after) throw messageNotFound();
    const [message] = await describeMessages(this.repo, [after], room.participants);
    return { message: message as ChatMessage, participantIds: memberIdsOf(room), isChanged: rev !== null };
  }

  /**
   * Stores a message once the policy allows it; a retried send (same client id) answers the
   * stored message and stores nothing. Sends go through group commit: those that arrive while a
   * batch is being written share the next one's membership read, tie check and insert statement.
   */
  async postMessage(principal: Principal, payload: SendChatMessagePayload): Promise<PostedMessage> {
    // Before any read: a flood from one account must cost it, not everyone else's sends.
    const take = await this.limits.take(`chat-sends:${principal.accountId}`, sendBucket);
    if (!take.isAllowed) throw rateLimited('You are sending messages too fast.', take.retryAfterMs);
    const { chatRoomId, content, clientId, replyToId } = payload;
    const replyTo = replyToId === undefined ? null : await this.replyTargetFor(principal, chatRoomId, replyToId);
    const posted = await this.sends.submit({ principal, chatRoomId, content, clientId, replyToId, replyTo });
    if (posted.created) this.metrics.sent.inc();
    // A retried send was announced by its first try.
    if (posted.created && posted.mentionedIds && posted.mentionedIds.length > 0) {
      this.events.emit('chat.mentioned', {
        chatRoomId,
        messageId: posted.message.id,
        seq: posted.message.seq,
        senderId: principal.accountId,
        senderName: posted.message.sender?.name ?? principal.user.name,
        roomName: posted.roomName ?? null,
        roomType: posted.roomType ?? 'private',
        mentionedIds: posted.mentionedIds,
      });
    }
    return posted;
  }

  /**
   * What a reply shows of the message it answers, once the sender is a member: a message of the
   * same room (of another, or none, is refused), deleted or not.
   */
  private async replyTargetFor(principal: Principal, roomId: string, replyToId: string): Promise<ChatReplyTo> {
    const room = await this.requireMember(principal, roomId);
    const target = (await this.repo.findReplyTargets([replyToId])).get(replyToId);
    if (!target || target.roomId !== room.id) {
      throw new AppError('VALIDATION_FAILED', 'You can reply only to a message of this conversation.');
    }
    return replyToOf(target);
  }

  /**
   * One batch of sends. A first try decides each send on its room and its sender's ties as kept
   * from earlier batches (read only where missing), and stores the allowed in one insert, which
   * stores a message only while its room's members are those it was decided on. What that try did
   * not settle (a room that changed, a refusal decided on something kept) is decided again on
   * rooms and ties read afresh: a refusal always stands on what the database holds now, and a
   * message reaches exactly the members it was stored among (docs/chat.md).
   */
  private async writeSends(sends: PendingSend[]): Promise<ItemOutcome<PostedMessage>[]> {
    const outcomes: ItemOutcome<PostedMessage>[] = new Array(sends.length);
    let open = sends.map((_, index) => index);
    for (let attempt = 1; open.length > 0; attempt++) {
      const tried = await this.trySends(
        open.map((index) => sends[index] as PendingSend),
        attempt === 1 ? 'kept' : 'fresh',
      );
      const again: number[] = [];
      tried.forEach((outcome, position) => {
        const index = open[position] as number;
        if (outcome !== 'decideAgain') outcomes[index] = outcome;
        else if (attempt < maxSendAttempts) again.push(index);
        else outcomes[index] = { ok: false, error: new AppError('CONFLICT', roomChangingSentence) };
      });
      open = again;
    }
    return outcomes;
  }

  /**
   * One try of a batch's sends, on what is `kept` (read where missing) or read `fresh`: the rooms
   * and the senders' ties side by side, then one insert. A try costs at most two round trips, and
   * one when everything was kept.
   */
  private async trySends(
    sends: PendingSend[],
    source: 'kept' | 'fresh',
  ): Promise<(ItemOutcome<PostedMessage> | 'decideAgain')[]> {
    const roomIds = [...new Set(sends.map((send) => send.chatRoomId))];
    const keptRooms = new Map<string, RoomWithParticipants>();
    if (source === 'kept') {
      for (const id of roomIds) {
        const room = this.sendRooms.get(id);
        if (room) keptRooms.set(id, room);
      }
    }
    const [readRooms, senderTies] = await Promise.all([
      this.repo.findRoomsByIds(roomIds.filter((id) => !keptRooms.has(id))),
      this.senderTies.tiesOfEach([...new Set(sends.map((send) => send.principal.accountId))], {
        fresh: source === 'fresh',
      }),
    ]);
    for (const [id, room] of readRooms) this.sendRooms.set(id, room);
    const wasKept = (send: PendingSend) =>
      keptRooms.has(send.chatRoomId) || !senderTies.readNow.has(send.principal.accountId);

    const decided = sends.map((send): MemberSend | AppError => {
      const room = keptRooms.get(send.chatRoomId) ?? readRooms.get(send.chatRoomId);
      const sender = room && membershipOf(send.principal, room);
      if (!room || !sender) return notFound();
      const refusal = membershipRefusal(send.principal, room);
      if (refusal) return refusal;
      const ties = senderTies.ties.get(send.principal.accountId) ?? new Set<string>();
      if (!canPostToRoom(send.principal, subjectOf(room), ties)) {
        // The copilot's room takes questions through the copilot's ask, which answers them.
        return new AppError('FORBIDDEN', room.type === 'bot' ? botRoomSentence : leftSentences.tie_ended);
      }
      return { ...send, room, sender };
    });
    const allowed = decided.filter((decision): decision is MemberSend => !(decision instanceof AppError));
    const stored = allowed.length === 0 ? [] : await this.repo.insertMessages(allowed);
    const storedBySend = new Map(allowed.map((send, index) => [send, stored[index]]));
    return decided.map((decision, index) => {
      if (decision instanceof AppError) {
        // A refusal stands only when decided on what is now: a kept room may be one the sender
        // has joined again since, kept ties may miss an interest shown since.
        return wasKept(sends[index] as PendingSend) ? 'decideAgain' : { ok: false, error: decision };
      }
      const outcome = storedBySend.get(decision);
      if (outcome === 'roomChanged') {
        this.sendRooms.delete(decision.room.id);
        return 'decideAgain';
      }
      if (outcome === 'clientIdTaken' || outcome === undefined) {
        return { ok: false, error: new AppError('CONFLICT', 'That client id was already used for another message.') };
      }
      return { ok: true, value: toPosted(decision, outcome) };
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
    // What told of the unread messages (an inbox notification) is read with them.
    if (move.current > move.previous)
      this.events.emit('chat.read', { accountId: principal.accountId, chatRoomId: room.id });
    const read = await this.readMove(room.id, principal.accountId, move, memberIdsOf(room));
    const isMuted = membershipOf(principal, room)?.mutedAt != null;
    return {
      answer: {
        chatRoomId: room.id,
        readSeq: move.current,
        unreadCount: isMuted ? 0 : Math.max(0, room.lastSeq - move.current),
      },
      ...(read ? { read } : {}),
    };
  }

  /**
   * The room if the caller is a member now: joining, typing, marking read, muting. One who left
   * is refused with why (the room still shows for them); a stranger gets the 404 of a missing room.
   */
  async requireMember(principal: Principal, roomId: string): Promise<RoomWithParticipants> {
    const room = await this.requireReader(principal, roomId);
    const refusal = membershipRefusal(principal, room);
    if (refusal) throw refusal;
    return room;
  }

  /** The room if the caller may read its history: a member, or one who left (up to the leave). */
  async requireReader(principal: Principal, roomId: string): Promise<RoomWithParticipants> {
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
    const room = await this.requireReader(principal, roomId);
    const lastMessages = await this.repo.findLastMessages([{ id: room.id, lastSeq: visibleLastSeq(principal, room) }]);
    return this.toRoom(principal, room, ties, lastMessages.get(room.id));
  }

  private async toRoom(
    principal: Principal,
    room: RoomWithParticipants,
    ties: ReadonlySet<string>,
    lastMessage: MessageRow | undefined,
  ): Promise<ChatRoom> {
    const me = membershipOf(principal, room);
    const readSeq = me?.readSeq ?? 0;
    const hasLeft = me?.leftAt != null;
    const lastSeq = visibleLastSeq(principal, room);
    // A private room keeps the other side's name after they left it.
    const others = room.participants.filter((participant) => participant.accountId !== principal.accountId);
    // Members now, and the caller if they left: who left before is no longer in the room.
    const shown = room.participants.filter((participant) => participant.leftAt === null || participant === me);
    return {
      id: room.id,
      name: room.name ?? (others.map((participant) => participant.name).join(', ') || 'Conversation closed'),
      type: room.type,
      createdBy: room.createdBy,
      participants: await Promise.all(shown.map((participant) => this.toParticipant(participant))),
      lastMessageAt: hasLeft
        ? (lastMessage?.createdAt.toISOString() ?? null)
        : (room.lastMessageAt?.toISOString() ?? null),
      lastMessage: lastMessage
        ? {
            content: lastMessage.content,
            seq: lastMessage.seq,
            senderId: lastMessage.senderId,
            createdAt: lastMessage.createdAt.toISOString(),
          }
        : null,
      lastSeq,
      lastRev: room.lastRev,
      // What one sends moves one's own watermark, so everything past it is someone else's. A room
      // muted or left counts nothing: the badge is for rooms one takes part in and listens to.
      unreadCount: hasLeft || me?.mutedAt != null ? 0 : Math.max(0, lastSeq - readSeq),
      readSeq,
      // One's own copilot room takes questions (through the copilot's ask, not a send).
      readOnly: !canPostToRoom(principal, subjectOf(room), ties) && !canAskInBotRoom(principal, subjectOf(room)),
      muted: me?.mutedAt != null,
      leftAt: me?.leftAt?.toISOString() ?? null,
      leftReason: me?.leftReason ?? null,
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
function toPosted({ principal, room, replyTo }: MemberSend, stored: SentMessage): PostedMessage {
  // Delivered to the members as this batch read them; those who left hear nothing more.
  const participantIds = memberIdsOf(room);
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
  // Mentions are decided among the members the message was stored among, never from ids a client sent.
  const mentionable = room.participants
    .filter((participant) => participant.leftAt === null && participant.accountId !== principal.accountId)
    .map((participant) => ({ id: participant.accountId, name: participant.name }));
  const message = toMessage(stored.message, participants);
  return {
    message: stored.created ? { ...message, replyTo } : message,
    participantIds,
    created: stored.created,
    ...(read ? { read } : {}),
    mentionedIds: findMentions(stored.message.content, mentionable),
    roomName: room.type === 'group' ? room.name : null,
    roomType: room.type,
  };
}

/** What a reply shows of the message it answers. */
function replyToOf(target: ReplyTargetRow): ChatReplyTo {
  const isDeleted = target.deletedAt !== null;
  const text = target.content.replace(/\s+/g, ' ').trim();
  return {
    id: target.id,
    seq: target.seq,
    senderName: target.senderName,
    excerpt:
      isDeleted || text.length <= chatLimits.replyExcerptLength
        ? isDeleted
          ? ''
          : text
        : `${text.slice(0, chatLimits.replyExcerptLength - 1).trimEnd()}…`,
    isDeleted,
  };
}

/** Reactions of one message in the contract's emoji order, with who reacted, earliest first. */
function reactionsOf(rows: ReactionRow[]): ChatReaction[] {
  return chatReactionEmoji.flatMap((emoji) => {
    const accountIds = rows.filter((row) => row.emoji === emoji).map((row) => row.accountId);
    return accountIds.length > 0 ? [{ emoji, count: accountIds.length, accountIds }] : [];
  });
}

/**
 * Stored messages as the contract carries them, with what a reply shows of its target and each
 * message's reactions: two reads for any number of messages.
 */
export async function describeMessages(
  repo: Pick<ChatRepository, 'findReplyTargets' | 'findReactions'>,
  rows: MessageRow[],
  participants: ParticipantRow[],
): Promise<ChatMessage[]> {
  const replyIds = rows.flatMap((row) => (row.replyToId ? [row.replyToId] : []));
  const [targets, reactions] = await Promise.all([
    repo.findReplyTargets(replyIds),
    repo.findReactions(rows.filter((row) => row.deletedAt === null).map((row) => row.id)),
  ]);
  return rows.map((row) => {
    const target = row.replyToId ? targets.get(row.replyToId) : undefined;
    return {
      ...toMessage(row, participants),
      replyTo: target ? replyToOf(target) : null,
      reactions: reactionsOf(reactions.filter((reaction) => reaction.messageId === row.id)),
    };
  });
}

/** The room as the chat policies read it. */
export function subjectOf(room: RoomWithParticipants): RoomSubject {
  return {
    type: room.type,
    createdBy: room.createdBy,
    participantIds: memberIdsOf(room),
    formerIds: room.participants
      .filter((participant) => participant.leftAt !== null)
      .map((participant) => participant.accountId),
  };
}

/** Who is in the room now: who hears it. */
export function memberIdsOf(room: RoomWithParticipants): string[] {
  return room.participants
    .filter((participant) => participant.leftAt === null)
    .map((participant) => participant.accountId);
}

/** The caller's participant row, current or ended. */
function membershipOf(principal: Principal, room: RoomWithParticipants): ParticipantRow | undefined {
  return room.participants.find((participant) => participant.accountId === principal.accountId);
}

/** The newest seq the caller may read: the room's, or the last before they left. */
function visibleLastSeq(principal: Principal, room: RoomWithParticipants): number {
  const leftSeq = membershipOf(principal, room)?.leftSeq;
  return leftSeq == null ? room.lastSeq : Math.min(leftSeq, room.lastSeq);
}

/** Why the caller may not take part in the room (undefined when they may): left, or a stranger. */
function membershipRefusal(principal: Principal, room: RoomWithParticipants): AppError | undefined {
  const subject = subjectOf(room);
  if (canJoinRoom(principal, subject)) return undefined;
  if (!canReadRoom(principal, subject)) return notFound();
  return new AppError('FORBIDDEN', leftSentences[membershipOf(principal, room)?.leftReason ?? 'left']);
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
    rev: row.rev,
    editedAt: row.editedAt?.toISOString() ?? null,
    deletedAt: row.deletedAt?.toISOString() ?? null,
    // Filled by `describeMessages` where the reads are worth it; a new message has no reactions.
    replyTo: null,
    reactions: [],
  };
}
