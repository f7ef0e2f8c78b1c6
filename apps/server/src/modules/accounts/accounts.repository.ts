import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type AccountRow, accounts, type InvestorInfoRow, investorInfos } from '@/db/schema/accounts';

export type ProfileChanges = Partial<
  Pick<AccountRow, 'name' | 'headline' | 'bio' | 'company' | 'location' | 'website'>
>;

export type InvestorInfoValues = Omit<InvestorInfoRow, 'investorId' | 'createdAt' | 'updatedAt'>;

/** Profile and investor-info queries. */
export class AccountsRepository {
  constructor(private readonly db: Database) {}

  async findById(id: string): Promise<AccountRow | undefined> {
    const [row] = await this.db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
    return row;
  }

  async updateProfile(id: string, changes: ProfileChanges): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .update(accounts)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  async updatePictureKey(id: string, pictureKey: string): Promise<AccountRow | undefined> {
    const [row] = await this.db
      .update(accounts)
      .set({ pictureKey, updatedAt: sql`now()` })
      .where(eq(accounts.id, id))
      .returning();
    return row;
  }

  /** Deletes the account; sessions, codes and info go with it (foreign keys cascade). */
  async deleteById(id: string): Promise<void> {
    await this.db.delete(accounts).where(eq(accounts.id, id));
  }

  async findInvestorInfo(investorId: string): Promise<InvestorInfoRow | undefined> {
    const [row] = await this.db.select().from(investorInfos).where(eq(investorInfos.investorId, investorId)).limit(1);
    return row;
  }

  /** Answers undefined when the investor already has info (POST must not overwrite). */
  async insertInvestorInfo(investorId: string, values: InvestorInfoValues): Promise<InvestorInfoRow | undefined> {
    const [row] = await this.db
      .insert(investorInfos)
      .values({ investorId, ...values })
      .onConflictDoNothing({ target: investorInfos.investorId })
      .returning();
    return row;
  }

  async updateInvestorInfo(investorId: string, values: InvestorInfoValues): Promise<InvestorInfoRow | undefined> {
    const [row] = await this.db
      .update(investorInfos)
      .set({ ...values, updatedAt: sql`now()` })
      .where(eq(investorInfos.investorId, investorId))
      .returning();
    return row;
  }
}
