import { useEffect, useState } from 'react';

let known: string | undefined;

/**
 * The reader's IANA zone ("Europe/Amsterdam"), UTC when the browser will not say. Read once and
 * kept: the first read loads the browser's time-zone data, about 20 ms of main thread.
 */
export function browserTimeZone(): string {
  if (known === undefined) {
    try {
      known = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    } catch {
      known = 'UTC';
    }
  }
  return known;
}

/**
 * The browser's zone for a screen that asks the server in it: undefined until the screen's first
 * frame has painted, so that a cold page's first paint does not wait for the time-zone data; at
 * once when it was read before.
 */
export function useBrowserTimeZone(): string | undefined {
  const [zone, setZone] = useState(known);
  useEffect(() => {
    if (zone !== undefined) return;
    // A frame, then a task: the read runs once that frame has painted.
    let timer: number | undefined;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => setZone(browserTimeZone()));
    });
    return () => {
      cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [zone]);
  return zone;
}
