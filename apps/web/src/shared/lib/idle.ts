/** Spec §9: screens are prefetched when the browser is idle, at the latest after 800 ms. */
export const idleTimeoutMs = 800;

/**
 * Runs `callback` when the browser is idle (requestIdleCallback with a timeout), or after the
 * timeout where that API is missing (Safari). Returns a cancel function.
 */
export function whenIdle(callback: () => void, timeoutMs = idleTimeoutMs): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(() => callback(), { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, timeoutMs);
  return () => window.clearTimeout(handle);
}

/**
 * The performance mark set when a page first starts work it does not need to be seen (the idle
 * prefetch of other screens, the chat widget): what loads before it is the page's own cost, what
 * loads after is ahead of the visitor's next step. The first-paint test reads it.
 */
export const idleWorkMark = 'pitchlane:idle-work';

/** Sets `idleWorkMark` once per page load. */
export function markIdleWork(): void {
  if (performance.getEntriesByName(idleWorkMark).length === 0) performance.mark(idleWorkMark);
}
