// The comments module's tables: CommentsRepository is their only writer. A comment goes with its
// deck, its version and its author's account; a reply goes with its comment.
import { type AnyPgColumn, index, integer, pgTable, real, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';

/**
 * A comment pinned to a page of a version (and maybe a region of it), or a reply to one
 * (`parentId` set; the pin columns are the parent's and unused). An open comment moves to the
 * matching page of each new version; `outdatedAt` is stamped when there was none.
 */
export const deckComments = pgTable(
  'deck_comments',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    page: integer('page').notNull(),
    parentId: text('parent_id').references((): AnyPgColumn => deckComments.id, { onDelete: 'cascade' }),
    regionX: real('region_x'),
    regionY: real('region_y'),
    regionWidth: real('region_width'),
    regionHeight: real('region_height'),
    authorId: text('author_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: text('resolved_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    outdatedAt: timestamp('outdated_at', { withTimezone: true }),
  },
  (table) => [
    index('deck_comments_deck_idx').on(table.pitchDeckId, table.createdAt),
    index('deck_comments_parent_idx').on(table.parentId),
  ],
);
