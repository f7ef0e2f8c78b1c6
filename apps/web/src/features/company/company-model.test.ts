import { describe, expect, it } from 'vitest';
import { formatReadingTime, hasActivity, progressOf, scoreDisplay, stockRows } from './company-model';

describe('company page rules', () => {
  it('words amounts and reading time', () => {
    expect([formatReadingTime(45), formatReadingTime(720), formatReadingTime(11_100)]).toEqual([
      '45 s',
      '12 min',
      '3 h 5 min',
    ]);
  });

  it('draws weeks as minutes of reading and interests, labelled by their Monday', () => {
    const weeks = [
      { weekStart: '2026-03-02', views: 3, readingSeconds: 90, interestsShown: 1 },
      { weekStart: '2026-03-09', views: 0, readingSeconds: 0, interestsShown: 0 },
    ];
    expect(stockRows(weeks)).toEqual([
      { week: 'Mar 2', weekStart: '2026-03-02', readingMinutes: 1.5, views: 3, interests: 1 },
      { week: 'Mar 9', weekStart: '2026-03-09', readingMinutes: 0, views: 0, interests: 0 },
    ]);
    expect(hasActivity(weeks)).toBe(true);
    expect(hasActivity([weeks[1] as (typeof weeks)[number]])).toBe(false);
  });

  it('names a score in words beside its colour, and progress as a sentence', () => {
    expect(scoreDisplay(null)).toEqual({ color: 'gray', label: 'Not scored yet' });
    expect(scoreDisplay(82).label).toBe('Score 82 · strong');
    expect(scoreDisplay(50).label).toBe('Score 50 · fair');
    expect(scoreDisplay(12).color).toBe('red');
    expect(progressOf({ doneTasks: 1, totalTasks: 1 })).toEqual({ label: '1 of 1 task done', percent: 100 });
    expect(progressOf({ doneTasks: 0, totalTasks: 0 }).percent).toBe(0);
  });
});
