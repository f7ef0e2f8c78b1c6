import { Center, Loader, Stack, Text } from '@mantine/core';
import { Brand } from './brand';

type LoadingScreenProps = {
  isAuthenticated: boolean;
  /** The shown role name, 'guest' when signed out (spec §2, system screens). */
  roleLabel: string;
  message?: string;
};

/** Full-page loading state while a session is restored or a screen's code arrives. */
export function LoadingScreen({ isAuthenticated, roleLabel, message = 'Loading Pitchlane…' }: LoadingScreenProps) {
  return (
    <Center mih="100dvh" p="md" data-testid="loading-screen">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Brand />
        <Loader size="md" mt="sm" aria-hidden />
        <Text fw={500}>{message}</Text>
        <Text fz="sm" c="dimmed" data-testid="loading-auth-status">
          {isAuthenticated ? 'Authenticated' : 'Not authenticated'} · Role: {roleLabel}
        </Text>
      </Stack>
    </Center>
  );
}
