import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dropzone/styles.css';
import '@mantine/charts/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { createAppRouter } from '@/app/router';
import { createAppStore } from '@/app/store';
import { restoreSession } from '@/features/auth/restore-session';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Start-up: restore the session the URL asks for (restore-session.ts) before the first render.
const store = createAppStore(restoreSession(window.location.pathname));
const router = createAppRouter();

createRoot(container).render(
  <StrictMode>
    <App store={store} router={router} />
  </StrictMode>,
);
