import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalRateLimiter, SharedRateLimiter } from './rate-limiter';
import { connectRedis } from './redis';

describe('LocalRateLimiter', () => {
  afterEach(() => vi.useRealTimers());

  it('counts hits per key within a window and starts again once it ends', async () => {
    vi.useFakeTimers({ now: 0 });
    const counter = new LocalRateLimiter();
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    vi.advanceTimersByTime(400);
    expect(await counter.hit('a', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await counter.hit('b', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    vi.advanceTimersByTime(600);
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });

  it('holds at most maxKeys windows, dropping the oldest first', async () => {
    const counter = new LocalRateLimiter(2);
    await counter.hit('first', 60_000);
    await counter.hit('second', 60_000);
    await counter.hit('third', 60_000);
    // 'first' was dropped, so it counts from one again; 'third' kept its count.
    expect((await counter.hit('first', 60_000)).count).toBe(1);
    expect((await counter.hit('third', 60_000)).count).toBe(2);
  });

  it('lets a burst through, then one take per refill interval, and says when the next token comes', async () => {
    vi.useFakeTimers({ now: 0 });
    const limiter = new LocalRateLimiter();
    const bucket = { perSecond: 20, burst: 40 };
    const burst = await Promise.all(Array.from({ length: 41 }, () => limiter.take('sender', bucket)));
    expect(burst.filter((take) => take.isAllowed)).toHaveLength(40);
    expect(burst.at(-1)).toEqual({ isAllowed: false, retryAfterMs: 50 });
    vi.advanceTimersByTime(50);
    expect((await limiter.take('sender', bucket)).isAllowed).toBe(true);
    expect((await limiter.take('sender', bucket)).isAllowed).toBe(false);
    // Another key has its own bucket.
    expect((await limiter.take('other', bucket)).isAllowed).toBe(true);
  });
});

// Sharing needs Redis; CI's second pass sets REDIS_URL.
describe.runIf(process.env.REDIS_URL)('SharedRateLimiter', () => {
  it('holds one window and one bucket for every process', async () => {
    const quiet = pino({ level: 'silent' });
    const [first, second] = [
      connectRedis(process.env.REDIS_URL ?? '', quiet),
      connectRedis(process.env.REDIS_URL ?? '', quiet),
    ];
    try {
      await vi.waitFor(() => expect(first.isReady() && second.isReady()).toBe(true));
      const [a, b] = [new SharedRateLimiter(first), new SharedRateLimiter(second)];
      const key = `test:${randomUUID()}`;
      expect((await a.hit(key, 60_000)).count).toBe(1);
      expect((await b.hit(key, 60_000)).count).toBe(2);
      const bucket = { perSecond: 1, burst: 3 };
      const takes = [
        await a.take(key, bucket),
        await b.take(key, bucket),
        await a.take(key, bucket),
        await b.take(key, bucket),
      ];
      expect(takes.map((take) => take.isAllowed)).toEqual([true, true, true, false]);
      expect(takes[3]?.retryAfterMs).toBeGreaterThan(0);
      expect(takes[3]?.retryAfterMs).toBeLessThanOrEqual(1_000);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });
});
