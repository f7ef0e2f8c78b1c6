// The ai module's tables: AiRepository is their only writer. A reply's structured part (its
// citations, examples, table and action) is kept beside its chat message, keyed by that message's
// id; the chat module stores the text. Actions wait here for their confirmation.
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { chatRooms } from '@/modules/chat/chat.schema';
import { pitchDecks } from '@/modules/pitchdecks/pitchdecks.schema';

/**
 * The structured part of one copilot reply. `messageId` is the id the reply's chat message is
 * stored with; the row is written first (docs/copilot.md, "Storing a reply"), so there is no
 * foreign key to the message, and a row whose message never came is never read.
 */
export const aiReplies = pgTable(
  'ai_replies',
  {
    messageId: text('message_id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The investor who asked: replies are read only by them. */
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** The contract's `AiReply` as answered. */
    reply: jsonb('reply').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_replies_account_idx').on(table.accountId)],
);

/**
 * A change the copilot proposed (show interest, withdraw): it runs once, when its investor
 * confirms it before `expiresAt`; `status` moves pending → confirmed or cancelled, once.
 */
export const aiActions = pgTable(
  'ai_actions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    /** The reply that proposed it. */
    messageId: text('message_id').notNull(),
    kind: text('kind', { enum: ['show_interest', 'withdraw_interest'] }).notNull(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    note: text('note'),
    status: text('status', { enum: ['pending', 'confirmed', 'cancelled'] })
      .notNull()
      .default('pending'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // 'yes' in the room confirms the room's newest pending action.
  (table) => [index('ai_actions_room_idx').on(table.roomId, table.createdAt)],
);
