// The oauth module's tables: OAuthRepository is their only writer. Identities and exchange codes
// belong to an account (a foreign key to the accounts module's table) and go with it.
import { index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/**
 * A provider's person linked to one account. Keyed on (provider, subject), never on an email: the
 * email a provider reports may change or be reused, its subject may not. One identity signs in one
 * account, so a Google account linked to a founder does not sign an investor in.
 */
export const oauthIdentities = pgTable(
  'oauth_identities',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    subject: text('subject').notNull(),
    /** The verified email the provider reported when the identity was linked; shown in settings. */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('oauth_identities_provider_subject_key').on(table.provider, table.subject),
    uniqueIndex('oauth_identities_account_provider_key').on(table.accountId, table.provider),
  ],
);

/**
 * A started sign-in, waiting for the provider to send the browser back. Only the hash of its state
 * is kept; the PKCE verifier and the nonce are derived from the state with a server key and never
 * stored (see OAuthService), so a copy of this table lets nobody finish a sign-in.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    stateHash: text('state_hash').primaryKey(),
    provider: text('provider').notNull(),
    role: text('role', { enum: ['user', 'investor', 'mentor'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('oauth_states_expires_idx').on(table.expiresAt)],
);

/** The one-time code a finished callback answers, turned into a session once within a minute; hashed. */
export const oauthExchangeCodes = pgTable(
  'oauth_exchange_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('oauth_exchange_codes_expires_idx').on(table.expiresAt)],
);
