import { count } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Principal } from '@/core/identity/principal';
import type { Database } from '@/db/client';
import { newAccountId } from '@/lib/ids';
import { accounts, investorInfos } from '@/modules/accounts/accounts.schema';
import { hashPassword } from '@/modules/auth/password';

/** Demo sign-in details, printed at start; they only ever exist in a database seeded for a demo. */
export const demoAccounts = [
  { role: 'user', name: 'Maya Founder', email: 'founder@demo.pitchlane.local', password: 'demo-founder-pass-2026' },
  { role: 'investor', name: 'Ravi Investor', email: 'ravi@demo.pitchlane.local', password: 'demo-investor-pass-2026' },
  { role: 'investor', name: 'Lena Investor', email: 'lena@demo.pitchlane.local', password: 'demo-investor-pass-2026' },
] as const;

/**
 * Seeds a demo founder and two demo investors into an empty database and answers them as
 * principals (for seeding their decks next) with their sign-in details to print once the server
 * listens; does nothing and answers null otherwise.
 */
export async function seedDemo(
  db: Database,
  logger: Logger,
): Promise<{ founder: Principal; investors: Principal[]; signInDetails: string } | null> {
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
      await db.insert(investorInfos).values({
        investorId: id,
        firm: demo.name.startsWith('Ravi') ? 'Northwind Ventures' : 'Harbor Angels',
        sectors: ['SaaS', 'AI & Data'],
        stages: ['Pre-seed', 'Seed'],
      });
    }
  }
  const lines = demoAccounts.map(
    (demo) => `  ${demo.role === 'user' ? 'founder ' : 'investor'}  ${demo.email}  /  ${demo.password}`,
  );
  logger.info(`Demo workspace seeded: ${demoAccounts.length} accounts`);
  const [founder, ...investors] = principals;
  // Printed by main once the server listens: sign-in details shown earlier led people to a
  // page that did not answer yet.
  const signInDetails = `Demo accounts (SEED_DEMO=1), sign in at the address above:\n${lines.join('\n')}`;
  return founder ? { founder, investors, signInDetails } : null;
}
