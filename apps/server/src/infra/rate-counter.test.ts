import { afterEach, describe, expect, it, vi } from 'vitest';
import { LocalRateCounter } from './rate-counter';

describe('LocalRateCounter', () => {
  afterEach(() => vi.useRealTimers());

  it('counts hits per key within a window and starts again once it ends', async () => {
    vi.useFakeTimers({ now: 0 });
    const counter = new LocalRateCounter();
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    vi.advanceTimersByTime(400);
    expect(await counter.hit('a', 1_000)).toEqual({ count: 2, resetInMs: 600 });
    expect(await counter.hit('b', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
    vi.advanceTimersByTime(600);
    expect(await counter.hit('a', 1_000)).toEqual({ count: 1, resetInMs: 1_000 });
  });

  it('holds at most maxKeys windows, dropping the oldest first', async () => {
    const counter = new LocalRateCounter(2);
    await counter.hit('first', 60_000);
    await counter.hit('second', 60_000);
    await counter.hit('third', 60_000);
    // 'first' was dropped, so it counts from one again; 'third' kept its count.
    expect((await counter.hit('first', 60_000)).count).toBe(1);
    expect((await counter.hit('third', 60_000)).count).toBe(2);
  });
});
