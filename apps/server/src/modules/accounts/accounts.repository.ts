import type { Role } from '@deckvalid/contract/auth';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accounts, investorInfos } from './accounts.schema';

/** An account as stored: profile fields and the credential state sign-in reads. */
export type Account = {
  id: string;
  role: 'user' | 'investor' | 'mentor';
  email: string;
  name: string;
  /** Null while a contested registration's verifier has not chosen a password yet. */
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
  passwordContestedAt: Date | null;
  headline: string | null;
  bio: string | null;
  company: string | null;
  location: string | null;
  website: string | null;
  pictureKey: string | null;
  createdAt: Date;
  updatedAt: Date;
};

/** An investor's info as stored (the contract's `InvestorInfo` is what the API answers). */
export type InvestorInfoRecord = {
  investorId: string;
  firm: string;
  title: string | null;
  thesis: string | null;
  sectors: string[];
  stages: string[];
  chequeSizeMin: number | null;
  chequeSizeMax: number | null;
  location: string | null;
  website: string | null;
  places: string[];
  createdAt: Date;
  updatedAt: Date;
};

export type NewAccount = Pick<Account, 'id' | 'role' | 'email' | 'name' | 'passwordHash'>;

export type ProfileChanges = Partial<Pick<Account, 'name' | 'headline' | 'bio' | 'company' | 'location' | 'website'>>;

/** What a save writes; places left out keep what is stored (none on a first save). */
export type InvestorInfoValues = Omit<InvestorInfoRecord, 'investorId' | 'createdAt' | 'updatedAt' | 'places'> & {
  places?: string[];
};

/**
 * Accounts and investor info: the only writer of both tables. Registration, verification and
 * password changes reach the account through the methods below, handed to the auth module's
 * repository in app.ts, so the credential columns too have this one writer.
 */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<Account | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  async findByRoleAndEmail(role: Role, email: string): Promise<Account | undefined> {
    const [row] = await this.db
      .select()
      .from(accounts)
      .where(and(eq(accounts.role, role), eq(accounts.email, email)))
      .limit(1);
    return row;
  }

  /** Inserts unless the role already has this email; answers whether a row was made. */
  async insertIfAbsent(account: NewAccount): Promise<boolean> {
    const rows = await this.db
      .insert(accounts)
      .values(account)
      .onConflictDoNothing({ target: [accounts.role, accounts.email] })
      .returning({ id: accounts.id });
    return rows.length === 1;
  }

  /**
   * Makes an account whose email a provider verified (OAuth sign-in, docs/decisions.md), with no
   * password. A pending registration of the same role and email, which nobody has proved the
   * mailbox for, is deleted in the same transaction: it may be someone else's claim on the
   * address, so it is neither linked nor kept. Answers undefined when a verified account holds
   * the email (it was verified meanwhile): the caller links to that one instead.
   */
  async insertVerifiedReplacingPending(account: Omit<NewAccount, 'passwordHash'>): Promise<Account | undefined> {
    return this.db.transaction(async (tx) => {
      await tx
        .delete(accounts)
        .where(
          and(eq(accounts.role, account.role), eq(accounts.email, account.email), isNull(accounts.emailVerifiedAt)),
        );
      const [row] = await tx
        .insert(accounts)
        .values({ ...account, passwordHash: null, emailVerifiedAt: sql`now()` })
        .onConflictDoNothing({ target: [accounts.role, accounts.email] })
        .returning();
      return row;
    });
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

  async updateProfile(id: string, changes: ProfileChanges): Promise<Account | undefined> {
    const [row] = await this.db
      .update(accounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async updatePictureKey(id: string, pictureKey: string): Promise<Account | undefined> {
    const [row] = await this.db
      .update(accounts)
      .set({ pictureKey, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  /**
   * Deletes the account. Its sessions, codes, info, decks and interests go in the same statement
   * through the foreign keys' cascades: the database removes other modules' rows, no query here
   * writes their tables.
   */
  async deleteById(id: string): Promise<void> {
    await this.db.delete(accounts).where(eq(accounts.id, id));
  }

  async findInvestorInfo(investorId: string): Promise<InvestorInfoRecord | undefined> {
    const [row] = await this.db.select().from(investorInfos).where(eq(investorInfos.investorId, investorId)).limit(1);
    return row;
  }

  /** Answers undefined when the investor already has info (POST must not overwrite). */
  async insertInvestorInfo(investorId: string, values: InvestorInfoValues): Promise<InvestorInfoRecord | undefined> {
    const [row] = await this.db
      .insert(investorInfos)
      .values({ investorId, ...values })
      .onConflictDoNothing({ target: investorInfos.investorId })
      .returning();
    return row;
  }

  async updateInvestorInfo(investorId: string, values: InvestorInfoValues): Promise<InvestorInfoRecord | undefined> {
    const [row] = await this.db
      .update(investorInfos)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(investorInfos.investorId, investorId))
      .returning();
    return row;
  }
}
