/** Milliseconds since some fixed origin; `performance.now` in the browser, a counter in tests. */
export type Clock = () => number;

/** Receives the seconds one page was seen since that page's previous report. */
export type PageTimeReport = (page: number, seconds: number) => void;

export type PageTimerOptions = {
  report: PageTimeReport;
  /** Injectable so tests can step time by hand; wall-clock jumps must not count as reading. */
  now?: Clock;
  /** Whether the document is visible when the timer starts (Page Visibility API). */
  isVisible?: boolean;
};

/**
 * Measures how long each page of a deck is on screen while the tab is visible, and hands out
 * that time in reports: when the page changes, on every `flush` (the viewer calls it every few
 * seconds so a long look at one page is not lost if the tab crashes), when the tab hides, and
 * on `stop`.
 */
export type PageTimer = {
  /** The page now shown; the previous page's time is reported first. */
  setPage: (page: number) => void;
  /** Pauses counting while the tab is hidden; hiding reports what was counted so far. */
  setVisible: (isVisible: boolean) => void;
  /** Reports the current page's time counted so far (nothing when it is zero). */
  flush: () => void;
  /** Reports what is left and stops counting for good. */
  stop: () => void;
};

/** Reports carry milliseconds rounded to whole milliseconds, as seconds. */
const toSeconds = (ms: number) => Math.round(ms) / 1000;

/** Creates a {@link PageTimer}; no page is counted until the first `setPage`. */
export function createPageTimer({
  report,
  now = () => performance.now(),
  isVisible = true,
}: PageTimerOptions): PageTimer {
  let page: number | null = null;
  let isDocumentVisible = isVisible;
  let isStopped = false;
  // When the running stretch began, or null while not counting (no page, hidden or stopped).
  let stretchStartedAt: number | null = null;
  let countedMs = 0;

  const isCounting = () => page !== null && isDocumentVisible && !isStopped;

  /** Moves the running stretch into `countedMs` and, if still counting, starts a new one now. */
  const settle = () => {
    const at = now();
    if (stretchStartedAt !== null) countedMs += Math.max(0, at - stretchStartedAt);
    stretchStartedAt = isCounting() ? at : null;
  };

  const emit = () => {
    settle();
    const seconds = toSeconds(countedMs);
    countedMs = 0;
    if (page !== null && seconds > 0) report(page, seconds);
  };

  return {
    setPage(nextPage) {
      if (isStopped || nextPage === page) return;
      emit();
      page = nextPage;
      stretchStartedAt = isCounting() ? now() : null;
    },
    setVisible(nextIsVisible) {
      if (isStopped || nextIsVisible === isDocumentVisible) return;
      if (!nextIsVisible) {
        // Report at once: a hidden tab may be frozen or closed without another chance.
        emit();
        isDocumentVisible = false;
        stretchStartedAt = null;
        return;
      }
      isDocumentVisible = true;
      stretchStartedAt = isCounting() ? now() : null;
    },
    flush() {
      if (isStopped) return;
      emit();
    },
    stop() {
      if (isStopped) return;
      emit();
      isStopped = true;
      stretchStartedAt = null;
    },
  };
}
