import type { FounderPitchDeck, PitchDeckStatus } from '@deckvalid/contract/pitchdecks';
import type { ReadingDay } from '@deckvalid/contract/reading-activity';
import { formatCalendarDay } from '@/shared/lib/format-date';
import { formatDuration } from './deck-analytics';

/** How many of the given decks are in each status; every status is present, zero or not. */
export function deckStatusCounts(
  decks: ReadonlyArray<Pick<FounderPitchDeck, 'status'>>,
): Record<PitchDeckStatus, number> {
  const counts: Record<PitchDeckStatus, number> = { processing: 0, ready: 0, failed: 0 };
  for (const deck of decks) counts[deck.status] += 1;
  return counts;
}

/** One day's bar of the reading chart. */
export type ReadingBar = ReadingDay & {
  /** Short weekday in the reader's language ("Mon"). */
  weekday: string;
  /** The calendar date in the product's one date format ("22 Nov 2026"). */
  dateLabel: string;
  /** Height against the busiest day, 0–1. */
  share: number;
  isToday: boolean;
};

/**
 * The days of the reading summary as bars: each height is its share of the busiest day, so the
 * chart reads at any volume. Dates are calendar days already counted in the founder's zone; they
 * are read in UTC so that the browser's zone cannot move them to the day before.
 */
export function readingBars(days: ReadonlyArray<ReadingDay>, locale?: string): ReadingBar[] {
  const busiest = Math.max(0, ...days.map((day) => day.seconds));
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return days.map((day, index) => {
    const date = new Date(`${day.date}T00:00:00Z`);
    return {
      ...day,
      weekday: weekday.format(date),
      dateLabel: formatCalendarDay(day.date, locale),
      share: busiest > 0 ? day.seconds / busiest : 0,
      isToday: index === days.length - 1,
    };
  });
}

/**
 * A headline total of reading time: seconds only under a minute ("45 s"), whole minutes above
 * ("22 min", "1 h 24 min"); the seconds of a long total are noise, and they broke the line on phones.
 */
export function formatReadingTotal(totalSeconds: number): string {
  return totalSeconds < 60 ? formatDuration(totalSeconds) : formatDuration(Math.round(totalSeconds / 60) * 60);
}
