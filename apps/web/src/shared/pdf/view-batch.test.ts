import { recordDeckViewBodySchema } from '@deckvalid/contract/pitchdecks';
import { describe, expect, it } from 'vitest';
import { createViewBatch, newViewSessionId } from './view-batch';

describe('createViewBatch', () => {
  it('merges reports of a page and hands entries out in page order, once', () => {
    const batch = createViewBatch();
    batch.add(3, 1.5);
    batch.add(1, 2);
    batch.add(3, 2.25);
    expect(batch.take()).toEqual([
      { page: 1, seconds: 2 },
      { page: 3, seconds: 3.75 },
    ]);
    expect(batch.isEmpty).toBe(true);
    expect(batch.take()).toBeNull();
  });

  it('drops what the contract would refuse: no time, negative time, impossible pages', () => {
    const batch = createViewBatch();
    batch.add(1, 0);
    batch.add(1, -4);
    batch.add(1, Number.NaN);
    batch.add(1, Number.POSITIVE_INFINITY);
    batch.add(0, 3);
    batch.add(1_001, 3);
    batch.add(2.5, 3);
    expect(batch.take()).toBeNull();
  });

  it('clamps an entry to 600 seconds', () => {
    const batch = createViewBatch();
    batch.add(2, 590);
    batch.add(2, 30);
    expect(batch.take()).toEqual([{ page: 2, seconds: 600 }]);
  });

  it('rounds to milliseconds and leaves out what rounds to nothing', () => {
    const batch = createViewBatch();
    batch.add(1, 0.0001);
    batch.add(2, 1.23456);
    expect(batch.take()).toEqual([{ page: 2, seconds: 1.235 }]);
  });

  it('sends at most 300 entries at a time and keeps the rest', () => {
    const batch = createViewBatch();
    for (let page = 1; page <= 310; page += 1) batch.add(page, 1);
    const first = batch.take();
    expect(first).toHaveLength(300);
    expect(first?.at(-1)?.page).toBe(300);
    expect(batch.take()).toHaveLength(10);
  });

  it('restore puts entries back and merges them with newer time', () => {
    const batch = createViewBatch();
    batch.add(1, 2);
    const taken = batch.take() ?? [];
    batch.add(1, 1);
    batch.restore(taken);
    expect(batch.take()).toEqual([{ page: 1, seconds: 3 }]);
  });

  it('sends at most 600 s in one report and keeps the rest for the next', () => {
    const batch = createViewBatch();
    batch.add(1, 500);
    batch.add(2, 300);
    expect(batch.take()).toEqual([
      { page: 1, seconds: 500 },
      { page: 2, seconds: 100 },
    ]);
    expect(batch.take()).toEqual([{ page: 2, seconds: 200 }]);
    expect(batch.isEmpty).toBe(true);
  });

  it('every body it produces passes the contract', () => {
    const batch = createViewBatch();
    batch.add(1, 1_000);
    batch.add(1_000, 0.001);
    const pages = batch.take();
    expect(recordDeckViewBodySchema.safeParse({ sessionId: newViewSessionId(), pages }).success).toBe(true);
  });
});

describe('newViewSessionId', () => {
  it('uses crypto.randomUUID where it exists', () => {
    expect(
      newViewSessionId({ randomUUID: () => '11111111-1111-4111-8111-111111111111', getRandomValues: (a) => a }),
    ).toBe('11111111-1111-4111-8111-111111111111');
  });

  it('builds a valid v4 UUID from random bytes outside secure contexts', () => {
    const id = newViewSessionId({ getRandomValues: (array) => crypto.getRandomValues(array) });
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(recordDeckViewBodySchema.shape.sessionId.safeParse(id).success).toBe(true);
  });
});
