import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/charts/styles.css';
import '@mantine/spotlight/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { preloadStartingRoute } from '@/app/route-chunks';
import { createAppRouter } from '@/app/router';
import { createAppStore } from '@/app/store';
import { authApi } from '@/features/auth/auth-api';
import { roleToCheck } from '@/features/auth/auth-slice';
import { restoreSession } from '@/features/auth/restore-session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Start-up: restore the session the URL asks for (restore-session.ts) before the first render.
const auth = restoreSession(`${window.location.pathname}${window.location.search}`);
const store = createAppStore(auth);
// The page's own chunks load while the session is checked, not after: src/preflight.ts started
// them; asking again here takes the same modules, and loads them should the preflight not have run.
void preloadStartingRoute(auth, window.location.pathname);
// The session check starts now too, beside the page's chunks: the gate that waits for it renders
// only once they are loaded, and it takes this answer (SessionGate's sessionCheckMaxAgeSeconds).
const checkedRole = roleToCheck(auth);
if (checkedRole) void store.dispatch(authApi.endpoints.me.initiate(checkedRole, { subscribe: false }));
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
