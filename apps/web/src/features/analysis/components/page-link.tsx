import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** Where a page of the deck opens: the viewer at that page (`?page=N`), built by the route page. */
export type PageHref = (page: number) => string;

/** "p. 4", linking to the viewer at page 4; the accessible name spells the page out. */
export function PageLink({ page, pageHref, context }: { page: number; pageHref: PageHref; context?: string }) {
  return (
    <Anchor
      component={Link}
      to={pageHref(page)}
      fz="sm"
      fw={500}
      // The visible "p. 5" stays in the name, so a person who says what they see reaches it.
      aria-label={context ? `${context}: p. ${page}` : `p. ${page}`}
      data-testid="analysis-page-link"
      data-page={page}
      style={{ whiteSpace: 'nowrap' }}
    >
      p. {page}
    </Anchor>
  );
}
