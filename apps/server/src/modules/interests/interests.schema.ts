// The interests module's table: InterestsRepository is its only writer. An interest joins an
// investor (accounts) to a deck (pitch_decks) and goes with either when it is deleted.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { pitchDecks } from '@/modules/pitchdecks/pitchdecks.schema';

/** One interest per investor and deck; its status follows contract/interests.ts. */
export const interests = pgTable(
  'interests',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn'] }).notNull(),
    note: text('note'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the founder accepted or declined it. */
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('interests_deck_investor_key').on(table.pitchDeckId, table.investorId),
    index('interests_investor_idx').on(table.investorId),
  ],
);
