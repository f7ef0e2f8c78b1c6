// The chat module's tables: ChatRepository is their only writer. A room lists its participants;
// a message belongs to a room and is numbered in it. Accounts own participants and messages'
// senders: a deleted account leaves its rooms (the others keep the history, its messages stay
// with no sender).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/** A conversation. `lastSeq` is the newest message's seq: the next message takes `lastSeq + 1`. */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: text('id').primaryKey(),
    type: text('type', { enum: ['private', 'group', 'bot'] }).notNull(),
    /** A group's name; private rooms are named after the other participant. */
    name: text('name'),
    /** Who opened the room; a group's ties are counted from its creator. Null once that account is gone. */
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    /** Private rooms only: the two account ids, sorted and joined, so a pair has one room. */
    pairKey: text('pair_key'),
    lastSeq: integer('last_seq').notNull().default(0),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * The newest change number (an edit, a deletion, a reaction): the next change takes
     * `lastRev + 1` under the row's lock, as messages take `lastSeq + 1` (docs/chat.md).
     */
    lastRev: integer('last_rev').notNull().default(0),
  },
  (table) => [uniqueIndex('chat_rooms_pair_key').on(table.pairKey).where(sql`${table.pairKey} is not null`)],
);

/** An account in a room, with its read watermark: every message up to `readSeq` is read. */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull().default(0),
    /** When the watermark last moved: the `readAt` of the receipts it gives. */
    readAt: timestamp('read_at', { withTimezone: true }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the membership ended (the tie behind it ended, the creator removed them, they left);
     * null while a member. The row stays: its watermark still gives receipts, and the history up
     * to `leftSeq` stays readable to them (docs/chat.md, "Membership").
     */
    leftAt: timestamp('left_at', { withTimezone: true }),
    /** The room's last seq when they left: the last message they may read. */
    leftSeq: integer('left_seq'),
    /** Why: `tie_ended`, `removed` or `left` (the contract's `chatLeaveReasons`). */
    leftReason: text('left_reason', { enum: ['tie_ended', 'removed', 'left'] }),
    /** Set while they muted the room: no unread count for them. */
    mutedAt: timestamp('muted_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.accountId] }),
    index('chat_participants_account_idx').on(table.accountId),
  ],
);

/** One message; (room, seq) is unique and gap-free, (sender, clientId) makes a retried send idempotent. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    roomId: text('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: text('sender_id').references(() => accounts.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The message of the same room this one answers; null when none, or once that one is gone. */
    replyToId: text('reply_to_id').references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** Deleted by its author: the row keeps its seq (no hole), its content is emptied. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The room's change number of its last change; 0 if never changed. */
    rev: integer('rev').notNull().default(0),
  },
  (table) => [
    uniqueIndex('chat_messages_room_seq_key').on(table.roomId, table.seq),
    // The catch-up of changes reads a room's messages changed after a number, in that order.
    index('chat_messages_room_rev_idx').on(table.roomId, table.rev).where(sql`${table.rev} > 0`),
    uniqueIndex('chat_messages_sender_client_key')
      .on(table.senderId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    // Message search (GET /api/v1/chats/search) matches this very expression, so the index serves
    // it. 'simple' keeps every word as written, in any language: a search matches words and their
    // beginnings (prefix queries), which stemming for one language would distort.
    index('chat_messages_content_search').using('gin', sql`to_tsvector('simple', ${table.content})`),
  ],
);

/** One person's reaction with one emoji (the contract's `chatReactionEmoji`) to one message. */
export const chatMessageReactions = pgTable(
  'chat_message_reactions',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.accountId, table.emoji] })],
);
