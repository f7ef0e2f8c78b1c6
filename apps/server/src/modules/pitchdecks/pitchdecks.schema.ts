// The pitch-deck module's tables: PitchDecksRepository is their only writer. Decks belong to a
// founder and views to an investor (foreign keys to the accounts module's table).
import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/** PostgreSQL's tsvector; written only through SQL (to_tsvector), never read back. */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * A founder's deck. When processing succeeds two vectors are filled: `searchVector` holds every
 * word (title and company weigh A, the pitch B, the page text C) and decides what matches;
 * `rankVector` holds only title, company and pitch and orders the matches. Ranking reads one
 * vector per match, and a small inline vector costs a fraction of a deck's whole text.
 */
export const pitchDecks = pgTable(
  'pitch_decks',
  {
    id: text('id').primaryKey(),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    company: text('company').notNull(),
    title: text('title').notNull(),
    pitch: text('pitch').notNull(),
    sector: text('sector').notNull(),
    stage: text('stage').notNull(),
    amountSought: bigint('amount_sought', { mode: 'number' }).notNull(),
    location: text('location').notNull(),
    website: text('website'),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    failureReason: text('failure_reason'),
    pageCount: integer('page_count'),
    minFontSize: real('min_font_size'),
    maxFontSize: real('max_font_size'),
    searchVector: tsvector('search_vector'),
    rankVector: tsvector('rank_vector'),
    /** The process that holds the deck for processing: a random id made at each process start. */
    processingClaimedBy: text('processing_claimed_by'),
    /** When that process took the deck. */
    processingClaimedAt: timestamp('processing_claimed_at', { withTimezone: true }),
    /**
     * Refreshed every few seconds while the holder works on the deck. A heartbeat that stopped
     * means the holder died (a killed process cannot say so), and any process takes the deck over.
     */
    processingHeartbeatAt: timestamp('processing_heartbeat_at', { withTimezone: true }),
    processingMs: integer('processing_ms'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pitch_decks_file_key_key').on(table.fileKey),
    index('pitch_decks_founder_idx').on(table.founderId, table.createdAt),
    index('pitch_decks_ready_idx').on(table.readyAt).where(sql`${table.status} = 'ready'`),
    // Every process looks for abandoned decks every few seconds, oldest first: only decks in
    // processing are read, however many ready ones the table holds.
    index('pitch_decks_processing_idx').on(table.createdAt).where(sql`${table.status} = 'processing'`),
    // Without the pending list, a deck is indexed when it becomes ready (a few ms, rarely) instead
    // of every search scanning unmerged entries (which made 10,000-deck searches take 100 ms).
    index('pitch_decks_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
);

/** The text of each page, as extracted by processing, with its own vector to find the page a match is on. */
export const pitchDeckPages = pgTable(
  'pitch_deck_pages',
  {
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    searchVector: tsvector('search_vector'),
  },
  (table) => [primaryKey({ columns: [table.pitchDeckId, table.pageNumber] })],
);

/** One viewing session: an investor opening a deck once. */
export const deckViews = pgTable(
  'deck_views',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The counted view this session belongs to: its own id when it opened a view, else the id
     * of the investor's view of this deck that began less than 30 minutes before it. Views are
     * counted by distinct visit, so reopening the deck (or forging fresh session ids) within
     * that window adds no view.
     */
    visitId: text('visit_id').notNull(),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    furthestPage: integer('furthest_page').notNull().default(1),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deck_views_deck_idx').on(table.pitchDeckId),
    index('deck_views_investor_deck_idx').on(table.investorId, table.pitchDeckId, table.startedAt),
  ],
);

/**
 * One row per investor and deck: the moment up to which their reading time is accounted for.
 * Each report of S seconds claims the S seconds before now, after what was claimed already; a
 * claim may not run ahead of the wall clock, so all sessions together (however many ids are
 * made up) hold no more reading time than has passed.
 */
export const deckReaders = pgTable(
  'deck_readers',
  {
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    investorId: text('investor_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readUntil: timestamp('read_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.pitchDeckId, table.investorId] })],
);

/** Seconds one viewing session spent on one page. */
export const deckPageViews = pgTable(
  'deck_page_views',
  {
    viewId: text('view_id')
      .notNull()
      .references(() => deckViews.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.viewId, table.pageNumber] })],
);
