import { describe, expect, it } from 'vitest';
import { analyseWhileSomeAreMissing } from './analysis.module';

/** A service whose passes find `found[n]` decks without a report on its n-th pass, then none. */
const passesFinding = (...found: number[]) => {
  const passes: number[] = [];
  return {
    passes,
    analysis: {
      analyseLiveVersions: async () => {
        const count = found[passes.length] ?? 0;
        passes.push(count);
        return count;
      },
    },
  };
};

describe('the "analyse live decks" job', () => {
  it('passes again while a pass found decks without a report: those that went live during it', async () => {
    const { analysis, passes } = passesFinding(600, 400);
    expect(await analyseWhileSomeAreMissing(analysis)).toBe(1_000);
    expect(passes).toEqual([600, 400, 0]);
  });

  it('makes one pass when every deck has its report', async () => {
    const { analysis, passes } = passesFinding();
    expect(await analyseWhileSomeAreMissing(analysis)).toBe(0);
    expect(passes).toEqual([0]);
  });

  it('stops after ten passes, however many decks keep coming', async () => {
    const { analysis, passes } = passesFinding(...Array.from({ length: 20 }, () => 1));
    expect(await analyseWhileSomeAreMissing(analysis)).toBe(10);
    expect(passes).toHaveLength(10);
  });
});
