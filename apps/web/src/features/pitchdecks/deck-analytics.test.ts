import type { DeckAnalytics } from '@deckvalid/contract/pitchdecks';
import { describe, expect, it } from 'vitest';
import {
  formatDuration,
  formatDurationCompact,
  formatShare,
  pageChartRows,
  readerDropOff,
  secondsAxisTicks,
} from './deck-analytics';

const analytics: Pick<DeckAnalytics, 'pages' | 'viewCount'> = {
  viewCount: 10,
  pages: [
    { page: 3, seconds: 40, views: 6, exits: 1 },
    { page: 1, seconds: 95.26, views: 10, exits: 0 },
    { page: 2, seconds: 120, views: 9, exits: 3 },
    { page: 4, seconds: 30, views: 5, exits: 5 },
  ],
};

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [44.6, '45 s'],
    [60, '1 min'],
    [200, '3 min 20 s'],
    [3600, '1 h'],
    [3900, '1 h 5 min'],
    [-5, '0 s'],
  ])('%s s reads "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('formatDurationCompact', () => {
  it('shortens times for tiles and axes', () => {
    expect(formatDurationCompact(45)).toBe('45s');
    expect(formatDurationCompact(120)).toBe('2m');
    expect(formatDurationCompact(571)).toBe('9m 31s');
    expect(formatDurationCompact(3900)).toBe('1h 5m');
  });
});

describe('secondsAxisTicks', () => {
  it('picks round steps that cover the longest page in at most five steps', () => {
    expect(secondsAxisTicks(193)).toEqual([0, 60, 120, 180, 240]);
    expect(secondsAxisTicks(45)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(secondsAxisTicks(0)).toBeUndefined();
  });
});

describe('pageChartRows', () => {
  it('orders pages and adds the average per session', () => {
    const rows = pageChartRows(analytics);
    expect(rows.map((row) => row.page)).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(rows[0]).toEqual({ page: 'p1', pageNumber: 1, seconds: 95.3, averageSeconds: 9.5, views: 10, exits: 0 });
  });

  it('never divides by zero views', () => {
    expect(pageChartRows({ pages: [{ page: 1, seconds: 0, views: 0, exits: 0 }] })[0]?.averageSeconds).toBe(0);
  });
});

describe('readerDropOff', () => {
  it('finds where readers stop early, how many finish, and the most-read page', () => {
    expect(readerDropOff(analytics)).toEqual({
      mainStop: { page: 2, exits: 3, share: 0.3 },
      completionRate: 0.5,
      mostReadPage: 2,
    });
  });

  it('says nothing before anyone read the deck', () => {
    expect(readerDropOff({ viewCount: 0, pages: [{ page: 1, seconds: 0, views: 0, exits: 0 }] })).toEqual({
      mainStop: null,
      completionRate: null,
      mostReadPage: null,
    });
  });

  it('has no early stop when every reader finished', () => {
    const finished = readerDropOff({
      viewCount: 2,
      pages: [
        { page: 1, seconds: 10, views: 2, exits: 0 },
        { page: 2, seconds: 12, views: 2, exits: 2 },
      ],
    });
    expect(finished.mainStop).toBeNull();
    expect(formatShare(finished.completionRate ?? 0)).toBe('100%');
  });
});
