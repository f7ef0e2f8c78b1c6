import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

/**
 * Where toasts appear: bottom-left on a wide screen, beside the navbar (the page heading is at
 * the top and the chat launcher sits bottom-right), the full width of the bottom edge on a
 * phone, where a narrower box would wrap a one-line message onto three lines.
 */
function AppNotifications() {
  // The `sm` breakpoint, where the workspace navbar folds behind the burger.
  const isNarrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  return (
    <Notifications
      position={isNarrow ? 'bottom-center' : 'bottom-left'}
      containerWidth={isNarrow ? '100%' : 420}
      limit={3}
      // In the signed-in areas, right of the navbar: its foot holds Sign out. Mantine's AppShell
      // sets the navbar's width on :root while it is mounted; the sign-in pages have none.
      styles={
        isNarrow
          ? undefined
          : { root: { left: 'calc(var(--app-shell-navbar-offset, 0rem) + var(--mantine-spacing-md))' } }
      }
    />
  );
}

/** Redux, Mantine (light scheme) and the notification stack, shared by the app and the tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <AppNotifications />
        {children}
      </MantineProvider>
    </Provider>
  );
}
