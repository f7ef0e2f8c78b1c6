/** What a batch answers for one of its items: its result, or the error that item alone failed with. */
export type ItemOutcome<Out> = { ok: true; value: Out } | { ok: false; error: unknown };

type Waiting<In, Out> = { item: In; resolve: (value: Out) => void; reject: (error: unknown) => void };

/**
 * Group commit: items submitted while a batch is being written wait and go together in the next
 * one, so a burst costs one round trip per batch instead of one per item, and a lone item goes at
 * once. Each batch is taken after the event loop has read what arrived meanwhile (setImmediate):
 * an embedded database answers without real I/O, and a loop that went straight from one write to
 * the next would never let the sockets' messages in and would write them one by one. One batch is
 * written at a time, in submission order, which is what keeps per-room ordering simple for the
 * writer. `write` answers one outcome per item, in order. If it throws for a batch of several
 * items, one of them may be the cause (text the database refuses, a row that breaks a constraint
 * the writer did not foresee): each item is then written again alone, so one sender's bad input
 * never fails the others' sends. An error that says nothing of the items (`isBatchWide`: the
 * connection was lost) fails the whole batch at once instead of costing a round trip per item.
 */
export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: In[]) => Promise<ItemOutcome<Out>[]>,
    private readonly maxBatch = 256,
    private readonly isBatchWide: (error: unknown) => boolean = () => false,
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) {
        this.writing = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      try {
        this.settle(batch, await this.write(batch.map((waiting) => waiting.item)));
      } catch (error) {
        if (batch.length === 1 || this.isBatchWide(error)) {
          for (const waiting of batch) waiting.reject(error);
        } else {
          // In submission order, one at a time, as the batch would have written them.
          for (const waiting of batch) await this.writeAlone(waiting);
        }
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.writing = false;
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
