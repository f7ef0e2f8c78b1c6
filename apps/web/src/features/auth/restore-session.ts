import type { Role } from '@deckvalid/contract/auth';
import { paths } from '@/config/paths';
import { readStoredTokens, type TokenStore } from '@/shared/lib/token-storage';
import { type AuthState, initialAuthState } from './auth-state';
import { areaRoleOf } from './role-home';
import { verificationStateFromSearch } from './verification-state';

/**
 * Which stored session becomes active when the app starts. Each role's tokens are stored apart
 * (spec §6) and a browser may hold both, so the URL decides which one is tried first:
 *
 * - In a guarded area the area's role: /founder* the founder tokens, /investor* and /analysis*
 *   the investor tokens, /mentor* the mentor tokens. Without them another role's tokens are used,
 *   so that the wrong-role guard sends that person to their own home (spec §2), and a mentor
 *   invitation opened by a founder says who is signed in; with none, the visitor is signed out
 *   and the guard sends them to the area's sign-in, remembering the origin.
 * - On the sign-in, sign-up and reset pages, the page's role first, then the other: a person
 *   with a live session is signed in, and those pages send signed-in users home (spec §2).
 * - /dashboard, /dashboard/* and /user/dashboard restore the one account role that has tokens;
 *   when both do, neither is guessed and the visitor goes to /login, which then picks the founder.
 * - / restores the one account role that has tokens too, and the landing page sends that person
 *   home (issue 18: a signed-in founder was shown the chooser and "Sign in"). With both stored,
 *   nothing is restored: that is the visitor the 'Authentication Detected' chooser is for (spec §2).
 * - /verification is for signed-out visitors (spec §2): opened without an emailed link (a new
 *   tab, a reload), it restores a stored session, investor first as after a verification, and the
 *   guard sends that person home. An emailed link is left to verify: it may be another account's.
 * - Nothing is restored on /oauth/callback, which completes a sign-in of its own.
 *
 * `path` is the pathname, with the query when it matters (/verification). A restored session is
 * validated with `me` before the app trusts it (see SessionGate).
 */
export function restoreSession(path: string, storage?: TokenStore | null): AuthState {
  const { pathname, search } = new URL(path, 'http://pitchlane.invalid');
  const role = restoreRoleFor(pathname, search, storage);
  if (!role) return initialAuthState;
  const tokens = readStoredTokens(role, storage);
  return tokens ? { isAuthenticated: true, role, tokens, user: null } : initialAuthState;
}

const signedOutPages: { path: string; role: Role }[] = [
  { path: paths.login, role: 'user' },
  { path: paths.signup, role: 'user' },
  { path: paths.forgotPassword, role: 'user' },
  { path: paths.loginInvestor, role: 'investor' },
  { path: paths.signupInvestor, role: 'investor' },
  { path: paths.forgotPasswordInvestor, role: 'investor' },
  { path: paths.loginMentor, role: 'mentor' },
  { path: paths.signupMentor, role: 'mentor' },
  { path: paths.forgotPasswordMentor, role: 'mentor' },
];

/**
 * The roles tried after a page's own, in order: founders and investors keep the order they had
 * before mentors existed (each the other's first), mentors come last. Spelled here rather than
 * read from the contract: this file runs before zod is loaded.
 */
const fallbackOrder: Record<Role, readonly Role[]> = {
  user: ['investor', 'mentor'],
  investor: ['user', 'mentor'],
  mentor: ['user', 'investor'],
};

function restoreRoleFor(pathname: string, search: string, storage: TokenStore | null | undefined): Role | null {
  const hasTokens = (role: Role) => readStoredTokens(role, storage) !== null;
  const firstWithTokens = (preferred: Role) => {
    return [preferred, ...fallbackOrder[preferred]].find(hasTokens) ?? null;
  };
  const areaRole = areaRoleOf(pathname);
  if (areaRole) return firstWithTokens(areaRole);
  const signedOutPage = signedOutPages.find((page) => page.path === pathname);
  if (signedOutPage) return firstWithTokens(signedOutPage.role);
  if (pathname === paths.verification) {
    return verificationStateFromSearch(search) ? null : firstWithTokens('investor');
  }
  const isDashboardAlias =
    pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`) || pathname === paths.userDashboard;
  if (!isDashboardAlias && pathname !== paths.landing) return null;
  const stored = (['user', 'investor', 'mentor'] as const).filter(hasTokens);
  return stored.length === 1 ? (stored[0] ?? null) : null;
}
