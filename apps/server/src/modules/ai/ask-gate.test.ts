import { describe, expect, it } from 'vitest';
import { AskGate } from './ask-gate';

/** Work that runs until its `finish` is called, noting when it started. */
function heldWork(started: number[], index: number) {
  let finish: () => void = () => undefined;
  const done = new Promise<number>((resolve) => {
    finish = () => resolve(index);
  });
  return {
    work: () => {
      started.push(index);
      return done;
    },
    finish: () => finish(),
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AskGate', () => {
  it('runs at most its limit at once, the rest in the order they came', async () => {
    const gate = new AskGate(2);
    const started: number[] = [];
    const works = [0, 1, 2, 3].map((index) => heldWork(started, index));
    const answers = works.map(({ work }) => gate.run(work));
    await settle();
    expect(started).toEqual([0, 1]);
    works[1]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    works[0]?.finish();
    works[2]?.finish();
    await settle();
    expect(started).toEqual([0, 1, 2, 3]);
    works[3]?.finish();
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3]);
  });

  it('frees the turn of work that failed', async () => {
    const gate = new AskGate(1);
    await expect(gate.run(() => Promise.reject(new Error('the engine failed')))).rejects.toThrow('the engine failed');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
