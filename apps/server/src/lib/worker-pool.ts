import type { Worker } from 'node:worker_threads';
import type { Logger } from 'pino';

/** Why a worker ended a job without answering it. */
export type WorkerFailure =
  | { kind: 'timeout' }
  /** The job outgrew the heap the worker is allowed. */
  | { kind: 'out-of-memory'; error: Error }
  /** The worker crashed or exited. */
  | { kind: 'crash'; error: Error };

/** What becomes of a job whose worker failed: tried again on a fresh worker, answered, or failed. */
export type FailureOutcome<Output> = { retry: true } | { resolve: Output } | { reject: Error };

/** A worker's message about a job, once read: its answer, or an error the job fails with. */
export type JobAnswer<Output> = { jobId: number } & ({ value: Output } | { error: Error });

/**
 * What one kind of pool does with its workers; the pool does the rest (queue, readiness, time
 * limit, replacement, idle exit). A worker posts `{ ready: true }` once loaded, then one message
 * per job it is sent.
 */
export type WorkerPoolSpec<Input, Output, Memory> = {
  /** Names the pool in logs and errors: "PDF", "copilot". */
  name: string;
  /** Starts a worker thread with its heap capped at `maxHeapMb`. */
  spawn: (maxHeapMb: number) => Worker;
  /** What the pool keeps per worker for `message` (a cache of what it was already sent). */
  memory: () => Memory;
  /** The message that hands `input` to a worker, and the buffers moved rather than copied. */
  message: (jobId: number, input: Input, memory: Memory) => { message: unknown; transfer?: ArrayBuffer[] };
  /** Reads a worker's message about a job; null for anything else, which is ignored. */
  answer: (raw: unknown) => JobAnswer<Output> | null;
  /** Decides what a worker's failure means for its job, after `failures` workers failed it. */
  failed: (failure: WorkerFailure, failures: number) => FailureOutcome<Output>;
  /** The error jobs fail with when the pool closes or its workers cannot start. */
  error: (message: string) => Error;
};

export type WorkerPoolSettings = {
  /** Worker threads at most. */
  size: number;
  /** A job still running after this long ends its worker (`failed` with a timeout). */
  timeoutMs: number;
  /** A worker without work for this long exits; the next job starts one again. */
  idleMs: number;
  /** Each worker's V8 heap, in MB. */
  maxHeapMb: number;
  /**
   * Workers started beyond the jobs waiting, up to `size`: a spare lets the next job start at once
   * rather than wait for a worker to load, or behind a slow job.
   */
  spare: number;
};

/** How long a caller that answers a request will wait for a worker; past it the job is refused at once. */
export type RunLimits = {
  /** The most the job may wait behind others, at the pace recent jobs took. */
  maxWaitMs: number;
  /** The error a refused job gets, with the wait that would clear the queue. */
  overloaded: (retryAfterMs: number) => Error;
};

/** Weight of the newest job in the running time of a job. */
const durationWeight = 0.3;

type Job<Input, Output> = {
  jobId: number;
  input: Input;
  /** When a worker took it (performance.now), to time the pool's pace. */
  startedAt: number;
  /** Workers that took this job and ended without answering it. */
  failures: number;
  resolve: (output: Output) => void;
  reject: (error: Error) => void;
};

type Slot<Input, Output, Memory> = {
  worker: Worker;
  memory: Memory;
  isReady: boolean;
  job: Job<Input, Output> | null;
  timer: NodeJS.Timeout | null;
  /** Set while the worker waits for work; it retires when this fires. */
  idleTimer: NodeJS.Timeout | null;
};

/** After this many workers in a row die before they are ready, waiting jobs fail instead of looping. */
const maxStartFailures = 3;

const isReadyMessage = (raw: unknown) =>
  typeof raw === 'object' && raw !== null && (raw as { ready?: unknown }).ready === true;

/**
 * A pool of worker threads for CPU work that must not hold the event loop: one job per worker at
 * a time, in order of arrival. Workers start with the first job and exit after `idleMs` without
 * one. A worker that crashes, exhausts its heap or overruns `timeoutMs` is replaced, and the
 * spec decides its job's fate (another try, a refusal in words, an error); a failure never
 * reaches the process.
 */
export class WorkerPool<Input, Output, Memory = undefined> {
  private readonly slots: Slot<Input, Output, Memory>[] = [];
  private readonly queue: Job<Input, Output>[] = [];
  private nextJobId = 1;
  private startFailures = 0;
  private started = 0;
  private closed = false;
  /** How long a job has taken on a worker lately, in milliseconds; null until one was timed. */
  private msPerJob: number | null = null;

  constructor(
    private readonly spec: WorkerPoolSpec<Input, Output, Memory>,
    private readonly settings: WorkerPoolSettings,
    private readonly logger: Pick<Logger, 'warn' | 'error'>,
  ) {}

  /**
   * Runs `input` on a worker, after the jobs already waiting. With `limits`, a job that would wait
   * longer than `maxWaitMs` (the waiting jobs shared among the workers, at the pace recent jobs
   * took) is refused at once instead: a request answers "busy, try again" rather than time out,
   * while background work (deck processing) queues without limits.
   */
  run(input: Input, limits?: RunLimits): Promise<Output> {
    if (this.closed) return Promise.reject(this.spec.error(`the ${this.spec.name} pool is closed`));
    if (limits && this.msPerJob !== null) {
      const waitMs = Math.ceil((this.queue.length + 1) / this.settings.size) * this.msPerJob;
      if (waitMs > limits.maxWaitMs) return Promise.reject(limits.overloaded(waitMs));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ jobId: this.nextJobId++, input, failures: 0, startedAt: 0, resolve, reject });
      this.pump();
    });
  }

  /** Worker threads running now, loading or working. */
  get workerCount(): number {
    return this.slots.length;
  }

  /** Worker threads started since the pool was made (a failure starts another). */
  get workersStarted(): number {
    return this.started;
  }

  /** Fails every job waiting or running, and ends the workers. */
  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.queue.splice(0), ...this.slots.flatMap((slot) => (slot.job ? [slot.job] : []))];
    for (const job of waiting) job.reject(this.spec.error(`the ${this.spec.name} pool closed`));
    await Promise.all(this.slots.splice(0).map((slot) => this.retire(slot)));
  }

  private pump(): void {
    if (this.closed) return;
    for (const slot of this.slots) {
      const job = slot.isReady && !slot.job ? this.queue.shift() : undefined;
      if (job) this.start(slot, job);
    }
    // Workers still loading take the next waiting jobs; start more for the rest, and the spares.
    const free = this.slots.filter((slot) => !slot.job).length;
    let missing = this.queue.length - free + this.settings.spare;
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
   * (stop), it leaves no job waiting, and the next job starts what it needs.
   */
  private retireIdle(slot: Slot<Input, Output, Memory>): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || slot.job) return;
    this.slots.splice(index, 1);
    void this.retire(slot);
  }

  private start(slot: Slot<Input, Output, Memory>, job: Job<Input, Output>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.job = job;
    job.startedAt = performance.now();
    slot.timer = setTimeout(() => this.stop(slot, { kind: 'timeout' }), this.settings.timeoutMs);
    const { message, transfer } = this.spec.message(job.jobId, job.input, slot.memory);
    slot.worker.postMessage(message, transfer ?? []);
  }

  private spawn(): void {
    const worker = this.spec.spawn(this.settings.maxHeapMb);
    this.started += 1;
    const slot: Slot<Input, Output, Memory> = {
      worker,
      memory: this.spec.memory(),
      isReady: false,
      job: null,
      timer: null,
      idleTimer: null,
    };
    worker.unref();
    worker.on('message', (raw: unknown) => {
      if (isReadyMessage(raw)) {
        slot.isReady = true;
        this.startFailures = 0;
        this.pump();
        return;
      }
      const answer = this.spec.answer(raw);
      const job = slot.job;
      if (!answer || !job || job.jobId !== answer.jobId) return;
      this.finish(slot);
      this.timeJob(performance.now() - job.startedAt);
      if ('value' in answer) job.resolve(answer.value);
      else job.reject(answer.error);
      this.pump();
    });
    worker.on('error', (error: NodeJS.ErrnoException) =>
      this.stop(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { kind: 'out-of-memory', error } : { kind: 'crash', error },
      ),
    );
    worker.on('exit', (code) =>
      this.stop(slot, { kind: 'crash', error: new Error(`the ${this.spec.name} worker exited with code ${code}`) }),
    );
    this.slots.push(slot);
  }

  private timeJob(ms: number): void {
    this.msPerJob = this.msPerJob === null ? ms : this.msPerJob * (1 - durationWeight) + ms * durationWeight;
  }

  private finish(slot: Slot<Input, Output, Memory>): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
  }

  /**
   * Replaces a worker that crashed, stalled or ran out of heap: after that its state is unknown.
   * Its job goes to the front of the queue, is answered or fails, as the spec decides.
   */
  private stop(slot: Slot<Input, Output, Memory>, failure: WorkerFailure): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    const job = slot.job;
    this.finish(slot);
    void this.retire(slot);
    if (job) {
      job.failures += 1;
      const outcome = this.spec.failed(failure, job.failures);
      this.logger.warn(
        { err: 'error' in failure ? failure.error : undefined, failure: failure.kind, failures: job.failures },
        `${this.spec.name} worker failed`,
      );
      if ('retry' in outcome) this.queue.unshift(job);
      else if ('resolve' in outcome) job.resolve(outcome.resolve);
      else job.reject(outcome.reject);
    } else if (!slot.isReady && ++this.startFailures >= maxStartFailures) {
      // A worker that cannot even load will not on the next try either.
      this.startFailures = 0;
      this.logger.error(
        { err: 'error' in failure ? failure.error : undefined },
        `${this.spec.name} workers fail to start`,
      );
      const error = this.spec.error(`${this.spec.name} workers fail to start`);
      for (const waiting of this.queue.splice(0)) waiting.reject(error);
    }
    this.pump();
  }

  private async retire(slot: Slot<Input, Output, Memory>): Promise<void> {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    slot.worker.removeAllListeners('exit');
    slot.worker.removeAllListeners('error');
    // An 'error' after this point must not crash the process: nothing waits on this worker.
    slot.worker.on('error', () => undefined);
    await slot.worker.terminate().catch(() => undefined);
  }
}
