/** What a batch answers for one of its items: its result, or the error that item alone failed with. */
export type ItemOutcome<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

type Waiting<In, Out> = { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void };

/** How a `GroupCommit` writes: see its constructor. */
export type GroupCommitOptions = {
  /** The most items one batch holds (256). */
  maxBatch?: number;
  /**
   * Whether an error says nothing of a batch's items (the connection was lost): it then fails
   * the whole batch at once instead of costing a round trip per item.
   */
  isBatchWide?: (error: unknown) => boolean;
  /**
   * Whether the next batch is handed to the writer before this one's callers hear their answers
   * (false). For a writer that waits on another process (a database server): the server writes
   * the next batch while this process delivers the answers, instead of after. An embedded
   * database writes on this process's thread, so there the next batch would only delay them.
   */
  overlap?: boolean;
  /**
   * Load shedding: an item the queue could not write within this many milliseconds, at the pace
   * recent batches were written, is refused at once with `overloaded(retryAfterMs)` instead of
   * waiting past its caller's patience. Unset, the queue takes everything.
   */
  maxQueueMs?: number;
  /** The error a shed item is refused with; given the wait that would clear the queue. */
  overloaded?: (retryAfterMs: number) => Error;
  /** The clock writes are timed on, in milliseconds (performance.now). */
  now?: () => number;
};

/** Weight of the newest batch in the running time of a batch. */
const costWeight = 0.3;

/**
 * Group commit: items submitted while a batch is being written wait and go together in the next
 * one, so a burst costs one round trip per batch instead of one per item, and a lone item goes at
 * once. Each batch is taken after the event loop has read what arrived meanwhile (setImmediate):
 * an embedded database answers without real I/O, and a loop that went straight from one write to
 * the next would never let the sockets' messages in and would write them one by one. One batch is
 * written at a time, in submission order, which is what keeps per-room ordering simple for the
 * writer; with `overlap`, a batch's answers are delivered while the next one is written. `write`
 * answers one outcome per item, in order. If it throws for a batch of several items, one of them
 * may be the cause (text the database refuses, a row that breaks a constraint the writer did not
 * foresee): each item is then written again alone, before anything after it, so one sender's bad
 * input never fails the others' sends.
 */
export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private writing = false;
  private readonly maxBatch: number;
  private readonly isBatchWide: (error: unknown) => boolean;
  private readonly overlap: boolean;
  private readonly maxQueueMs: number;
  private readonly overloaded: (retryAfterMs: number) => Error;
  private readonly now: () => number;
  /**
   * How long writing a batch has taken lately, in milliseconds; null until one was timed. The
   * queue drains a batch at a time, so its wait is counted in batches: a burst after a slow lone
   * write goes out in one batch, not one write per item.
   */
  private msPerBatch: number | null = null;

  constructor(
    private readonly write: (items: In[]) => Promise<ItemOutcome<Out>[]>,
    {
      maxBatch = 256,
      isBatchWide = () => false,
      overlap = false,
      maxQueueMs = Number.POSITIVE_INFINITY,
      overloaded = (retryAfterMs) => new Error(`the write queue is full for another ${Math.ceil(retryAfterMs)} ms`),
      now = () => performance.now(),
    }: GroupCommitOptions = {},
  ) {
    this.maxBatch = maxBatch;
    this.isBatchWide = isBatchWide;
    this.overlap = overlap;
    this.maxQueueMs = maxQueueMs;
    this.overloaded = overloaded;
    this.now = now;
  }

  submit(item: In): Promise<Out> {
    const waitMs = Math.ceil((this.queue.length + 1) / this.maxBatch) * (this.msPerBatch ?? 0);
    if (waitMs > this.maxQueueMs) return Promise.reject(this.overloaded(waitMs));
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    let batch = this.take();
    let written = this.attempt(batch);
    while (batch.length > 0) {
      const attempt = await written;
      let next: Waiting<In, Out>[] = [];
      if (!attempt.ok) await this.recover(batch, attempt.error);
      else if (this.overlap && this.queue.length > 0) {
        next = this.take();
        written = this.attempt(next);
        // The next write goes out before this batch's callers run on its answers.
        await nextTurn();
        this.settle(batch, attempt.outcomes);
      } else this.settle(batch, attempt.outcomes);
      if (next.length === 0) {
        await nextTurn();
        next = this.take();
        if (next.length > 0) written = this.attempt(next);
      }
      batch = next;
    }
    this.writing = false;
  }

  private take(): Waiting<In, Out>[] {
    return this.queue.splice(0, this.maxBatch);
  }

  /** Writes a batch; never rejects, so that a batch written ahead fails only when its turn comes. */
  private async attempt(
    batch: Waiting<In, Out>[],
  ): Promise<{ ok: true; outcomes: ItemOutcome<Out>[] } | { ok: false; error: unknown }> {
    const startedAt = this.now();
    try {
      return { ok: true, outcomes: await this.write(batch.map((waiting) => waiting.item)) };
    } catch (error) {
      return { ok: false, error };
    } finally {
      this.timeBatch(this.now() - startedAt);
    }
  }

  private timeBatch(ms: number): void {
    this.msPerBatch = this.msPerBatch === null ? ms : this.msPerBatch * (1 - costWeight) + ms * costWeight;
  }

  /** A batch whose write threw: every item fails with it, or (the cause unknown) each goes alone. */
  private async recover(batch: Waiting<In, Out>[], error: unknown): Promise<void> {
    if (batch.length === 1 || this.isBatchWide(error)) {
      for (const waiting of batch) waiting.reject(error);
      return;
    }
    // In submission order, one at a time, as the batch would have written them.
    for (const waiting of batch) await this.writeAlone(waiting);
  }

  private async writeAlone(waiting: Waiting<In, Out>): Promise<void> {
    try {
      this.settle([waiting], await this.write([waiting.item]));
    } catch (error) {
      waiting.reject(error);
    }
  }

  private settle(batch: Waiting<In, Out>[], outcomes: ItemOutcome<Out>[]): void {
    batch.forEach((waiting, index) => {
      const outcome = outcomes[index];
      if (!outcome) waiting.reject(new Error('the batch writer answered fewer outcomes than items'));
      else if (outcome.ok) waiting.resolve(outcome.value);
      else waiting.reject(outcome.error);
    });
  }
}

/** Resumes after the event loop has run its pending I/O callbacks. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
