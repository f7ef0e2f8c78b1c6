import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { newId } from '@/lib/ids';
import type { MailAttachment } from '@/modules/mail/mail.service';
import { mailOutbox } from './notifications.schema';

/** A mail to queue: who it is for, what it tells of, and its rendered content. */
export type NewOutboxMail = {
  accountId: string;
  kind: string;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with it (a meet invitation's .ics); stored with the row, so a retry sends them too. */
  attachments?: MailAttachment[];
  /**
   * Sends this news at most once per `windowMs`: another mail with the same `key` inside the
   * window (counted from the first one's queueing) is folded into it and not sent. The key names
   * the kind, the recipient and what the mail is about, e.g. `interestShown:<founder>:<deck>:<investor>`.
   */
  coalesce?: { key: string; windowMs: number };
};

/** The row a queued mail went to: its own, or the one it was coalesced into, and whether that one waits to be sent. */
export type StoredOutboxMail = { id: string; isCoalesced: boolean; isPending: boolean };

/** A queued mail claimed for one attempt; `claimToken` proves the claim when it is settled. */
export type ClaimedOutboxMail = Omit<NewOutboxMail, 'coalesce'> & { id: string; attempts: number; claimToken: string };

const secondsOf = (ms: number) => sql`make_interval(secs => ${ms / 1000})`;

/**
 * The mail outbox: the only writer of mail_outbox. Times come from the database clock, so
 * processes on machines whose clocks differ agree on what is due and whose claim has lapsed.
 */
export class MailOutboxRepository {
  constructor(private readonly db: Database) {}

  /**
   * Stores the mail, unless it is coalesced into a mail queued with the same key inside the
   * window (that mail's count goes up instead); answers the row that stands for it. The unique
   * key makes the choice, so processes sharing PostgreSQL agree without a lock: of concurrent
   * inserts one stores, the others count. A key is freed for reuse by clearing it on the row
   * whose window has passed, and only there, so nothing here frees the key of a mail inside it.
   */
  async insert(mail: NewOutboxMail): Promise<StoredOutboxMail> {
    const id = newId('mail-');
    const values = {
      id,
      accountId: mail.accountId,
      kind: mail.kind,
      recipient: mail.recipient,
      subject: mail.subject,
      textBody: mail.text,
      htmlBody: mail.html,
      attachments: mail.attachments?.length ? mail.attachments : null,
    };
    if (!mail.coalesce) {
      await this.db.insert(mailOutbox).values(values);
      return { id, isCoalesced: false, isPending: true };
    }
    const { key, windowMs } = mail.coalesce;
    const windowStart = sql`now() - ${secondsOf(windowMs)}`;
    for (;;) {
      await this.db
        .update(mailOutbox)
        .set({ coalesceKey: null })
        .where(and(eq(mailOutbox.coalesceKey, key), lte(mailOutbox.createdAt, windowStart)));
      // On a conflict the existing row is returned, with its own id: that tells the cases apart.
      const [stored] = await this.db
        .insert(mailOutbox)
        .values({ ...values, coalesceKey: key })
        .onConflictDoUpdate({
          target: mailOutbox.coalesceKey,
          set: { coalescedCount: sql`${mailOutbox.coalescedCount} + 1` },
          setWhere: sql`${mailOutbox.createdAt} > ${windowStart}`,
        })
        .returning({ id: mailOutbox.id, status: mailOutbox.status });
      if (stored) return { id: stored.id, isCoalesced: stored.id !== id, isPending: stored.status === 'pending' };
      // No row: the key's holder left its window between the two statements. Free it and go again.
    }
  }

  /**
   * Claims up to `limit` due mails for `leaseMs`, oldest first, counting the attempt. SKIP LOCKED
   * lets processes sharing PostgreSQL claim at the same moment without waiting on or taking each
   * other's rows; the lease keeps a claimed row from the others while it is being sent outside
   * any transaction, and gives it back if its process dies mid-send.
   */
  /** Mails still to send (metrics). */
  async countPending(): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.status, 'pending'));
    return row?.count ?? 0;
  }

  async claimDue(limit: number, leaseMs: number): Promise<ClaimedOutboxMail[]> {
    const claimToken = newId('claim-');
    const due = this.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.status, 'pending'),
          lte(mailOutbox.nextAttemptAt, sql`now()`),
          or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, sql`now()`)),
        ),
      )
      .orderBy(mailOutbox.nextAttemptAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(mailOutbox)
      .set({
        claimToken,
        claimedUntil: sql`now() + ${secondsOf(leaseMs)}`,
        attempts: sql`${mailOutbox.attempts} + 1`,
      })
      .where(inArray(mailOutbox.id, due))
      .returning();
    return rows.map((row) => ({
      id: row.id,
      accountId: row.accountId,
      kind: row.kind,
      recipient: row.recipient,
      subject: row.subject,
      text: row.textBody,
      html: row.htmlBody,
      ...(row.attachments ? { attachments: row.attachments } : {}),
      attempts: row.attempts,
      claimToken,
    }));
  }

  /** Marks a claimed mail sent; false when the claim had lapsed and another process took it. */
  async markSent(mail: ClaimedOutboxMail): Promise<boolean> {
    const rows = await this.db
      .update(mailOutbox)
      .set({ status: 'sent', finishedAt: sql`now()`, claimToken: null, claimedUntil: null, lastError: null })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken)))
      .returning({ id: mailOutbox.id });
    return rows.length === 1;
  }

  /** Releases a claimed mail to be tried again after `delayMs`. */
  async scheduleRetry(mail: ClaimedOutboxMail, delayMs: number, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({
        nextAttemptAt: sql`now() + ${secondsOf(delayMs)}`,
        claimToken: null,
        claimedUntil: null,
        lastError: error,
      })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken)));
  }

  /** Gives a claimed mail back untried: due at once for any process, the attempt not counted. */
  async release(mail: ClaimedOutboxMail): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ claimToken: null, claimedUntil: null, attempts: sql`${mailOutbox.attempts} - 1` })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken)));
  }

  /** Gives a claimed mail up: kept, marked failed with its last error, never tried again. */
  async markFailed(mail: ClaimedOutboxMail, error: string): Promise<void> {
    await this.db
      .update(mailOutbox)
      .set({ status: 'failed', finishedAt: sql`now()`, claimToken: null, claimedUntil: null, lastError: error })
      .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.claimToken, mail.claimToken)));
  }

  /** Deletes mails sent or given up more than `olderThanMs` ago; answers how many. */
  async deleteFinishedBefore(olderThanMs: number): Promise<number> {
    const rows = await this.db
      .delete(mailOutbox)
      .where(
        and(sql`${mailOutbox.status} <> 'pending'`, lt(mailOutbox.finishedAt, sql`now() - ${secondsOf(olderThanMs)}`)),
      )
      .returning({ id: mailOutbox.id });
    return rows.length;
  }
}
