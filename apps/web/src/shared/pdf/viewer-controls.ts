/** Zoom factors relative to "fit page" (1); a short ladder so each press is a visible change. */
export const zoomSteps = [0.5, 0.75, 1, 1.25, 1.5, 2, 3] as const;

export const minZoom = zoomSteps[0];
export const maxZoom = zoomSteps[zoomSteps.length - 1] ?? 3;

/** The next step above `zoom`, or `zoom` itself at the top. */
export function zoomIn(zoom: number): number {
  return zoomSteps.find((step) => step > zoom + 1e-9) ?? zoom;
}

/** The next step below `zoom`, or `zoom` itself at the bottom. */
export function zoomOut(zoom: number): number {
  return [...zoomSteps].reverse().find((step) => step < zoom - 1e-9) ?? zoom;
}

/** Keeps `page` within 1…`pageCount` (1 while the count is unknown). */
export function clampPage(page: number, pageCount: number | null): number {
  if (!Number.isFinite(page)) return 1;
  const last = pageCount && pageCount > 0 ? pageCount : 1;
  return Math.min(Math.max(1, Math.trunc(page)), last);
}

/**
 * The page a link asks the viewer to open at (`?page=N`, 1-based), or undefined for anything that
 * is not a whole positive number; the viewer clamps it to the deck's length once that is known.
 */
export function requestedPageOf(value: string | null): number | undefined {
  if (value === null || !/^\d{1,5}$/.test(value)) return undefined;
  const page = Number(value);
  return page >= 1 ? page : undefined;
}

export type ViewerKeyAction = 'previous' | 'next' | 'first' | 'last' | 'zoomIn' | 'zoomOut';

/** Key → action, read from `KeyboardEvent.key`. */
const keyActions: Record<string, ViewerKeyAction> = {
  ArrowLeft: 'previous',
  PageUp: 'previous',
  ArrowRight: 'next',
  PageDown: 'next',
  Home: 'first',
  End: 'last',
  '+': 'zoomIn',
  '=': 'zoomIn',
  '-': 'zoomOut',
};

/**
 * Where a key press must keep its usual meaning: typing in a field, moving inside a list box,
 * slider or menu, or anything inside a dialog (the interest modal sits above the viewer).
 */
const ownKeysSelector =
  'input, textarea, select, [contenteditable=""], [contenteditable="true"], [role="dialog"], [role="listbox"], [role="slider"], [role="menu"], [role="combobox"]';

type KeyLike = Pick<KeyboardEvent, 'key' | 'altKey' | 'ctrlKey' | 'metaKey' | 'defaultPrevented'> & {
  target: EventTarget | null;
};

/**
 * The viewer action a page-wide key press asks for, or null when the key belongs to something
 * else. The viewer listens on the whole document, so arrows work without first clicking it.
 */
export function viewerKeyAction(event: KeyLike): ViewerKeyAction | null {
  if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return null;
  const action = keyActions[event.key];
  if (!action) return null;
  const target = event.target;
  if (target && typeof (target as Element).closest === 'function' && (target as Element).closest(ownKeysSelector)) {
    return null;
  }
  return action;
}
