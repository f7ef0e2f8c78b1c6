// The auth module's tables: AuthRepository is their only writer. Sessions and codes belong to an
// account (a foreign key to the accounts module's table) and go with it when it is deleted.
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';

/** A signed-in session. Only the hash of its secret (the hash token) is kept. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    userAgent: text('user_agent'),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('sessions_account_idx').on(table.accountId)],
);

/**
 * Emailed one-time codes. The code and the link token are stored as keyed hashes; a
 * registration code also carries the password hash it will activate.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    linkTokenHash: text('link_token_hash'),
    passwordHash: text('password_hash'),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [index('one_time_codes_account_purpose_idx').on(table.accountId, table.purpose, table.createdAt)],
);

/** Failed logins, counted per account email and IP for the throttle; old rows are pruned. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    role: text('role').notNull(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('login_failures_lookup_idx').on(table.role, table.email, table.ip, table.createdAt)],
);

/**
 * When a verification code was last asked for, and apart from that when one was last mailed, per
 * role and email, whether or not an account has that email: verify/send answers its 60-second
 * limit from the first alike for every address, and code mails keep their own minute apart
 * without showing in any answer (see OneTimeCodes). The two are told apart by the key the email
 * is hashed with; the email is kept only as a keyed hash, since most rows may name people who
 * never signed up.
 */
export const verificationSends = pgTable(
  'verification_sends',
  {
    role: text('role').notNull(),
    emailKey: text('email_key').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.role, table.emailKey] }),
    index('verification_sends_sent_idx').on(table.sentAt),
  ],
);
