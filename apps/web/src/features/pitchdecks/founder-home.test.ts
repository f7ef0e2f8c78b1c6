import { describe, expect, it } from 'vitest';
import { deckStatusCounts, readingBars } from './founder-home';

describe('deckStatusCounts', () => {
  it('counts every status, zeros included', () => {
    expect(deckStatusCounts([{ status: 'ready' }, { status: 'ready' }, { status: 'failed' }])).toEqual({
      processing: 0,
      ready: 2,
      failed: 1,
    });
    expect(deckStatusCounts([])).toEqual({ processing: 0, ready: 0, failed: 0 });
  });
});

describe('readingBars', () => {
  const days = [
    { date: '2026-03-28', seconds: 0, viewers: 0 },
    { date: '2026-03-29', seconds: 300, viewers: 2 },
    { date: '2026-03-30', seconds: 600, viewers: 1 },
  ];

  it('sizes each day against the busiest and marks the last day as today', () => {
    const bars = readingBars(days, 'en-GB');
    expect(bars.map((bar) => bar.share)).toEqual([0, 0.5, 1]);
    expect(bars.map((bar) => bar.isToday)).toEqual([false, false, true]);
  });

  it('names the calendar days themselves, whatever zone the browser is in', () => {
    // 29 March 2026 is a Sunday; read as local midnight west of UTC it would become Saturday.
    const bars = readingBars(days, 'en-GB');
    expect(bars.map((bar) => bar.weekday)).toEqual(['Sat', 'Sun', 'Mon']);
    expect(bars[1]?.dateLabel).toBe('29 Mar 2026');
  });

  it('draws a quiet week flat', () => {
    expect(readingBars([{ date: '2026-03-28', seconds: 0, viewers: 0 }]).map((bar) => bar.share)).toEqual([0]);
  });
});
