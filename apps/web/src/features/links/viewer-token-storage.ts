/** What a passed gate leaves in the tab: the token, when it ends, and the email given. */
export type StoredViewerAccess = { viewerToken: string; expiresAt: string; email: string | null };

const keyOf = (slug: string) => `pitchlane.link.${slug}`;

/**
 * Viewer tokens live in sessionStorage, one per link: a reload of the tab does not send the
 * visitor through the gate again, while a new tab or a closed browser does (the token is a
 * credential to the deck, not an account).
 */
export function readViewerAccess(slug: string, now = Date.now()): StoredViewerAccess | null {
  try {
    const raw = sessionStorage.getItem(keyOf(slug));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredViewerAccess>;
    if (typeof parsed.viewerToken !== 'string' || typeof parsed.expiresAt !== 'string') return null;
    if (Date.parse(parsed.expiresAt) <= now) {
      sessionStorage.removeItem(keyOf(slug));
      return null;
    }
    return { viewerToken: parsed.viewerToken, expiresAt: parsed.expiresAt, email: parsed.email ?? null };
  } catch {
    // Storage disabled or a value that is not ours: the gate asks again.
    return null;
  }
}

export function storeViewerAccess(slug: string, access: StoredViewerAccess): void {
  try {
    sessionStorage.setItem(keyOf(slug), JSON.stringify(access));
  } catch {
    // Without storage the token lives as long as the page; a reload asks again.
  }
}

export function clearViewerAccess(slug: string): void {
  try {
    sessionStorage.removeItem(keyOf(slug));
  } catch {
    // Nothing stored to clear.
  }
}
