import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { tooManyPagesMessage } from '@deckvalid/contract/uploads';
import type { Logger } from 'pino';
import { z } from 'zod';

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

type Job = {
  jobId: number;
  data: Uint8Array;
  maxPages: number;
  resolve: (result: PdfParseResult) => void;
  reject: (error: Error) => void;
};

/** A worker answers once when pdf.js is loaded and warmed up, then once per job. */
const workerMessageSchema = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ jobId: z.number(), result: z.unknown() }),
]);

type Slot = {
  worker: Worker;
  isReady: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  /** Set while the worker waits for work; it retires when this fires. */
  idleTimer: NodeJS.Timeout | null;
};

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

/** After this many workers in a row die before pdf.js is loaded, waiting decks fail instead of looping. */
const maxStartFailures = 3;

const tooSlowReason =
  'This PDF took too long to read. Export it again from your slides app (flattening very complex pages helps) and upload the new file.';
const tooLargeForMemoryReason =
  'This PDF needs more memory to read than a deck may use. Export it again from your slides app and upload the new file.';

const workerUrl = new URL('./pdf.worker.mjs', import.meta.url);

/**
 * A fixed pool of worker threads that parse PDFs, so page extraction never runs on the event
 * loop. One job per worker at a time. A deck cannot take more than its share: each worker's heap
 * is capped (`resourceLimits`), what its streams decode to is measured before pdf.js reads them
 * (pdf-decoded-size.mjs), and a deck over its time limit or its heap fails with a reason and its
 * worker is replaced; with two workers at least, one slow deck never holds up the others.
 * Workers start with the first deck, not with the pool, and exit after `idleMs` without work.
 */
export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private startFailures = 0;
  private closed = false;
  private readonly settings: Required<PdfPoolOptions>;

  constructor(
    private readonly logger: Logger,
    options: PdfPoolOptions = {},
  ) {
    this.settings = {
      // Leave a core to the event loop when there are several: parsing is CPU-bound.
      size: options.size ?? Math.max(2, Math.min(4, availableParallelism() - 1)),
      timeoutMs: options.timeoutMs ?? defaults.timeoutMs,
      idleMs: options.idleMs ?? defaults.idleMs,
      maxHeapMb: options.maxHeapMb ?? defaults.maxHeapMb,
      maxDecodedBytes: options.maxDecodedBytes ?? defaults.maxDecodedBytes,
      maxImageBytes: options.maxImageBytes ?? defaults.maxImageBytes,
    };
  }

  /** Parses `data`; the buffer is transferred to the worker and unusable afterwards. */
  parse(data: Uint8Array, maxPages: number): Promise<PdfParseResult> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ jobId: this.nextJobId++, data, maxPages, resolve, reject });
      this.pump();
    });
  }

  /** Worker threads running now, loading pdf.js or reading a deck. */
  get workerCount(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the PDF pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private pump(): void {
    for (const slot of this.slots) {
      const job = slot.isReady && !slot.job ? this.queue.shift() : undefined;
      if (job) this.start(slot, job);
    }
    // Workers still loading pdf.js take the next waiting jobs; start more for the rest, plus one
    // spare, so the next deck neither waits for a thread to load pdf.js (a second, under load)
    // nor behind a slow deck.
    const idle = this.slots.filter((slot) => !slot.job).length;
    let missing = this.queue.length - idle + 1;
    while (missing > 0 && this.slots.length < this.settings.size) {
      this.spawn();
      missing -= 1;
    }
    for (const slot of this.slots) {
      if (slot.isReady && !slot.job && !slot.idleTimer) {
        slot.idleTimer = setTimeout(() => this.retireIdle(slot), this.settings.idleMs);
        slot.idleTimer.unref();
      }
    }
  }

  /**
   * Lets a worker that waited `idleMs` for work go. Nothing replaces it: unlike a failed worker
   * (stop), it leaves no deck waiting, and the next deck starts what it needs.
   */
  private retireIdle(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || slot.job) return;
    this.slots.splice(index, 1);
    void this.retire(slot);
  }

  private start(slot: Slot, job: Job): void {
    const { timeoutMs, maxDecodedBytes, maxImageBytes } = this.settings;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    slot.timer = setTimeout(() => this.stop(slot, { ok: false, reason: tooSlowReason }), timeoutMs);
    slot.worker.postMessage(
      { jobId: job.jobId, data: job.data, maxPages: job.maxPages, limits: { maxDecodedBytes, maxImageBytes } },
      [job.data.buffer as ArrayBuffer],
    );
  }

  private spawn(): void {
    const worker = new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: this.settings.maxHeapMb } });
    const slot: Slot = { worker, isReady: false, job: null, timer: null, idleTimer: null };
    worker.unref();
    worker.on('message', (raw: unknown) => {
      const message = workerMessageSchema.safeParse(raw);
      if (!message.success) return;
      if ('ready' in message.data) {
        slot.isReady = true;
        this.startFailures = 0;
        this.pump();
        return;
      }
      const job = slot.job;
      if (!job || job.jobId !== message.data.jobId) return;
      this.finish(slot);
      const parsed = parseResultSchema.safeParse(message.data.result);
      if (parsed.success) job.resolve(parsed.data);
      else job.reject(new Error('the PDF worker answered an unexpected shape'));
      this.pump();
    });
    worker.on('error', (error: NodeJS.ErrnoException) =>
      this.stop(
        slot,
        // The deck's doing, not a fault: its parse outgrew the heap the worker is allowed.
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { ok: false, reason: tooLargeForMemoryReason } : error,
      ),
    );
    worker.on('exit', (code) => this.stop(slot, new Error(`the PDF worker exited with code ${code}`)));
    this.slots.push(slot);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /**
   * Ends the slot's job with `outcome` (a refusal in words, or an error for a fault) and
   * replaces its worker: after a crash, a timeout or an exhausted heap its state is unknown.
   */
  private stop(slot: Slot, outcome: { ok: false; reason: string } | Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    this.finish(slot);
    void this.retire(slot);
    if (job) {
      if (outcome instanceof Error) {
        this.logger.warn({ err: outcome }, 'PDF worker failed');
        job.reject(outcome);
      } else {
        this.logger.warn({ reason: outcome.reason }, 'PDF worker stopped a deck');
        job.resolve(outcome);
      }
    } else if (!slot.isReady && ++this.startFailures >= maxStartFailures) {
      // A worker that cannot even load pdf.js will not on the next try either.
      this.startFailures = 0;
      this.logger.error({ err: outcome }, 'PDF workers fail to start');
      for (const waiting of this.queue.splice(0)) waiting.reject(new Error('PDF workers fail to start'));
    }
    if (!this.closed) this.pump();
  }

  private async retire(slot: Slot): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('error');
    // An 'error' after this point must not crash the process: nothing waits on this worker.
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate().catch(() => undefined);
  }
}
