import type { Role } from '@deckvalid/contract/auth';
import type { ChatLeaveReason } from '@deckvalid/contract/chat';
import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, lt, lte, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { isUniqueViolation } from '@/db/violations';
import { newId } from '@/lib/ids';
import { accounts } from '@/modules/accounts/accounts.schema';
import { chatMessageReactions, chatMessages, chatParticipants, chatRooms } from './chat.schema';

export type ChatRoomRow = typeof chatRooms.$inferSelect;

/** A participant with what the room list shows of them (a read of the accounts table). */
export type ParticipantRow = {
  roomId: string;
  accountId: string;
  role: Role;
  name: string;
  pictureKey: string | null;
  readSeq: number;
  readAt: Date | null;
  /** When their membership ended; null while a member. */
  leftAt: Date | null;
  /** The room's last seq when they left: the last message they may read. */
  leftSeq: number | null;
  leftReason: ChatLeaveReason | null;
  mutedAt: Date | null;
};

/** An account one may start a conversation with. */
export type ContactRow = { accountId: string; role: Role; name: string; pictureKey: string | null };

/** A message that matched a search, with its room's kind and name as the searcher sees it. */
export type SearchRow = MessageRow & { roomType: 'private' | 'group' | 'bot'; roomName: string | null };

/** One account's membership of one room. */
export type Membership = { roomId: string; accountId: string };

export type MessageRow = typeof chatMessages.$inferSelect & { senderName: string | null; senderRole: Role | null };

/** A room with everyone in it. */
export type RoomWithParticipants = ChatRoomRow & { participants: ParticipantRow[] };

/**
 * What a send stored: the message, whether this call stored it or an earlier try had, and the
 * others' messages the sender's watermark newly covers (what sending marks read).
 */
export type StoredMessage = { message: MessageRow; created: boolean; coveredIds: string[] };

/** How a read watermark moved: from `previous` to `current` (equal when it did not move). */
export type WatermarkMove = { previous: number; current: number; readAt: Date };

/**
 * A message to store: its room as the send was decided on (stored only while the room's members
 * are still those), its sender, and the sender's client id.
 */
export type NewMessage = {
  room: RoomWithParticipants;
  sender: ParticipantRow;
  content: string;
  clientId: string | undefined;
  /** The message of the room it answers (checked to be in the room before). */
  replyToId?: string | undefined;
};

/** What a reply shows of the message it answers. */
export type ReplyTargetRow = {
  id: string;
  roomId: string;
  seq: number;
  senderName: string | null;
  content: string;
  deletedAt: Date | null;
};

/** One reaction, as the message's reactions are built from. */
export type ReactionRow = { messageId: string; accountId: string; emoji: string };

/**
 * A change to a message: its author edits or deletes it, or a member reacts (on or off). Only a
 * change that changes something takes the room's next change number.
 */
export type MessageChange =
  | { kind: 'edit'; authorId: string; content: string }
  | { kind: 'delete'; authorId: string }
  | { kind: 'react'; accountId: string; emoji: string; reacted: boolean };

/** What sending stored, and how it moved the sender's own watermark. */
export type SentMessage = StoredMessage & { senderWatermark: WatermarkMove };

/**
 * What storing one message answers: what it stored (or an earlier try of the same client id
 * had), `clientIdTaken` when the sender used that client id for a message of another room, or
 * `roomChanged` when the room's members are no longer those of `NewMessage.room`: nothing was
 * stored, and the send must be decided again on the room as it is now.
 */
export type InsertOutcome = SentMessage | 'clientIdTaken' | 'roomChanged';

const participantColumns = {
  roomId: chatParticipants.roomId,
  accountId: chatParticipants.accountId,
  role: accounts.role,
  name: accounts.name,
  pictureKey: accounts.pictureKey,
  readSeq: chatParticipants.readSeq,
  readAt: chatParticipants.readAt,
  leftAt: chatParticipants.leftAt,
  leftSeq: chatParticipants.leftSeq,
  leftReason: chatParticipants.leftReason,
  mutedAt: chatParticipants.mutedAt,
};

const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  seq: chatMessages.seq,
  senderId: chatMessages.senderId,
  content: chatMessages.content,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
  replyToId: chatMessages.replyToId,
  editedAt: chatMessages.editedAt,
  deletedAt: chatMessages.deletedAt,
  rev: chatMessages.rev,
  senderName: accounts.name,
  senderRole: accounts.role,
};

/**
 * Rooms, participants and messages: the only writer of the chat tables. A message takes its seq
 * from its room's row in the transaction that stores it, so seqs are gap-free and ordered as the
 * room's row lock orders the senders.
 */
export class ChatRepository {
  constructor(private readonly db: Database) {}

  /**
   * One page of the rooms `accountId` is or was in, with every participant (those who left
   * included), and how many there are. Most recent activity first; a room they left counts as
   * active when they left, so later activity there neither moves nor shows it.
   */
  async findRoomsOf(
    accountId: string,
    { page, limit }: { page: number; limit: number },
  ): Promise<{ rooms: RoomWithParticipants[]; total: number }> {
    const mine = and(eq(chatParticipants.roomId, chatRooms.id), eq(chatParticipants.accountId, accountId));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({ room: chatRooms })
        .from(chatRooms)
        .innerJoin(chatParticipants, mine)
        .orderBy(
          desc(sql`coalesce(${chatParticipants.leftAt}, ${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`),
          desc(chatRooms.id),
        )
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(chatParticipants).where(eq(chatParticipants.accountId, accountId)),
    ]);
    return { rooms: await this.withParticipants(rows.map((row) => row.room)), total: counted?.total ?? 0 };
  }

  /**
   * The rooms named, with every participant (those who left included), in one statement; missing
   * ones are absent. Every batch of sends reads it, so it answers a row per room with its
   * participants as one JSON array, read without the query builder's per-column mapping: on a
   * busy server that mapping was the larger part of the read.
   */
  async findRoomsByIds(roomIds: string[]): Promise<Map<string, RoomWithParticipants>> {
    if (roomIds.length === 0) return new Map();
    const result = await this.db.execute(sql`
      select json_build_array(r.id, r.type, r.name, r.created_by, r.pair_key, r.last_seq, r.last_message_at,
          r.created_at, r.updated_at, r.last_rev) as room,
        json_agg(json_build_array(p.account_id, a.role, a.name, a.picture_key, p.read_seq, p.read_at, p.left_at,
          p.left_seq, p.left_reason, p.muted_at) order by p.joined_at, p.account_id) as participants
      from ${chatRooms} r
      join ${chatParticipants} p on p.room_id = r.id
      join ${accounts} a on a.id = p.account_id
      where r.id in ${roomIds}
      group by r.id`);
    const rooms = new Map<string, RoomWithParticipants>();
    for (const row of rowsOf<{ room: RoomTuple; participants: ParticipantTuple[] }>(result)) {
      const room = roomOf(row.room, row.participants);
      rooms.set(room.id, room);
    }
    return rooms;
  }

  /**
   * The room with its participants if `accountId` is one of them; undefined for a missing room
   * and for a stranger alike. One query: every message sent and every read asks it.
   */
  async findRoomForMember(roomId: string, accountId: string): Promise<RoomWithParticipants | undefined> {
    const me = alias(chatParticipants, 'me');
    const rows = await this.db
      .select({ room: chatRooms, participant: participantColumns })
      .from(chatRooms)
      .innerJoin(chatParticipants, eq(chatParticipants.roomId, chatRooms.id))
      .innerJoin(accounts, eq(accounts.id, chatParticipants.accountId))
      .where(
        and(
          eq(chatRooms.id, roomId),
          exists(
            this.db
              .select({ one: sql`1` })
              .from(me)
              .where(and(eq(me.roomId, chatRooms.id), eq(me.accountId, accountId))),
          ),
        ),
      )
      .orderBy(asc(chatParticipants.joinedAt), asc(chatParticipants.accountId));
    const [first] = rows;
    if (!first) return undefined;
    return { ...first.room, participants: rows.map((row) => row.participant) };
  }

  /** The message at each room's `lastSeq` (the newest, or the last one a former member may read). */
  async findLastMessages(rooms: Pick<ChatRoomRow, 'id' | 'lastSeq'>[]): Promise<Map<string, MessageRow>> {
    const keys = rooms.filter((room) => room.lastSeq > 0);
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(
        sql`(${chatMessages.roomId}, ${chatMessages.seq}) in (${sql.join(
          keys.map((room) => sql`(${room.id}, ${room.lastSeq})`),
          sql`, `,
        )})`,
      );
    return new Map(rows.map((row) => [row.roomId, row]));
  }

  /**
   * The private room of two accounts, made with both in it when there is none yet. An existing
   * room takes back whichever of the two had left it (a private room is left only when the tie
   * behind it ends, so this runs only once a tie links them again): `rejoined` says so. Nobody
   * could post while one side was out, so the whole history is theirs again.
   */
  async openPrivateRoom(
    creatorId: string,
    otherId: string,
  ): Promise<{ roomId: string; created: boolean; rejoined: boolean }> {
    const pairKey = [creatorId, otherId].sort().join('|');
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(chatRooms)
        .values({ id: newId('room-'), type: 'private', createdBy: creatorId, pairKey })
        .onConflictDoNothing()
        .returning({ id: chatRooms.id });
      if (inserted) {
        await tx.insert(chatParticipants).values([
          { roomId: inserted.id, accountId: creatorId },
          { roomId: inserted.id, accountId: otherId },
        ]);
        return { roomId: inserted.id, created: true, rejoined: false };
      }
      const [existing] = await tx
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(eq(chatRooms.pairKey, pairKey))
        .limit(1);
      if (!existing) throw new Error('private room vanished between insert and read');
      const rejoined = await tx
        .update(chatParticipants)
        .set({ leftAt: null, leftSeq: null, leftReason: null })
        .where(and(eq(chatParticipants.roomId, existing.id), isNotNull(chatParticipants.leftAt)))
        .returning({ accountId: chatParticipants.accountId });
      return { roomId: existing.id, created: false, rejoined: rejoined.length > 0 };
    });
  }

  /**
   * The investor's copilot room, made with them as its one participant when there is none yet.
   * `pair_key` is `bot|<investor>`, so the unique key that gives a pair one private room gives an
   * investor one bot room, also when two first asks race.
   */
  async openBotRoom(investorId: string, name: string): Promise<{ roomId: string; created: boolean }> {
    const pairKey = `bot|${investorId}`;
    return this.db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(chatRooms)
        .values({ id: newId('room-'), type: 'bot', name, createdBy: investorId, pairKey })
        .onConflictDoNothing()
        .returning({ id: chatRooms.id });
      if (inserted) {
        await tx.insert(chatParticipants).values({ roomId: inserted.id, accountId: investorId });
        return { roomId: inserted.id, created: true };
      }
      const [existing] = await tx
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(eq(chatRooms.pairKey, pairKey))
        .limit(1);
      if (!existing) throw new Error('bot room vanished between insert and read');
      return { roomId: existing.id, created: false };
    });
  }

  /**
   * A question and the copilot's answer, stored together as the room's next two messages: the
   * question from the investor, the answer with no sender (in a bot room, the copilot). One
   * transaction: both are stored or neither. The investor's watermark moves past the answer, which
   * they received as the answer to their call. `answerId` is made by the caller, which keys what
   * it keeps of the answer by it.
   */
  async insertBotExchange(exchange: {
    roomId: string;
    investorId: string;
    question: string;
    answerId: string;
    answer: string;
  }): Promise<{ question: MessageRow; answer: MessageRow } | undefined> {
    const { roomId, investorId, question, answerId, answer } = exchange;
    return this.db.transaction(async (tx) => {
      // The room's row lock orders exchanges, as it orders message batches.
      const [room] = await tx
        .update(chatRooms)
        .set({ lastSeq: sql`${chatRooms.lastSeq} + 2`, lastMessageAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(chatRooms.id, roomId), eq(chatRooms.type, 'bot')))
        .returning({ lastSeq: chatRooms.lastSeq });
      if (!room) return undefined;
      const questionId = newId('msg-');
      const stored = await tx
        .insert(chatMessages)
        .values([
          { id: questionId, roomId, seq: room.lastSeq - 1, senderId: investorId, content: question },
          { id: answerId, roomId, seq: room.lastSeq, senderId: null, content: answer },
        ])
        .returning();
      await tx
        .update(chatParticipants)
        .set({ readSeq: room.lastSeq, readAt: sql`now()` })
        .where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.accountId, investorId)));
      const [sender] = await tx
        .select({ name: accounts.name, role: accounts.role })
        .from(accounts)
        .where(eq(accounts.id, investorId));
      const byId = new Map(stored.map((row) => [row.id, row]));
      const asked = byId.get(questionId);
      const answered = byId.get(answerId);
      if (!asked || !answered) throw new Error('bot exchange insert returned fewer rows');
      return {
        question: { ...asked, senderName: sender?.name ?? null, senderRole: sender?.role ?? null },
        answer: { ...answered, senderName: null, senderRole: null },
      };
    });
  }

  async createGroupRoom(creatorId: string, name: string, participantIds: string[]): Promise<string> {
    const roomId = newId('room-');
    await this.db.transaction(async (tx) => {
      await tx.insert(chatRooms).values({ id: roomId, type: 'group', name, createdBy: creatorId });
      await tx
        .insert(chatParticipants)
        .values([creatorId, ...participantIds].map((accountId) => ({ roomId, accountId })));
    });
    return roomId;
  }

  /** Renames a group; false when there is no such group. */
  async renameGroup(roomId: string, name: string): Promise<boolean> {
    const updated = await this.db
      .update(chatRooms)
      .set({ name, updatedAt: sql`now()` })
      .where(and(eq(chatRooms.id, roomId), eq(chatRooms.type, 'group')))
      .returning({ id: chatRooms.id });
    return updated.length > 0;
  }

  /**
   * Puts these accounts in a group: new rows for newcomers, and those who had left are members
   * again, with the whole history (as any newcomer has). Their watermark starts at the room's last
   * seq for newcomers, so joining does not show them the group's whole past as unread.
   */
  async addMembers(roomId: string, accountIds: string[]): Promise<string[]> {
    if (accountIds.length === 0) return [];
    return this.db.transaction(async (tx) => {
      // Locked as message batches lock it, so the watermark is the last seq before they join.
      const [room] = await tx
        .select({ lastSeq: chatRooms.lastSeq })
        .from(chatRooms)
        .where(eq(chatRooms.id, roomId))
        .for('update');
      if (!room) return [];
      const added = await tx
        .insert(chatParticipants)
        .values(accountIds.map((accountId) => ({ roomId, accountId, readSeq: room.lastSeq })))
        .onConflictDoUpdate({
          target: [chatParticipants.roomId, chatParticipants.accountId],
          set: {
            leftAt: null,
            leftSeq: null,
            leftReason: null,
            readSeq: sql`greatest(${chatParticipants.readSeq}, ${room.lastSeq})`,
          },
          setWhere: isNotNull(chatParticipants.leftAt),
        })
        .returning({ accountId: chatParticipants.accountId });
      return added.map((row) => row.accountId);
    });
  }

  /**
   * Accounts by id, by name, with their private room with `accountId` if it exists: whom the
   * caller may start a conversation with.
   */
  async findContacts(
    accountId: string,
    contactIds: string[],
    { page, limit }: { page: number; limit: number },
  ): Promise<{ rows: (ContactRow & { privateRoomId: string | null })[]; total: number }> {
    if (contactIds.length === 0) return { rows: [], total: 0 };
    const rows = await this.db
      .select({
        accountId: accounts.id,
        role: accounts.role,
        name: accounts.name,
        pictureKey: accounts.pictureKey,
        privateRoomId: chatRooms.id,
      })
      .from(accounts)
      .leftJoin(
        chatRooms,
        sql`${chatRooms.pairKey} = (case when ${accounts.id} < ${accountId} then ${accounts.id} || '|' || ${accountId} else ${accountId} || '|' || ${accounts.id} end)`,
      )
      .where(inArray(accounts.id, contactIds))
      .orderBy(asc(accounts.name), asc(accounts.id))
      .limit(limit)
      .offset((page - 1) * limit);
    return { rows, total: contactIds.length };
  }

  /**
   * Messages matching every word of `words` (each as a word or the start of one), in the rooms
   * `accountId` is in, and in the rooms they left up to their leave; newest first. The match is
   * the expression the GIN index `chat_messages_content_search` holds (migration 0016).
   */
  async searchMessages(
    accountId: string,
    words: string[],
    { page, limit }: { page: number; limit: number },
  ): Promise<{ rows: SearchRow[]; total: number }> {
    if (words.length === 0) return { rows: [], total: 0 };
    // Only letters and digits reach the query text, so no word can be tsquery syntax.
    const tsquery = words.map((word) => `${word}:*`).join(' & ');
    const matches = and(
      sql`to_tsvector('simple', ${chatMessages.content}) @@ to_tsquery('simple', ${tsquery})`,
      sql`(${chatParticipants.leftSeq} is null or ${chatMessages.seq} <= ${chatParticipants.leftSeq})`,
    );
    const mine = and(eq(chatParticipants.roomId, chatMessages.roomId), eq(chatParticipants.accountId, accountId));
    const [rows, [counted]] = await Promise.all([
      this.db
        .select({
          ...messageColumns,
          roomType: chatRooms.type,
          // A private room is named after the other side, as the room list names it.
          roomName: sql<string | null>`coalesce(${chatRooms.name}, (
            select string_agg(other_account.name, ', ' order by other_account.name)
            from chat_participants other join accounts other_account on other_account.id = other.account_id
            where other.room_id = ${chatRooms.id} and other.account_id <> ${accountId}))`,
        })
        .from(chatMessages)
        .innerJoin(chatParticipants, mine)
        .innerJoin(chatRooms, eq(chatRooms.id, chatMessages.roomId))
        .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
        .where(matches)
        .orderBy(desc(chatMessages.createdAt), desc(chatMessages.seq), desc(chatMessages.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: count() }).from(chatMessages).innerJoin(chatParticipants, mine).where(matches),
    ]);
    return { rows, total: counted?.total ?? 0 };
  }

  /**
   * The memberships that depend on the tie between a founder and another account, an investor or
   * a mentor (docs/chat.md, "Membership"): the other's in the founder's groups, the founder's in
   * the other's groups, and the other's in their private room. Only those still current.
   */
  async findMembershipsOfTie(founderId: string, otherId: string): Promise<Membership[]> {
    const pairKey = [founderId, otherId].sort().join('|');
    return this.db
      .select({ roomId: chatParticipants.roomId, accountId: chatParticipants.accountId })
      .from(chatParticipants)
      .innerJoin(chatRooms, eq(chatRooms.id, chatParticipants.roomId))
      .where(
        and(
          isNull(chatParticipants.leftAt),
          sql`(
            (${chatRooms.type} = 'group' and ${chatRooms.createdBy} = ${founderId} and ${chatParticipants.accountId} = ${otherId})
            or (${chatRooms.type} = 'group' and ${chatRooms.createdBy} = ${otherId} and ${chatParticipants.accountId} = ${founderId})
            or (${chatRooms.type} = 'private' and ${chatRooms.pairKey} = ${pairKey} and ${chatParticipants.accountId} = ${otherId})
          )`,
        ),
      )
      .orderBy(asc(chatParticipants.roomId));
  }

  /**
   * Ends these memberships, with the room's last seq as the last message each may read. The rooms'
   * rows are locked first (in id order, as message batches lock them), so a message is either
   * numbered before the leave and readable to them, or after it and not: `leftSeq` is exact.
   * Answers the memberships this call ended (one already ended is left as it was).
   */
  async endMemberships(memberships: Membership[], reason: ChatLeaveReason): Promise<Membership[]> {
    if (memberships.length === 0) return [];
    const roomIds = [...new Set(memberships.map((membership) => membership.roomId))].sort();
    return this.db.transaction(async (tx) => {
      await tx
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(inArray(chatRooms.id, roomIds))
        .orderBy(asc(chatRooms.id))
        .for('update');
      const pairs = sql.join(
        memberships.map(({ roomId, accountId }) => sql`(${roomId}, ${accountId})`),
        sql`, `,
      );
      return tx
        .update(chatParticipants)
        .set({ leftAt: sql`now()`, leftSeq: sql`${chatRooms.lastSeq}`, leftReason: reason })
        .from(chatRooms)
        .where(
          and(
            eq(chatRooms.id, chatParticipants.roomId),
            isNull(chatParticipants.leftAt),
            sql`(${chatParticipants.roomId}, ${chatParticipants.accountId}) in (${pairs})`,
          ),
        )
        .returning({ roomId: chatParticipants.roomId, accountId: chatParticipants.accountId });
    });
  }

  /** Mutes or unmutes a room for a current member; false when they are not one. */
  async setMuted(roomId: string, accountId: string, isMuted: boolean): Promise<boolean> {
    const updated = await this.db
      .update(chatParticipants)
      .set({ mutedAt: isMuted ? sql`coalesce(${chatParticipants.mutedAt}, now())` : null })
      .where(
        and(
          eq(chatParticipants.roomId, roomId),
          eq(chatParticipants.accountId, accountId),
          isNull(chatParticipants.leftAt),
        ),
      )
      .returning({ roomId: chatParticipants.roomId });
    return updated.length > 0;
  }

  /**
   * Stores a batch of messages (group commit) in one statement, each as its room's next seq in
   * the order given, and moves each sender's watermark to their last message (what one sends, one
   * has read). A message is stored only while its room's members are those its send was decided
   * on (`roomChanged` otherwise): the caller may decide on a room it read earlier, and the
   * statement itself checks it. The rooms' rows are locked in id order, so batches of several
   * processes queue on them instead of deadlocking, and a failure leaves no number used. A client
   * id the sender used before in the same room answers the stored message (`created: false`); one
   * used in another room answers `clientIdTaken`. Answers one outcome per message, in order.
   */
  async insertMessages(messages: NewMessage[]): Promise<InsertOutcome[]> {
    try {
      return await this.insertBatch(messages);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another process stored one of these client ids after this statement began. Each message
      // alone tells which: the repeated one answers its stored twin, the others are stored.
      if (messages.length === 1) {
        const [message] = messages as [NewMessage];
        return [
          (message.clientId &&
            (await this.findByClientId(message.room.id, message.sender.accountId, message.clientId))) ||
            'clientIdTaken',
        ];
      }
      const results: InsertOutcome[] = [];
      for (const message of messages) results.push(...(await this.insertMessages([message])));
      return results;
    }
  }

  private async insertBatch(messages: NewMessage[]): Promise<InsertOutcome[]> {
    // A client id repeated inside the batch is a retry of the first: only the first is written.
    const firstByClientId = new Map<string, number>();
    const written: { index: number; id: string; message: NewMessage }[] = [];
    messages.forEach((message, index) => {
      const key = message.clientId && `${message.sender.accountId}|${message.clientId}`;
      if (key && firstByClientId.has(key)) return;
      if (key) firstByClientId.set(key, index);
      written.push({ index, id: newId('msg-'), message });
    });
    const input = written.map(({ index, id, message }) => ({
      ord: index,
      id,
      room_id: message.room.id,
      sender_id: message.sender.accountId,
      content: message.content,
      client_id: message.clientId ?? null,
      reply_to_id: message.replyToId ?? null,
      members: memberKeyOf(message.room),
    }));
    // Every step is a join by key or a lookup by index: the planner cannot count the rows of a
    // step ahead (a batch is 1 to 256 sends), and a filter it misjudged as leaving one row made it
    // loop over one step for each row of another, which grew with the square of the batch. So
    // the checks are columns (filtered once, in `fresh`), and what equals now() is not joined.
    const result = await this.db.execute(sql`
      with input as (
        select * from jsonb_to_recordset(${JSON.stringify(input)}::jsonb)
          as i(ord int, id text, room_id text, sender_id text, content text, client_id text, reply_to_id text,
            members text)
      ), members_now as (
        select p.room_id, string_agg(p.account_id, ' ' order by p.account_id collate "C") as members
        from ${chatParticipants} p
        where p.room_id in (select room_id from input) and p.left_at is null
        group by p.room_id
      ), checked as (
        -- Whether the send was decided on the room's members as they are, and whether its client
        -- id was stored before (a retry, answered with the stored message).
        select input.*,
          members_now.members is not distinct from input.members as is_current,
          input.client_id is not null and exists (
            select 1 from ${chatMessages} m
            where m.sender_id = input.sender_id and m.client_id = input.client_id) as is_repeat
        from input left join members_now on members_now.room_id = input.room_id
      ), fresh as (
        select * from checked where is_current and not is_repeat
      ), locked as materialized (
        -- The room's last seq as it is once locked: a batch another process committed meanwhile counts.
        select r.id, r.last_seq from ${chatRooms} r where r.id in (select room_id from fresh) order by r.id for update
      ), ranked as (
        select fresh.*, (locked.last_seq + row_number() over (partition by fresh.room_id order by fresh.ord))::int as seq
        from fresh join locked on locked.id = fresh.room_id
      ), numbered as (
        update ${chatRooms} r
        set last_seq = counts.last_seq, last_message_at = now(), updated_at = now()
        from (select room_id, max(seq) as last_seq from ranked group by room_id) counts
        where r.id = counts.room_id
      ), stored as (
        insert into ${chatMessages} (id, room_id, seq, sender_id, content, client_id, reply_to_id)
        select id, room_id, seq, sender_id, content, client_id, reply_to_id from ranked
      ), senders as (
        select room_id, sender_id, max(seq) as seq from ranked group by room_id, sender_id
      ), marked as (
        update ${chatParticipants} p set read_seq = greatest(p.read_seq, senders.seq), read_at = now()
        from senders where p.room_id = senders.room_id and p.account_id = senders.sender_id
      )
      -- The statement's parts read the tables as they were before it: previous.read_seq is the
      -- sender's watermark before this batch. created_at and read_at are now(), the statement's time.
      select ranked.id, false as room_changed, ranked.seq, now() as created_at, previous.read_seq as previous_read_seq,
        now() as read_at, a.name as sender_name, a.role as sender_role,
        -- Others' messages stored before this statement and past the sender's watermark: what the
        -- send newly marks read, together with the batch's own earlier messages (added below).
        (select coalesce(json_agg(json_build_array(m.id, m.seq) order by m.seq), '[]'::json)
          from ${chatMessages} m
          where m.room_id = ranked.room_id and m.seq > previous.read_seq
            and m.sender_id is distinct from ranked.sender_id) as earlier
      from ranked
      join ${chatParticipants} previous on previous.room_id = ranked.room_id and previous.account_id = ranked.sender_id
      join ${accounts} a on a.id = ranked.sender_id
      union all
      select checked.id, true, null, null, null, null, null, null, null from checked where not checked.is_current`);
    const rows = rowsOf<StoredRow>(result);
    const rowById = new Map(rows.map((row) => [row.id, row]));
    const results: InsertOutcome[] = new Array(messages.length);
    const stored: { index: number; message: NewMessage; row: StoredRow }[] = [];
    for (const { index, id, message } of written) {
      const row = rowById.get(id);
      if (row?.room_changed) results[index] = 'roomChanged';
      else if (row) stored.push({ index, message, row });
      else if (message.clientId) {
        // Filtered out as a retry of a message stored earlier.
        results[index] =
          (await this.findByClientId(message.room.id, message.sender.accountId, message.clientId)) ?? 'clientIdTaken';
      } else {
        throw new Error(`chat room ${message.room.id} or its participant ${message.sender.accountId} vanished`);
      }
    }
    for (const [index, result] of coverWatermarks(stored)) results[index] = result;
    // The repeats inside the batch answer as their first did: its message, as a retry after it
    // would, or the same refusal.
    messages.forEach((message, index) => {
      if (results[index] !== undefined || !message.clientId) return;
      const first = firstByClientId.get(`${message.sender.accountId}|${message.clientId}`);
      const answer = first === undefined || first === index ? undefined : results[first];
      if (answer === undefined || typeof answer === 'string') results[index] = answer ?? 'clientIdTaken';
      else
        results[index] =
          answer.message.roomId === message.room.id
            ? { ...answer, created: false, coveredIds: [], senderWatermark: unmoved(answer.senderWatermark) }
            : 'clientIdTaken';
    });
    return results;
  }

  /**
   * Newest first, below `before` when given, up to `upToSeq` (a former member's last). Asks one
   * row more than `limit` to know if more exist.
   */
  async findPage(
    roomId: string,
    { before, page, limit }: { before?: number | undefined; page: number; limit: number },
    upToSeq?: number,
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(
        and(
          eq(chatMessages.roomId, roomId),
          before === undefined ? undefined : lt(chatMessages.seq, before),
          upToSeq === undefined ? undefined : lte(chatMessages.seq, upToSeq),
        ),
      )
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** Oldest first, every message after `afterSeq` (and up to `upToSeq`, a former member's last), `limit` at most. */
  async findAfter(
    roomId: string,
    afterSeq: number,
    limit: number,
    upToSeq?: number,
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(
        and(
          eq(chatMessages.roomId, roomId),
          gt(chatMessages.seq, afterSeq),
          upToSeq === undefined ? undefined : lte(chatMessages.seq, upToSeq),
        ),
      )
      .orderBy(asc(chatMessages.seq))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** Moves `accountId`'s watermark forward to `seq` (never past the room's last message, never back). */
  async markRead(roomId: string, accountId: string, seq: number | undefined): Promise<WatermarkMove | undefined> {
    return this.db.transaction(async (tx) => {
      const [room] = await tx.select({ lastSeq: chatRooms.lastSeq }).from(chatRooms).where(eq(chatRooms.id, roomId));
      if (!room) return undefined;
      return moveWatermark(tx, roomId, accountId, Math.min(seq ?? room.lastSeq, room.lastSeq));
    });
  }

  /** One message of the room, as its author and reactions check it; undefined if not in this room. */
  async findMessageInRoom(roomId: string, messageId: string): Promise<MessageRow | undefined> {
    const [row] = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.id, messageId)));
    return row;
  }

  /** The messages replies answer, by id, with what a reply shows of them. */
  async findReplyTargets(messageIds: string[]): Promise<Map<string, ReplyTargetRow>> {
    if (messageIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: chatMessages.id,
        roomId: chatMessages.roomId,
        seq: chatMessages.seq,
        senderName: accounts.name,
        content: chatMessages.content,
        deletedAt: chatMessages.deletedAt,
      })
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(inArray(chatMessages.id, [...new Set(messageIds)]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The reactions of these messages, earliest first. */
  async findReactions(messageIds: string[]): Promise<ReactionRow[]> {
    if (messageIds.length === 0) return [];
    return this.db
      .select({
        messageId: chatMessageReactions.messageId,
        accountId: chatMessageReactions.accountId,
        emoji: chatMessageReactions.emoji,
      })
      .from(chatMessageReactions)
      .where(inArray(chatMessageReactions.messageId, messageIds))
      .orderBy(asc(chatMessageReactions.createdAt), asc(chatMessageReactions.accountId));
  }

  /** The room's newest change number (0 for none, or for a missing room). */
  async findLastRev(roomId: string): Promise<number> {
    const [row] = await this.db.select({ lastRev: chatRooms.lastRev }).from(chatRooms).where(eq(chatRooms.id, roomId));
    return row?.lastRev ?? 0;
  }

  /**
   * The catch-up of changes: the room's messages changed after `afterRev` (and up to `upToSeq`,
   * a former member's last), in the order of their change number, `limit` at most.
   */
  async findChangedAfter(
    roomId: string,
    afterRev: number,
    limit: number,
    upToSeq?: number,
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(
        and(
          eq(chatMessages.roomId, roomId),
          gt(chatMessages.rev, afterRev),
          upToSeq === undefined ? undefined : lte(chatMessages.seq, upToSeq),
        ),
      )
      .orderBy(asc(chatMessages.rev))
      .limit(limit + 1);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /**
   * Applies a change to a message of the room and, if it changed anything, gives the message
   * the room's next change number, in one transaction under the room's row lock: changes of a
   * room are numbered 1, 2, 3… in the order they commit, as its messages are. Answers the new
   * number, or null when nothing changed (a reaction already there, a message already deleted,
   * or one that is not the author's: the caller checked, and this guards the race).
   */
  async changeMessage(roomId: string, messageId: string, change: MessageChange): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.id, roomId)).for('update');
      const target = and(
        eq(chatMessages.roomId, roomId),
        eq(chatMessages.id, messageId),
        isNull(chatMessages.deletedAt),
      );
      let isChanged: boolean;
      switch (change.kind) {
        case 'edit': {
          const edited = await tx
            .update(chatMessages)
            .set({ content: change.content, editedAt: sql`now()` })
            .where(and(target, eq(chatMessages.senderId, change.authorId)))
            .returning({ id: chatMessages.id });
          isChanged = edited.length > 0;
          break;
        }
        case 'delete': {
          // The row keeps its seq, so the room's numbering has no hole; its text and reactions go.
          const deleted = await tx
            .update(chatMessages)
            .set({ content: '', deletedAt: sql`now()` })
            .where(and(target, eq(chatMessages.senderId, change.authorId)))
            .returning({ id: chatMessages.id });
          isChanged = deleted.length > 0;
          if (isChanged) await tx.delete(chatMessageReactions).where(eq(chatMessageReactions.messageId, messageId));
          break;
        }
        case 'react': {
          const [live] = await tx.select({ id: chatMessages.id }).from(chatMessages).where(target);
          if (!live) return null;
          const mine = and(
            eq(chatMessageReactions.messageId, messageId),
            eq(chatMessageReactions.accountId, change.accountId),
            eq(chatMessageReactions.emoji, change.emoji),
          );
          const touched = change.reacted
            ? await tx
                .insert(chatMessageReactions)
                .values({ messageId, accountId: change.accountId, emoji: change.emoji })
                .onConflictDoNothing()
                .returning({ id: chatMessageReactions.messageId })
            : await tx.delete(chatMessageReactions).where(mine).returning({ id: chatMessageReactions.messageId });
          isChanged = touched.length > 0;
          break;
        }
      }
      if (!isChanged) return null;
      const [room] = await tx
        .update(chatRooms)
        .set({ lastRev: sql`${chatRooms.lastRev} + 1` })
        .where(eq(chatRooms.id, roomId))
        .returning({ lastRev: chatRooms.lastRev });
      if (!room) throw new Error(`chat room ${roomId} vanished under its lock`);
      await tx.update(chatMessages).set({ rev: room.lastRev }).where(eq(chatMessages.id, messageId));
      return room.lastRev;
    });
  }

  /** Ids of the messages others sent in (from, to]: what a watermark move newly covers. */
  async findIdsReadBy(roomId: string, readerId: string, move: WatermarkMove): Promise<string[]> {
    if (move.current <= move.previous) return [];
    const rows = await this.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(
          eq(chatMessages.roomId, roomId),
          gt(chatMessages.seq, move.previous),
          sql`${chatMessages.seq} <= ${move.current}`,
          sql`${chatMessages.senderId} is distinct from ${readerId}`,
        ),
      )
      .orderBy(asc(chatMessages.seq));
    return rows.map((row) => row.id);
  }

  private async findByClientId(roomId: string, senderId: string, clientId: string): Promise<SentMessage | undefined> {
    const [row] = await this.db
      .select({ ...messageColumns, readSeq: chatParticipants.readSeq, readAt: chatParticipants.readAt })
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .leftJoin(
        chatParticipants,
        and(eq(chatParticipants.roomId, chatMessages.roomId), eq(chatParticipants.accountId, senderId)),
      )
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)))
      .limit(1);
    // The same client id in another room is another sender's mistake, not a retry of this send.
    if (!row || row.roomId !== roomId) return undefined;
    const { readSeq, readAt, ...message } = row;
    const watermark = { previous: readSeq ?? 0, current: readSeq ?? 0, readAt: readAt ?? message.createdAt };
    return { message, created: false, senderWatermark: watermark, coveredIds: [] };
  }

  private async withParticipants(rooms: ChatRoomRow[]): Promise<RoomWithParticipants[]> {
    if (rooms.length === 0) return [];
    const rows = await this.db
      .select(participantColumns)
      .from(chatParticipants)
      .innerJoin(accounts, eq(accounts.id, chatParticipants.accountId))
      .where(
        inArray(
          chatParticipants.roomId,
          rooms.map((room) => room.id),
        ),
      )
      .orderBy(asc(chatParticipants.joinedAt), asc(chatParticipants.accountId));
    const byRoom = new Map<string, ParticipantRow[]>();
    for (const row of rows) {
      const list = byRoom.get(row.roomId) ?? [];
      list.push(row);
      byRoom.set(row.roomId, list);
    }
    return rooms.map((room) => ({ ...room, participants: byRoom.get(room.id) ?? [] }));
  }
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Moves a watermark forward only; answers where it was and where it is. */
async function moveWatermark(tx: Transaction, roomId: string, accountId: string, seq: number): Promise<WatermarkMove> {
  const [before] = await tx
    .select({ readSeq: chatParticipants.readSeq, readAt: chatParticipants.readAt })
    .from(chatParticipants)
    .where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.accountId, accountId)))
    .for('update');
  if (!before) throw new Error(`${accountId} is not in chat room ${roomId}`);
  if (seq <= before.readSeq) {
    return { previous: before.readSeq, current: before.readSeq, readAt: before.readAt ?? new Date(0) };
  }
  const [after] = await tx
    .update(chatParticipants)
    .set({ readSeq: seq, readAt: sql`now()` })
    .where(and(eq(chatParticipants.roomId, roomId), eq(chatParticipants.accountId, accountId)))
    .returning({ readSeq: chatParticipants.readSeq, readAt: chatParticipants.readAt });
  if (!after?.readAt) throw new Error('watermark update returned nothing');
  return { previous: before.readSeq, current: after.readSeq, readAt: after.readAt };
}

/**
 * The room's members as `insertBatch` compares them with who is in it now: their ids sorted by
 * code unit, which for these ASCII ids is the order of PostgreSQL's "C" collation.
 */
function memberKeyOf(room: RoomWithParticipants): string {
  return room.participants
    .filter((participant) => participant.leftAt === null)
    .map((participant) => participant.accountId)
    .sort()
    .join(' ');
}

/** The same watermark, not moved: what a retried send answers. */
const unmoved = (move: WatermarkMove): WatermarkMove => ({ ...move, previous: move.current });

/** A row of `insertBatch`: a stored message, or (`room_changed`) one whose room changed, with nulls. */
type StoredRow = {
  id: string;
  room_changed: boolean;
  seq: number;
  created_at: string | Date;
  previous_read_seq: number;
  read_at: string | Date;
  sender_name: string | null;
  sender_role: Role | null;
  /** Others' messages before the batch and past the sender's watermark, as [id, seq]. */
  earlier: [string, number][] | string;
};

/**
 * Each stored message with the sender's watermark as it moved through the batch, message by
 * message, and the others' messages each one newly covers: those stored before the batch (from
 * the row) and the batch's own from other senders in the room.
 */
function coverWatermarks(stored: { index: number; message: NewMessage; row: StoredRow }[]): Map<number, SentMessage> {
  const results = new Map<number, SentMessage>();
  const bySender = new Map<string, typeof stored>();
  for (const entry of stored) {
    const key = `${entry.message.room.id}|${entry.message.sender.accountId}`;
    const list = bySender.get(key);
    if (list) list.push(entry);
    else bySender.set(key, [entry]);
  }
  for (const own of bySender.values()) {
    const first = own[0];
    if (!first) continue;
    const { room, sender } = first.message;
    const earlier = typeof first.row.earlier === 'string' ? JSON.parse(first.row.earlier) : first.row.earlier;
    const others = [
      ...(earlier as [string, number][]).map(([id, seq]) => ({ id, seq })),
      ...stored
        .filter(({ message }) => message.room.id === room.id && message.sender.accountId !== sender.accountId)
        .map(({ row }) => ({ id: row.id, seq: Number(row.seq) })),
    ].sort((a, b) => a.seq - b.seq);
    let watermark = Number(first.row.previous_read_seq);
    for (const { index, message, row } of own.sort((a, b) => Number(a.row.seq) - Number(b.row.seq))) {
      const seq = Number(row.seq);
      const coveredIds = others.filter((other) => other.seq > watermark && other.seq < seq).map((other) => other.id);
      const move = { previous: watermark, current: Math.max(watermark, seq), readAt: new Date(row.read_at) };
      watermark = move.current;
      results.set(index, {
        message: {
          id: row.id,
          roomId: room.id,
          seq,
          senderId: sender.accountId,
          content: message.content,
          clientId: message.clientId ?? null,
          createdAt: new Date(row.created_at),
          replyToId: message.replyToId ?? null,
          editedAt: null,
          deletedAt: null,
          rev: 0,
          senderName: row.sender_name,
          senderRole: row.sender_role,
        },
        created: true,
        coveredIds,
        senderWatermark: move,
      });
    }
  }
  return results;
}

/** A room as `findRoomsByIds` reads it: its columns in table order, timestamps as JSON text. */
type RoomTuple = [
  string,
  ChatRoomRow['type'],
  string | null,
  string | null,
  string | null,
  number,
  string | null,
  string,
  string,
  number,
];

/** A participant as `findRoomsByIds` reads it, in `ParticipantRow`'s order from `accountId` on. */
type ParticipantTuple = [
  string,
  Role,
  string,
  string | null,
  number,
  string | null,
  string | null,
  number | null,
  ChatLeaveReason | null,
  string | null,
];

const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

function roomOf(
  [id, type, name, createdBy, pairKey, lastSeq, lastMessageAt, createdAt, updatedAt, lastRev]: RoomTuple,
  participants: ParticipantTuple[],
): RoomWithParticipants {
  return {
    id,
    type,
    name,
    createdBy,
    pairKey,
    lastSeq,
    lastMessageAt: dateOrNull(lastMessageAt),
    createdAt: new Date(createdAt),
    updatedAt: new Date(updatedAt),
    lastRev,
    participants: participants.map(
      ([accountId, role, participantName, pictureKey, readSeq, readAt, leftAt, leftSeq, leftReason, mutedAt]) => ({
        roomId: id,
        accountId,
        role,
        name: participantName,
        pictureKey,
        readSeq,
        readAt: dateOrNull(readAt),
        leftAt: dateOrNull(leftAt),
        leftSeq,
        leftReason,
        mutedAt: dateOrNull(mutedAt),
      }),
    ),
  };
}
