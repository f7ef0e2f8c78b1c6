import type { RecordDeckViewBody } from '@deckvalid/contract/pitchdecks';
import { createViewBatch } from './view-batch';

/** Page times go out in batches this far apart while the deck is open. */
export const viewReportIntervalMs = 5_000;

/** How a periodic send ended: kept for the next batch only when trying again can help. */
export type ViewSendOutcome = 'sent' | 'retry' | 'dropped';

export type ViewRecorderOptions = {
  sessionId: string;
  /** The periodic send (RTK Query); resolves with what to do about a failure. */
  send: (body: RecordDeckViewBody) => Promise<ViewSendOutcome>;
  /** The last-chance send of a hiding or closing page: fire and forget, must survive unload. */
  sendFinal: (body: RecordDeckViewBody) => void;
  isDocumentHidden: () => boolean;
  intervalMs?: number;
  /** Injectable timers for tests. */
  timers?: {
    setInterval: (callback: () => void, ms: number) => unknown;
    clearInterval: (handle: unknown) => void;
  };
};

/**
 * One viewing session's reporter, whoever reads: an investor on the platform or a share link's
 * visitor, each with its own `send` (the two calls take the same body and limits). Page times from the viewer (`record`) collect in a batch sent
 * every {@link viewReportIntervalMs}; once the page is hidden or the recorder is closed, each
 * report goes out at once through `sendFinal`, because a hidden tab may be discarded and an
 * unmounted page has no next interval.
 *
 * Closing first and recording after is the normal order on leaving the page: React runs the
 * page's cleanup (which closes) before the viewer's, whose cleanup reports the last seconds.
 */
export type ViewRecorder = {
  record: (page: number, seconds: number) => void;
  /** Sends what is waiting now (the periodic send); one send at a time. */
  flush: () => Promise<void>;
  /** Sends what is waiting through `sendFinal` (tab hidden, page hide). */
  flushFinal: () => void;
  start: () => void;
  /** Stops the interval, sends what is waiting; later reports are sent one by one. */
  close: () => void;
};

/** Creates a {@link ViewRecorder}; call `start` to begin the periodic sends. */
export function createViewRecorder({
  sessionId,
  send,
  sendFinal,
  isDocumentHidden,
  intervalMs = viewReportIntervalMs,
  timers = {
    setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
    clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
  },
}: ViewRecorderOptions): ViewRecorder {
  const batch = createViewBatch();
  let interval: unknown = null;
  let isClosed = false;
  let isSending = false;

  const flushFinal = () => {
    const pages = batch.take();
    if (pages) sendFinal({ sessionId, pages });
  };

  const flush = async () => {
    if (isSending) return;
    const pages = batch.take();
    if (!pages) return;
    isSending = true;
    try {
      const outcome = await send({ sessionId, pages });
      if (outcome === 'retry') batch.restore(pages);
    } catch {
      batch.restore(pages);
    } finally {
      isSending = false;
    }
    // Time restored after the page closed would otherwise wait for an interval that never comes.
    if (isClosed) flushFinal();
  };

  return {
    record(page, seconds) {
      batch.add(page, seconds);
      if (isClosed || isDocumentHidden()) flushFinal();
    },
    flush,
    flushFinal,
    start() {
      if (interval !== null || isClosed) return;
      interval = timers.setInterval(() => void flush(), intervalMs);
    },
    close() {
      if (isClosed) return;
      isClosed = true;
      if (interval !== null) timers.clearInterval(interval);
      interval = null;
      flushFinal();
    },
  };
}
