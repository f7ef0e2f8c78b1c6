// The data-rooms module's tables: DataRoomsRepository is their only writer. A room belongs to its
// founder and goes with the account; its items go with the room, and an item inside a folder goes
// with that folder, so deleting a folder deletes its whole subtree in the one statement.
import { type AnyPgColumn, bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { interests } from '@/modules/interests/interests.schema';

/** A founder's data room. */
export const dataRooms = pgTable(
  'data_rooms',
  {
    id: text('id').primaryKey(),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('data_rooms_founder_idx').on(table.founderId, table.createdAt)],
);

/**
 * A folder or a file of a room, in one table so a move is one update and a folder's subtree
 * cascades. File columns are null for folders; `status` and `pageCount` only for PDFs.
 */
export const dataRoomItems = pgTable(
  'data_room_items',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => dataRooms.id, { onDelete: 'cascade' }),
    parentId: text('parent_id').references((): AnyPgColumn => dataRoomItems.id, { onDelete: 'cascade' }),
    /** 'folder' | 'file'. */
    kind: text('kind').$type<'folder' | 'file'>().notNull(),
    name: text('name').notNull(),
    /** The stored object's key (storage module); null for a folder. */
    fileKey: text('file_key'),
    size: bigint('size', { mode: 'number' }),
    mime: text('mime'),
    /** 'processing' | 'ready' | 'failed' for a PDF; null otherwise. */
    status: text('status').$type<'processing' | 'ready' | 'failed'>(),
    pageCount: integer('page_count'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('data_room_items_room_idx').on(table.roomId),
    index('data_room_items_parent_idx').on(table.parentId),
  ],
);

/**
 * An investor's access to a room, through their accepted interest in one of the founder's decks.
 * It goes with the interest's row; a withdrawn or declined interest ends it at once because every
 * read checks the interest's state, and the rows are removed when those events arrive.
 */
export const dataRoomGrants = pgTable(
  'data_room_grants',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => dataRooms.id, { onDelete: 'cascade' }),
    interestId: text('interest_id')
      .notNull()
      .references(() => interests.id, { onDelete: 'cascade' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('data_room_grants_room_interest_idx').on(table.roomId, table.interestId),
    index('data_room_grants_investor_idx').on(table.investorId),
    index('data_room_grants_interest_idx').on(table.interestId),
  ],
);
