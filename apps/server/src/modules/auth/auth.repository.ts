import type { Role } from '@deckvalid/contract/auth';
import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { loginFailures, oneTimeCodes, sessions, verificationSends } from './auth.schema';

/** What sign-up, sign-in and password changes read of an account. */
export type AuthAccount = {
  id: string;
  role: 'user' | 'investor' | 'mentor';
  email: string;
  name: string;
  /** Null while a contested registration's verifier has not chosen a password yet. */
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  passwordContestedAt: Date | null;
};

export type NewAccount = Pick<AuthAccount, 'id' | 'role' | 'email' | 'name' | 'passwordHash'>;

export type CodePurpose = 'verify_email' | 'reset_password';

/** An emailed one-time code as stored: keyed hashes only, never the code or link token. */
export type OneTimeCode = {
  id: string;
  accountId: string;
  purpose: CodePurpose;
  codeHash: string;
  linkTokenHash: string | null;
  /** The password a registration code activates; null keeps the account's own. */
  passwordHash: string | null;
  failedAttempts: number;
  createdAt: Date;
  expiresAt: Date;
  consumedAt: Date | null;
};

export type NewCode = {
  id: string;
  accountId: string;
  purpose: CodePurpose;
  codeHash: string;
  linkTokenHash: string | null;
  passwordHash: string | null;
  expiresAt: Date;
};

/** A session with the account it signs in, as the credential check needs it. */
export type SessionWithAccount = {
  id: string;
  accountId: string;
  secretHash: string;
  expiresAt: Date;
  revokedAt: Date | null;
  account: Pick<AuthAccount, 'id' | 'role' | 'name' | 'email'>;
};

/**
 * The account reads and writes auth needs, answered by the accounts module's repository (wired
 * in app.ts): the accounts table has that one writer. Declared here, by shape, so auth imports
 * nothing of the accounts module's repository.
 */
export type AccountCredentialsStore = {
  findById(id: string): Promise<AuthAccount | undefined>;
  findByRoleAndEmail(role: Role, email: string): Promise<AuthAccount | undefined>;
  insertIfAbsent(account: NewAccount): Promise<boolean>;
  markVerifiedWithCodePassword(accountId: string, passwordHash: string | null): Promise<{ hasPassword: boolean }>;
  markVerifiedWithNewPassword(accountId: string, passwordHash: string): Promise<void>;
  markPasswordContested(accountId: string): Promise<void>;
  updatePasswordHash(accountId: string, passwordHash: string): Promise<void>;
};

/**
 * Sessions, one-time codes, login failures and verification sends: the only writer of those
 * tables. Account queries are passed on to the accounts module's store, so the auth services
 * keep one repository to call while the accounts table keeps one writer.
 */
export class AuthRepository {
  constructor(
    private readonly db: Database,
    private readonly accountStore: AccountCredentialsStore,
  ) {}

  findAccountByRoleAndEmail(role: Role, email: string): Promise<AuthAccount | undefined> {
    return this.accountStore.findByRoleAndEmail(role, email);
  }

  findAccountById(id: string): Promise<AuthAccount | undefined> {
    return this.accountStore.findById(id);
  }

  /** Inserts unless the role already has this email; answers whether a row was made. */
  insertAccountIfAbsent(account: NewAccount): Promise<boolean> {
    return this.accountStore.insertIfAbsent(account);
  }

  /**
   * Verifies the email with a code's password (null: keep the account's), unless the password
   * was contested: then the account keeps no password at all (one statement; see the store).
   * Answers whether the account has a password now.
   */
  markVerifiedWithCodePassword(accountId: string, passwordHash: string | null): Promise<{ hasPassword: boolean }> {
    return this.accountStore.markVerifiedWithCodePassword(accountId, passwordHash);
  }

  /** Sets the password chosen after proving the mailbox (a reset code), which verifies the email too. */
  markVerifiedWithNewPassword(accountId: string, passwordHash: string): Promise<void> {
    return this.accountStore.markVerifiedWithNewPassword(accountId, passwordHash);
  }

  /** Marks an unverified account's password as contested; a verified account is left alone. */
  markPasswordContested(accountId: string): Promise<void> {
    return this.accountStore.markPasswordContested(accountId);
  }

  updatePasswordHash(accountId: string, passwordHash: string): Promise<void> {
    return this.accountStore.updatePasswordHash(accountId, passwordHash);
  }

  /**
   * Claims the right to send a verification code to (role, email key): granted when none was
   * claimed within `windowSeconds`. One upsert, so of two concurrent claims only one is granted.
   * Answers 0 when granted, else the whole seconds left, counted on the database's clock.
   */
  async claimVerificationSend(role: Role, emailKey: string, windowSeconds: number): Promise<number> {
    const window = sql`make_interval(secs => ${windowSeconds})`;
    const granted = await this.db
      .insert(verificationSends)
      .values({ role, emailKey, sentAt: sql`now()` })
      .onConflictDoUpdate({
        target: [verificationSends.role, verificationSends.emailKey],
        set: { sentAt: sql`now()` },
        setWhere: sql`${verificationSends.sentAt} <= now() - ${window}`,
      })
      .returning({ role: verificationSends.role });
    if (granted.length === 1) return 0;
    const [held] = await this.db
      .select({ seconds: sql<number>`ceil(extract(epoch from ${verificationSends.sentAt} + ${window} - now()))::int` })
      .from(verificationSends)
      .where(and(eq(verificationSends.role, role), eq(verificationSends.emailKey, emailKey)));
    // A row that aged out between the two statements leaves under a second to wait: say one.
    return Math.max(1, held?.seconds ?? 1);
  }

  async deleteVerificationSendsBefore(before: Date): Promise<void> {
    await this.db.delete(verificationSends).where(lt(verificationSends.sentAt, before));
  }

  async insertSession(session: {
    id: string;
    accountId: string;
    secretHash: string;
    expiresAt: Date;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.db.insert(sessions).values(session);
  }

  /**
   * Joins the accounts table (a read only): every request whose session is not cached comes
   * here, and one query answers faster than a second round trip to the accounts store.
   */
  async findSessionByIdIncludeAccount(sessionId: string): Promise<SessionWithAccount | undefined> {
    const [row] = await this.db
      .select({
        id: sessions.id,
        accountId: sessions.accountId,
        secretHash: sessions.secretHash,
        expiresAt: sessions.expiresAt,
        revokedAt: sessions.revokedAt,
        account: { id: accounts.id, role: accounts.role, name: accounts.name, email: accounts.email },
      })
      .from(sessions)
      .innerJoin(accounts, eq(accounts.id, sessions.accountId))
      .where(eq(sessions.id, sessionId))
      .limit(1);
    return row;
  }

  async revokeSession(sessionId: string): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
  }

  /** Revokes every live session of the account but `keepSessionId`; answers the revoked ids. */
  async revokeSessionsOfAccount(accountId: string, keepSessionId?: string): Promise<string[]> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.accountId, accountId),
          isNull(sessions.revokedAt),
          keepSessionId ? ne(sessions.id, keepSessionId) : undefined,
        ),
      )
      .returning({ id: sessions.id });
    return rows.map((row) => row.id);
  }

  async findNewestCode(accountId: string, purpose: CodePurpose): Promise<OneTimeCode | undefined> {
    const [row] = await this.db
      .select()
      .from(oneTimeCodes)
      .where(and(eq(oneTimeCodes.accountId, accountId), eq(oneTimeCodes.purpose, purpose)))
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    return row;
  }

  /** Voids every open code of that purpose, then stores the new one: only the newest works. */
  async replaceCode(code: NewCode): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(oneTimeCodes)
        .set({ consumedAt: sql`now()` })
        .where(
          and(
            eq(oneTimeCodes.accountId, code.accountId),
            eq(oneTimeCodes.purpose, code.purpose),
            isNull(oneTimeCodes.consumedAt),
          ),
        );
      await tx.insert(oneTimeCodes).values(code);
    });
  }

  /**
   * Counts a wrong try; the fifth voids the code. One statement, so concurrent wrong tries
   * cannot slip past the limit. Answers the failures so far.
   */
  async recordCodeFailure(codeId: string, maxAttempts: number): Promise<number> {
    const [row] = await this.db
      .update(oneTimeCodes)
      .set({
        failedAttempts: sql`${oneTimeCodes.failedAttempts} + 1`,
        consumedAt: sql`case when ${oneTimeCodes.failedAttempts} + 1 >= ${maxAttempts} then now() else ${oneTimeCodes.consumedAt} end`,
      })
      .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt)))
      .returning({ failedAttempts: oneTimeCodes.failedAttempts });
    return row?.failedAttempts ?? maxAttempts;
  }

  /** Marks the code used; false when another request used it first (single use). */
  async consumeCode(codeId: string): Promise<boolean> {
    const rows = await this.db
      .update(oneTimeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oneTimeCodes.id, codeId), isNull(oneTimeCodes.consumedAt), gt(oneTimeCodes.expiresAt, sql`now()`)))
      .returning({ id: oneTimeCodes.id });
    return rows.length === 1;
  }

  async countRecentLoginFailures(role: Role, email: string, ip: string, since: Date): Promise<number> {
    const [row] = await this.db
      .select({ value: count() })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.role, role),
          eq(loginFailures.email, email),
          eq(loginFailures.ip, ip),
          gt(loginFailures.createdAt, since),
        ),
      );
    return row?.value ?? 0;
  }

  async insertLoginFailure(role: Role, email: string, ip: string): Promise<void> {
    await this.db.insert(loginFailures).values({ role, email, ip });
  }

  async deleteLoginFailures(role: Role, email: string, ip: string): Promise<void> {
    await this.db
      .delete(loginFailures)
      .where(and(eq(loginFailures.role, role), eq(loginFailures.email, email), eq(loginFailures.ip, ip)));
  }

  async deleteLoginFailuresBefore(before: Date): Promise<void> {
    await this.db.delete(loginFailures).where(lt(loginFailures.createdAt, before));
  }
}
