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
 * writer. `write` answers one outcome per item, in order; if it throws, every item of that batch
 * fails with its error.
 */
export class GroupCommit<In, Out> {
  private queue: Waiting<In, Out>[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: In[]) => Promise<ItemOutcome<Out>[]>,
    private readonly maxBatch = 256,
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
        const outcomes = await this.write(batch.map((waiting) => waiting.item));
        batch.forEach((waiting, index) => {
          const outcome = outcomes[index];
          if (!outcome) waiting.reject(new Error('the batch writer answered fewer outcomes than items'));
          else if (outcome.ok) waiting.resolve(outcome.value);
          else waiting.reject(outcome.error);
        });
      } catch (error) {
        for (const waiting of batch) waiting.reject(error);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.writing = false;
  }
}
