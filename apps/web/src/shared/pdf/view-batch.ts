import { type RecordDeckViewBody, viewReportLimits } from '@deckvalid/contract/pitchdecks';

type ViewPages = RecordDeckViewBody['pages'];

/**
 * Page times waiting to be sent for one viewing session. Reports of the same page merge into one
 * entry (the server adds up entries, and one entry per page keeps a body small); a report
 * carries at most the contract's 600 s in all, the rest waits for the next one, and anything the
 * contract would refuse is dropped on entry.
 */
export type ViewBatch = {
  /** Adds seconds to a page; ignores zero, negative, non-finite times and impossible pages. */
  add: (page: number, seconds: number) => void;
  /** The entries to send, oldest pages first, emptied from the batch; null when there is nothing. */
  take: () => ViewPages | null;
  /** Puts entries back after a send failed in a way worth retrying. */
  restore: (pages: ViewPages) => void;
  readonly isEmpty: boolean;
};

/** Three decimals are milliseconds: finer than any screen's frame, short on the wire. */
const roundSeconds = (seconds: number) => Math.round(seconds * 1000) / 1000;

/** Creates an empty {@link ViewBatch}. */
export function createViewBatch(): ViewBatch {
  const secondsByPage = new Map<number, number>();

  const add = (page: number, seconds: number) => {
    if (!Number.isInteger(page) || page < 1 || page > viewReportLimits.maxPage) return;
    if (!Number.isFinite(seconds) || seconds <= 0) return;
    secondsByPage.set(page, (secondsByPage.get(page) ?? 0) + seconds);
  };

  return {
    add,
    take() {
      if (secondsByPage.size === 0) return null;
      const pages = [...secondsByPage.keys()].sort((a, b) => a - b).slice(0, viewReportLimits.maxEntries);
      const entries: ViewPages = [];
      // One report carries at most the contract's total; what does not fit waits for the next.
      let budget: number = viewReportLimits.maxSecondsPerReport;
      for (const page of pages) {
        if (budget <= 0) break;
        const stored = secondsByPage.get(page) ?? 0;
        const seconds = roundSeconds(Math.min(stored, viewReportLimits.maxSecondsPerEntry, budget));
        const rest = stored - seconds;
        if (rest > 0.0005) secondsByPage.set(page, rest);
        else secondsByPage.delete(page);
        budget -= seconds;
        // Rounding can turn a sliver of a millisecond into 0, which says nothing.
        if (seconds > 0) entries.push({ page, seconds });
      }
      return entries.length > 0 ? entries : null;
    },
    restore(pages) {
      for (const { page, seconds } of pages) add(page, seconds);
    },
    get isEmpty() {
      return secondsByPage.size === 0;
    },
  };
}

/**
 * A viewing session id: a v4 UUID. crypto.randomUUID exists only in secure contexts (https,
 * localhost); the product may be opened over plain http on a LAN address, where
 * crypto.getRandomValues still works.
 */
export function newViewSessionId(
  cryptoApi: Pick<Crypto, 'getRandomValues'> & Partial<Pick<Crypto, 'randomUUID'>> = crypto,
): string {
  if (typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = cryptoApi.getRandomValues(new Uint8Array(16));
  // RFC 9562 §5.4: version 4 in the high nibble of byte 6, variant 10xx in byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
