// The storage module's table: UploadsRepository is its only reader and writer.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every upload URL handed out, so files that never became a deck or a picture (abandoned
 * uploads, decks of deleted accounts) can be found and deleted whichever driver stores them.
 * No foreign key to the owner: the row must outlive a deleted account to clean up its files.
 */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    ownerId: text('owner_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('uploads_created_idx').on(table.createdAt),
    index('uploads_owner_idx').on(table.ownerId, table.createdAt),
  ],
);
