/**
 * A navigation bridge for code that runs outside React (the API base query): a component inside
 * the router registers the router's navigate function here, and `navigateTo` uses it. Before that
 * registration (or in a test without a router), navigation falls back to a full page load, which
 * is always correct in a browser, only slower.
 */
export type NavigateFn = (to: string, options?: { replace?: boolean }) => void;

let registered: NavigateFn | null = null;

/** Registers the router's navigate function; returns an unregister callback for effect cleanup. */
export function setNavigate(navigate: NavigateFn | null): () => void {
  registered = navigate;
  return () => {
    if (registered === navigate) registered = null;
  };
}

/** Navigates with the registered router, or with a page load when none is registered. */
export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (registered) {
    registered(to, options);
    return;
  }
  if (typeof window !== 'undefined' && window.location) {
    if (options.replace) window.location.replace(to);
    else window.location.assign(to);
  }
}
