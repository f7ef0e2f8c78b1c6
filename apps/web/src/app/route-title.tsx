import { useLayoutEffect } from 'react';
import { type UIMatch, useLocation, useMatches } from 'react-router';
import { formatDocumentTitle } from '@/shared/hooks/use-document-title';

/** What a route declares in its `handle`: the tab's title while it is the deepest titled match. */
export type RouteHandle = { title: string };

function hasTitle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).title === 'string';
}

/** The title of the deepest matched route that declares one (a page over its area's layout). */
export function routeTitleOf(matches: readonly Pick<UIMatch, 'handle'>[]): string | null {
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle;
    if (hasTitle(handle)) return handle.title;
  }
  return null;
}

/**
 * Keeps document.title in step with the route table: every screen names itself in the tab, the
 * history menu and screen readers' page announcements. Set again on every path change, so a
 * page that titled itself from its data (useDocumentTitle) does not leave its title behind.
 */
export function RouteTitle() {
  const title = routeTitleOf(useMatches());
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is a trigger, not an input.
  useLayoutEffect(() => {
    document.title = formatDocumentTitle(title);
  }, [title, pathname]);
  return null;
}
