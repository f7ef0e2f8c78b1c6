import { Suspense, useEffect, useRef } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { selectAuth } from '@/features/auth/auth-slice';
import { SessionGate } from '@/features/auth/components/session-gate';
import { markIdleWork, whenIdle } from '@/shared/lib/idle';
import { setNavigate } from '@/shared/lib/navigation';
import { LoadingScreen } from '@/shared/ui/loading-screen';
import { markPageShown } from './page-shown';
import { prefetchArea, preloadRoute } from './route-chunks';
import { RouteTitle } from './route-title';

/** Lends the router's navigate to code outside React (the base query's 401 handling). */
function NavigationBridge() {
  const navigate = useNavigate();
  useEffect(
    () =>
      setNavigate((to, options) => {
        void navigate(to, options);
      }),
    [navigate],
  );
  return null;
}

/**
 * Prefetches the screens of the visitor's own area when the browser is idle (spec §2), once per
 * area: after sign-in, the new role's. It is rendered inside the route Suspense boundary, so it
 * starts only once the route's layout is on screen, and it waits for the route's own chunks
 * first: on a cold load the prefetch used to start during the session check and fetch every
 * role's pages ahead of the one being opened.
 */
function IdlePrefetch() {
  const { isAuthenticated, role } = useSelector(selectAuth);
  const area = isAuthenticated && role !== 'none' ? role : 'signedOut';
  const { pathname } = useLocation();
  // The route on screen when the area changed; a later navigation within the area changes nothing.
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  useEffect(
    () =>
      whenIdle(() => {
        markIdleWork();
        void preloadRoute(pathnameRef.current).then(() => prefetchArea(area));
      }),
    [area],
  );
  return null;
}

/**
 * Marks the opened page shown (page-shown.ts) once its chunks are loaded and the browser was idle
 * once: inside the route Suspense boundary, so the route's layout is on screen by then.
 */
function PageShownSignal() {
  const { pathname } = useLocation();
  const openedAt = useRef(pathname);
  useEffect(
    () =>
      whenIdle(() => {
        markIdleWork();
        void preloadRoute(openedAt.current).then(markPageShown);
      }),
    [],
  );
  return null;
}

/** Root of the route table: navigation bridge, session check, idle prefetch of the area's screens. */
export function RootLayout({ prefetch = true }: { prefetch?: boolean }) {
  return (
    <>
      <NavigationBridge />
      <RouteTitle />
      <SessionGate>
        <Suspense fallback={<LoadingScreen />}>
          <PageShownSignal />
          {prefetch && <IdlePrefetch />}
          <Outlet />
        </Suspense>
      </SessionGate>
    </>
  );
}
