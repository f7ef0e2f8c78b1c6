import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { accounts, investorInfos } from '@/modules/accounts/accounts.schema';
import { deckViews, pitchDecks } from './pitchdecks.schema';

/** Reading of one calendar day, or of the whole window when `date` is null. */
export type ReadingTotals = { date: string | null; seconds: number; viewers: number };

/** One investor's reading of one deck, over all their sessions of it. */
export type RecentReading = {
  investorId: string;
  investorName: string;
  investorFirm: string | null;
  pitchDeckId: string;
  deckTitle: string;
  deckCompany: string;
  lastReadAt: Date;
  totalSeconds: number;
};

/**
 * The founder's reading summary: reads only, over the deck module's viewing sessions, named from
 * the accounts tables (the joins `findViewers` makes too). Sessions are counted per deck whatever
 * version they read, so versions change nothing here.
 *
 * Both queries start from the founder's decks (`pitch_decks_founder_idx`) and reach their
 * sessions through `deck_views_deck_idx`; each answers a fixed number of rows.
 */
export class ReadingActivityRepository {
  constructor(private readonly db: Database) {}

  /**
   * Reading time and distinct investors per calendar day of `timeZone`, for the `days` days that
   * end today (days without reading included, oldest first), then one row for the whole window
   * (`date` null: an investor who read on two days counts once there). A session belongs to the
   * day it began.
   */
  async findDailyTotalsByFounderId(founderId: string, timeZone: string, days: number): Promise<ReadingTotals[]> {
    const result = await this.db.execute(sql`
      with bounds as (
        select (now() at time zone ${timeZone})::date - ${days - 1}::int as first_day
      ),
      window_days as (
        select bounds.first_day + offset_days as day
        from bounds, generate_series(0, ${days - 1}::int) as offset_days
      ),
      sessions as (
        select (${deckViews.startedAt} at time zone ${timeZone})::date as day,
          ${deckViews.investorId} as investor_id,
          ${deckViews.totalSeconds} as seconds
        from ${deckViews}
        inner join ${pitchDecks} on ${pitchDecks.id} = ${deckViews.pitchDeckId}
        where ${pitchDecks.founderId} = ${founderId}
          -- Midnight of the first day where the founder is, as an instant.
          and ${deckViews.startedAt} >= (select first_day from bounds)::timestamp at time zone ${timeZone}
      )
      select to_char(window_days.day, 'YYYY-MM-DD') as date,
        coalesce(sum(sessions.seconds), 0)::float8 as seconds,
        count(distinct sessions.investor_id)::int as viewers
      from window_days
      left join sessions on sessions.day = window_days.day
      group by grouping sets ((window_days.day), ())
      order by window_days.day nulls last`);
    return rowsOf<{ date: string | null; seconds: number | string; viewers: number | string }>(result).map((row) => ({
      date: row.date,
      seconds: Number(row.seconds),
      viewers: Number(row.viewers),
    }));
  }

  /**
   * The latest `limit` (investor, deck) readings of the founder's decks, newest first: when the
   * investor last read the deck and their reading time of it in all.
   */
  async findRecentReadingsByFounderId(founderId: string, limit: number): Promise<RecentReading[]> {
    const lastReadAt = sql`max(${deckViews.lastSeenAt})`;
    return (
      this.db
        .select({
          investorId: deckViews.investorId,
          investorName: accounts.name,
          investorFirm: investorInfos.firm,
          pitchDeckId: deckViews.pitchDeckId,
          deckTitle: pitchDecks.title,
          deckCompany: pitchDecks.company,
          lastReadAt: sql<Date>`${lastReadAt}`.mapWith((value: string | Date) => new Date(value)),
          totalSeconds: sql<number>`sum(${deckViews.totalSeconds})`.mapWith(Number),
        })
        .from(deckViews)
        .innerJoin(pitchDecks, eq(pitchDecks.id, deckViews.pitchDeckId))
        .innerJoin(accounts, eq(accounts.id, deckViews.investorId))
        .leftJoin(investorInfos, eq(investorInfos.investorId, deckViews.investorId))
        .where(eq(pitchDecks.founderId, founderId))
        .groupBy(
          deckViews.investorId,
          accounts.name,
          investorInfos.firm,
          deckViews.pitchDeckId,
          pitchDecks.title,
          pitchDecks.company,
        )
        // Ties (same instant) in a fixed order, so the list does not shuffle between loads.
        .orderBy(desc(lastReadAt), deckViews.investorId, deckViews.pitchDeckId)
        .limit(limit)
    );
  }
}
