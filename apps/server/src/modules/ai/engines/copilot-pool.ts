import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { z } from 'zod';
import { WorkerPool } from '@/lib/worker-pool';
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

/** The worker's answer to a job (it says it is ready, once wink is loaded, before any). */
const answerSchema = z.union([
  z.object({ jobId: z.number(), ok: z.literal(true), result: z.array(z.array(z.unknown())) }),
  z.object({ jobId: z.number(), ok: z.literal(false), message: z.string() }),
]);

/** A job the pool could not get answered: its worker crashed or stalled twice, or the pool closed. */
export class CopilotPoolError extends Error {
  override readonly name = 'CopilotPoolError';
}

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

/** A copilot task waits at most this long behind others before it is refused as overload. */
const maxQueueWaitMs = 3_000;

/** A job may fail on this many workers before it fails for its ask: one retry. */
const maxFailuresPerJob = 2;

/** What the pool keeps per worker: the list of decks it holds (CopilotTaskRunner keeps the last one sent). */
type WorkerMemory = { listId: number | null };

/**
 * A pool of worker threads for the copilot's CPU work (reading pages into sentences with wink,
 * matching deck names; lib/worker-pool.ts), so twenty investors asking at once do not hold the
 * event loop, as PdfPool does for PDF parsing. A worker that crashes or stalls past `timeoutMs`
 * is replaced and its job tried once more on a fresh one; a job that fails twice rejects with a
 * CopilotPoolError (the ask answers 503), never the process. Workers start with the first job
 * and exit after `idleMs` without one.
 */
export class CopilotPool {
  private readonly pool: WorkerPool<CopilotTask, unknown, WorkerMemory>;

  constructor(logger: Pick<Logger, 'warn' | 'error'>, options: CopilotPoolOptions = {}) {
    const timeoutMs = options.timeoutMs ?? 5_000;
    const faults = options.faults;
    this.pool = new WorkerPool<CopilotTask, unknown, WorkerMemory>(
      {
        name: 'copilot',
        spawn: (maxHeapMb) => {
          const bundled = typeof PITCHLANE_COPILOT_WORKER === 'string' ? new URL(PITCHLANE_COPILOT_WORKER) : undefined;
          return new Worker(bundled ?? sourceLoader, {
            workerData: bundled ? { faults } : { faults, entry: sourceEntry.href, tsconfig: serverTsconfig },
            resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
          });
        },
        memory: () => ({ listId: null }),
        message: (jobId, task, memory) => {
          // A thousand decks' names are the one large part of a message: sent once per list and worker.
          let message: CopilotTaskMessage = task;
          if (task.kind === 'mentions') {
            if (memory.listId === task.listId) message = { kind: task.kind, texts: task.texts, listId: task.listId };
            memory.listId = task.listId;
          }
          return { message: { jobId, task: message } };
        },
        answer: (raw) => {
          const answer = answerSchema.safeParse(raw);
          if (!answer.success) return null;
          return answer.data.ok
            ? { jobId: answer.data.jobId, value: answer.data.result }
            : { jobId: answer.data.jobId, error: new CopilotPoolError(`a copilot job failed: ${answer.data.message}`) };
        },
        // Most likely a fault of that worker: the job is tried once more on a fresh one.
        failed: (failure, failures) => {
          if (failures < maxFailuresPerJob) return { retry: true };
          const cause =
            failure.kind === 'timeout' ? `a copilot job ran longer than ${timeoutMs} ms` : failure.error.message;
          return { reject: new CopilotPoolError(`a copilot job failed on ${failures} workers: ${cause}`) };
        },
        error: (message) => new CopilotPoolError(message),
      },
      {
        // Leave a core to the event loop, which still does the ask's database work and replies.
        size: options.size ?? Math.max(1, Math.min(4, availableParallelism() - 1)),
        timeoutMs,
        // A worker with wink's model costs the process about 50 MB; an idle server lets it go,
        // and the next ask pays about a tenth of a second to load it again.
        idleMs: options.idleMs ?? 5 * 60_000,
        maxHeapMb: options.maxHeapMb ?? 128,
        spare: 0,
      },
      logger,
    );
  }

  /**
   * Runs `task` on a worker thread; the worker runs runCopilotTask(task), whose result it answers.
   * An ask's task that would wait behind others longer than `maxQueueWaitMs` is refused at once
   * (the ask answers 503 with a retry time) rather than hold the investor past their patience.
   */
  run<Task extends CopilotTask>(task: Task): Promise<CopilotTaskResult<Task>> {
    return this.pool.run(task, {
      maxWaitMs: maxQueueWaitMs,
      overloaded: (waitMs) =>
        new CopilotPoolError(`the copilot's workers are busy for about ${Math.ceil(waitMs)} ms more`),
    }) as Promise<CopilotTaskResult<Task>>;
  }

  /** Worker threads running now. */
  get workerCount(): number {
    return this.pool.workerCount;
  }

  /** Worker threads started since the pool was made (a crash or a stall starts another). */
  get workersStarted(): number {
    return this.pool.workersStarted;
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
