import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { WorkerPool } from '@/lib/worker-pool';

type StampInput = { data: Uint8Array; lines: string[] };

/** The worker's answer, checked here because it crosses a thread boundary untyped. */
const answerSchema = z.object({
  jobId: z.number(),
  ok: z.boolean(),
  data: z.instanceof(Uint8Array).optional(),
  reason: z.string().optional(),
});

const workerUrl = new URL('./watermark.worker.mjs', import.meta.url);

/** A file waits at most this long for a stamping worker before its request is refused as overload. */
const maxStampWaitMs = 5_000;

/** 503 with the wait: every stamping worker is taken for longer than a visitor should wait. */
function stampersBusy(waitMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new AppError(
    'UNAVAILABLE',
    `Many people are opening shared decks right now. Try again in ${retryAfterSeconds} s.`,
    { retryAfterSeconds },
  );
}

/**
 * Worker threads that stamp watermarks with pdf-lib (lib/worker-pool.ts): loading and saving a
 * 30-page deck is tens of milliseconds of CPU, which would otherwise stall every other request.
 * Two workers at most (the PDF parser has its own pool), started with the first watermarked file
 * and gone a minute after the last. A file that fails is never served unstamped: the call fails.
 */
export class WatermarkPool {
  private readonly pool: WorkerPool<StampInput, Uint8Array>;

  constructor(logger: Logger, { size = 2, timeoutMs = 20_000 }: { size?: number; timeoutMs?: number } = {}) {
    this.pool = new WorkerPool<StampInput, Uint8Array>(
      {
        name: 'watermark',
        spawn: (maxHeapMb) => new Worker(workerUrl, { resourceLimits: { maxOldGenerationSizeMb: maxHeapMb } }),
        memory: () => undefined,
        message: (jobId, { data, lines }) => ({
          message: { jobId, data, lines },
          transfer: [data.buffer as ArrayBuffer],
        }),
        answer: (raw) => {
          const answer = answerSchema.safeParse(raw);
          if (!answer.success) return null;
          const { jobId, ok, data, reason } = answer.data;
          if (ok && data) return { jobId, value: data };
          return { jobId, error: new Error(`the watermark could not be stamped: ${reason ?? 'no file came back'}`) };
        },
        // A file that stalled or crashed one worker would do it again: no second try.
        failed: (failure) => ({ reject: new Error(`the watermark worker failed (${failure.kind})`) }),
        error: (message) => new Error(message),
      },
      { size, timeoutMs, idleMs: 60_000, maxHeapMb: 256, spare: 0 },
      logger,
    );
  }

  /** The PDF with `lines` drawn on every page; `data` is transferred to the worker and unusable afterwards. */
  stamp(data: Uint8Array, lines: string[]): Promise<Uint8Array> {
    return this.pool.run({ data, lines }, { maxWaitMs: maxStampWaitMs, overloaded: stampersBusy });
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
