import { RouterProvider } from 'react-router';
import { AppErrorBoundary } from './error-screen';
import { AppProviders } from './providers';
import type { createAppRouter } from './router';
import type { AppStore } from './store';

type AppProps = { store: AppStore; router: ReturnType<typeof createAppRouter> };

/** The whole app: error boundary, providers, routes. main.tsx builds the store and router once. */
export function App({ store, router }: AppProps) {
  return (
    <AppErrorBoundary>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
