import { useEffect } from 'react';

export const productName = 'Pitchlane';

/** Unread inbox notifications, shown before every title ("(3) My investors · Pitchlane"). */
let unreadInTitle = 0;

const unreadPrefix = /^\(\d+\+?\) /;

/** "My investors · Pitchlane"; no title at all is the product name alone; unread ones first. */
export function formatDocumentTitle(title: string | null | undefined): string {
  const trimmed = title?.trim();
  const base = trimmed ? `${trimmed} · ${productName}` : productName;
  return unreadInTitle > 0 ? `(${unreadInTitle > 99 ? '99+' : unreadInTitle}) ${base}` : base;
}

/**
 * The inbox's unread count in the tab's title, so a background tab says something came. Kept
 * here, not in a page, because every title is written through formatDocumentTitle: a route's
 * or a page's title written later keeps the count.
 */
export function setUnreadInDocumentTitle(count: number): void {
  unreadInTitle = count;
  const base = document.title.replace(unreadPrefix, '');
  document.title = count > 0 ? `(${count > 99 ? '99+' : count}) ${base}` : base;
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
