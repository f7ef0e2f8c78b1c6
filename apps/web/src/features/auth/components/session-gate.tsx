import { type ReactNode, useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { LoadingScreen } from '@/shared/ui/loading-screen';
import { useMeQuery } from '../auth-api';
import { roleToCheck, selectAuth, userLoaded } from '../auth-slice';

/**
 * How old an answer of `me` the gate takes instead of asking again: the one main.tsx started at
 * start-up, beside the page's chunks. A gate mounted later (after a sign-out and back) asks anew.
 */
const sessionCheckMaxAgeSeconds = 10;

/**
 * Holds the app on the loading screen while a restored session is checked with `me`. A 401
 * there signs the role out through the base query (and sends the visitor to sign-in); a network
 * failure lets the app go on with the stored session, which the next call checks again.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const auth = useSelector(selectAuth);
  const { role } = auth;
  const dispatch = useDispatch();
  const checkedRole = roleToCheck(auth);
  const needsCheck = checkedRole !== null;
  const me = useMeQuery(checkedRole ?? 'user', {
    skip: !needsCheck,
    refetchOnMountOrArgChange: sessionCheckMaxAgeSeconds,
  });

  useEffect(() => {
    if (needsCheck && me.data && me.data.user.role === role) {
      const { id, name, email } = me.data.user;
      dispatch(userLoaded({ id, name, email }));
    }
  }, [needsCheck, me.data, role, dispatch]);

  const isMismatch = me.data !== undefined && me.data.user.role !== role;
  if (needsCheck && !me.isError && !isMismatch) {
    return <LoadingScreen message="Checking your session…" />;
  }
  return children;
}
