import { describe, expect, it } from 'vitest';
import { GroupCommit, type ItemOutcome } from './group-commit';

/** A writer that records its batches and answers each item doubled, or an error for negatives. */
function recordingWriter() {
  const batches: number[][] = [];
  let release: (() => void) | undefined;
  let hold = false;
  const write = async (items: number[]): Promise<ItemOutcome<number>[]> => {
    batches.push(items);
    if (hold) await new Promise<void>((resolve) => (release = resolve));
    return items.map((item) =>
      item < 0 ? { ok: false, error: new Error(`refused ${item}`) } : { ok: true, value: item * 2 },
    );
  };
  return {
    batches,
    write,
    holdNext: () => (hold = true),
    release: () => {
      hold = false;
      release?.();
    },
  };
}

describe('GroupCommit', () => {
  it('writes a lone item at once, in a batch of its own', async () => {
    const writer = recordingWriter();
    const commit = new GroupCommit(writer.write);
    await expect(commit.submit(1)).resolves.toBe(2);
    expect(writer.batches).toEqual([[1]]);
  });

  it('groups what arrives while a batch is written into the next one, in submission order', async () => {
    const writer = recordingWriter();
    const commit = new GroupCommit(writer.write);
    writer.holdNext();
    const first = commit.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const waiting = [2, 3, 4].map((item) => commit.submit(item));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(writer.batches).toEqual([[1]]);
    writer.release();
    await expect(Promise.all([first, ...waiting])).resolves.toEqual([2, 4, 6, 8]);
    expect(writer.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('waits for the event loop to read what arrived before taking the next batch', async () => {
    const writer = recordingWriter();
    const commit = new GroupCommit(writer.write);
    // A writer that answers without real I/O (an embedded database): what I/O callbacks submit
    // meanwhile must still join the next batch, not go one by one.
    // Two separate I/O callbacks after the first item: they must share the next batch.
    const arrivals = [commit.submit(1)];
    setImmediate(() => arrivals.push(commit.submit(2)));
    setImmediate(() => arrivals.push(commit.submit(3)));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await Promise.all(arrivals);
    expect(writer.batches).toEqual([[1], [2, 3]]);
  });

  it('answers each item its own outcome: one refusal fails only that item', async () => {
    const writer = recordingWriter();
    const commit = new GroupCommit(writer.write);
    const results = await Promise.allSettled([1, -2, 3].map((item) => commit.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(writer.batches).toEqual([[1, -2, 3]]);
  });

  it('writes each item alone when a batch write throws, so one bad item fails only itself', async () => {
    const batches: number[][] = [];
    const commit = new GroupCommit<number, number>(async (items) => {
      batches.push(items);
      // As the database refuses a whole statement for one row's text.
      if (items.includes(13)) throw new Error('invalid byte sequence');
      return items.map((item) => ({ ok: true, value: item }));
    });
    const results = await Promise.allSettled([1, 13, 3].map((item) => commit.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(batches).toEqual([[1, 13, 3], [1], [13], [3]]);
  });

  it('fails the whole batch at once on an error that says nothing of its items, and goes on', async () => {
    let calls = 0;
    const commit = new GroupCommit<number, number>(
      async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('connection lost');
        return items.map((item) => ({ ok: true, value: item }));
      },
      { isBatchWide: (error) => error instanceof Error && error.message === 'connection lost' },
    );
    const failed = await Promise.allSettled([commit.submit(1), commit.submit(2)]);
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(commit.submit(3)).resolves.toBe(3);
  });

  it('splits a queue longer than the batch limit', async () => {
    const writer = recordingWriter();
    const commit = new GroupCommit(writer.write, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((item) => commit.submit(item)));
    expect(writer.batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('refuses an item the writer left without an outcome instead of leaving it waiting', async () => {
    const commit = new GroupCommit<number, number>(async () => []);
    await expect(commit.submit(1)).rejects.toThrow(/fewer outcomes/);
  });

  describe('with overlap (a writer that waits on a database server)', () => {
    it('hands the next batch to the writer before the answers of the one before are delivered', async () => {
      const log: string[] = [];
      let round = 0;
      const commit = new GroupCommit<number, number>(
        async (items) => {
          log.push(`write ${items.join(',')}`);
          // As a query waits on its server's answer: other I/O callbacks run meanwhile.
          await new Promise((resolve) => setTimeout(resolve, 5));
          // What arrives during the first write forms the second batch.
          if (round++ === 0) for (const item of [2, 3]) void commit.submit(item).then(() => log.push(`answer ${item}`));
          return items.map((item) => ({ ok: true, value: item }));
        },
        { overlap: true },
      );
      await commit.submit(1).then(() => log.push('answer 1'));
      await new Promise((resolve) => setTimeout(resolve, 30));
      expect(log).toEqual(['write 1', 'write 2,3', 'answer 1', 'answer 2', 'answer 3']);
    });

    it("writes a failed batch's items alone before anything that came after them", async () => {
      const batches: number[][] = [];
      let round = 0;
      const commit = new GroupCommit<number, number>(
        async (items) => {
          batches.push(items);
          await new Promise((resolve) => setTimeout(resolve, 2));
          if (round++ === 0) void commit.submit(4);
          if (items.includes(13) && items.length > 1) throw new Error('invalid byte sequence');
          return items.map((item) => ({ ok: true, value: item }));
        },
        { overlap: true },
      );
      const results = await Promise.allSettled([1, 13, 3].map((item) => commit.submit(item)));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      expect(batches).toEqual([[1, 13, 3], [1], [13], [3], [4]]);
    });
  });

  it('refuses at once what it could not write within its time, with the wait, at the rate it has been writing', async () => {
    let clock = 0;
    const writer = recordingWriter();
    // Every batch of one takes 100 ms on this clock.
    const write = (items: number[]) => {
      clock += 100;
      return writer.write(items);
    };
    const overloaded = (retryAfterMs: number) => Object.assign(new Error('overloaded'), { retryAfterMs });
    const commit = new GroupCommit(write, { maxBatch: 1, maxQueueMs: 250, overloaded, now: () => clock });
    // Before any write is measured nothing is refused.
    await expect(commit.submit(1)).resolves.toBe(2);

    writer.holdNext();
    const writing = commit.submit(2);
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [3, 4, 5, 6].map((item) => commit.submit(item).catch((error: unknown) => error));
    writer.release();
    await expect(writing).resolves.toBe(4);
    const [three, four, five, six] = await Promise.all(queued);
    expect([three, four]).toEqual([6, 8]);
    expect(five).toMatchObject({ message: 'overloaded', retryAfterMs: 300 });
    expect(six).toMatchObject({ message: 'overloaded' });
    expect(writer.batches).toEqual([[1], [2], [3], [4]]);
  });

  it('counts its wait in batches: a burst after a slow lone write goes out together, not refused', async () => {
    let clock = 0;
    const writer = recordingWriter();
    const write = (items: number[]) => {
      clock += 100;
      return writer.write(items);
    };
    const commit = new GroupCommit(write, { maxBatch: 256, maxQueueMs: 250, now: () => clock });
    await commit.submit(1);
    const burst = Array.from({ length: 100 }, (_, index) => commit.submit(index + 2));
    await expect(Promise.all(burst)).resolves.toHaveLength(100);
  });
});
