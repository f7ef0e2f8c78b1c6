import { EmptyState, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

type NotFoundStateProps = {
  /** The way back to the page's list, above the state. */
  backLink: ReactNode;
  icon: ReactNode;
  title: string;
  /** Why this reader may find nothing here, in the words of their page. */
  description: string;
  /** Where to go instead (Browse decks). */
  actions?: ReactNode;
  testId?: string;
};

/**
 * A page whose object is gone or was never the reader's: its way back, and what may have
 * happened. Every detail page (a deck, its report, a milestone) says it the same way.
 */
export function NotFoundState({
  backLink,
  icon,
  title,
  description,
  actions,
  testId = 'empty-state',
}: NotFoundStateProps) {
  return (
    <Stack gap="lg">
      {backLink}
      <EmptyState
        variant="light"
        size="lg"
        py={48}
        icon={icon}
        title={title}
        description={description}
        data-testid={testId}
      >
        {actions ? <EmptyState.Actions>{actions}</EmptyState.Actions> : null}
      </EmptyState>
    </Stack>
  );
}
