import { Button, Stack } from '@mantine/core';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from './form-error-alert';

type LoadProblemProps = {
  /** What could not be read: "We couldn't load the comments". */
  title: string;
  /** The failed query's error, told in the server's (or the network's) words. */
  error: unknown;
  onRetry: () => void;
};

/** A read that failed, in words, with Try again under it. */
export function LoadProblem({ title, error, onRetry }: LoadProblemProps) {
  return (
    <Stack gap="xs" align="flex-start">
      <FormErrorAlert title={title} message={describeApiError(error).message} />
      <Button variant="light" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
