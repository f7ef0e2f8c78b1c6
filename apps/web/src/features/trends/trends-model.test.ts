import { describe, expect, it } from 'vitest';
import { changeDisplay, customRange, formatReadingTime, presetRange, trendsRows } from './trends-model';

const now = new Date('2026-03-10T15:00:00Z');

describe('trends page rules', () => {
  it('offers ranges of UTC days that end today', () => {
    expect(presetRange(7, now)).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange(30, now)).toEqual({ from: '2026-02-09', to: '2026-03-10' });
  });

  it('checks a custom range as the server does', () => {
    expect(customRange('2026-03-01', '2026-03-05')).toEqual({ from: '2026-03-01', to: '2026-03-05' });
    expect(customRange('2026-03-05', null)).toBe('Pick a first and a last day.');
    expect(customRange('2026-03-05', '2026-03-01')).toBe('The last day cannot be before the first.');
    expect(customRange('2025-01-01', '2026-03-01')).toBe('Pick at most 366 days.');
  });

  it('reads a change with an arrow direction and a sign, not colour alone', () => {
    expect(changeDisplay(12, 10)).toMatchObject({ direction: 'up', text: '+12%', description: 'up 12% from 10' });
    expect(changeDisplay(-40, 50)).toMatchObject({ direction: 'down', text: '−40%' });
    expect(changeDisplay(0, 3)).toMatchObject({ direction: 'flat', text: 'no change' });
    expect(changeDisplay(null, 0)).toMatchObject({ direction: 'new', text: 'new' });
  });

  it('turns days into chart rows', () => {
    const [row] = trendsRows([
      {
        date: '2026-03-02',
        views: 2,
        readers: 1,
        readingSeconds: 90,
        interestsShown: 1,
        interestsAccepted: 0,
        interestsDeclined: 0,
        interestsWithdrawn: 0,
        tasksDone: 3,
        linkViews: 4,
        linkReadingSeconds: 30,
      },
    ]);
    expect(row).toMatchObject({ day: 'Mar 2', readingMinutes: 1.5, shown: 1, tasksDone: 3, linkViews: 4 });
    expect(formatReadingTime(3_600)).toBe('1 h');
  });
});
