import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** The server's (or the network's) problem in words, announced to screen readers. */
export function FormErrorAlert({ message, title = "That didn't work" }: { message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle aria-hidden />}
      role="alert"
      data-testid="form-error"
    >
      {message}
    </Alert>
  );
}
