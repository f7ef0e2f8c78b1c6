import type { AccountRole } from '@deckvalid/contract/auth';
import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Navigate, Outlet, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';
import { type AuthRole, logout, selectAuth } from '@/features/auth/auth-slice';
import { fromOf, homePathOf, loginPathOf, postLoginTarget, signOutOf } from '@/features/auth/role-home';

type RequireRoleProps = {
  accountRole: AccountRole;
  /**
   * Where a signed-in person of another role goes instead of their home, when the page has a
   * counterpart on their side (a founder's own deck report); null for home.
   */
  elsewhere?: (role: AuthRole) => string | null;
};

/**
 * A guarded area (spec §2): signed-out visitors go to the role's sign-in with the origin kept in
 * location state `from`; a signed-in person of another role goes to their own home, or to the
 * page's counterpart on their side (`elsewhere`).
 */
export function RequireRole({ accountRole: role, elsewhere }: RequireRoleProps) {
  const { isAuthenticated, role: activeRole } = useSelector(selectAuth);
  const location = useLocation();
  if (!isAuthenticated) {
    const from = { pathname: location.pathname, search: location.search, hash: location.hash };
    return <Navigate to={loginPathOf(role)} replace state={{ from }} />;
  }
  if (activeRole !== role) return <Navigate to={elsewhere?.(activeRole) ?? homePathOf(activeRole)} replace />;
  return <Outlet />;
}

/**
 * /analysis/{id} is an investor page; a founder opening it (a link shared with them, their own
 * deck's report) lands on that deck's Report tab on their side instead of silently at home.
 */
export function AnalysisGuard() {
  const { pitchDeckId = '' } = useParams();
  return (
    <RequireRole
      accountRole="investor"
      elsewhere={(role) => (role === 'user' ? paths.founder.view(pitchDeckId, { tab: 'report' }) : null)}
    />
  );
}

/**
 * Pages only for signed-out visitors (sign-in, sign-up, verification, reset). A signed-in person
 * goes to the remembered origin when it is theirs, else home; `redirectTo` overrides that. A
 * sign-out in progress (useSignOut) clears the session here, once the page is on screen.
 */
export function SignedOutOnly({ redirectTo }: { redirectTo?: (role: AuthRole) => string }) {
  const { isAuthenticated, role } = useSelector(selectAuth);
  const location = useLocation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const signOutRole = signOutOf(location.state);
  const isSigningOut = isAuthenticated && signOutRole !== null;

  useEffect(() => {
    if (!isSigningOut || !signOutRole) return;
    dispatch(logout(signOutRole === 'none' ? undefined : signOutRole));
    // Drop the flag, or the next sign-in on this very page would be signed out again.
    navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  }, [isSigningOut, signOutRole, dispatch, navigate, location.pathname, location.search]);

  if (isSigningOut) return null;
  if (isAuthenticated) {
    const target = redirectTo ? redirectTo(role) : postLoginTarget(role, fromOf(location.state));
    return <Navigate to={target} replace />;
  }
  return <Outlet />;
}

/**
 * The landing page is for visitors: a signed-in founder, investor or mentor goes to their home.
 * The 'Authentication Detected' chooser is for a visitor who is not signed in (spec §2).
 */
export function LandingForVisitors() {
  const { isAuthenticated, role } = useSelector(selectAuth);
  const home = homePathOf(role);
  if (isAuthenticated && home !== paths.landing) return <Navigate to={home} replace />;
  return <Outlet />;
}

/** /dashboard, /user/dashboard and /dashboard/*: the role's home, or sign-in when signed out (spec §2). */
export function DashboardRedirect() {
  const { isAuthenticated, role } = useSelector(selectAuth);
  return <Navigate to={isAuthenticated ? homePathOf(role) : paths.login} replace />;
}
