import { useEffect } from 'react';

export const productName = 'Pitchlane';

/** "My investors · Pitchlane"; no title at all is the product name alone. */
export function formatDocumentTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  return trimmed ? `${trimmed} · ${productName}` : productName;
}

/**
 * A page's own title from its data (a deck's title), over the route's (app/route-title.tsx).
 * A passive effect on purpose: the route's title is set in a layout effect, and React runs
 * every layout effect of a commit before any passive one, so the page's title lands last.
 * Nothing (undefined) while the data loads leaves the route's title in place.
 */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title?.trim()) document.title = formatDocumentTitle(title);
  }, [title]);
}
