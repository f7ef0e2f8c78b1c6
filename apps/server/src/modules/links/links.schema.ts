// The links module's tables: LinksRepository is their only writer. A link belongs to a founder's
// deck or data room and goes with it (a deleted deck's or room's links, visitors and tokens are
// gone, so its slug is unknown at once); a pinned version goes with its link the same way.
// Visitors, viewer tokens, codes, guesses and reading belong to a link; a room document's reading
// goes with the document too.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { dataRoomItems, dataRooms } from '@/modules/datarooms/datarooms.schema';
import { pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';

/**
 * A share link and its settings, to one deck or to one data room (exactly one of the two). `passcodeGeneration` and `agreementGeneration` go up each time
 * the passcode or the agreement text is set anew: a viewer token remembers the generations it was
 * granted under, so a changed passcode or agreement ends the tokens granted before it.
 */
export const deckLinks = pgTable(
  'deck_links',
  {
    id: text('id').primaryKey(),
    pitchDeckId: text('pitch_deck_id').references(() => pitchDecks.id, { onDelete: 'cascade' }),
    dataRoomId: text('data_room_id').references(() => dataRooms.id, { onDelete: 'cascade' }),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** 192 random bits, base64url: the secret part of the link's address. */
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    requireEmail: boolean('require_email').notNull(),
    verifyEmail: boolean('verify_email').notNull(),
    allowList: jsonb('allow_list').$type<string[]>().notNull(),
    denyList: jsonb('deny_list').$type<string[]>().notNull(),
    /** argon2id of the passcode; null for none. */
    passcodeHash: text('passcode_hash'),
    passcodeGeneration: integer('passcode_generation').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    allowDownload: boolean('allow_download').notNull(),
    watermark: boolean('watermark').notNull(),
    agreement: text('agreement'),
    agreementGeneration: integer('agreement_generation').notNull().default(0),
    notify: boolean('notify').notNull(),
    /** The pinned version; null shows the deck's live version. */
    versionId: text('version_id').references(() => pitchDeckVersions.id, { onDelete: 'cascade' }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('deck_links_slug_idx').on(table.slug),
    index('deck_links_deck_idx').on(table.pitchDeckId, table.createdAt),
    index('deck_links_room_idx').on(table.dataRoomId, table.createdAt),
    check('deck_links_one_target', sql`(${table.pitchDeckId} is null) <> (${table.dataRoomId} is null)`),
  ],
);

/**
 * Someone who passed a link's gate: one row per email per link, or one per visit when the visitor
 * gave none. `readUntil` caps the reading time they may report, as investors' reading is capped.
 */
export const deckLinkVisitors = pgTable(
  'deck_link_visitors',
  {
    id: text('id').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    /** Lower case; null when the link asked for none and none was given. */
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** The latest acceptance of the link's agreement, and the agreement generation it was of. */
    agreedAt: timestamp('agreed_at', { withTimezone: true }),
    visits: integer('visits').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
    furthestPage: integer('furthest_page'),
    readUntil: timestamp('read_until', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('deck_link_visitors_email_idx').on(table.linkId, table.email).where(sql`${table.email} is not null`),
    index('deck_link_visitors_link_idx').on(table.linkId, table.lastSeenAt),
    // An investor's decks shared with them: the visits made under their email, proven by a code.
    index('deck_link_visitors_verified_email_idx').on(table.email).where(sql`${table.emailVerifiedAt} is not null`),
  ],
);

/** Reading time of a visitor per page, across their visits. */
export const deckLinkPageTimes = pgTable(
  'deck_link_page_times',
  {
    visitorId: text('visitor_id')
      .notNull()
      .references(() => deckLinkVisitors.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.visitorId, table.page] })],
);

/**
 * A data room's document as one visitor of the room's link used it: opened in the viewer,
 * downloaded, and read (`deckLinkDocumentPages`).
 */
export const deckLinkDocuments = pgTable(
  'deck_link_documents',
  {
    visitorId: text('visitor_id')
      .notNull()
      .references(() => deckLinkVisitors.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => dataRoomItems.id, { onDelete: 'cascade' }),
    opens: integer('opens').notNull().default(0),
    downloads: integer('downloads').notNull().default(0),
    lastOpenedAt: timestamp('last_opened_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.visitorId, table.itemId] })],
);

/** Reading time of a visitor per page of a data room's document, across their visits. */
export const deckLinkDocumentPages = pgTable(
  'deck_link_document_pages',
  {
    visitorId: text('visitor_id')
      .notNull()
      .references(() => deckLinkVisitors.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => dataRoomItems.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    seconds: doublePrecision('seconds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.visitorId, table.itemId, table.page] })],
);

/**
 * A viewing session of the public viewer (its `sessionId`): it may not hold more reading time
 * than has passed since it began.
 */
export const deckLinkViews = pgTable(
  'deck_link_views',
  {
    id: text('id').primaryKey(),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => deckLinkVisitors.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    totalSeconds: doublePrecision('total_seconds').notNull().default(0),
  },
  (table) => [index('deck_link_views_visitor_idx').on(table.visitorId)],
);

/**
 * A viewer token, stored as its SHA-256: bound to its link and visitor, and to what the gate
 * checked when it was granted (a verified email, the passcode and agreement generations). Each
 * use is checked against the link's settings of that moment.
 */
export const deckLinkTokens = pgTable(
  'deck_link_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    linkId: text('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    visitorId: text('visitor_id')
      .notNull()
      .references(() => deckLinkVisitors.id, { onDelete: 'cascade' }),
    isEmailVerified: boolean('is_email_verified').notNull(),
    /** The passcode generation the visitor typed; null when the link had none. */
    passcodeGeneration: integer('passcode_generation'),
    /** The agreement generation the visitor accepted; null when the link had none. */
    agreementGeneration: integer('agreement_generation'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('deck_link_tokens_link_idx').on(table.linkId),
    index('deck_link_tokens_visitor_idx').on(table.visitorId),
    index('deck_link_tokens_expiry_idx').on(table.expiresAt),
  ],
);

/** The code mailed to prove an address for a link (SHA-256 of it), one live code per address. */
export const deckLinkCodes = pgTable(
  'deck_link_codes',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Codes mailed in the window that began at `windowStartedAt`: mailing is limited too. */
    sentInWindow: integer('sent_in_window').notNull().default(1),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.email] })],
);

/**
 * Wrong passcodes and codes per link and visitor (their email, else their address's hash) in a
 * window: in the database, so every process sharing it counts the same guesses.
 */
export const deckLinkGuesses = pgTable(
  'deck_link_guesses',
  {
    linkId: text('link_id')
      .notNull()
      .references(() => deckLinks.id, { onDelete: 'cascade' }),
    visitorKey: text('visitor_key').notNull(),
    wrong: integer('wrong').notNull().default(0),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.linkId, table.visitorKey] })],
);
