import { describe, expect, it } from 'vitest';
import { optionalUrlSchema } from './accounts';
import { calendarDateSchema, meetStartSchema, progressPercent, webUrlSchema } from './milestones';

describe('milestone dates and links', () => {
  it('take due dates from 1970 to 9999 only: PostgreSQL has no year 0, and BC dates come back unreadable', () => {
    for (const day of ['1970-01-01', '2027-03-31', '9999-12-31']) expect(calendarDateSchema.parse(day)).toBe(day);
    for (const day of ['0000-01-01', '0001-01-01', '1969-12-31']) {
      expect(calendarDateSchema.safeParse(day).error?.issues[0]?.message, day).toBe(
        'Give a date between the years 1970 and 9999.',
      );
    }
    expect(calendarDateSchema.safeParse('2027-02-30').success).toBe(false);
  });

  it('take meet starts from 1970 to a day before the end of 9999, whatever the offset', () => {
    expect(meetStartSchema.parse('2027-01-12T09:30:00+01:00')).toBe('2027-01-12T09:30:00+01:00');
    for (const start of ['0000-01-01T00:00:00Z', '1969-12-31T23:59:59Z', '9999-12-31T23:00:00-05:00']) {
      expect(meetStartSchema.safeParse(start).success, start).toBe(false);
    }
  });

  it('return links exactly as they were checked: no line break or control character gets through', () => {
    expect(webUrlSchema.parse('  https://meet.example.com/pilot \n')).toBe('https://meet.example.com/pilot');
    for (const link of [
      'https://meet.example.com/a\r\nb',
      'https://meet.example.com/a\tb',
      'https://a.example/\u0085',
    ]) {
      expect(webUrlSchema.safeParse(link).error?.issues[0]?.message, JSON.stringify(link)).toBe(
        'A link cannot contain line breaks or control characters.',
      );
      expect(optionalUrlSchema.safeParse(link).success, JSON.stringify(link)).toBe(false);
    }
  });
});

describe('progressPercent', () => {
  it('rounds to the nearest whole percent: 1 of 6 tasks is 17 %, not 16', () => {
    expect(progressPercent(1, 6)).toBe(17);
    expect(progressPercent(1, 4)).toBe(25);
    expect(progressPercent(2, 3)).toBe(67);
  });

  it('says 100 only when every task is done and 0 only when none is', () => {
    expect(progressPercent(199, 200)).toBe(99);
    expect(progressPercent(200, 200)).toBe(100);
    expect(progressPercent(1, 300)).toBe(1);
    expect(progressPercent(0, 300)).toBe(0);
    expect(progressPercent(0, 0)).toBe(0);
  });
});
