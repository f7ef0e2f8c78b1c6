import { shiftDay, type TrendsDay, trendsLimits } from '@deckvalid/contract/trends';
import { formatChartDay } from '@/shared/lib/format-date';

// Pure rules of the trends page: the ranges it offers, its chart rows and how a change reads.

/** The ranges offered besides a custom one, in days ending today. */
export const rangePresets = [7, 30, 90] as const;
export type RangePreset = (typeof rangePresets)[number];

/** Today as a UTC day, `YYYY-MM-DD`: the trends count UTC days. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** The `days` UTC days that end today, both ends included. */
export function presetRange(days: number, now = new Date()): { from: string; to: string } {
  const to = todayUtc(now);
  return { from: shiftDay(to, -(days - 1)), to };
}

/**
 * A custom range from the date picker, or why it cannot be asked for: both ends set, in order,
 * and at most `maxDays` long (the server refuses the same).
 */
export function customRange(from: string | null, to: string | null): { from: string; to: string } | string {
  if (!from || !to) return 'Pick a first and a last day.';
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  if (days < 1) return 'The last day cannot be before the first.';
  if (days > trendsLimits.maxDays) return `Pick at most ${trendsLimits.maxDays} days.`;
  return { from, to };
}

/** One day as the charts draw it. */
export type TrendsRow = {
  day: string;
  date: string;
  views: number;
  readers: number;
  readingMinutes: number;
  shown: number;
  accepted: number;
  declined: number;
  withdrawn: number;
  tasksDone: number;
  linkViews: number;
};

export function trendsRows(days: readonly TrendsDay[]): TrendsRow[] {
  return days.map((day) => ({
    day: formatChartDay(day.date),
    date: day.date,
    views: day.views,
    readers: day.readers,
    readingMinutes: Math.round((day.readingSeconds / 60) * 10) / 10,
    shown: day.interestsShown,
    accepted: day.interestsAccepted,
    declined: day.interestsDeclined,
    withdrawn: day.interestsWithdrawn,
    tasksDone: day.tasksDone,
    linkViews: day.linkViews,
  }));
}

/** How a change against the previous period reads: an arrow and a sign in words, colour only beside them. */
export type ChangeDisplay = {
  direction: 'up' | 'down' | 'flat' | 'new';
  /** "+12%", "−5%", "no change", "new". */
  text: string;
  /** For screen readers: "up 12% from 10", "new: none before". */
  description: string;
  color: string;
};

export function changeDisplay(change: number | null, previous: number): ChangeDisplay {
  if (change === null) {
    return { direction: 'new', text: 'new', description: 'new: none in the previous period', color: 'indigo' };
  }
  if (change === 0) {
    return { direction: 'flat', text: 'no change', description: `no change from ${previous}`, color: 'gray' };
  }
  return change > 0
    ? { direction: 'up', text: `+${change}%`, description: `up ${change}% from ${previous}`, color: 'teal' }
    : {
        direction: 'down',
        text: `−${Math.abs(change)}%`,
        description: `down ${Math.abs(change)}% from ${previous}`,
        color: 'red',
      };
}

/** Reading time in words: "45 s", "12 min", "3 h 5 min". */
export function formatReadingTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}
