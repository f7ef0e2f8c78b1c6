// A second entry of index.html, the first script of the page, loaded async and apart from the
// app: it asks who the stored session is and starts loading the chunks of the page the URL opens
// while the app's own code is still on its way, so neither waits for React and Mantine to run.
import { authApiRoot, authPaths } from '@deckvalid/contract/api-paths';
import { preloadStartingRoute } from '@/app/route-chunks';
import { restoreSession } from '@/features/auth/restore-session';
import { startPreflight } from '@/shared/api/session-preflight';

const auth = restoreSession(`${window.location.pathname}${window.location.search}`);
if (auth.isAuthenticated && auth.tokens && auth.role !== 'none') {
  startPreflight(`${authApiRoot[auth.role]}${authPaths.me}`, auth.tokens);
}
void preloadStartingRoute(auth, window.location.pathname);
