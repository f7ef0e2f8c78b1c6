import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Component, type ErrorInfo, type ReactNode, useEffect } from 'react';
import { useRouteError } from 'react-router';

/** The system error screen of spec §2: fixed texts and a Reload button. */
export function ErrorScreen({ onReload = () => window.location.reload() }: { onReload?: () => void }) {
  return (
    <Center mih="100dvh" p="md" data-testid="error-screen">
      <Stack align="center" gap="md" maw={420} ta="center" role="alert">
        <ThemeIcon size={56} radius="xl" color="red" variant="light">
          <IconAlertTriangle size={30} aria-hidden />
        </ThemeIcon>
        <Title order={1} fz={26}>
          Something went wrong
        </Title>
        <Text c="dimmed">We couldn't load this part of the app. Please try again.</Text>
        <Button onClick={onReload} size="md">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}

/** The router's errorElement: a failed lazy chunk or a throwing page ends here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
  }, [error]);
  return <ErrorScreen />;
}

type BoundaryState = { hasError: boolean };

/** Catches render errors outside the router (providers, the router itself). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasError: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('App failed', error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorScreen /> : this.props.children;
  }
}
