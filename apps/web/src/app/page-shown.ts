/**
 * Whether the page a visit opened is on screen: its chunks loaded and the browser idle once
 * since. Set by the root layout's idle prefetch; the chat widget waits for it so that its socket,
 * room list and composer do not compete with a cold page's first paint. It imports nothing, so
 * the layouts can read it without a cycle through the route table.
 */
let isShown = false;
const listeners = new Set<() => void>();

/** Called once the opened page is on screen; later calls change nothing. */
export function markPageShown(): void {
  if (isShown) return;
  isShown = true;
  for (const listener of listeners) listener();
  listeners.clear();
}

/** Runs `listener` once the page is shown (at once if it is); answers a cancel function. */
export function onPageShown(listener: () => void): () => void {
  if (isShown) {
    listener();
    return () => {};
  }
  listeners.add(listener);
  return () => listeners.delete(listener);
}
