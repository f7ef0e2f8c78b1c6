import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { qualified } from '@/db/qualified';
import { dataRoomGrants, dataRoomItems, dataRooms } from './datarooms.schema';

/** A room as stored, with how many folders and files it holds. */
export type Room = {
  id: string;
  founderId: string;
  name: string;
  itemCount: number;
  createdAt: Date;
  updatedAt: Date;
};

/** An investor's grant as stored. */
export type Grant = typeof dataRoomGrants.$inferSelect;

/** A folder or a file as stored. */
export type Item = typeof dataRoomItems.$inferSelect;

const itemCount = sql<number>`(select count(*)::int from ${dataRoomItems} where ${qualified(dataRoomItems.roomId)} = ${qualified(dataRooms.id)})`;
const roomColumns = {
  id: dataRooms.id,
  founderId: dataRooms.founderId,
  name: dataRooms.name,
  itemCount,
  createdAt: dataRooms.createdAt,
  updatedAt: dataRooms.updatedAt,
};

/** The data rooms' tables: rooms, and their folders and files as one flat tree. */
export class DataRoomsRepository {
  constructor(private readonly db: Database) {}

  async insert(room: { id: string; founderId: string; name: string; at: Date }): Promise<void> {
    await this.db
      .insert(dataRooms)
      .values({ id: room.id, founderId: room.founderId, name: room.name, createdAt: room.at, updatedAt: room.at });
  }

  async findById(roomId: string): Promise<Room | undefined> {
    const [row] = await this.db.select(roomColumns).from(dataRooms).where(eq(dataRooms.id, roomId));
    return row;
  }

  async listByFounderId(founderId: string): Promise<Room[]> {
    return this.db
      .select(roomColumns)
      .from(dataRooms)
      .where(eq(dataRooms.founderId, founderId))
      .orderBy(desc(dataRooms.createdAt), desc(dataRooms.id));
  }

  async countByFounderId(founderId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(dataRooms).where(eq(dataRooms.founderId, founderId));
    return row?.n ?? 0;
  }

  async rename(roomId: string, name: string, at: Date): Promise<void> {
    await this.db.update(dataRooms).set({ name, updatedAt: at }).where(eq(dataRooms.id, roomId));
  }

  /** Deletes the room; its items go with it through the foreign keys. */
  async delete(roomId: string): Promise<void> {
    await this.db.delete(dataRooms).where(eq(dataRooms.id, roomId));
  }

  /** The room's whole tree, folders before files, each by name. */
  async listItemsByRoomId(roomId: string): Promise<Item[]> {
    return this.db
      .select()
      .from(dataRoomItems)
      .where(eq(dataRoomItems.roomId, roomId))
      .orderBy(desc(dataRoomItems.kind), asc(dataRoomItems.name), asc(dataRoomItems.id));
  }

  async findItem(roomId: string, itemId: string): Promise<Item | undefined> {
    const [row] = await this.db
      .select()
      .from(dataRoomItems)
      .where(and(eq(dataRoomItems.roomId, roomId), eq(dataRoomItems.id, itemId)));
    return row;
  }

  async insertItem(item: typeof dataRoomItems.$inferInsert): Promise<Item> {
    const [row] = await this.db.insert(dataRoomItems).values(item).returning();
    if (!row) throw new Error('insert returned no row');
    return row;
  }

  async updateItem(itemId: string, changes: { name?: string; parentId?: string | null; at: Date }): Promise<Item> {
    const { at, ...rest } = changes;
    const [row] = await this.db
      .update(dataRoomItems)
      .set({ ...rest, updatedAt: at })
      .where(eq(dataRoomItems.id, itemId))
      .returning();
    if (!row) throw new Error('update returned no row');
    return row;
  }

  /** Deletes the item; a folder's subtree goes with it through the parent foreign key. */
  async deleteItem(itemId: string): Promise<void> {
    await this.db.delete(dataRoomItems).where(eq(dataRoomItems.id, itemId));
  }

  /** Inserts the grant, or answers the one this interest already has on the room. */
  async insertGrant(grant: {
    id: string;
    roomId: string;
    interestId: string;
    investorId: string;
    at: Date;
  }): Promise<Grant> {
    await this.db
      .insert(dataRoomGrants)
      .values({
        id: grant.id,
        roomId: grant.roomId,
        interestId: grant.interestId,
        investorId: grant.investorId,
        createdAt: grant.at,
      })
      .onConflictDoNothing();
    const [row] = await this.db
      .select()
      .from(dataRoomGrants)
      .where(and(eq(dataRoomGrants.roomId, grant.roomId), eq(dataRoomGrants.interestId, grant.interestId)));
    if (!row) throw new Error('grant vanished after insert');
    return row;
  }

  async findGrant(roomId: string, grantId: string): Promise<Grant | undefined> {
    const [row] = await this.db
      .select()
      .from(dataRoomGrants)
      .where(and(eq(dataRoomGrants.roomId, roomId), eq(dataRoomGrants.id, grantId)));
    return row;
  }

  async listGrantsByRoomId(roomId: string): Promise<Grant[]> {
    return this.db
      .select()
      .from(dataRoomGrants)
      .where(eq(dataRoomGrants.roomId, roomId))
      .orderBy(desc(dataRoomGrants.createdAt), desc(dataRoomGrants.id));
  }

  async listGrantsByInvestorId(investorId: string, roomId?: string): Promise<Grant[]> {
    return this.db
      .select()
      .from(dataRoomGrants)
      .where(
        roomId === undefined
          ? eq(dataRoomGrants.investorId, investorId)
          : and(eq(dataRoomGrants.investorId, investorId), eq(dataRoomGrants.roomId, roomId)),
      )
      .orderBy(desc(dataRoomGrants.createdAt));
  }

  async deleteGrant(grantId: string): Promise<void> {
    await this.db.delete(dataRoomGrants).where(eq(dataRoomGrants.id, grantId));
  }

  /** Removes every grant made through the interest (withdrawn or declined). */
  async deleteGrantsByInterestId(interestId: string): Promise<number> {
    const rows = await this.db
      .delete(dataRoomGrants)
      .where(eq(dataRoomGrants.interestId, interestId))
      .returning({ id: dataRoomGrants.id });
    return rows.length;
  }
}
