import type { AccountRole } from '@deckvalid/contract/auth';
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { oauthExchangeCodes, oauthIdentities, oauthStates } from './oauth.schema';

/** A provider's person linked to an account. */
export type OAuthIdentity = {
  id: string;
  accountId: string;
  provider: string;
  subject: string;
  email: string | null;
  createdAt: Date;
};

/** A started sign-in as stored: the hash of its state, never the state. */
export type OAuthState = {
  provider: string;
  role: AccountRole;
  expiresAt: Date;
};

/** A one-time exchange code as stored (hashed). */
export type OAuthExchangeCode = {
  accountId: string;
  provider: string;
  expiresAt: Date;
};

const identityColumns = {
  id: oauthIdentities.id,
  accountId: oauthIdentities.accountId,
  provider: oauthIdentities.provider,
  subject: oauthIdentities.subject,
  email: oauthIdentities.email,
  createdAt: oauthIdentities.createdAt,
};

/** Identities, started sign-ins and exchange codes: the only writer of those three tables. */
export class OAuthRepository {
  constructor(private readonly db: Database) {}

  async insertState(state: OAuthState & { stateHash: string }): Promise<void> {
    await this.db.insert(oauthStates).values(state);
  }

  /**
   * Marks a started sign-in used and answers it, whatever its provider or age (the caller judges
   * those): one statement, so of two callbacks with the same state only one gets it.
   */
  async consumeState(stateHash: string): Promise<OAuthState | undefined> {
    const [row] = await this.db
      .update(oauthStates)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oauthStates.stateHash, stateHash), isNull(oauthStates.consumedAt)))
      .returning({ provider: oauthStates.provider, role: oauthStates.role, expiresAt: oauthStates.expiresAt });
    return row;
  }

  async insertExchangeCode(code: OAuthExchangeCode & { codeHash: string }): Promise<void> {
    await this.db.insert(oauthExchangeCodes).values(code);
  }

  /** Marks an exchange code used and answers it, once; the caller judges provider and age. */
  async consumeExchangeCode(codeHash: string): Promise<OAuthExchangeCode | undefined> {
    const [row] = await this.db
      .update(oauthExchangeCodes)
      .set({ consumedAt: sql`now()` })
      .where(and(eq(oauthExchangeCodes.codeHash, codeHash), isNull(oauthExchangeCodes.consumedAt)))
      .returning({
        accountId: oauthExchangeCodes.accountId,
        provider: oauthExchangeCodes.provider,
        expiresAt: oauthExchangeCodes.expiresAt,
      });
    return row;
  }

  async findIdentityByProviderAndSubject(provider: string, subject: string): Promise<OAuthIdentity | undefined> {
    const [row] = await this.db
      .select(identityColumns)
      .from(oauthIdentities)
      .where(and(eq(oauthIdentities.provider, provider), eq(oauthIdentities.subject, subject)))
      .limit(1);
    return row;
  }

  async findIdentitiesByAccountId(accountId: string): Promise<OAuthIdentity[]> {
    return this.db
      .select(identityColumns)
      .from(oauthIdentities)
      .where(eq(oauthIdentities.accountId, accountId))
      .orderBy(asc(oauthIdentities.createdAt), asc(oauthIdentities.provider));
  }

  /**
   * Links unless the (provider, subject) is linked already or the account has an identity of this
   * provider (both unique); answers whether a row was made.
   */
  async insertIdentityIfAbsent(identity: Omit<OAuthIdentity, 'createdAt'>): Promise<boolean> {
    const rows = await this.db
      .insert(oauthIdentities)
      .values(identity)
      .onConflictDoNothing()
      .returning({ id: oauthIdentities.id });
    return rows.length === 1;
  }

  async touchIdentity(id: string): Promise<void> {
    await this.db.update(oauthIdentities).set({ lastUsedAt: sql`now()` }).where(eq(oauthIdentities.id, id));
  }

  /**
   * Unlinks the account's identity of `provider` if `mayUnlink` allows it, judged on the account's
   * identities locked for the transaction: two unlinks at once cannot each see the other's row and
   * together leave an account without a way in.
   */
  async deleteIdentityIf(
    accountId: string,
    provider: string,
    mayUnlink: (identities: Pick<OAuthIdentity, 'provider'>[]) => boolean,
  ): Promise<'unlinked' | 'missing' | 'refused'> {
    return this.db.transaction(async (tx) => {
      const identities = await tx
        .select({ provider: oauthIdentities.provider })
        .from(oauthIdentities)
        .where(eq(oauthIdentities.accountId, accountId))
        .for('update');
      if (!identities.some((identity) => identity.provider === provider)) return 'missing';
      if (!mayUnlink(identities)) return 'refused';
      await tx
        .delete(oauthIdentities)
        .where(and(eq(oauthIdentities.accountId, accountId), eq(oauthIdentities.provider, provider)));
      return 'unlinked';
    });
  }

  /** Drops started sign-ins and exchange codes that can no longer be used; for a periodic job. */
  async deleteExpiredBefore(before: Date): Promise<void> {
    await this.db.delete(oauthStates).where(or(lt(oauthStates.expiresAt, before), lt(oauthStates.consumedAt, before)));
    await this.db
      .delete(oauthExchangeCodes)
      .where(or(lt(oauthExchangeCodes.expiresAt, before), lt(oauthExchangeCodes.consumedAt, before)));
  }
}
