import { useEffect, useRef } from 'react';
import { createPageTimer, type PageTimeReport, type PageTimer } from './page-timer';

/** A long look at one page is reported in slices this long, so a crash or kill loses little. */
export const pageTimeFlushMs = 5_000;

const isDocumentVisible = () => typeof document === 'undefined' || document.visibilityState === 'visible';

/**
 * Wires a {@link PageTimer} to the browser: counts only while the tab is visible (Page
 * Visibility API), reports every {@link pageTimeFlushMs}, when the tab hides or the page is left,
 * and on unmount. `page` null means nothing is readable yet (the file is still loading).
 */
export function usePageTimer(page: number | null, report: PageTimeReport | undefined): void {
  const reportRef = useRef(report);
  reportRef.current = report;
  const timerRef = useRef<PageTimer | null>(null);
  const pageRef = useRef(page);
  pageRef.current = page;
  const isEnabled = report !== undefined;

  useEffect(() => {
    if (!isEnabled) return;
    const timer = createPageTimer({
      report: (reportedPage, seconds) => reportRef.current?.(reportedPage, seconds),
      isVisible: isDocumentVisible(),
    });
    timerRef.current = timer;
    if (pageRef.current !== null) timer.setPage(pageRef.current);

    const handleVisibilityChange = () => timer.setVisible(isDocumentVisible());
    // pagehide also covers a tab closed or navigated away while it was still visible.
    const handlePageHide = () => timer.flush();
    const interval = window.setInterval(() => timer.flush(), pageTimeFlushMs);
    document.addEventListener('visibilitychange', handleVisibilityChange);
    window.addEventListener('pagehide', handlePageHide);
    return () => {
      window.clearInterval(interval);
      document.removeEventListener('visibilitychange', handleVisibilityChange);
      window.removeEventListener('pagehide', handlePageHide);
      timer.stop();
      timerRef.current = null;
    };
  }, [isEnabled]);

  useEffect(() => {
    if (page !== null) timerRef.current?.setPage(page);
  }, [page]);
}
