import { and, asc, count, eq, getTableColumns, inArray, isNull, lt, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { deckComments } from './comments.schema';

/** A comment or reply as stored. */
export type StoredComment = typeof deckComments.$inferSelect;

/** A stored comment with the names its readers are shown. */
export type NamedComment = StoredComment & {
  authorName: string;
  authorRole: string;
  resolverName: string | null;
};

const resolver = alias(accounts, 'resolver');
const commentColumns = getTableColumns(deckComments);

/**
 * The comments' table. Lists join `accounts` for the authors' and resolvers' names (the accounts
 * module's table, read only), in the one query.
 */
export class CommentsRepository {
  constructor(private readonly db: Database) {}

  async insert(comment: typeof deckComments.$inferInsert): Promise<StoredComment> {
    const [row] = await this.db.insert(deckComments).values(comment).returning();
    if (!row) throw new Error('the comment was not stored');
    return row;
  }

  async findById(id: string): Promise<StoredComment | undefined> {
    const [row] = await this.db.select().from(deckComments).where(eq(deckComments.id, id));
    return row;
  }

  async countReplies(parentId: string): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(deckComments).where(eq(deckComments.parentId, parentId));
    return row?.n ?? 0;
  }

  /** Comments joined to their author's and resolver's names, for a caller to narrow. */
  private selectNamed() {
    return this.db
      .select({ ...commentColumns, authorName: accounts.name, authorRole: accounts.role, resolverName: resolver.name })
      .from(deckComments)
      .innerJoin(accounts, eq(accounts.id, deckComments.authorId))
      .leftJoin(resolver, eq(resolver.id, deckComments.resolvedById));
  }

  /**
   * A deck's comments with their replies, oldest first: those pinned to `versionNumber`, or every
   * one. Replies come with their comment whatever the version filter.
   */
  async listNamed(pitchDeckId: string, versionNumber: number | undefined): Promise<NamedComment[]> {
    const roots = and(
      eq(deckComments.pitchDeckId, pitchDeckId),
      isNull(deckComments.parentId),
      versionNumber === undefined ? undefined : eq(deckComments.versionNumber, versionNumber),
    );
    const rootIds = this.db.select({ id: deckComments.id }).from(deckComments).where(roots);
    return this.selectNamed()
      .where(or(roots, inArray(deckComments.parentId, rootIds)))
      .orderBy(asc(deckComments.createdAt), asc(deckComments.id));
  }

  /** A comment and its replies, oldest first. */
  async listNamedThread(rootId: string): Promise<NamedComment[]> {
    return this.selectNamed()
      .where(or(eq(deckComments.id, rootId), eq(deckComments.parentId, rootId)))
      .orderBy(asc(deckComments.createdAt), asc(deckComments.id));
  }

  async findNamed(id: string): Promise<NamedComment | undefined> {
    const [row] = await this.selectNamed().where(eq(deckComments.id, id));
    return row;
  }

  /** Who wrote in a deck's comments, or in one comment's thread (`rootId`). */
  /** The names of the accounts given (those that exist), for the people a comment may mention. */
  async findPeople(ids: readonly string[]): Promise<{ id: string; name: string; role: string }[]> {
    if (ids.length === 0) return [];
    return this.db
      .select({ id: accounts.id, name: accounts.name, role: accounts.role })
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
  }

  async listAuthorIds(where: { pitchDeckId: string } | { rootId: string }): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ authorId: deckComments.authorId })
      .from(deckComments)
      .where(
        'rootId' in where
          ? or(eq(deckComments.id, where.rootId), eq(deckComments.parentId, where.rootId))
          : eq(deckComments.pitchDeckId, where.pitchDeckId),
      );
    return rows.map((row) => row.authorId);
  }

  /** Changes the text of the author's own comment; false when it is not theirs (or gone). */
  async updateBody(id: string, authorId: string, body: string, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(deckComments)
      .set({ body, editedAt: at })
      .where(and(eq(deckComments.id, id), eq(deckComments.authorId, authorId)))
      .returning({ id: deckComments.id });
    return rows.length > 0;
  }

  /** Deletes the author's own comment, its replies with it; false when it is not theirs (or gone). */
  async deleteOwn(id: string, authorId: string): Promise<boolean> {
    const rows = await this.db
      .delete(deckComments)
      .where(and(eq(deckComments.id, id), eq(deckComments.authorId, authorId)))
      .returning({ id: deckComments.id });
    return rows.length > 0;
  }

  async setResolved(id: string, resolved: { at: Date; by: string } | null): Promise<void> {
    await this.db
      .update(deckComments)
      .set({ resolvedAt: resolved?.at ?? null, resolvedById: resolved?.by ?? null })
      .where(eq(deckComments.id, id));
  }

  /** Open, current comments (not replies) of a deck pinned to a version older than `versionNumber`. */
  async listOpenBefore(pitchDeckId: string, versionNumber: number): Promise<StoredComment[]> {
    return this.db
      .select()
      .from(deckComments)
      .where(
        and(
          eq(deckComments.pitchDeckId, pitchDeckId),
          isNull(deckComments.parentId),
          isNull(deckComments.resolvedAt),
          isNull(deckComments.outdatedAt),
          lt(deckComments.versionNumber, versionNumber),
        ),
      );
  }

  /** Re-pins comments to a new version's pages and marks the rest outdated, in one transaction. */
  async repin(
    moves: { id: string; versionId: string; versionNumber: number; page: number }[],
    outdatedIds: string[],
    at: Date,
  ): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const move of moves) {
        await tx
          .update(deckComments)
          .set({ versionId: move.versionId, versionNumber: move.versionNumber, page: move.page })
          .where(eq(deckComments.id, move.id));
      }
      if (outdatedIds.length > 0) {
        await tx.update(deckComments).set({ outdatedAt: at }).where(inArray(deckComments.id, outdatedIds));
      }
    });
  }
}
