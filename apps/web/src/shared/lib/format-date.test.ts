import { describe, expect, it } from 'vitest';
import { formatChartDay, formatDate, formatDateTime } from './format-date';

describe('formatDate', () => {
  const instant = '2026-11-22T14:05:00.000Z';

  it('writes the date in the reader’s locale, one format for every screen', () => {
    expect(formatDate(instant, 'en-GB')).toBe('22 Nov 2026');
    expect(formatDate(instant, 'en-US')).toBe('Nov 22, 2026');
    expect(formatDate(new Date(instant), 'de-DE')).toBe('22.11.2026');
  });

  it('adds the time for tooltips', () => {
    expect(formatDateTime('2026-11-22T12:00:00', 'en-GB')).toBe('22 Nov 2026, 12:00');
  });

  it('answers an empty string for an unreadable date instead of "Invalid Date"', () => {
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatChartDay', () => {
  it('labels a day as the charts do, in UTC whatever the browser’s zone', () => {
    expect(formatChartDay('2026-03-02')).toBe('Mar 2');
    expect(formatChartDay('2026-12-31')).toBe('Dec 31');
    expect(formatChartDay('2026-13-45')).toBe('');
  });
});
