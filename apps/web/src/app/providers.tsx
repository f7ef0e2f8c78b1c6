import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';
import { cssVariablesResolver, theme } from './theme';

/** Redux, Mantine (light scheme) and the notification stack, shared by the app and the tests. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        <Notifications position="top-center" limit={3} />
        {children}
      </MantineProvider>
    </Provider>
  );
}
