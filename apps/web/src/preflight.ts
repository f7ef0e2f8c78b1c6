// A second entry of index.html, loaded async and apart from the app: it asks who the stored
// session is while the app's code is still on its way, so the session gate rarely waits.
import { authApiRoot, authPaths } from '@deckvalid/contract/api-paths';
import { restoreSession } from '@/features/auth/restore-session';
import { startPreflight } from '@/shared/api/session-preflight';

const auth = restoreSession(`${window.location.pathname}${window.location.search}`);
if (auth.isAuthenticated && auth.tokens && auth.role !== 'none') {
  startPreflight(`${authApiRoot[auth.role]}${authPaths.me}`, auth.tokens);
}
