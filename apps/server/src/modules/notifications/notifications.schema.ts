// The notifications module's tables: NotificationPreferencesRepository writes
// notification_preferences, MailOutboxRepository writes mail_outbox, InboxRepository writes
// inbox_notifications; nothing else writes any of them.
// Both go with their account (foreign-key cascade), queued mail included.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** Files sent with the mail (a meet invitation's .ics), as text; none for most mail. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; content: string }[]>(),
  },
  (table) => [
    // The delivery job's one question: pending rows that are due, oldest first.
    index('mail_outbox_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('mail_outbox_finished_idx').on(table.finishedAt).where(sql`${table.status} <> 'pending'`),
    index('mail_outbox_account_idx').on(table.accountId),
    uniqueIndex('mail_outbox_coalesce_key_idx').on(table.coalesceKey),
  ],
);

/**
 * An account's inbox (issue 18): what others did that concerns it, one row per recipient, kept
 * 90 days (the prune job). Title, message and link are written when the event is handled, so a
 * list is one indexed read and shows what was true then; a later rename does not rewrite it.
 */
export const inboxNotifications = pgTable(
  'inbox_notifications',
  {
    id: text('id').primaryKey(),
    /** Insertion order: "newest first" even for two rows stored within one clock tick. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** An `InboxKind` of the contract. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    link: text('link').notNull(),
    /** The deck it concerns (no foreign key: a deleted deck leaves the news as it was told). */
    pitchDeckId: text('pitch_deck_id'),
    actorId: text('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    /** The actor's name as it was, so the list needs no join. */
    actorName: text('actor_name'),
    /**
     * What it tells of (an activity, an interest's decision, a chat room's unread run): unique per
     * account, so an event handled twice (a retried handler, two processes) is stored once.
     */
    sourceKey: text('source_key').notNull(),
    /**
     * The same news again (one kind, one object, one actor): a new row with this key folds the
     * unread one before it, so the inbox shows one item with a count instead of a stack of repeats.
     */
    groupKey: text('group_key'),
    /** How many pieces of news this item stands for: itself and every row folded into it. */
    repeatCount: integer('repeat_count').notNull().default(1),
    /** The newer item this row was folded into; folded rows leave the list and the unread count. */
    foldedInto: text('folded_into'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The list: an account's newest first.
    index('inbox_notifications_account_seq_idx').on(table.accountId, table.seq.desc()),
    // The badge: an account's unread ones.
    index('inbox_notifications_unread_idx').on(table.accountId).where(sql`${table.readAt} is null`),
    uniqueIndex('inbox_notifications_source_idx').on(table.accountId, table.sourceKey),
    // The fold's one question: an account's unread, unfolded item of a group.
    index('inbox_notifications_group_idx')
      .on(table.accountId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.foldedInto} is null`),
    // The prune job's one question.
    index('inbox_notifications_created_idx').on(table.createdAt),
  ],
);
