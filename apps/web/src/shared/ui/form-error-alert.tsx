import { Alert, Box } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type FormErrorAlertProps = {
  message: string | null;
  title?: string;
  /** A way out shown under the message, inside the alert (a link to the other role's sign-in). */
  hint?: ReactNode;
};

/** The server's (or the network's) problem in words, announced to screen readers. */
export function FormErrorAlert({ message, title = "That didn't work", hint }: FormErrorAlertProps) {
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
      {hint ? <Box mt={6}>{hint}</Box> : null}
    </Alert>
  );
}
