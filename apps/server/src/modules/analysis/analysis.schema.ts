import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';

/**
 * The validation report of one deck version (docs/analysis.md): computed from the version's
 * stored pages when it goes ready, or on first read, and again only when the analyser's version
 * changes. `report` is the contract's `DeckAnalysis` without the fields the row holds itself.
 */
export const deckAnalyses = pgTable(
  'deck_analyses',
  {
    versionId: text('version_id')
      .primaryKey()
      .references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    /** The analyser that wrote the report: an older one's report is computed again when read. */
    analyzerVersion: integer('analyzer_version').notNull(),
    /** The report's score, 0–100, beside it for lists that show scores without the report. */
    score: integer('score').notNull(),
    report: jsonb('report').notNull(),
    computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('deck_analyses_pitch_deck_idx').on(table.pitchDeckId)],
);
