import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { uploads } from './storage.schema';

/**
 * An upload no deck version (file or drawn page 1), profile picture, thread message, deliverable
 * or data room file uses.
 */
const isUnused = and(
  sql`not exists (select 1 from pitch_deck_versions where pitch_deck_versions.file_key = ${uploads.key})`,
  sql`not exists (select 1 from pitch_deck_versions where pitch_deck_versions.thumbnail_key = ${uploads.key})`,
  sql`not exists (select 1 from accounts where accounts.picture_key = ${uploads.key})`,
  sql`not exists (select 1 from milestone_message_attachments where milestone_message_attachments.key = ${uploads.key})`,
  sql`not exists (select 1 from milestone_deliverables where milestone_deliverables.file_key = ${uploads.key})`,
  sql`not exists (select 1 from data_room_items where data_room_items.file_key = ${uploads.key})`,
);

/** The record of upload URLs handed out. */
export class UploadsRepository {
  constructor(private readonly db: Database) {}

  async insert(key: string, ownerId: string): Promise<void> {
    await this.db.insert(uploads).values({ key, ownerId }).onConflictDoNothing();
  }

  /**
   * Keys handed out before `cutoff` that no deck version (file or drawn page 1), profile picture, thread message or
   * deliverable uses. It reads the deck, account, message attachment and deliverable tables directly (reads only; their modules
   * stay their only writers): "is this file used" spans modules, and asking each module for every
   * key would move the whole list through the process.
   */
  async findUnusedBefore(cutoff: Date, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ key: uploads.key })
      .from(uploads)
      .where(and(lt(uploads.createdAt, cutoff), isUnused))
      .orderBy(uploads.createdAt)
      .limit(limit);
    return rows.map((row) => row.key);
  }

  /**
   * Upload URLs `ownerId` was handed out since `since` that no deck, picture or message attachment
   * uses; reads those tables in the same query, for the reason given at `findUnusedBefore`.
   */
  async countUnusedSince(ownerId: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(uploads)
      .where(and(eq(uploads.ownerId, ownerId), gte(uploads.createdAt, since), isUnused));
    return row?.count ?? 0;
  }

  /** Every key handed out to `ownerId`, used or not: what an account's deletion must remove. */
  async findKeysByOwnerId(ownerId: string): Promise<string[]> {
    const rows = await this.db.select({ key: uploads.key }).from(uploads).where(eq(uploads.ownerId, ownerId));
    return rows.map((row) => row.key);
  }

  async deleteKeys(keys: string[]): Promise<void> {
    if (keys.length > 0) await this.db.delete(uploads).where(inArray(uploads.key, keys));
  }
}
