import type { AccountRole, Role } from '@deckvalid/contract/auth';
import { paths } from '@/config/paths';
import { readStoredRoles } from '@/shared/lib/token-storage';
import type { AuthRole } from './auth-slice';

/** Home of each role; a signed-out visitor's is the landing page. */
export function homePathOf(role: AuthRole): string {
  if (role === 'user') return paths.founder.home;
  if (role === 'investor') return paths.investor.home;
  if (role === 'mentor') return paths.mentor.home;
  return paths.landing;
}

/** Sign-in page of a role: investors and mentors have their own (spec §2). */
export function loginPathOf(role: Role | null): string {
  if (role === 'investor') return paths.loginInvestor;
  if (role === 'mentor') return paths.loginMentor;
  return paths.login;
}

/**
 * The role whose area a path lies in: /founder* is the founder's, /investor* and /analysis* the
 * investor's, /mentor* the mentor's (its invitation page included, which is open to anyone but
 * is where a mentor comes back to after signing in).
 */
export function areaRoleOf(pathname: string): Role | null {
  const first = `/${pathname.split('/')[1] ?? ''}`;
  if (first === paths.founder.home) return 'user';
  if (first === paths.investor.home || first === '/analysis') return 'investor';
  if (first === paths.mentor.home) return 'mentor';
  return null;
}

/** Shown names of the roles: role user is shown as Founder (spec §6). */
export const roleLabels: Record<AuthRole, string> = {
  user: 'founder',
  investor: 'investor',
  mentor: 'mentor',
  none: 'guest',
};

/** A remembered origin (location state `from`, set by the guards). */
export type FromLocation = { pathname: string; search?: string; hash?: string };

/** Reads `from` out of a location state, whatever shape the state has. */
export function fromOf(state: unknown): FromLocation | null {
  if (typeof state !== 'object' || state === null || !('from' in state)) return null;
  const from = (state as { from: unknown }).from;
  if (typeof from === 'string') return from.startsWith('/') ? { pathname: from } : null;
  if (typeof from !== 'object' || from === null) return null;
  const { pathname, search, hash } = from as Record<string, unknown>;
  if (typeof pathname !== 'string' || !pathname.startsWith('/')) return null;
  return {
    pathname,
    search: typeof search === 'string' ? search : '',
    hash: typeof hash === 'string' ? hash : '',
  };
}

/**
 * Where a person goes once signed in: back to the remembered origin when it lies in their own
 * area (a founder link never lands an investor on a redirect chain), else their home.
 */
export function postLoginTarget(role: AuthRole, from: FromLocation | null): string {
  if (from && role !== 'none' && areaRoleOf(from.pathname) === role) {
    return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  }
  return homePathOf(role);
}

/**
 * Where a successful verification goes (spec §2): the investor area if investor tokens are
 * stored, else the founder area if founder tokens are, else sign-in. The verified session has
 * just been stored, so this is normally that role's home; a guard bounces any other role home.
 * A mentor just verified (`verifiedRole`) goes to the mentor area whatever else is stored: the
 * spec's order predates mentors, and their home is where an invitation they came with resumes.
 */
export function verificationSuccessTarget(
  storedRoles: readonly Role[] = readStoredRoles(),
  verifiedRole: AuthRole = 'none',
): string {
  if (verifiedRole === 'mentor') return paths.mentor.home;
  if (storedRoles.includes('investor')) return paths.investor.home;
  if (storedRoles.includes('user')) return paths.founder.home;
  if (storedRoles.includes('mentor')) return paths.mentor.home;
  return paths.login;
}

const authPages: Record<AccountRole, { login: string; signup: string; forgotPassword: string }> = {
  user: { login: paths.login, signup: paths.signup, forgotPassword: paths.forgotPassword },
  investor: { login: paths.loginInvestor, signup: paths.signupInvestor, forgotPassword: paths.forgotPasswordInvestor },
  mentor: { login: paths.loginMentor, signup: paths.signupMentor, forgotPassword: paths.forgotPasswordMentor },
};

/** The signed-out pages of an account role: investors and mentors have their own variants (spec §2). */
export function authPagesOf(role: AccountRole) {
  return authPages[role];
}

/**
 * The other account role, for "Are you an investor?" links. A mentor's is the founder's: the
 * people who invite mentors, and the likelier wrong page.
 */
export function otherAccountRole(role: AccountRole): AccountRole {
  return role === 'user' ? 'investor' : 'user';
}

/** A notice shown on the sign-in page after a flow that ends there (password reset). */
export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('notice' in state)) return null;
  const notice = (state as { notice: unknown }).notice;
  return typeof notice === 'string' && notice ? notice : null;
}

/**
 * The role a sign-out is under way for (location state `signOut`, set by useSignOut). The
 * session is cleared only once /login is on screen: clearing it first would let the area's guard
 * send the person to sign-in with a remembered origin, racing the navigation to /login.
 */
export function signOutOf(state: unknown): AuthRole | null {
  if (typeof state !== 'object' || state === null || !('signOut' in state)) return null;
  const role = (state as { signOut: unknown }).signOut;
  return role === 'user' || role === 'investor' || role === 'mentor' || role === 'none' ? role : null;
}
