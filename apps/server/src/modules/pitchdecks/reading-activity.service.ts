import {
  type ReadingActivity,
  type ReadingActivityQuery,
  readingActivityLimits,
} from '@deckvalid/contract/reading-activity';
import type { Principal } from '@/core/identity/principal';
import type {
  DeckPeriodReading,
  FounderDayRange,
  ReadingActivityRepository,
  ReadingDayFigures,
  ReadingWeekFigures,
} from './reading-activity.repository';

/**
 * The founder's home summary of how investors read their decks. Only the caller's own decks are
 * ever read: the founder id comes from the principal, never from the request.
 */
export class ReadingActivityService {
  constructor(private readonly repo: ReadingActivityRepository) {}

  async forFounder(principal: Principal, { timeZone }: ReadingActivityQuery): Promise<ReadingActivity> {
    const [totals, readings] = await Promise.all([
      this.repo.findDailyTotalsByFounderId(principal.accountId, timeZone, readingActivityLimits.days),
      this.repo.findRecentReadingsByFounderId(principal.accountId, readingActivityLimits.recentReaders),
    ]);
    // The grouping-sets query answers the days, then the window's total row (its date is null).
    const window = totals.find((row) => row.date === null);
    return {
      timeZone,
      totalSeconds: window?.seconds ?? 0,
      viewerCount: window?.viewers ?? 0,
      days: totals.flatMap(({ date, seconds, viewers }) => (date === null ? [] : [{ date, seconds, viewers }])),
      recentReaders: readings.map((reading) => ({
        investor: { id: reading.investorId, name: reading.investorName, firm: reading.investorFirm },
        pitchDeck: { id: reading.pitchDeckId, title: reading.deckTitle, company: reading.deckCompany },
        lastReadAt: reading.lastReadAt.toISOString(),
        totalSeconds: reading.totalSeconds,
      })),
    };
  }

  // The reads below check no principal: the trends and company services that call them decide
  // whose decks may be read (the founder's own, or any investor's view of ready decks).

  /** Reading per UTC day of a founder's decks (or one of them), days without reading included. */
  dailyOfFounder(range: FounderDayRange): Promise<ReadingDayFigures[]> {
    return this.repo.findDailyByFounderId(range);
  }

  /** Reading of each of a founder's decks in the range and the period before it, and of all of them together. */
  periodTotalsOfFounder(range: FounderDayRange & { previousFrom: string }): Promise<DeckPeriodReading[]> {
    return this.repo.findPeriodTotalsByDeck(range);
  }

  /** Views and reading time per week of a founder's ready decks, from `firstWeek` to `lastWeek` (Mondays). */
  weeklyOfFounder(founderId: string, firstWeek: string, lastWeek: string): Promise<ReadingWeekFigures[]> {
    return this.repo.findWeeklyByFounderId(founderId, firstWeek, lastWeek);
  }
}
