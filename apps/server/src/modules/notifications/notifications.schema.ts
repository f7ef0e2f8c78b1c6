// The notifications module's tables: NotificationPreferencesRepository writes
// notification_preferences, MailOutboxRepository writes mail_outbox; nothing else writes either.
// Both go with their account (foreign-key cascade), queued mail included.
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/**
 * An account's choice for one kind of notification mail. Only choices made are stored: no row
 * means the kind is on, so a new kind needs no migration and starts on for everyone.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** A `NotificationKind` of the contract. */
    kind: text('kind').notNull(),
    isEnabled: boolean('is_enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.accountId, table.kind] })],
);

/**
 * Mail waiting to be sent, written when the event it tells of is handled and delivered by the
 * outbox job: it survives an SMTP outage and a restart. A row is `pending` until it is `sent`,
 * or `failed` after its last attempt (kept for the operator; see docs/operations.md).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    /** The account the mail is for: its queued mail goes when the account is deleted. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** What the mail tells of (a `NotificationKind`, or `alreadyRegistered`), for logs and the operator. */
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    /** Attempts begun, counted when a process claims the row (a crash mid-send counts too). */
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** The claim of the process sending it now; another process may take the row once it lapses. */
    claimToken: text('claim_token'),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it was sent, or given up. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * What the mail tells of, for mails sent at most once a window (kind, recipient, subject):
     * unique, so of several processes queueing the same news only one row is stored. Cleared
     * once the window has passed, which frees the key for the next mail; null never coalesces.
     */
    coalesceKey: text('coalesce_key'),
    /** Later mails with the same key, inside the window, that this one stands for. */
    coalescedCount: integer('coalesced_count').notNull().default(0),
  },
  (table) => [
    // The delivery job's one question: pending rows that are due, oldest first.
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_finished_idx').on(table.finishedAt).where(sql`${table.status} <> 'pending'`),
    index('mail_outbox_account_idx').on(table.accountId),
    uniqueIndex('mail_outbox_coalesce_key_idx').on(table.coalesceKey),
  ],
);
