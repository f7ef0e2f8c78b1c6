import { Suspense, useEffect } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, useNavigate } from 'react-router';
import { selectAuth } from '@/features/auth/auth-slice';
import { SessionGate } from '@/features/auth/components/session-gate';
import { roleLabels } from '@/features/auth/role-home';
import { whenIdle } from '@/shared/lib/idle';
import { setNavigate } from '@/shared/lib/navigation';
import { LoadingScreen } from '@/shared/ui/loading-screen';
import { prefetchPages } from './lazy-pages';
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

/** The loading screen while a page's chunk arrives: it shows who is signed in (spec §2). */
export function RouteFallback() {
  const { isAuthenticated, role } = useSelector(selectAuth);
  return <LoadingScreen isAuthenticated={isAuthenticated} roleLabel={roleLabels[role]} />;
}

/** Root of the route table: navigation bridge, session check, idle prefetch of every screen. */
export function RootLayout({ prefetch = true }: { prefetch?: boolean }) {
  useEffect(() => (prefetch ? whenIdle(() => void prefetchPages()) : undefined), [prefetch]);
  return (
    <>
      <NavigationBridge />
      <RouteTitle />
      <SessionGate>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </SessionGate>
    </>
  );
}
