import type { Principal } from '@/core/identity/principal';

/** A signed-in caller for policy tables: no session or account behind it, which policies never read. */
export const principal = (accountId: string, role: Principal['role']): Principal => ({
  sessionId: `ses-${accountId}`,
  accountId,
  role,
  user: { id: accountId, name: accountId, email: `${accountId}@example.test`, role },
});
