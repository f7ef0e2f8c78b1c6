import type { InterestStatus } from '@deckvalid/contract/interests';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { endOfUtcDay, startOfUtcDay } from '@/db/utc-days';
import { newId } from '@/lib/ids';
import { accounts, investorInfos } from '@/modules/accounts/accounts.schema';
import { pitchDecks } from '@/modules/pitchdecks/pitchdecks.schema';
import { tyingStatuses } from './interests.policy';
import { interests } from './interests.schema';

/** An investor's interest in a deck; its status follows contract/interests.ts. */
export type Interest = {
  id: string;
  pitchDeckId: string;
  investorId: string;
  status: InterestStatus;
  note: string | null;
  createdAt: Date;
  updatedAt: Date;
  /** When the founder accepted or declined it. */
  decidedAt: Date | null;
};

/** An interest with the investor and deck its founder sees named. */
export type InterestWithParties = Interest & {
  investorName: string;
  investorEmail: string;
  investorFirm: string | null;
  deckTitle: string;
  deckCompany: string;
  deckFounderId: string;
};

/** An investor's own interest with the deck it is in named. */
export type InterestWithDeck = Interest & { deckTitle: string; deckCompany: string };

/** An investor who follows a deck's milestones, with when the founder accepted them. */
export type AcceptedInvestor = {
  id: string;
  name: string;
  email: string;
  firm: string | null;
  acceptedAt: Date | null;
};

/** A range of UTC days, both ends included (`YYYY-MM-DD`), over one founder's decks or one of them. */
export type InterestDayRange = { founderId: string; from: string; to: string; pitchDeckId?: string };

/** What happened to interests on one UTC day (trends). */
export type InterestDayFigures = { date: string; shown: number; accepted: number; declined: number; withdrawn: number };

/** Interests shown and accepted on one deck in one period (trends). */
export type DeckPeriodInterests = {
  pitchDeckId: string;
  period: 'current' | 'previous';
  shown: number;
  accepted: number;
};

/**
 * Interest events as the table can tell them (it keeps each interest's latest state, not its
 * history): shown when first created; accepted or declined when decided (an accepted interest
 * withdrawn later keeps its decision's day, as only accepted ones can be withdrawn); withdrawn
 * when last changed while it stays withdrawn. A reopened interest is not shown a second time.
 */
const interestEvents = (founderId: string, firstDay: string, lastDay: string, pitchDeckId: string | undefined) => {
  const from = startOfUtcDay(firstDay);
  const until = endOfUtcDay(lastDay);
  const decks = sql`select ${pitchDecks.id} as id from ${pitchDecks} where ${pitchDecks.founderId} = ${founderId}
    ${pitchDeckId === undefined ? sql`` : sql`and ${pitchDecks.id} = ${pitchDeckId}`}`;
  return sql`
    select ${interests.pitchDeckId} as pitch_deck_id, ${interests.createdAt} as at, 'shown' as kind
    from ${interests} where ${interests.pitchDeckId} in (${decks})
      and ${interests.createdAt} >= ${from} and ${interests.createdAt} < ${until}
    union all
    select ${interests.pitchDeckId}, ${interests.decidedAt},
      case when ${interests.status} = 'declined' then 'declined' else 'accepted' end
    from ${interests} where ${interests.pitchDeckId} in (${decks})
      and ${interests.decidedAt} >= ${from} and ${interests.decidedAt} < ${until}
    union all
    select ${interests.pitchDeckId}, ${interests.updatedAt}, 'withdrawn'
    from ${interests} where ${interests.pitchDeckId} in (${decks}) and ${interests.status} = 'withdrawn'
      and ${interests.updatedAt} >= ${from} and ${interests.updatedAt} < ${until}`;
};

// The investor's name and firm and the deck's title come from the accounts and deck tables in the
// same query (reads only; those modules stay their tables' writers): a founder's list names every
// row's parties, and a lookup per row through the other modules would cost a query each.
const withParties = {
  id: interests.id,
  pitchDeckId: interests.pitchDeckId,
  investorId: interests.investorId,
  status: interests.status,
  note: interests.note,
  createdAt: interests.createdAt,
  updatedAt: interests.updatedAt,
  decidedAt: interests.decidedAt,
  investorName: accounts.name,
  investorEmail: accounts.email,
  investorFirm: investorInfos.firm,
  deckTitle: pitchDecks.title,
  deckCompany: pitchDecks.company,
  deckFounderId: pitchDecks.founderId,
};

/**
 * Interests of investors in decks: the only writer of the interests table. Status changes are
 * conditional updates, so races cannot skip a rule.
 */
export class InterestsRepository {
  constructor(private readonly db: Database) {}

  async findByDeckAndInvestor(pitchDeckId: string, investorId: string): Promise<Interest | undefined> {
    const [row] = await this.db
      .select()
      .from(interests)
      .where(and(eq(interests.pitchDeckId, pitchDeckId), eq(interests.investorId, investorId)))
      .limit(1);
    return row;
  }

  /** Creates a pending interest; undefined when the investor already has one on the deck. */
  async insertPending(pitchDeckId: string, investorId: string, note: string | null): Promise<Interest | undefined> {
    const [row] = await this.db
      .insert(interests)
      .values({ id: newId('int-'), pitchDeckId, investorId, status: 'pending', note })
      .onConflictDoNothing({ target: [interests.pitchDeckId, interests.investorId] })
      .returning();
    return row;
  }

  /**
   * Moves an interest from `from` to `to` only if it is still in `from`; undefined otherwise
   * (someone else moved it first).
   */
  async updateStatus(
    id: string,
    from: InterestStatus,
    to: InterestStatus,
    changes: { note?: string | null; decided?: boolean } = {},
  ): Promise<Interest | undefined> {
    const [row] = await this.db
      .update(interests)
      .set({
        status: to,
        updatedAt: sql`now()`,
        ...(changes.note !== undefined ? { note: changes.note } : {}),
        ...(changes.decided ? { decidedAt: sql`now()` } : {}),
        ...(to === 'pending' ? { decidedAt: null } : {}),
      })
      .where(and(eq(interests.id, id), eq(interests.status, from)))
      .returning();
    return row;
  }

  /** Interests on the decks of `founderId`, newest activity first. */
  async listForFounder(
    founderId: string,
    {
      pitchDeckId,
      status,
      page,
      limit,
    }: { pitchDeckId?: string; status?: InterestStatus; page: number; limit: number },
  ): Promise<{ rows: InterestWithParties[]; total: number }> {
    const filters: SQL[] = [eq(pitchDecks.founderId, founderId)];
    if (pitchDeckId) filters.push(eq(interests.pitchDeckId, pitchDeckId));
    if (status) filters.push(eq(interests.status, status));
    const rows = await this.db
      .select({ ...withParties, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .innerJoin(accounts, eq(accounts.id, interests.investorId))
      .leftJoin(investorInfos, eq(investorInfos.investorId, interests.investorId))
      .where(and(...filters))
      .orderBy(desc(interests.updatedAt), desc(interests.id))
      .limit(limit)
      .offset((page - 1) * limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && page > 1) {
      const [count] = await this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(interests)
        .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
        .where(and(...filters));
      total = count?.total ?? 0;
    }
    return { rows: rows.map(({ total: _total, ...row }) => row), total };
  }

  /**
   * The interests of `investorId`, newest activity first, each with its deck's title (a read of
   * the decks table, as for founders); reads the investor's index, however many interests exist.
   */
  async listForInvestorIncludeDeck(
    investorId: string,
    { status, page, limit }: { status?: InterestStatus; page: number; limit: number },
  ): Promise<InterestWithDeck[]> {
    const filters: SQL[] = [eq(interests.investorId, investorId)];
    if (status) filters.push(eq(interests.status, status));
    return this.db
      .select({
        id: interests.id,
        pitchDeckId: interests.pitchDeckId,
        investorId: interests.investorId,
        status: interests.status,
        note: interests.note,
        createdAt: interests.createdAt,
        updatedAt: interests.updatedAt,
        decidedAt: interests.decidedAt,
        deckTitle: pitchDecks.title,
        deckCompany: pitchDecks.company,
      })
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .where(and(...filters))
      .orderBy(desc(interests.updatedAt), desc(interests.id))
      .limit(limit)
      .offset((page - 1) * limit);
  }

  /** How many interests `investorId` has in each status (statuses without any are left out). */
  async countByStatusForInvestor(investorId: string): Promise<Partial<Record<InterestStatus, number>>> {
    const rows = await this.db
      .select({ status: interests.status, count: sql<number>`count(*)::int` })
      .from(interests)
      .where(eq(interests.investorId, investorId))
      .groupBy(interests.status);
    return Object.fromEntries(rows.map((row) => [row.status, row.count]));
  }

  async findWithPartiesById(id: string): Promise<InterestWithParties | undefined> {
    const [row] = await this.db
      .select(withParties)
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .innerJoin(accounts, eq(accounts.id, interests.investorId))
      .leftJoin(investorInfos, eq(investorInfos.investorId, interests.investorId))
      .where(eq(interests.id, id))
      .limit(1);
    return row;
  }

  /** The accepted investors of a deck: those who follow its milestones (names joined as above). */
  async findAcceptedInvestors(pitchDeckId: string): Promise<AcceptedInvestor[]> {
    return this.db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        firm: investorInfos.firm,
        acceptedAt: interests.decidedAt,
      })
      .from(interests)
      .innerJoin(accounts, eq(accounts.id, interests.investorId))
      .leftJoin(investorInfos, eq(investorInfos.investorId, interests.investorId))
      .where(and(eq(interests.pitchDeckId, pitchDeckId), eq(interests.status, 'accepted')))
      .orderBy(interests.decidedAt);
  }

  /** Every tied pair one of `accountIds` is in, as [founder, investor]: one statement for many accounts. */
  async findTiedPairsOf(accountIds: string[]): Promise<[string, string][]> {
    if (accountIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ founderId: pitchDecks.founderId, investorId: interests.investorId })
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .where(
        and(
          inArray(interests.status, tyingStatuses),
          or(inArray(pitchDecks.founderId, accountIds), inArray(interests.investorId, accountIds)),
        ),
      );
    return rows.map((row) => [row.founderId, row.investorId]);
  }

  /**
   * The accounts tied to `accountId` by an interest that is pending or accepted: the investors of
   * a founder's decks, or the founders of the decks an investor is interested in; only those in
   * `among` when given (one room's participants, instead of everyone the account knows).
   */
  async findTiedInvestorIds(pitchDeckId: string): Promise<string[]> {
    const rows = await this.db
      .select({ investorId: interests.investorId })
      .from(interests)
      .where(and(eq(interests.pitchDeckId, pitchDeckId), inArray(interests.status, tyingStatuses)));
    return rows.map((row) => row.investorId);
  }

  async findTiedAccountIds(accountId: string, among?: string[]): Promise<string[]> {
    const other = sql<string>`case when ${pitchDecks.founderId} = ${accountId} then ${interests.investorId} else ${pitchDecks.founderId} end`;
    const sides = among
      ? or(
          and(eq(pitchDecks.founderId, accountId), inArray(interests.investorId, among)),
          and(eq(interests.investorId, accountId), inArray(pitchDecks.founderId, among)),
        )
      : or(eq(pitchDecks.founderId, accountId), eq(interests.investorId, accountId));
    const rows = await this.db
      .selectDistinct({ other })
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .where(and(inArray(interests.status, tyingStatuses), sides));
    return rows.map((row) => row.other);
  }

  /**
   * Interests shown, accepted, declined and withdrawn per UTC day from `from` to `to` (days
   * without any included), on the founder's decks or the one named (see `interestEvents`).
   * From the founder's decks (`pitch_decks_founder_idx`) to their interests (`interests_deck_investor_key`).
   */
  async findDailyByFounderId({ founderId, from, to, pitchDeckId }: InterestDayRange): Promise<InterestDayFigures[]> {
    const result = await this.db.execute(sql`
      with events as (${interestEvents(founderId, from, to, pitchDeckId)})
      select to_char(days.day, 'YYYY-MM-DD') as date,
        count(*) filter (where events.kind = 'shown')::int as shown,
        count(*) filter (where events.kind = 'accepted')::int as accepted,
        count(*) filter (where events.kind = 'declined')::int as declined,
        count(*) filter (where events.kind = 'withdrawn')::int as withdrawn
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as days(day)
      left join events on (events.at at time zone 'UTC')::date = days.day::date
      group by days.day
      order by days.day`);
    return rowsOf<Record<'date' | 'shown' | 'accepted' | 'declined' | 'withdrawn', string | number>>(result).map(
      (row) => ({
        date: String(row.date),
        shown: Number(row.shown),
        accepted: Number(row.accepted),
        declined: Number(row.declined),
        withdrawn: Number(row.withdrawn),
      }),
    );
  }

  /**
   * Interests shown and accepted per deck in the range (`current`) and in the period from
   * `previousFrom` to the day before `from` (`previous`); decks and periods without any are left out.
   */
  async findPeriodTotalsByDeck({
    founderId,
    from,
    to,
    previousFrom,
    pitchDeckId,
  }: InterestDayRange & { previousFrom: string }): Promise<DeckPeriodInterests[]> {
    const result = await this.db.execute(sql`
      with events as (${interestEvents(founderId, previousFrom, to, pitchDeckId)})
      select events.pitch_deck_id,
        case when events.at >= ${startOfUtcDay(from)} then 'current' else 'previous' end as period,
        count(*) filter (where events.kind = 'shown')::int as shown,
        count(*) filter (where events.kind = 'accepted')::int as accepted
      from events
      group by 1, 2`);
    return rowsOf<{
      pitch_deck_id: string;
      period: 'current' | 'previous';
      shown: number | string;
      accepted: number | string;
    }>(result).map((row) => ({
      pitchDeckId: row.pitch_deck_id,
      period: row.period,
      shown: Number(row.shown),
      accepted: Number(row.accepted),
    }));
  }

  /** Interests first shown in each week (Mondays, UTC) from `firstWeek` to `lastWeek`, on the founder's ready decks. */
  async findWeeklyShownByFounderId(
    founderId: string,
    firstWeek: string,
    lastWeek: string,
  ): Promise<{ weekStart: string; shown: number }[]> {
    const result = await this.db.execute(sql`
      with shown as (
        select date_trunc('week', ${interests.createdAt} at time zone 'UTC')::date as week_start
        from ${interests}
        inner join ${pitchDecks} on ${pitchDecks.id} = ${interests.pitchDeckId}
        where ${pitchDecks.founderId} = ${founderId}
          and ${pitchDecks.liveVersionId} is not null
          and ${interests.createdAt} >= ${startOfUtcDay(firstWeek)}
      )
      select to_char(weeks.week_start, 'YYYY-MM-DD') as week_start, count(shown.week_start)::int as shown
      from generate_series(${firstWeek}::date::timestamp, ${lastWeek}::date::timestamp, interval '7 days') as weeks(week_start)
      left join shown on shown.week_start = weeks.week_start::date
      group by weeks.week_start
      order by weeks.week_start`);
    return rowsOf<{ week_start: string; shown: number | string }>(result).map((row) => ({
      weekStart: row.week_start,
      shown: Number(row.shown),
    }));
  }

  /** Distinct investors whose interest in one of the founder's ready decks is pending or accepted. */
  async countInterestedInvestorsByFounderId(founderId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(distinct ${interests.investorId})::int` })
      .from(interests)
      .innerJoin(pitchDecks, eq(pitchDecks.id, interests.pitchDeckId))
      .where(
        and(
          eq(pitchDecks.founderId, founderId),
          sql`${pitchDecks.liveVersionId} is not null`,
          inArray(interests.status, tyingStatuses),
        ),
      );
    return Number(row?.count ?? 0);
  }
}
