// The reviews module's table: ReviewsRepository is its only writer. A review goes with its deck,
// its version and its mentor's account.
import type { AnalysisSectionKey } from '@deckvalid/contract/analysis';
import type { ReviewVerdict } from '@deckvalid/contract/deck-reviews';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';

/** One mentor's review of one version: a PUT replaces it. */
export const deckReviews = pgTable(
  'deck_reviews',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    versionId: text('version_id')
      .notNull()
      .references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
    versionNumber: integer('version_number').notNull(),
    mentorId: text('mentor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    sections: jsonb('sections').$type<{ key: AnalysisSectionKey; score: number; note: string | null }[]>().notNull(),
    verdict: text('verdict').$type<ReviewVerdict>().notNull(),
    summary: text('summary').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deck_reviews_version_mentor_idx').on(table.versionId, table.mentorId),
    index('deck_reviews_deck_idx').on(table.pitchDeckId),
  ],
);
