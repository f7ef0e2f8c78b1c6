// The mentors module's tables: MentorsRepository is their only writer. An invitation and a
// mentorship go with the founder's account (and a mentorship with the mentor's too).
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/**
 * An invitation a founder sent by email. Only the hash of its token is kept, so a copy of this
 * table accepts nothing; accepting it stamps `acceptedAt`, and a stamped invitation is spent.
 */
export const mentorInvitations = pgTable(
  'mentor_invitations',
  {
    id: text('id').primaryKey(),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    note: text('note'),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('mentor_invitations_token_hash_idx').on(table.tokenHash),
    index('mentor_invitations_founder_idx').on(table.founderId, table.createdAt),
  ],
);

/** A founder and a mentor who helps them; ending it deletes the row, and every access with it. */
export const mentorships = pgTable(
  'mentorships',
  {
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    mentorId: text('mentor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.founderId, table.mentorId] }),
    index('mentorships_mentor_idx').on(table.mentorId, table.createdAt),
  ],
);
