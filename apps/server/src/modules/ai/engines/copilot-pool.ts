import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { CopilotTask, CopilotTaskMessage, CopilotTaskResult } from './copilot-tasks';

/**
 * Where the built server's worker is: scripts/server-build.mjs bundles copilot.worker.ts beside
 * the server and defines this to its URL. Unbundled (tests, tsx) it is not defined, and the
 * worker starts from its TypeScript source through copilot-worker-loader.mjs.
 */
declare const PITCHLANE_COPILOT_WORKER: string | undefined;

const sourceEntry = new URL('./copilot.worker.ts', import.meta.url);
const sourceLoader = new URL('./copilot-worker-loader.mjs', import.meta.url);
const serverTsconfig = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../tsconfig.json');

/** The worker answers once when wink is loaded, then once per job. */
const workerMessageSchema = z.union([
  z.object({ ready: z.literal(true) }),
  z.object({ jobId: z.number(), ok: z.literal(true), result: z.array(z.array(z.unknown())) }),
  z.object({ jobId: z.number(), ok: z.literal(false), message: z.string() }),
]);

/** A job the pool could not get answered: its worker crashed or stalled twice, or the pool closed. */
export class CopilotPoolError extends Error {
  override readonly name = 'CopilotPoolError';
}

type Job = {
  jobId: number;
  task: CopilotTask;
  /** Workers that took this job and ended without answering it. */
  failures: number;
  resolve: (result: unknown) => void;
  reject: (error: Error) => void;
};

type Slot = {
  worker: Worker;
  /** The list of decks this worker holds (CopilotTaskRunner keeps the last one sent). */
  listId: number | null;
  isReady: boolean;
  job: Job | null;
  timer: NodeJS.Timeout | null;
  idleTimer: NodeJS.Timeout | null;
};

export type CopilotPoolOptions = {
  /** Worker threads (default: one per core but one, at least one, at most four). */
  size?: number;
  /** A job still running after this long ends its worker and is tried again (default 5 s). */
  timeoutMs?: number;
  /** A worker without work for this long exits (default 5 minutes); the next ask starts one. */
  idleMs?: number;
  /** Each worker's V8 heap, in MB (default 128). */
  maxHeapMb?: number;
  /**
   * Test hook: with a shared counter given, a worker ends or stalls on a job whose first text is
   * 'worker: crash', 'worker: crash once' (the first worker to take it) or 'worker: hang'.
   */
  faults?: SharedArrayBuffer;
};

/** A job may fail on this many workers before it fails for its ask: one retry. */
const maxFailuresPerJob = 2;
/** After this many workers in a row die before loading wink, waiting jobs fail instead of looping. */
const maxStartFailures = 3;

/**
 * A fixed pool of worker threads for the copilot's CPU work (reading pages into sentences with
 * wink, matching deck names), so twenty investors asking at once do not hold the event loop, as
 * PdfPool does for PDF parsing. One job per worker at a time, in order of arrival. A worker that
 * crashes or stalls past `timeoutMs` is replaced and its job tried once more on a fresh one; a
 * job that fails twice rejects with a CopilotPoolError (the ask answers 503), never the process.
 * Workers start with the first job and exit after `idleMs` without one.
 */
export class CopilotPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private nextJobId = 1;
  private startFailures = 0;
  private started = 0;
  private closed = false;
  private readonly settings: Required<Omit<CopilotPoolOptions, 'faults'>> & Pick<CopilotPoolOptions, 'faults'>;

  constructor(
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
    options: CopilotPoolOptions = {},
  ) {
    this.settings = {
      // Leave a core to the event loop, which still does the ask's database work and replies.
      size: options.size ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
      timeoutMs: options.timeoutMs ?? 5_000,
      // A worker with wink's model costs the process about 50 MB; an idle server lets it go, and the next ask pays
      // about a tenth of a second to load it again.
      idleMs: options.idleMs ?? 5 * 60_000,
      maxHeapMb: options.maxHeapMb ?? 128,
      ...(options.faults ? { faults: options.faults } : {}),
    };
  }

  /** Runs `task` on a worker thread. */
  run<Task extends CopilotTask>(task: Task): Promise<CopilotTaskResult<Task>> {
    if (this.closed) return Promise.reject(new CopilotPoolError('the copilot pool is closed'));
    return new Promise((resolve, reject) => {
      this.queue.push({
        jobId: this.nextJobId++,
        task,
        failures: 0,
        // The worker runs runCopilotTask(task): its answer is that task's result.
        resolve: (result) => resolve(result as CopilotTaskResult<Task>),
        reject,
      });
      this.pump();
    });
  }

  /** Worker threads running now. */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Worker threads started since the pool was made (a crash or a stall starts another). */
  get workersStarted(): number {
    return this.started;
  }

  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.queue.splice(0), ...this.slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
    for (const job of waiting) job.reject(new CopilotPoolError('the copilot pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      const job = slot.isReady && !slot.job ? this.queue.shift() : undefined;
      if (job) this.start(slot, job);
    }
    const free = this.slots.filter((slot) => !slot.job).length;
    let missing = this.queue.length - free;
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

  private retireIdle(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || slot.job) return;
    this.slots.splice(index, 1);
    void this.retire(slot);
  }

  private start(slot: Slot, job: Job): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    slot.timer = setTimeout(
      () => this.stop(slot, new Error(`a copilot job ran longer than ${this.settings.timeoutMs} ms`)),
      this.settings.timeoutMs,
    );
    const { task } = job;
    // A thousand decks' names are the one large part of a message: sent once per list and worker.
    let message: CopilotTaskMessage = task;
    if (task.kind === 'mentions') {
      if (slot.listId === task.listId) message = { kind: task.kind, texts: task.texts, listId: task.listId };
      slot.listId = task.listId;
    }
    slot.worker.postMessage({ jobId: job.jobId, task: message });
  }

  private spawn(): void {
    const bundled = typeof PITCHLANE_COPILOT_WORKER === 'string' ? new URL(PITCHLANE_COPILOT_WORKER) : undefined;
    const faults = this.settings.faults;
    const worker = new Worker(bundled ?? sourceLoader, {
      workerData: bundled ? { faults } : { faults, entry: sourceEntry.href, tsconfig: serverTsconfig },
      resourceLimits: { maxOldGenerationSizeMb: this.settings.maxHeapMb },
    });
    this.started += 1;
    const slot: Slot = { worker, listId: null, isReady: false, job: null, timer: null, idleTimer: null };
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
      if (slot.timer) clearTimeout(slot.timer);
      slot.timer = null;
      slot.job = null;
      if (message.data.ok) job.resolve(message.data.result);
      else job.reject(new CopilotPoolError(`a copilot job failed: ${message.data.message}`));
      this.pump();
    });
    worker.on('error', (error) => this.stop(slot, error));
    worker.on('exit', (code) => this.stop(slot, new Error(`the copilot worker exited with code ${code}`)));
    this.slots.push(slot);
  }

  /**
   * Replaces a worker that crashed, stalled or exited. Its job goes back to the front of the
   * queue once (a fault of that worker, most likely); a second failure ends it for its ask.
   */
  private stop(slot: Slot, cause: Error): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    void this.retire(slot);
    if (job) {
      job.failures += 1;
      this.logger.warn({ err: cause, failures: job.failures }, 'copilot worker failed');
      if (job.failures >= maxFailuresPerJob) {
        job.reject(new CopilotPoolError(`a copilot job failed on ${job.failures} workers: ${cause.message}`));
      } else {
        this.queue.unshift(job);
      }
    } else if (!slot.isReady && ++this.startFailures >= maxStartFailures) {
      // A worker that cannot even load wink will not on the next try either.
      this.startFailures = 0;
      this.logger.error({ err: cause }, 'copilot workers fail to start');
      for (const waiting of this.queue.splice(0)) waiting.reject(new CopilotPoolError('copilot workers fail to start'));
    }
    this.pump();
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
