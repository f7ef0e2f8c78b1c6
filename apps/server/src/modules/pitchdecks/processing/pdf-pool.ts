import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { tooManyPagesMessage } from '@deckvalid/contract/uploads';
import type { Logger } from 'pino';
import { z } from 'zod';
import { type RunLimits, WorkerPool } from '@/lib/worker-pool';

/** What parsing a PDF yields; checked here because it crosses a thread boundary untyped. */
const parseResultSchema = z.union([
  z.object({
    ok: z.literal(true),
    pageCount: z.number().int().positive(),
    pages: z.array(z.string()),
    /** One per page, beside `pages`: what the deck analysis reads of the page's type. */
    layouts: z.array(
      z.object({
        title: z.string().nullable(),
        minFontSize: z.number().nullable(),
        bodyFontSize: z.number().nullable(),
      }),
    ),
    fontSizes: z.object({ min: z.number(), max: z.number() }).nullable(),
    /** Page 1 drawn as a WebP for the deck cards; null when it could not be drawn. */
    thumbnail: z.instanceof(Uint8Array).nullable(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
  // Worded here, not in the worker (plain JS, no contract import): the browser refuses the same
  // decks before upload with the contract's sentence, and both must read alike.
  z
    .object({ ok: z.literal(false), tooManyPages: z.number().int().positive() })
    .transform(({ tooManyPages }) => ({ ok: false as const, reason: tooManyPagesMessage(tooManyPages) })),
]);
export type PdfParseResult = z.output<typeof parseResultSchema>;

type ParseInput = { data: Uint8Array; maxPages: number };

export type PdfPoolOptions = {
  /** Worker threads: by default one per core but one, and at least two, so no deck holds them all. */
  size?: number;
  /** A deck still being read after this long fails, and its worker is replaced (default 30 s). */
  timeoutMs?: number;
  /** A worker with nothing to read for this long exits (default 60 s); the next deck starts one again. */
  idleMs?: number;
  /** Each worker's V8 heap, in MB (default 256); a deck that needs more fails. */
  maxHeapMb?: number;
  /** What all streams of one PDF but its images may decode to together (default 64 MiB). */
  maxDecodedBytes?: number;
  /** What one image may decode to (default 64 MiB). */
  maxImageBytes?: number;
};

const defaults = {
  timeoutMs: 30_000,
  // A worker with pdf.js loaded holds about 40 MB, and the process keeps part of it after the
  // worker ends, so a server holds none until the first deck arrives and lets them go a minute
  // after the last; starting one again costs the next deck well under a second.
  idleMs: 60_000,
  // A 300-page deck of plain text slides needs about 90 MB; fonts and images add some.
  maxHeapMb: 256,
  // pdf.js holds a decoded stream at about twice its size while its buffer doubles, so 64 MiB
  // keeps any deck's share of the server's memory near 150 MB. A 300-page deck's contents and
  // fonts come to a few MB; only a deck with several complete (unsubsetted) CJK fonts comes near.
  maxDecodedBytes: 64 * 1024 * 1024,
  maxImageBytes: 64 * 1024 * 1024,
};

const tooSlowReason =
  'This PDF took too long to read. Export it again from your slides app (flattening very complex pages helps) and upload the new file.';
const tooLargeForMemoryReason =
  'This PDF needs more memory to read than a deck may use. Export it again from your slides app and upload the new file.';

const workerUrl = new URL('./pdf.worker.mjs', import.meta.url);

/** The worker's answer to a job: what parsing yielded, checked on this side of the thread boundary. */
const answerSchema = z.object({ jobId: z.number(), result: z.unknown() });

/**
 * A pool of worker threads that parse PDFs (lib/worker-pool.ts), so page extraction never runs
 * on the event loop. A deck cannot take more than its share: each worker's heap is capped, what
 * its streams decode to is measured before pdf.js reads them (pdf-decoded-size.mjs), and a deck
 * over its time limit or its heap fails with a reason and its worker is replaced; with two
 * workers at least, and one kept spare, one slow deck never holds up the others. A deck is never
 * tried twice: a file that stalled or crashed one worker would do it again. Workers start with
 * the first deck, not with the pool, and exit after `idleMs` without work.
 */
export class PdfPool {
  private readonly pool: WorkerPool<ParseInput, PdfParseResult>;

  constructor(logger: Logger, options: PdfPoolOptions = {}) {
    const limits = {
      maxDecodedBytes: options.maxDecodedBytes ?? defaults.maxDecodedBytes,
      maxImageBytes: options.maxImageBytes ?? defaults.maxImageBytes,
    };
    this.pool = new WorkerPool<ParseInput, PdfParseResult>(
      {
        name: 'PDF',
        spawn: (maxHeapMb) => new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } }),
        memory: () => undefined,
        message: (jobId, { data, maxPages }) => ({
          message: { jobId, data, maxPages, limits },
          transfer: [data.buffer as ArrayBuffer],
        }),
        answer: (raw) => {
          const answer = answerSchema.safeParse(raw);
          if (!answer.success) return null;
          const parsed = parseResultSchema.safeParse(answer.data.result);
          return parsed.success
            ? { jobId: answer.data.jobId, value: parsed.data }
            : { jobId: answer.data.jobId, error: new Error('the PDF worker answered an unexpected shape') };
        },
        failed: (failure) => {
          // The deck's doing, not a fault: it took too long, or its parse outgrew the heap.
          if (failure.kind === 'timeout') return { resolve: { ok: false, reason: tooSlowReason } };
          if (failure.kind === 'out-of-memory') return { resolve: { ok: false, reason: tooLargeForMemoryReason } };
          return { reject: failure.error };
        },
        error: (message) => new Error(message),
      },
      {
        // Leave a core to the event loop when there are several: parsing is CPU-bound.
        size: options.size ?? Math.max(2, Math.min(4, availableParallelism() - 1)),
        timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
        idleMs: options.idleMs ?? defaults.idleMs,
        maxHeapMb: options.maxHeapMb ?? defaults.maxHeapMb,
        // The next deck neither waits for a thread to load pdf.js (a second, under load) nor
        // behind a slow deck.
        spare: 1,
      },
      logger,
    );
  }

  /**
   * Parses `data`; the buffer is transferred to the worker and unusable afterwards. A request
   * that waits for the answer passes `limits`, and is refused at once (with the wait that would
   * clear the queue) when the decks ahead of it would take longer; deck processing queues freely.
   */
  parse(data: Uint8Array, maxPages: number, limits?: RunLimits): Promise<PdfParseResult> {
    return this.pool.run({ data, maxPages }, limits);
  }

  /** Worker threads running now, loading pdf.js or reading a deck. */
  get workerCount(): number {
    return this.pool.workerCount;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
