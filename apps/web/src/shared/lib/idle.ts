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
