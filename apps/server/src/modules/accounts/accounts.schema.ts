// The accounts module's tables: AccountsRepository is their only writer. Other modules' schema files
// reference `accounts.id` in foreign keys, and a few repositories read these tables in joins
// (each says why); sign-up and password changes write through AccountsRepository too.
import { sql } from 'drizzle-orm';
import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One row per account. A person may hold a founder and an investor account under one email:
 * they are separate rows, told apart by role.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    role: text('role', { enum: ['user', 'investor', 'mentor'] }).notNull(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /**
     * Null only after a contested registration (see `passwordContestedAt`) was verified, until
     * the verifier chooses a password: no password signs in meanwhile.
     */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * Set while unverified when a second registration came with a different password: the
     * mailbox owner may be either registrant, so verifying keeps neither password.
     */
    passwordContestedAt: timestamp('password_contested_at', { withTimezone: true }),
    headline: text('headline'),
    bio: text('bio'),
    company: text('company'),
    location: text('location'),
    website: text('website'),
    pictureKey: text('picture_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('accounts_role_email_key').on(table.role, table.email)],
);

export const investorInfos = pgTable('investor_infos', {
  investorId: text('investor_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  firm: text('firm').notNull(),
  title: text('title'),
  thesis: text('thesis'),
  sectors: text('sectors').array().notNull().default(sql`'{}'::text[]`),
  stages: text('stages').array().notNull().default(sql`'{}'::text[]`),
  chequeSizeMin: bigint('cheque_size_min', { mode: 'number' }),
  chequeSizeMax: bigint('cheque_size_max', { mode: 'number' }),
  location: text('location'),
  website: text('website'),
  /** Places the investor invests in, as typed; the deck search matches them as words of a deck's location. */
  places: text('places').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
