import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Principal } from '@/core/identity/principal';
import type { Database } from '@/db/client';
import { newAccountId } from '@/lib/ids';
import { accounts, investorInfos } from '@/modules/accounts/accounts.schema';
import { hashPassword } from '@/modules/auth/password';
import { demoAccounts } from './demo-accounts';

export { demoAccounts } from './demo-accounts';

export type DemoEmail = (typeof demoAccounts)[number]['email'];

/** The seeded demo's people: Maya (`founder`), every founder by email, Ravi and Lena, and Tomás. */
export type DemoPeople = {
  founder: Principal;
  foundersByEmail: Map<string, Principal>;
  investors: Principal[];
  mentors: Principal[];
};

/** How the printed sign-in details name each role. */
const roleWords = { user: 'founder', investor: 'investor', mentor: 'mentor' } as const;

/** What the investor info screen shows of each demo investor, by email. */
const demoInvestorInfos: Record<string, Omit<typeof investorInfos.$inferInsert, 'investorId'>> = {
  'ravi@demo.pitchlane.local': {
    firm: 'Northwind Ventures',
    title: 'Partner',
    thesis: 'Software that moves money for small businesses; we open doors at banks and payment networks.',
    sectors: ['Fintech', 'SaaS', 'AI & Data'],
    stages: ['Pre-seed', 'Seed'],
    location: 'London',
  },
  'lena@demo.pitchlane.local': {
    firm: 'Harbor Angels',
    title: 'Angel investor',
    thesis: 'Climate and logistics founders with a first paying customer.',
    sectors: ['Climate', 'Fintech', 'Health'],
    stages: ['Pre-seed', 'Seed'],
    location: 'Hamburg',
  },
};

/**
 * Seeds the demo founders and two demo investors into an empty database and answers them as
 * principals (for seeding their decks next) with their sign-in details to print once the server
 * listens; does nothing and answers null otherwise.
 */
export async function seedDemo(db: Database, logger: Logger): Promise<(DemoPeople & { signInDetails: string }) | null> {
  const [existing] = await db.select({ value: count() }).from(accounts);
  if ((existing?.value ?? 0) > 0) {
    logger.info('SEED_DEMO skipped: the database already has accounts');
    return null;
  }
  const principals: Principal[] = [];
  for (const demo of demoAccounts) {
    const id = newAccountId(demo.role);
    principals.push({
      sessionId: 'demo-seed',
      accountId: id,
      role: demo.role,
      user: { id, name: demo.name, email: demo.email, role: demo.role },
    });
    await db.insert(accounts).values({
      id,
      role: demo.role,
      name: demo.name,
      email: demo.email,
      passwordHash: await hashPassword(demo.password),
      emailVerifiedAt: new Date(),
    });
    if (demo.role === 'investor') {
      const info = demoInvestorInfos[demo.email];
      if (info) await db.insert(investorInfos).values({ investorId: id, ...info });
    }
  }
  const nameWidth = Math.max(...demoAccounts.map((demo) => demo.name.length));
  const lines = demoAccounts.map(
    (demo) => `  ${roleWords[demo.role].padEnd(8)}  ${demo.name.padEnd(nameWidth)}  ${demo.email}  /  ${demo.password}`,
  );
  logger.info(`Demo workspace seeded: ${demoAccounts.length} accounts`);
  const founders = principals.filter((principal) => principal.role === 'user');
  const investors = principals.filter((principal) => principal.role === 'investor');
  const mentors = principals.filter((principal) => principal.role === 'mentor');
  const [founder] = founders;
  // Printed by main once the server listens: sign-in details shown earlier led people to a
  // page that did not answer yet.
  const signInDetails = `Demo accounts (SEED_DEMO=1), sign in at the address above:\n${lines.join('\n')}`;
  const foundersByEmail = new Map(founders.map((principal) => [principal.user.email, principal]));
  return founder ? { founder, foundersByEmail, investors, mentors, signInDetails } : null;
}
