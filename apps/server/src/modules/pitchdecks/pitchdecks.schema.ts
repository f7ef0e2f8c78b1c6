// The pitch-deck module's tables: PitchDecksRepository is their only writer. Decks belong to a
// founder and views to an investor (foreign keys to the accounts module's table); files, page
// text and views belong to a deck's versions.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  doublePrecision,
  foreignKey,
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
 * A founder's deck: its details and the version investors see. Each uploaded file is a version
 * (`pitchDeckVersions`); the live one is the newest that processing made ready, and a deck with
 * none is not shown to investors. When a version goes live, or the details change while one is,
 * two vectors are filled: `searchVector` holds every word (title and company weigh A, the pitch
 * B, the live version's page text C) and decides what matches; `rankVector` holds only title,
 * company and pitch and orders the matches. Ranking reads one vector per match, and a small
 * inline vector costs a fraction of a deck's whole text.
 */
export const pitchDecks = pgTable(
  'pitch_decks',
  {
    id: text('id').primaryKey(),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    company: text('company').notNull(),
    title: text('title').notNull(),
    pitch: text('pitch').notNull(),
    sector: text('sector').notNull(),
    stage: text('stage').notNull(),
    amountSought: bigint('amount_sought', { mode: 'number' }).notNull(),
    location: text('location').notNull(),
    /**
     * The location as lower-case words between single spaces, with a space at each end ("Berlin,
     * Germany" → " berlin germany "): a thesis place matches when its words appear here whole.
     * Stored, so ranking 10,000 decks by fit does not parse every location on every search.
     */
    locationWords: text('location_words')
      .notNull()
      .generatedAlwaysAs(sql`(' ' || lower(regexp_replace(location, '[^[:alnum:]]+', ' ', 'g')) || ' ')`),
    website: text('website'),
    /** The version investors see; null until one is ready. Always one of this deck's own (composite key). */
    liveVersionId: text('live_version_id'),
    searchVector: tsvector('search_vector'),
    rankVector: tsvector('rank_vector'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the deck first went live: "newest" orders by it, and a new version does not reorder. */
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    foreignKey({
      name: 'pitch_decks_live_version_fk',
      columns: [table.id, table.liveVersionId],
      foreignColumns: [pitchDeckVersions.pitchDeckId, pitchDeckVersions.id],
    }),
    index('pitch_decks_founder_idx').on(table.founderId, table.createdAt),
    index('pitch_decks_live_idx').on(table.readyAt).where(sql`${table.liveVersionId} is not null`),
    // Without the pending list, a deck is indexed when it becomes ready (a few ms, rarely) instead
    // of every search scanning unmerged entries (which made 10,000-deck searches take 100 ms).
    index('pitch_decks_search_idx').using('gin', table.searchVector).with({ fastupdate: false }),
  ],
);

/**
 * One uploaded file of a deck, numbered from 1, processed on its own: processing → ready, or
 * processing → failed with a reason. A failed or processing version leaves the live one live.
 */
export const pitchDeckVersions = pgTable(
  'pitch_deck_versions',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references((): AnyPgColumn => pitchDecks.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    fileKey: text('file_key').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    status: text('status', { enum: ['processing', 'ready', 'failed'] })
      .notNull()
      .default('processing'),
    failureReason: text('failure_reason'),
    pageCount: integer('page_count'),
    minFontSize: real('min_font_size'),
    maxFontSize: real('max_font_size'),
    /**
     * Page 1 drawn as a small WebP while the version was processed, so a list of cards shows
     * pictures without fetching and drawing whole PDFs; null when it could not be drawn.
     */
    thumbnailKey: text('thumbnail_key'),
    /** The process that holds the version for processing: a random id made at each process start. */
    processingClaimedBy: text('processing_claimed_by'),
    /** When that process took the version. */
    processingClaimedAt: timestamp('processing_claimed_at', { withTimezone: true }),
    /**
     * Refreshed every few seconds while the holder works on the version. A heartbeat that stopped
     * means the holder died (a killed process cannot say so), and any process takes it over.
     */
    processingHeartbeatAt: timestamp('processing_heartbeat_at', { withTimezone: true }),
    processingMs: integer('processing_ms'),
    /** When the file was submitted as this version. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('pitch_deck_versions_file_key_key').on(table.fileKey),
    uniqueIndex('pitch_deck_versions_deck_number_key').on(table.pitchDeckId, table.number),
    // The target of the deck's composite live-version key.
    uniqueIndex('pitch_deck_versions_deck_id_key').on(table.pitchDeckId, table.id),
    // Every process looks for abandoned versions every few seconds, oldest first: only versions
    // in processing are read, however many ready ones the table holds.
    index('pitch_deck_versions_processing_idx').on(table.createdAt).where(sql`${table.status} = 'processing'`),
  ],
);

/** The text of each page of a version, with its own vector to find the page a match is on. */
export const pitchDeckPages = pgTable(
  'pitch_deck_pages',
  {
    versionId: text('version_id')
      .notNull()
      .references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
    pageNumber: integer('page_number').notNull(),
    text: text('text').notNull(),
    /** The page's title as set (its largest type, when that stands out); null when none does. */
    title: text('title'),
    /** The smallest type on the page, in points; null for a page without text. */
    minFontSize: real('min_font_size'),
    /** The size most of the page's characters are set in, in points; null without text. */
    bodyFontSize: real('body_font_size'),
    searchVector: tsvector('search_vector'),
  },
  (table) => [primaryKey({ columns: [table.versionId, table.pageNumber] })],
);

/** One viewing session: an investor opening a deck once. */
export const deckViews = pgTable(
  'deck_views',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    /** The version read: set by the session's first report, and every report must name the same. */
    versionId: text('version_id')
      .notNull()
      .references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
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
    index('deck_views_version_idx').on(table.versionId),
    index('deck_views_investor_deck_idx').on(table.investorId, table.pitchDeckId, table.startedAt),
    // Trends and the company page's stock series read a deck's sessions of a range of days.
    index('deck_views_deck_started_idx').on(table.pitchDeckId, table.startedAt),
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
