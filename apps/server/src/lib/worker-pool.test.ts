import { Worker } from 'node:worker_threads';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { type JobAnswer, WorkerPool } from './worker-pool';

/** A worker that keeps its thread busy for the milliseconds it is sent, then answers them. */
const busyWorkerSource = `
const { parentPort } = require('node:worker_threads');
parentPort.postMessage({ ready: true });
parentPort.on('message', ({ jobId, ms }) => {
  const end = Date.now() + ms;
  while (Date.now() < end) {}
  parentPort.postMessage({ jobId, value: ms });
});
`;

class Overloaded extends Error {
  constructor(readonly retryAfterMs: number) {
    super('busy');
  }
}

const pools: WorkerPool<number, number>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

function busyPool(): WorkerPool<number, number> {
  const pool = new WorkerPool<number, number>(
    {
      name: 'busy',
      spawn: () => new Worker(busyWorkerSource, { eval: true }),
      memory: () => undefined,
      message: (jobId, ms) => ({ message: { jobId, ms } }),
      answer: (raw) => raw as JobAnswer<number>,
      failed: () => ({ reject: new Error('the busy worker failed') }),
      error: (message) => new Error(message),
    },
    { size: 1, timeoutMs: 10_000, idleMs: 60_000, maxHeapMb: 32, spare: 0 },
    pino({ level: 'silent' }),
  );
  pools.push(pool);
  return pool;
}

describe('WorkerPool load shedding', () => {
  it('refuses at once, with the wait, a job that would wait past its limit; others queue and run', async () => {
    const pool = busyPool();
    const limits = { maxWaitMs: 1_000, overloaded: (retryAfterMs: number) => new Overloaded(retryAfterMs) };
    // Before any job was timed nothing is refused.
    await expect(pool.run(100, limits)).resolves.toBe(100);
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        pool.run(100, limits).then(
          () => 'ran',
          (error: unknown) => error,
        ),
      ),
    );
    const ran = outcomes.filter((outcome) => outcome === 'ran').length;
    const refused = outcomes.filter((outcome): outcome is Overloaded => outcome instanceof Overloaded);
    // About ten jobs of 100 ms fit in a second's wait; a slower machine fits fewer, never none.
    expect(ran).toBeGreaterThanOrEqual(2);
    expect(refused.length).toBeGreaterThanOrEqual(5);
    expect(ran + refused.length).toBe(20);
    for (const refusal of refused) expect(refusal.retryAfterMs).toBeGreaterThan(1_000);
  });

  it('queues a job without limits however long the wait', async () => {
    const pool = busyPool();
    await pool.run(50);
    await expect(Promise.all(Array.from({ length: 8 }, () => pool.run(50)))).resolves.toHaveLength(8);
  });
});
