import type { Role } from '@deckvalid/contract/auth';
import type { ThreadAudience } from '@deckvalid/contract/milestones';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { qualified } from '@/db/qualified';
import { newId } from '@/lib/ids';
import { accounts } from '@/modules/accounts/accounts.schema';
import type { MilestoneWriter } from './milestones.repository';
import { milestoneDeliverables } from './milestones.schema';
import { milestoneMessageAttachments, milestoneThreadMessages, milestoneThreads } from './threads.schema';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

export type ThreadRow = typeof milestoneThreads.$inferSelect & {
  createdByName: string | null;
  createdByRole: Role | null;
  messageCount: number;
  lastMessageAt: Date | null;
};
export type AttachmentRow = typeof milestoneMessageAttachments.$inferSelect;
export type MessageRow = typeof milestoneThreadMessages.$inferSelect & {
  authorName: string | null;
  authorRole: Role | null;
  attachments: AttachmentRow[];
};
/** Where a thread is, and whom it is with: what the service checks before anything else. */
export type ThreadPlace = { milestoneId: string; audience: ThreadAudience };
/** A file as a message stores it: its key, the name readers see, and what the storage check found. */
export type AttachmentFields = { key: string; name: string; contentType: string; size: number };

/** Threads with their starter named, their messages counted and their latest message's time. */
async function selectThreads(db: Executor, where: SQL | undefined): Promise<ThreadRow[]> {
  const messageCount = sql<number>`(select count(*)::int from ${milestoneThreadMessages} where ${qualified(milestoneThreadMessages.threadId)} = ${qualified(milestoneThreads.id)})`;
  const lastMessageAt = sql<Date | null>`(select max(${milestoneThreadMessages.createdAt}) from ${milestoneThreadMessages} where ${qualified(milestoneThreadMessages.threadId)} = ${qualified(milestoneThreads.id)})`;
  const rows = await db
    .select({
      thread: milestoneThreads,
      createdByName: accounts.name,
      createdByRole: accounts.role,
      messageCount: messageCount.mapWith(Number),
      // mapWith the column: the driver hands timestamps over as strings, the column turns them into Dates.
      lastMessageAt: lastMessageAt.mapWith(milestoneThreadMessages.createdAt),
    })
    .from(milestoneThreads)
    .leftJoin(accounts, eq(accounts.id, milestoneThreads.createdById))
    .where(where)
    .orderBy(desc(sql`coalesce(${lastMessageAt}, ${milestoneThreads.createdAt})`), desc(milestoneThreads.id));
  return rows.map((row) => ({
    ...row.thread,
    createdByName: row.createdByName,
    createdByRole: row.createdByRole,
    messageCount: row.messageCount,
    lastMessageAt: row.lastMessageAt ?? null,
  }));
}

/** Messages with their author named and their files in order; newest first. */
async function selectMessages(
  db: Executor,
  where: SQL | undefined,
  page?: { limit: number; offset: number },
): Promise<MessageRow[]> {
  const query = db
    .select({ message: milestoneThreadMessages, authorName: accounts.name, authorRole: accounts.role })
    .from(milestoneThreadMessages)
    .leftJoin(accounts, eq(accounts.id, milestoneThreadMessages.authorId))
    .where(where)
    .orderBy(desc(milestoneThreadMessages.createdAt), desc(milestoneThreadMessages.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (rows.length === 0) return [];
  const files = await db
    .select()
    .from(milestoneMessageAttachments)
    .where(
      inArray(
        milestoneMessageAttachments.messageId,
        rows.map((row) => row.message.id),
      ),
    )
    .orderBy(asc(milestoneMessageAttachments.position));
  return rows.map((row) => ({
    ...row.message,
    authorName: row.authorName,
    authorRole: row.authorRole,
    attachments: files.filter((file) => file.messageId === row.message.id),
  }));
}

/**
 * Threads, their messages and the files attached to them: the only reader and writer of the
 * thread tables. Writes go through `ThreadWriter`, on the transaction of a `MilestoneGate` change.
 */
export class ThreadsRepository {
  constructor(private readonly db: Database) {}

  /** A thread's milestone id, whoever asks; the service checks the milestone itself. */
  async findPlaceOfThread(threadId: string): Promise<ThreadPlace | undefined> {
    const [row] = await this.db
      .select({ milestoneId: milestoneThreads.milestoneId, audience: milestoneThreads.audience })
      .from(milestoneThreads)
      .where(eq(milestoneThreads.id, threadId));
    return row;
  }

  /** A message's milestone id, whoever asks; the service checks the milestone itself. */
  async findPlaceOfMessage(messageId: string): Promise<ThreadPlace | undefined> {
    const [row] = await this.db
      .select({ milestoneId: milestoneThreads.milestoneId, audience: milestoneThreads.audience })
      .from(milestoneThreadMessages)
      .innerJoin(milestoneThreads, eq(milestoneThreads.id, milestoneThreadMessages.threadId))
      .where(eq(milestoneThreadMessages.id, messageId));
    return row;
  }

  async findThread(threadId: string): Promise<ThreadRow | undefined> {
    const [row] = await selectThreads(this.db, eq(milestoneThreads.id, threadId));
    return row;
  }

  /**
   * The threads of these audiences on the milestone itself (`taskId` null) or on one of its
   * tasks, latest activity first.
   */
  async findThreads(
    milestoneId: string,
    taskId: string | null,
    audiences: readonly ThreadAudience[],
  ): Promise<ThreadRow[]> {
    return selectThreads(
      this.db,
      and(
        eq(milestoneThreads.milestoneId, milestoneId),
        taskId === null ? isNull(milestoneThreads.taskId) : eq(milestoneThreads.taskId, taskId),
        inArray(milestoneThreads.audience, [...audiences]),
      ),
    );
  }

  async findMessage(messageId: string): Promise<MessageRow | undefined> {
    const [row] = await selectMessages(this.db, eq(milestoneThreadMessages.id, messageId));
    return row;
  }

  /** One page of a thread's messages, newest first, and how many it holds. */
  async findMessagesPage(
    threadId: string,
    { page, limit }: { page: number; limit: number },
  ): Promise<{ rows: MessageRow[]; total: number }> {
    const where = eq(milestoneThreadMessages.threadId, threadId);
    const [rows, [count]] = await Promise.all([
      selectMessages(this.db, where, { limit, offset: (page - 1) * limit }),
      this.db.select({ total: sql<number>`count(*)::int` }).from(milestoneThreadMessages).where(where),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /** The thread writes of one milestone change, on its transaction and under its lock. */
  writerFor(writer: MilestoneWriter): ThreadWriter {
    return new ThreadWriter(writer.transaction, writer.milestone.id);
  }
}

/** Thread writes inside a milestone change: every method keeps to the locked milestone's rows. */
export class ThreadWriter {
  constructor(
    private readonly tx: Executor,
    private readonly milestoneId: string,
  ) {}

  /** A thread of this milestone as it stands inside the lock. */
  async findThread(threadId: string): Promise<ThreadRow | undefined> {
    const [row] = await selectThreads(
      this.tx,
      and(eq(milestoneThreads.id, threadId), eq(milestoneThreads.milestoneId, this.milestoneId)),
    );
    return row;
  }

  async countThreads(): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(milestoneThreads)
      .where(eq(milestoneThreads.milestoneId, this.milestoneId));
    return row?.count ?? 0;
  }

  async insertThread(fields: {
    taskId: string | null;
    title: string;
    audience: ThreadAudience;
    createdById: string;
  }): Promise<string> {
    const id = newId('thr-');
    await this.tx.insert(milestoneThreads).values({ id, milestoneId: this.milestoneId, ...fields });
    return id;
  }

  async renameThread(threadId: string, title: string): Promise<void> {
    await this.tx
      .update(milestoneThreads)
      .set({ title, updatedAt: sql`now()` })
      .where(eq(milestoneThreads.id, threadId));
  }

  /** Deletes the thread; its messages and their attachment rows go by cascade (the files do not). */
  async deleteThread(threadId: string): Promise<void> {
    await this.tx.delete(milestoneThreads).where(eq(milestoneThreads.id, threadId));
  }

  /** The storage keys of every file in one thread, or (no thread given) in the whole milestone. */
  async findAttachmentKeys(threadId?: string): Promise<string[]> {
    const rows = await this.tx
      .select({ key: milestoneMessageAttachments.key })
      .from(milestoneMessageAttachments)
      .innerJoin(milestoneThreadMessages, eq(milestoneThreadMessages.id, milestoneMessageAttachments.messageId))
      .innerJoin(milestoneThreads, eq(milestoneThreads.id, milestoneThreadMessages.threadId))
      .where(
        and(
          eq(milestoneThreads.milestoneId, this.milestoneId),
          threadId === undefined ? undefined : eq(milestoneThreads.id, threadId),
        ),
      );
    return rows.map((row) => row.key);
  }

  /** Which of `keys` some message already carries (a file belongs to one message). */
  async findUsedKeys(keys: readonly string[]): Promise<string[]> {
    if (keys.length === 0) return [];
    const rows = await this.tx
      .select({ key: milestoneMessageAttachments.key })
      .from(milestoneMessageAttachments)
      .where(inArray(milestoneMessageAttachments.key, [...keys]));
    // A deliverable's file shares the upload kind: deleting the message would take it from the deliverable.
    const submitted = await this.tx
      .select({ key: milestoneDeliverables.fileKey })
      .from(milestoneDeliverables)
      .where(inArray(milestoneDeliverables.fileKey, [...keys]));
    return [...rows.map((row) => row.key), ...submitted.flatMap((row) => (row.key ? [row.key] : []))];
  }

  async countMessages(threadId: string): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(milestoneThreadMessages)
      .where(eq(milestoneThreadMessages.threadId, threadId));
    return row?.count ?? 0;
  }

  /** A message of this milestone as it stands inside the lock, with its files. */
  async findMessage(messageId: string): Promise<MessageRow | undefined> {
    const [row] = await selectMessages(
      this.tx,
      and(
        eq(milestoneThreadMessages.id, messageId),
        inArray(
          milestoneThreadMessages.threadId,
          this.tx
            .select({ id: milestoneThreads.id })
            .from(milestoneThreads)
            .where(eq(milestoneThreads.milestoneId, this.milestoneId)),
        ),
      ),
    );
    return row;
  }

  async insertMessage(
    threadId: string,
    authorId: string,
    text: string,
    attachments: readonly AttachmentFields[],
  ): Promise<string> {
    const id = newId('tms-');
    await this.tx.insert(milestoneThreadMessages).values({ id, threadId, authorId, text });
    await this.insertAttachments(id, attachments);
    return id;
  }

  /** An edit: the new text, and the files replaced by `attachments` (in their new order). */
  async updateMessage(messageId: string, text: string, attachments: readonly AttachmentFields[]): Promise<void> {
    await this.tx
      .update(milestoneThreadMessages)
      .set({ text, editedAt: sql`now()` })
      .where(eq(milestoneThreadMessages.id, messageId));
    await this.tx.delete(milestoneMessageAttachments).where(eq(milestoneMessageAttachments.messageId, messageId));
    await this.insertAttachments(messageId, attachments);
  }

  async deleteMessage(messageId: string): Promise<void> {
    await this.tx.delete(milestoneThreadMessages).where(eq(milestoneThreadMessages.id, messageId));
  }

  private async insertAttachments(messageId: string, attachments: readonly AttachmentFields[]): Promise<void> {
    if (attachments.length === 0) return;
    await this.tx
      .insert(milestoneMessageAttachments)
      .values(attachments.map((attachment, position) => ({ ...attachment, messageId, position })));
  }
}
