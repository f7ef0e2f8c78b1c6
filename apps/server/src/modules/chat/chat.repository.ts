import type { Role } from '@deckvalid/contract/auth';
import { and, asc, desc, eq, exists, gt, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { newId } from '@/lib/ids';
import { accounts } from '@/modules/accounts/accounts.schema';
import { chatMessages, chatParticipants, chatRooms } from './chat.schema';

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
};

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

/** PostgreSQL's unique_violation, as the driver reports it (Drizzle wraps it as the cause). */
function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 3; depth++) {
    if ((current as { code?: unknown }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

const participantColumns = {
  roomId: chatParticipants.roomId,
  accountId: chatParticipants.accountId,
  role: accounts.role,
  name: accounts.name,
  pictureKey: accounts.pictureKey,
  readSeq: chatParticipants.readSeq,
  readAt: chatParticipants.readAt,
};

const messageColumns = {
  id: chatMessages.id,
  roomId: chatMessages.roomId,
  seq: chatMessages.seq,
  senderId: chatMessages.senderId,
  content: chatMessages.content,
  clientId: chatMessages.clientId,
  createdAt: chatMessages.createdAt,
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

  /** The rooms `accountId` is in, most recent activity first, with every participant. */
  async findRoomsOf(accountId: string): Promise<RoomWithParticipants[]> {
    const mine = this.db
      .select({ roomId: chatParticipants.roomId })
      .from(chatParticipants)
      .where(eq(chatParticipants.accountId, accountId));
    const rooms = await this.db
      .select()
      .from(chatRooms)
      .where(inArray(chatRooms.id, mine))
      .orderBy(desc(sql`coalesce(${chatRooms.lastMessageAt}, ${chatRooms.createdAt})`), desc(chatRooms.id));
    return this.withParticipants(rooms);
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

  /** The last message of each room, for the room list. */
  async findLastMessages(rooms: ChatRoomRow[]): Promise<Map<string, MessageRow>> {
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

  /** The private room of two accounts, made with both in it when there is none yet. */
  async openPrivateRoom(creatorId: string, otherId: string): Promise<{ roomId: string; created: boolean }> {
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
        return { roomId: inserted.id, created: true };
      }
      const [existing] = await tx
        .select({ id: chatRooms.id })
        .from(chatRooms)
        .where(eq(chatRooms.pairKey, pairKey))
        .limit(1);
      if (!existing) throw new Error('private room vanished between insert and read');
      return { roomId: existing.id, created: false };
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

  /**
   * Stores a message as the room's next seq and moves the sender's watermark to it (what one
   * sends, one has read), in one statement: the room's row lock orders concurrent senders, and a
   * failure leaves no number used. A `clientId` the sender used before in this room returns the
   * stored message instead; one used in another room answers undefined.
   */
  async insertMessage(
    room: RoomWithParticipants,
    sender: ParticipantRow,
    content: string,
    clientId: string | undefined,
  ): Promise<(StoredMessage & { senderWatermark: WatermarkMove }) | undefined> {
    if (clientId) {
      const earlier = await this.findByClientId(room.id, sender.accountId, clientId);
      if (earlier) return earlier;
    }
    try {
      const result = await this.db.execute(sql`
        with numbered as (
          update ${chatRooms}
          set last_seq = last_seq + 1, last_message_at = now(), updated_at = now()
          where id = ${room.id}
          returning last_seq
        ), stored as (
          insert into ${chatMessages} (id, room_id, seq, sender_id, content, client_id)
          select ${newId('msg-')}, ${room.id}, numbered.last_seq, ${sender.accountId}, ${content}, ${clientId ?? null}
          from numbered
          returning id, seq, created_at
        ), previous as (
          select read_seq from ${chatParticipants} where room_id = ${room.id} and account_id = ${sender.accountId}
        ), marked as (
          update ${chatParticipants}
          set read_seq = greatest(read_seq, (select seq from stored)), read_at = now()
          where room_id = ${room.id} and account_id = ${sender.accountId}
          returning read_at
        ), covered as (
          select coalesce(array_agg(m.id order by m.seq), '{}') as ids
          from ${chatMessages} m, previous, stored
          where m.room_id = ${room.id} and m.seq > previous.read_seq and m.seq < stored.seq
            and m.sender_id is distinct from ${sender.accountId}
        )
        select stored.id, stored.seq, stored.created_at, previous.read_seq as previous_read_seq,
          marked.read_at, covered.ids as covered_ids
        from stored, previous, marked, covered`);
      const [row] = rowsOf<{
        id: string;
        seq: number;
        created_at: string | Date;
        previous_read_seq: number;
        read_at: string | Date;
        covered_ids: string[];
      }>(result);
      if (!row) throw new Error(`chat room ${room.id} or its participant ${sender.accountId} vanished`);
      const seq = Number(row.seq);
      const message: MessageRow = {
        id: row.id,
        roomId: room.id,
        seq,
        senderId: sender.accountId,
        content,
        clientId: clientId ?? null,
        createdAt: new Date(row.created_at),
        senderName: sender.name,
        senderRole: sender.role,
      };
      const previous = Number(row.previous_read_seq);
      return {
        message,
        created: true,
        senderWatermark: { previous, current: Math.max(previous, seq), readAt: new Date(row.read_at) },
        coveredIds: row.covered_ids,
      };
    } catch (error) {
      // Two tries of one send raced past the first lookup; the loser's statement changed nothing
      // (its seq with it), and the winner's message is the answer.
      if (clientId && isUniqueViolation(error)) {
        return this.findByClientId(room.id, sender.accountId, clientId);
      }
      throw error;
    }
  }

  /** Newest first, below `before` when given. Asks one row more than `limit` to know if more exist. */
  async findPage(
    roomId: string,
    { before, page, limit }: { before?: number | undefined; page: number; limit: number },
  ): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(and(eq(chatMessages.roomId, roomId), before === undefined ? undefined : lt(chatMessages.seq, before)))
      .orderBy(desc(chatMessages.seq))
      .limit(limit + 1)
      .offset((page - 1) * limit);
    return { rows: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  /** Oldest first, every message after `afterSeq`, up to `limit`. */
  async findAfter(roomId: string, afterSeq: number, limit: number): Promise<{ rows: MessageRow[]; hasMore: boolean }> {
    const rows = await this.db
      .select(messageColumns)
      .from(chatMessages)
      .leftJoin(accounts, eq(accounts.id, chatMessages.senderId))
      .where(and(eq(chatMessages.roomId, roomId), gt(chatMessages.seq, afterSeq)))
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

  private async findByClientId(
    roomId: string,
    senderId: string,
    clientId: string,
  ): Promise<(StoredMessage & { senderWatermark: WatermarkMove }) | undefined> {
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
