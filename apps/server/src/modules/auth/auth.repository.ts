import type { Role } from '@deckvalid/contract/auth';
import { and, count, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type AccountRow, accounts } from '@/db/schema/accounts';
import { loginFailures, type OneTimeCodeRow, oneTimeCodes, sessions, verificationSends } from '@/db/schema/auth';

export type CodePurpose = OneTimeCodeRow['purpose'];

export type NewAccount = Pick<AccountRow, 'id' | 'role' | 'email' | 'name' | 'passwordHash'>;

export type NewCode = {
  id: string;
  accountId: string;
  purpose: CodePurpose;
  codeHash: string;
  linkTokenHash: string | null;
  passwordHash: string | null;
  expiresAt: Date;
};

/** Queries of accounts, sessions, one-time codes and login failures. */
export class AuthRepository {
  constructor(private readonly db: Database) {}

  async findAccountByRoleAndEmail(role: Role, email: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.role, role), eq(accounts.email, email)))
      .limit(1);
    return row;
  }

  async findAccountById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  /** Inserts unless the role already has this email; answers whether a row was made. */
  async insertAccountIfAbsent(account: NewAccount): Promise<boolean> {
    const rows = await this.db
      .insert(accounts)
      .values(account)
      .onConflictDoNothing({ target: [accounts.role, accounts.email] })
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  /**
   * Verifies the email with a code's password (null: keep the account's), unless the password
   * was contested: then the account keeps no password at all. One statement, so a registration
   * contesting at this moment is either seen here or finds the account verified and does nothing.
   * Answers whether the account has a password now.
   */
  async markVerifiedWithCodePassword(
    accountId: string,
    passwordHash: string | null,
  ): Promise<{ hasPassword: boolean }> {
    const [row] = await this.db
      .update(accounts)
      .set({
        emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`,
        passwordHash: sql`case when ${accounts.passwordContestedAt} is null then coalesce(${passwordHash}::text, ${accounts.passwordHash}) end`,
        passwordContestedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, accountId))
      .returning({ hasPassword: sql<boolean>`${accounts.passwordHash} is not null` });
    return { hasPassword: row?.hasPassword ?? false };
  }

  /** Sets the password chosen after proving the mailbox (a reset code), which verifies the email too. */
  async markVerifiedWithNewPassword(accountId: string, passwordHash: string): Promise<void> {
    await this.db
      .update(accounts)
      .set({
        emailVerifiedAt: sql`coalesce(${accounts.emailVerifiedAt}, now())`,
        passwordHash,
        passwordContestedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(accounts.id, accountId));
  }

  /** Marks an unverified account's password as contested; a verified account is left alone. */
  async markPasswordContested(accountId: string): Promise<void> {
    await this.db
      .update(accounts)
      .set({ passwordContestedAt: sql`coalesce(${accounts.passwordContestedAt}, now())`, updatedAt: sql`now()` })
      .where(and(eq(accounts.id, accountId), isNull(accounts.emailVerifiedAt)));
  }

  async updatePasswordHash(accountId: string, passwordHash: string): Promise<void> {
    await this.db.update(accounts).set({ passwordHash, updatedAt: sql`now()` }).where(eq(accounts.id, accountId));
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

  async findSessionByIdIncludeAccount(sessionId: string) {
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

  async findNewestCode(accountId: string, purpose: CodePurpose): Promise<OneTimeCodeRow | undefined> {
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
