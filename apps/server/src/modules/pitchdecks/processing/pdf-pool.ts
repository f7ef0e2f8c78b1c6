import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { z } from 'zod';

/** What parsing a PDF yields; checked here because it crosses a thread boundary untyped. */
const parseResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    pageCount: z.number().int().positive(),
    pages: z.array(z.string()),
    fontSizes: z.object({ min: z.number(), max: z.number() }).nullable(),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]);
export type PdfParseResult = z.infer<typeof parseResultSchema>;

type Job = {
  jobId: number;
  data: Uint8Array;
  maxPages: number;
  resolve: (result: PdfParseResult) => void;
  reject: (error: Error) => void;
};

type Slot = { worker: Worker; job: Job | null; timer: NodeJS.Timeout | null };

const workerUrl = new URL('./pdf.worker.mjs', import.meta.url);

/**
 * A fixed pool of worker threads that parse PDFs, so page extraction never runs on the event
 * loop. One job per worker at a time; a worker that crashes or overruns `timeoutMs` is replaced
 * and its job fails with a reason instead of hanging.
 */
export class PdfPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private closed = false;

  constructor(
    private readonly logger: Logger,
    private readonly options: { size?: number; timeoutMs?: number } = {},
  ) {}

  /** Parses `data`; the buffer is transferred to the worker and unusable afterwards. */
  parse(data: Uint8Array, maxPages: number): Promise<PdfParseResult> {
    if (this.closed) return Promise.reject(new Error('the PDF pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({ jobId: this.nextJobId++, data, maxPages, resolve, reject });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(new Error('the PDF pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private get size(): number {
    // Leave a core to the event loop: parsing is CPU-bound.
    return this.options.size ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  }

  private pump(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.job === null);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift() as Job;
      slot.job = job;
      slot.timer = setTimeout(
        () => this.fail(slot as Slot, new Error('PDF parsing timed out')),
        this.options.timeoutMs ?? 120_000,
      );
      slot.worker.postMessage({ jobId: job.jobId, data: job.data, maxPages: job.maxPages }, [
        job.data.buffer as ArrayBuffer,
      ]);
    }
  }

  private spawn(): Slot {
    const slot: Slot = { worker: new Worker(workerUrl), job: null, timer: null };
    slot.worker.unref();
    slot.worker.on('message', (message: { jobId: number; result: unknown }) => {
      const job = slot.job;
      if (!job || job.jobId !== message.jobId) return;
      this.finish(slot);
      const parsed = parseResultSchema.safeParse(message.result);
      if (parsed.success) job.resolve(parsed.data);
      else job.reject(new Error('the PDF worker answered an unexpected shape'));
      this.pump();
    });
    slot.worker.on('error', (error) => this.fail(slot, error));
    slot.worker.on('exit', (code) => {
      if (slot.job) this.fail(slot, new Error(`the PDF worker exited with code ${code}`));
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /** Fails the slot's job and replaces its worker: after a crash or timeout its state is unknown. */
  private fail(slot: Slot, error: Error): void {
    const job = slot.job;
    this.finish(slot);
    const index = this.slots.indexOf(slot);
    if (index >= 0) this.slots.splice(index, 1);
    void this.retire(slot);
    if (job) {
      this.logger.warn({ err: error }, 'PDF worker failed');
      job.reject(error);
    }
    if (!this.closed) this.pump();
  }

  private async retire(slot: Slot): Promise<void> {
    slot.worker.removeAllListeners('exit');
    await slot.worker.terminate().catch(() => undefined);
  }
}
