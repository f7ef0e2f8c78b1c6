import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Blocker } from 'react-router';

type LeaveWarningModalProps = {
  blocker: Blocker;
  /** What leaving throws away, as a sentence: "Your upload will stop and …". */
  message: string;
};

/** The in-app half of useLeaveWarning: asks while a navigation is held, staying is the default. */
export function LeaveWarningModal({ blocker, message }: LeaveWarningModalProps) {
  const isOpen = blocker.state === 'blocked';
  return (
    <Modal opened={isOpen} onClose={() => blocker.reset?.()} title="Leave this page?" centered>
      <Stack gap="md">
        <Text fz="sm">{message}</Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => blocker.reset?.()} data-autofocus>
            Stay on this page
          </Button>
          <Button color="red" onClick={() => blocker.proceed?.()}>
            Leave page
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
