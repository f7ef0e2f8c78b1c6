import { Center, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { Brand } from './brand';

/**
 * Full-page loading state while a session is restored or a screen's code arrives: the product
 * name and a spinner, nothing else. It used to print "Authenticated · Role: founder" (spec §2's
 * system screen); issue 18 found that read as debug text, so the status is only announced, in
 * words a person would use (docs/decisions.md, "The loading screen").
 */
export function LoadingScreen({ message = 'Loading Pitchlane…' }: { message?: string }) {
  return (
    <Center mih="100dvh" p="md" data-testid="loading-screen">
      <Stack align="center" gap="md" role="status" aria-live="polite">
        <Brand />
        <Loader size="sm" type="dots" aria-hidden />
        <VisuallyHidden>{message}</VisuallyHidden>
      </Stack>
    </Center>
  );
}
