import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';

/** What the bell's panel and the inbox page show while the inbox loads. */
export function InboxLoading() {
  return (
    <Group justify="center" gap="xs" py="xl" role="status">
      <Loader size="sm" />
      <Text fz="sm" c="dimmed">
        Loading notifications…
      </Text>
    </Group>
  );
}

/** The inbox could not be read: say so, and offer to try again. */
export function InboxLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Stack align="center" gap="xs" py="xl" px="md">
      <Text fz="sm" c="dimmed" ta="center">
        Notifications could not be loaded.
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}

/**
 * Nothing to list: an empty inbox says what will land in it; a filtered one that matches nothing
 * says how to see the rest.
 */
export function InboxEmpty({ isFiltered = false, testId }: { isFiltered?: boolean; testId: string }) {
  return (
    <Stack align="center" gap={4} py="xl" px="lg" data-testid={testId}>
      <IconBell size={28} stroke={1.5} color="var(--mantine-color-gray-5)" aria-hidden />
      <Text fz="sm" fw={600}>
        {isFiltered ? 'Nothing matches these filters' : 'Nothing here yet'}
      </Text>
      <Text fz="xs" c="dimmed" ta="center">
        {isFiltered
          ? 'Show all notifications to see the rest.'
          : 'Interests, deck updates and milestone news land here as they happen.'}
      </Text>
    </Stack>
  );
}
