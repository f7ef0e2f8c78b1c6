import type { CompanyWeek } from '@deckvalid/contract/companies';
import { formatChartDay } from '@/shared/lib/format-date';

// Pure rules of the company page: numbers as it words them and the stock chart's rows.

/** Reading time in words a person reads at a glance: "45 s", "12 min", "3 h 5 min". */
export function formatReadingTime(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) return `${Math.round(seconds / 60)} min`;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** One point of the stock chart: a week's reading minutes (the line) and interests (the bars). */
export type StockRow = { week: string; weekStart: string; readingMinutes: number; views: number; interests: number };

/** The weeks as the chart draws them, oldest first, labelled by their Monday ("Mar 2"). */
export function stockRows(weeks: readonly CompanyWeek[]): StockRow[] {
  return weeks.map((week) => ({
    week: formatChartDay(week.weekStart),
    weekStart: week.weekStart,
    readingMinutes: Math.round((week.readingSeconds / 60) * 10) / 10,
    views: week.views,
    interests: week.interestsShown,
  }));
}

/** Whether anything happened in the series at all (else the chart says so instead of a flat line). */
export const hasActivity = (weeks: readonly CompanyWeek[]) =>
  weeks.some((week) => week.views > 0 || week.readingSeconds > 0 || week.interestsShown > 0);

/** The score badge's colour and word: the score reads as a number and a word, never as colour alone. */
export function scoreDisplay(score: number | null): { color: string; label: string } {
  if (score === null) return { color: 'gray', label: 'Not scored yet' };
  if (score >= 75) return { color: 'teal', label: `Score ${score} · strong` };
  if (score >= 50) return { color: 'yellow', label: `Score ${score} · fair` };
  return { color: 'red', label: `Score ${score} · weak` };
}

/** "4 of 7 tasks done", and the share as a percentage for the progress bar. */
export function progressOf({ doneTasks, totalTasks }: { doneTasks: number; totalTasks: number }) {
  return {
    label: `${doneTasks} of ${totalTasks} ${totalTasks === 1 ? 'task' : 'tasks'} done`,
    percent: totalTasks === 0 ? 0 : Math.round((doneTasks / totalTasks) * 100),
  };
}
