import { Button } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { NotFoundState } from '@/shared/ui/not-found-state';

/**
 * An investor's deck page or report whose deck is gone (deleted, or no longer live): why, the way
 * back, and the decks they can browse instead.
 */
export function InvestorDeckUnavailable({ backLink }: { backLink: ReactNode }) {
  return (
    <NotFoundState
      backLink={backLink}
      icon={<IconFileOff aria-hidden />}
      title="This deck isn't available"
      description="It may have been removed by its founder, or the link is wrong."
      testId="deck-not-found"
      actions={
        <Button component={Link} to={paths.investor.home} variant="light">
          Browse decks
        </Button>
      }
    />
  );
}
