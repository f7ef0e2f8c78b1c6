import type { Role } from '@deckvalid/contract/auth';
import { paths } from '@/config/paths';
import { readStoredTokens, type TokenStore } from '@/shared/lib/token-storage';
import { type AuthState, initialAuthState } from './auth-slice';
import { areaRoleOf } from './role-home';

/**
 * Which stored session becomes active when the app starts. Each role's tokens are stored apart
 * (spec §6) and a browser may hold both, so the URL decides which one is tried first:
 *
 * - In a guarded area the area's role: /founder* the founder tokens, /investor* and /analysis*
 *   the investor tokens. Without them the other role's tokens are used, so that the wrong-role
 *   guard sends that person to their own home (spec §2); with neither, the visitor is signed out
 *   and the guard sends them to the area's sign-in, remembering the origin.
 * - On the sign-in, sign-up and reset pages, the page's role first, then the other: a person
 *   with a live session is signed in, and those pages send signed-in users home (spec §2).
 * - /dashboard, /dashboard/* and /user/dashboard restore the one account role that has tokens;
 *   when both do, neither is guessed and the visitor goes to /login, which then picks the founder.
 * - Nothing is restored on /, /verification and /oauth/callback: / shows the 'Authentication
 *   Detected' chooser when tokens exist (spec §2), and the other two are for signed-out visitors.
 *
 * A restored session is validated with `me` before the app trusts it (see SessionGate).
 */
export function restoreSession(pathname: string, storage?: TokenStore | null): AuthState {
  const role = restoreRoleFor(pathname, storage);
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
];

function restoreRoleFor(pathname: string, storage: TokenStore | null | undefined): Role | null {
  const hasTokens = (role: Role) => readStoredTokens(role, storage) !== null;
  const firstWithTokens = (preferred: Role) => {
    const other: Role = preferred === 'investor' ? 'user' : 'investor';
    return [preferred, other].find(hasTokens) ?? null;
  };
  const areaRole = areaRoleOf(pathname);
  if (areaRole) return firstWithTokens(areaRole);
  const signedOutPage = signedOutPages.find((page) => page.path === pathname);
  if (signedOutPage) return firstWithTokens(signedOutPage.role);
  const isDashboardAlias =
    pathname === paths.dashboard || pathname.startsWith(`${paths.dashboard}/`) || pathname === paths.userDashboard;
  if (!isDashboardAlias) return null;
  const stored = (['user', 'investor'] as const).filter(hasTokens);
  return stored.length === 1 ? (stored[0] ?? null) : null;
}
