import type { DeckAnalytics } from '@deckvalid/contract/pitchdecks';

/** "45 s", "3 min 20 s", "1 h 5 min": reading times, rounded to what a person cares about. */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const minutes = Math.floor(seconds / 60);
    const rest = seconds % 60;
    return rest ? `${minutes} min ${rest} s` : `${minutes} min`;
  }
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${hours} h ${minutes} min` : `${hours} h`;
}

/** "45s", "9m 31s", "1h 5m": the same times where space is short (tiles, chart axes). */
export function formatDurationCompact(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds}s`;
  if (seconds < 3600) {
    const rest = seconds % 60;
    return rest ? `${Math.floor(seconds / 60)}m ${rest}s` : `${seconds / 60}m`;
  }
  const minutes = Math.round((seconds % 3600) / 60);
  return minutes ? `${Math.floor(seconds / 3600)}h ${minutes}m` : `${Math.floor(seconds / 3600)}h`;
}

/** Steps for a time axis: whole seconds below two minutes, whole minutes above. */
const axisSteps = [5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200];

/**
 * Tick values for a time axis that reach `maxSeconds` in at most five steps, on round values
 * ("30s", "1m", "2m") so compact labels never wrap; undefined for an empty chart.
 */
export function secondsAxisTicks(maxSeconds: number): number[] | undefined {
  if (!(maxSeconds > 0)) return undefined;
  const step = axisSteps.find((candidate) => maxSeconds / candidate <= 5) ?? Math.ceil(maxSeconds / 5 / 3600) * 3600;
  const ticks: number[] = [];
  for (let value = 0; value < maxSeconds + step; value += step) ticks.push(value);
  return ticks;
}

/** One bar group of the per-page charts. */
export type PageChartRow = {
  /** Axis label: "p1" keeps 30 bars legible at phone width. */
  page: string;
  pageNumber: number;
  /** Seconds across all sessions, one decimal. */
  seconds: number;
  /** Seconds per session that saw the page, one decimal. */
  averageSeconds: number;
  views: number;
  exits: number;
};

const oneDecimal = (value: number) => Math.round(value * 10) / 10;

/** The analytics' pages as chart rows, in page order whatever order they arrived in. */
export function pageChartRows(analytics: Pick<DeckAnalytics, 'pages'>): PageChartRow[] {
  return [...analytics.pages]
    .sort((a, b) => a.page - b.page)
    .map((row) => ({
      page: `p${row.page}`,
      pageNumber: row.page,
      seconds: oneDecimal(row.seconds),
      averageSeconds: row.views > 0 ? oneDecimal(row.seconds / row.views) : 0,
      views: row.views,
      exits: row.exits,
    }));
}

/** Where readers stop, in a few numbers a founder can act on. */
export type ReaderDropOff = {
  /** The page most sessions ended on before the last page, or null when nobody stopped early. */
  mainStop: { page: number; exits: number; share: number } | null;
  /** Share of sessions (0–1) that reached the last page; null before any view. */
  completionRate: number | null;
  /** Page with the most total reading time, or null before any view. */
  mostReadPage: number | null;
};

/**
 * Reads the per-page exits: a session "exits" on its furthest page, so exits on the last page
 * are readers who finished, and the largest count elsewhere is where the deck loses them.
 */
export function readerDropOff(analytics: Pick<DeckAnalytics, 'pages' | 'viewCount'>): ReaderDropOff {
  const pages = [...analytics.pages].sort((a, b) => a.page - b.page);
  const last = pages.at(-1);
  const sessions = analytics.viewCount > 0 ? analytics.viewCount : pages.reduce((sum, row) => sum + row.exits, 0);
  if (!last || sessions === 0) return { mainStop: null, completionRate: null, mostReadPage: null };

  let mainStop: ReaderDropOff['mainStop'] = null;
  for (const row of pages) {
    if (row.page === last.page || row.exits === 0) continue;
    if (!mainStop || row.exits > mainStop.exits) {
      mainStop = { page: row.page, exits: row.exits, share: row.exits / sessions };
    }
  }
  let mostRead = pages[0];
  for (const row of pages) if (mostRead && row.seconds > mostRead.seconds) mostRead = row;

  return {
    mainStop,
    completionRate: Math.min(1, last.exits / sessions),
    mostReadPage: mostRead && mostRead.seconds > 0 ? mostRead.page : null,
  };
}

/** "42%": shares for people, never "0.42". */
export function formatShare(share: number): string {
  return `${Math.round(share * 100)}%`;
}
