// The tables of milestone threads: ThreadsRepository is their only reader and writer (the uploads
// sweep reads the attachment keys, to leave used files alone). A thread goes with its milestone
// or its task, a message with its thread, an attachment row with its message, all by cascade;
// the files themselves are deleted by the service after the commit that dropped their rows.
import { threadAudiences } from '@deckvalid/contract/milestones';
import { bigint, foreignKey, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { milestones, milestoneTasks } from './milestones.schema';

/**
 * A discussion on a milestone (`task_id` null) or on one of its tasks. The composite key keeps a
 * task's thread in that task's milestone, so the milestone's row lock covers it; with a null
 * `task_id` the key does not apply (MATCH SIMPLE) and the milestone's own key holds.
 */
export const milestoneThreads = pgTable(
  'milestone_threads',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    taskId: text('task_id'),
    title: text('title').notNull(),
    /** Who reads it besides the founder: the deck's accepted investors, or the shared mentors. */
    audience: text('audience', { enum: threadAudiences }).notNull().default('members'),
    /** Who started it; the thread stays when the account goes. */
    createdById: text('created_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'milestone_threads_task_fk',
      columns: [table.milestoneId, table.taskId],
      foreignColumns: [milestoneTasks.milestoneId, milestoneTasks.id],
    }).onDelete('cascade'),
    index('milestone_threads_milestone_idx').on(table.milestoneId, table.createdAt),
    index('milestone_threads_task_idx').on(table.taskId, table.createdAt),
  ],
);

/** A message of a thread; `editedAt` is set by its author's edits. */
export const milestoneThreadMessages = pgTable(
  'milestone_thread_messages',
  {
    id: text('id').primaryKey(),
    threadId: text('thread_id')
      .notNull()
      .references(() => milestoneThreads.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => accounts.id, { onDelete: 'set null' }),
    text: text('text').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
  },
  (table) => [index('milestone_thread_messages_thread_idx').on(table.threadId, table.createdAt)],
);

/**
 * A file attached to a message. The storage key is the primary key: one file belongs to one
 * message, and the uploads sweep asks this table whether a key is used.
 */
export const milestoneMessageAttachments = pgTable(
  'milestone_message_attachments',
  {
    key: text('key').primaryKey(),
    messageId: text('message_id')
      .notNull()
      .references(() => milestoneThreadMessages.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Order within the message, as its author gave the files. */
    position: bigint('position', { mode: 'number' }).notNull(),
  },
  (table) => [index('milestone_message_attachments_message_idx').on(table.messageId, table.position)],
);
