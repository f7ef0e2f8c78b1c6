import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { endOfUtcDay, startOfUtcDay } from '@/db/utc-days';
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

/** A range of UTC days, both ends included (`YYYY-MM-DD`), over one founder's decks or one of them. */
export type FounderDayRange = { founderId: string; from: string; to: string; pitchDeckId?: string };

/** Reading of one UTC day (trends). */
export type ReadingDayFigures = { date: string; views: number; readers: number; seconds: number };

/** Reading of one deck in one period (trends); `pitchDeckId` null: all the decks together. */
export type DeckPeriodReading = {
  pitchDeckId: string | null;
  title: string | null;
  company: string | null;
  createdAt: Date | null;
  period: 'current' | 'previous';
  views: number;
  readers: number;
  seconds: number;
};

/** Reading of one week (the company page's stock series). */
export type ReadingWeekFigures = { weekStart: string; views: number; seconds: number };

/** The ids of a founder's decks, or of the one named if it is theirs (`pitch_decks_founder_idx`). */
const founderDeckIds = (founderId: string, pitchDeckId: string | undefined) =>
  sql`select ${pitchDecks.id} from ${pitchDecks} where ${pitchDecks.founderId} = ${founderId}
    ${pitchDeckId === undefined ? sql`` : sql`and ${pitchDecks.id} = ${pitchDeckId}`}`;

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

  /**
   * Views opened, distinct readers and reading seconds per UTC day from `from` to `to` (days
   * without reading included, oldest first), over the founder's decks or the one named. A session
   * belongs to the day it began; a view is counted on its opening session (`id = visit_id`).
   * From the founder's decks (`pitch_decks_founder_idx`) to their sessions of the range
   * (`deck_views_deck_started_idx`).
   */
  async findDailyByFounderId({ founderId, from, to, pitchDeckId }: FounderDayRange): Promise<ReadingDayFigures[]> {
    // Per day and reader first, then per day: two hash aggregates, where count(distinct) sorts.
    const result = await this.db.execute(sql`
      with per_reader as (
        select (${deckViews.startedAt} at time zone 'UTC')::date as day,
          ${deckViews.investorId} as investor_id,
          count(*) filter (where ${deckViews.id} = ${deckViews.visitId}) as views,
          sum(${deckViews.totalSeconds}) as seconds
        from ${deckViews}
        where ${deckViews.pitchDeckId} in (${founderDeckIds(founderId, pitchDeckId)})
          and ${deckViews.startedAt} >= ${startOfUtcDay(from)}
          and ${deckViews.startedAt} < ${endOfUtcDay(to)}
        group by 1, 2
      ),
      daily as (
        select day, sum(views)::int as views, count(*)::int as readers, sum(seconds)::float8 as seconds
        from per_reader
        group by day
      )
      select to_char(days.day, 'YYYY-MM-DD') as date,
        coalesce(daily.views, 0) as views,
        coalesce(daily.readers, 0) as readers,
        coalesce(daily.seconds, 0) as seconds
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as days(day)
      left join daily on daily.day = days.day::date
      order by days.day`);
    return rowsOf<{ date: string; views: number | string; readers: number | string; seconds: number | string }>(
      result,
    ).map((row) => ({
      date: row.date,
      views: Number(row.views),
      readers: Number(row.readers),
      seconds: Number(row.seconds),
    }));
  }

  /**
   * Reading of each of the founder's decks (or the one named) in two periods of UTC days, the
   * current one from `from` to `to` and the previous one from `previousFrom` to the day before
   * `from`; then one row per period for all those decks together (`pitchDeckId` null), where an
   * investor who read two decks counts once. Decks without reading are included with zeros.
   */
  async findPeriodTotalsByDeck({
    founderId,
    from,
    to,
    previousFrom,
    pitchDeckId,
  }: FounderDayRange & { previousFrom: string }): Promise<DeckPeriodReading[]> {
    // Per deck, period and reader first (a hash aggregate that folds a reader's sessions into
    // one row), then per deck and period, and per period for all decks: count(distinct) over
    // the sessions themselves sorted them all and took twice as long.
    const result = await this.db.execute(sql`
      with decks as (
        select ${pitchDecks.id} as id, ${pitchDecks.title} as title, ${pitchDecks.company} as company,
          ${pitchDecks.createdAt} as created_at
        from ${pitchDecks}
        where ${pitchDecks.founderId} = ${founderId}
          ${pitchDeckId === undefined ? sql`` : sql`and ${pitchDecks.id} = ${pitchDeckId}`}
      ),
      per_reader as (
        select ${deckViews.pitchDeckId} as pitch_deck_id,
          case when ${deckViews.startedAt} >= ${startOfUtcDay(from)} then 'current' else 'previous' end as period,
          ${deckViews.investorId} as investor_id,
          count(*) filter (where ${deckViews.id} = ${deckViews.visitId}) as views,
          sum(${deckViews.totalSeconds}) as seconds
        from ${deckViews}
        where ${deckViews.pitchDeckId} in (select id from decks)
          and ${deckViews.startedAt} >= ${startOfUtcDay(previousFrom)}
          and ${deckViews.startedAt} < ${endOfUtcDay(to)}
        group by 1, 2, 3
      ),
      per_deck as (
        select pitch_deck_id, period, sum(views)::int as views, count(*)::int as readers, sum(seconds)::float8 as seconds
        from per_reader
        group by 1, 2
      ),
      overall as (
        select period, sum(views)::int as views, count(distinct investor_id)::int as readers,
          sum(seconds)::float8 as seconds
        from per_reader
        group by 1
      ),
      periods(period) as (values ('current'), ('previous'))
      select decks.id as pitch_deck_id, decks.title, decks.company, decks.created_at, periods.period,
        coalesce(per_deck.views, 0) as views, coalesce(per_deck.readers, 0) as readers,
        coalesce(per_deck.seconds, 0) as seconds
      from decks
      cross join periods
      left join per_deck on per_deck.pitch_deck_id = decks.id and per_deck.period = periods.period
      union all
      select null, null, null, null, periods.period,
        coalesce(overall.views, 0), coalesce(overall.readers, 0), coalesce(overall.seconds, 0)
      from periods
      left join overall on overall.period = periods.period`);
    return rowsOf<{
      pitch_deck_id: string | null;
      title: string | null;
      company: string | null;
      created_at: string | Date | null;
      period: 'current' | 'previous';
      views: number | string;
      readers: number | string;
      seconds: number | string;
    }>(result).map((row) => ({
      pitchDeckId: row.pitch_deck_id,
      title: row.title,
      company: row.company,
      createdAt: row.created_at === null ? null : new Date(row.created_at),
      period: row.period,
      views: Number(row.views),
      readers: Number(row.readers),
      seconds: Number(row.seconds),
    }));
  }

  /**
   * Views opened and reading seconds per week (Mondays, UTC) from the week of `firstWeek` to the
   * week of `lastWeek`, over the founder's ready decks: the company page's stock series.
   */
  async findWeeklyByFounderId(founderId: string, firstWeek: string, lastWeek: string): Promise<ReadingWeekFigures[]> {
    const result = await this.db.execute(sql`
      with sessions as (
        select date_trunc('week', ${deckViews.startedAt} at time zone 'UTC')::date as week_start,
          ${deckViews.totalSeconds} as seconds,
          ${deckViews.id} = ${deckViews.visitId} as opens_view
        from ${deckViews}
        inner join ${pitchDecks} on ${pitchDecks.id} = ${deckViews.pitchDeckId}
        where ${pitchDecks.founderId} = ${founderId}
          and ${pitchDecks.liveVersionId} is not null
          and ${deckViews.startedAt} >= ${startOfUtcDay(firstWeek)}
          and ${deckViews.startedAt} < ${endOfUtcDay(lastWeek)} + interval '6 days'
      )
      select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start,
        count(sessions.week_start) filter (where sessions.opens_view)::int as views,
        coalesce(sum(sessions.seconds), 0)::float8 as seconds
      from generate_series(${firstWeek}::date::timestamp, ${lastWeek}::date::timestamp, interval '7 days') as weeks(week_start)
      left join sessions on sessions.week_start = weeks.week_start::date
      group by weeks.week_start
      order by weeks.week_start`);
    return rowsOf<{ week_start: string; views: number | string; seconds: number | string }>(result).map((row) => ({
      weekStart: row.week_start,
      views: Number(row.views),
      seconds: Number(row.seconds),
    }));
  }
}
