import type { AiActionKind, AiReply } from '@deckvalid/contract/ai';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { aiActions, aiReplies } from './ai.schema';

/** A proposed action as stored. */
export type ActionRow = {
  id: string;
  accountId: string;
  roomId: string;
  messageId: string;
  kind: AiActionKind;
  pitchDeckId: string;
  note: string | null;
  status: 'pending' | 'confirmed' | 'cancelled';
  expiresAt: Date;
  decidedAt: Date | null;
  createdAt: Date;
};

/** A stored reply with its action's row, when it proposed one. */
export type ReplyRow = { messageId: string; reply: AiReply; action: ActionRow | undefined };

/** What one answer stores before its chat messages: the reply's structure and its action. */
export type NewReply = {
  messageId: string;
  roomId: string;
  accountId: string;
  reply: AiReply;
  action?: Omit<ActionRow, 'status' | 'decidedAt' | 'createdAt' | 'accountId' | 'roomId' | 'messageId'>;
};

/** Copilot replies and actions: the only writer of the ai tables. */
export class AiRepository {
  constructor(private readonly db: Database) {}

  /** The reply's structure and its action, together. */
  async insertReply({ messageId, roomId, accountId, reply, action }: NewReply): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.insert(aiReplies).values({ messageId, roomId, accountId, reply });
      if (action) await tx.insert(aiActions).values({ ...action, accountId, roomId, messageId });
    });
  }

  /** Undoes `insertReply` when the chat messages could not be stored. */
  async deleteReply(messageId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(aiActions).where(eq(aiActions.messageId, messageId));
      await tx.delete(aiReplies).where(eq(aiReplies.messageId, messageId));
    });
  }

  /** The replies of `accountId` among the message ids named, with their actions. */
  async findRepliesOf(accountId: string, messageIds: string[]): Promise<ReplyRow[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.db
      .select({ messageId: aiReplies.messageId, reply: aiReplies.reply, action: aiActions })
      .from(aiReplies)
      .leftJoin(aiActions, eq(aiActions.messageId, aiReplies.messageId))
      .where(and(eq(aiReplies.accountId, accountId), inArray(aiReplies.messageId, messageIds)))
      .orderBy(aiReplies.createdAt, aiReplies.messageId);
    return rows.map((row) => ({
      messageId: row.messageId,
      reply: row.reply as AiReply,
      action: (row.action ?? undefined) as ActionRow | undefined,
    }));
  }

  async findActionById(id: string): Promise<ActionRow | undefined> {
    const [row] = await this.db.select().from(aiActions).where(eq(aiActions.id, id));
    return row as ActionRow | undefined;
  }

  /** The room's newest action still waiting and not past its time: what 'yes' in the room confirms. */
  async findPendingInRoom(roomId: string, accountId: string): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(aiActions)
      .where(
        and(
          eq(aiActions.roomId, roomId),
          eq(aiActions.accountId, accountId),
          eq(aiActions.status, 'pending'),
          gt(aiActions.expiresAt, sql`now()`),
        ),
      )
      .orderBy(desc(aiActions.createdAt), desc(aiActions.id))
      .limit(1);
    return row as ActionRow | undefined;
  }

  /**
   * Moves a pending action that has not expired to `status`; undefined when it was not pending
   * (decided already, by this or a racing call) or has expired. The condition decides, so two
   * confirmations at once run the action once.
   */
  async decide(id: string, status: 'confirmed' | 'cancelled'): Promise<ActionRow | undefined> {
    const [row] = await this.db
      .update(aiActions)
      .set({ status, decidedAt: sql`now()` })
      .where(and(eq(aiActions.id, id), eq(aiActions.status, 'pending'), gt(aiActions.expiresAt, sql`now()`)))
      .returning();
    return row as ActionRow | undefined;
  }

  /** Puts a confirmed action back to pending: what it was to run failed, so nothing was done. */
  async release(id: string): Promise<void> {
    await this.db
      .update(aiActions)
      .set({ status: 'pending', decidedAt: null })
      .where(and(eq(aiActions.id, id), eq(aiActions.status, 'confirmed')));
  }
}
