import { signedUrlTtlSeconds } from '@deckvalid/contract/uploads';

/**
 * Every answer about a deck carries a freshly signed file address, so each refetch (after an
 * interest change, on returning to the list) hands out a new string and react-pdf would download
 * and draw the same file again. Within this window the first address seen for a deck is reused;
 * it leaves five minutes of the address's life for the download itself.
 */
export const fileUrlReuseMs = (signedUrlTtlSeconds - 5 * 60) * 1000;

const remembered = new Map<string, { url: string; reuseUntil: number }>();

/** The address to draw deck `deckId` from: the remembered one while still fresh, else `url`. */
export function stableFileUrl(deckId: string, url: string, now = Date.now()): string {
  const entry = remembered.get(deckId);
  if (entry && entry.reuseUntil > now) return entry.url;
  remembered.set(deckId, { url, reuseUntil: now + fileUrlReuseMs });
  return url;
}

/** Forgets a deck's address (its file failed to load: the next answer's address is tried). */
export function forgetFileUrl(deckId: string): void {
  remembered.delete(deckId);
}
