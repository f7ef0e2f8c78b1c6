import { Button, Stack } from '@mantine/core';
import { IconFileUnknown } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { describeApiError } from '@/shared/api/api-error';
import { FormErrorAlert } from '@/shared/ui/form-error-alert';
import { NotFoundState } from '@/shared/ui/not-found-state';

type DeckLoadProblemProps = {
  /** What the deck's query failed with. */
  error: unknown;
  /** The way back to the page's list, shown above either state. */
  backLink: ReactNode;
  /** Why this reader may find no deck here, in the words of their page. */
  notFoundDescription: string;
  onRetry: () => void;
};

/**
 * A deck page whose deck did not load: "Deck not found" with why for a 404, otherwise the
 * server's sentence and Try again. The founder's and the mentor's deck pages show the same
 * states and differ only in why a deck may be missing.
 */
export function DeckLoadProblem({ error, backLink, notFoundDescription, onRetry }: DeckLoadProblemProps) {
  const problem = describeApiError(error);
  if (problem.code === 'NOT_FOUND' || problem.status === 404) {
    return (
      <NotFoundState
        backLink={backLink}
        icon={<IconFileUnknown aria-hidden />}
        title="Deck not found"
        description={notFoundDescription}
      />
    );
  }
  return (
    <Stack gap="md" align="flex-start">
      {backLink}
      <FormErrorAlert message={problem.message} title="We couldn't load this deck" />
      <Button variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
