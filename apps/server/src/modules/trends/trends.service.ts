import {
  percentChange,
  previousPeriod,
  type Trends,
  type TrendsQuery,
  type TrendsTotals,
  trendsTotalKeys,
} from '@deckvalid/contract/trends';
import type { Principal } from '@/core/identity/principal';

// Trends own no table: each figure is aggregated in SQL by the module that owns its rows (reading
// by pitch decks, interests by interests, tasks by milestones, link visits by links) and merged
// here by day and deck.

/** A range of UTC days over one founder's decks, or one of them. */
type DayRange = { founderId: string; from: string; to: string; pitchDeckId?: string };
type PeriodRange = DayRange & { previousFrom: string };
type Period = 'current' | 'previous';

/** Reading per day and per deck and period (the pitch decks module's reading activity answers it). */
export type TrendsReading = {
  dailyOfFounder(range: DayRange): Promise<{ date: string; views: number; readers: number; seconds: number }[]>;
  periodTotalsOfFounder(range: PeriodRange): Promise<
    {
      pitchDeckId: string | null;
      title: string | null;
      company: string | null;
      createdAt: Date | null;
      period: Period;
      views: number;
      readers: number;
      seconds: number;
    }[]
  >;
};

/** Interest events per day and per deck and period (the interests module answers it). */
export type TrendsInterests = {
  dailyOfFounder(
    range: DayRange,
  ): Promise<{ date: string; shown: number; accepted: number; declined: number; withdrawn: number }[]>;
  periodTotalsOfFounder(
    range: PeriodRange,
  ): Promise<{ pitchDeckId: string; period: Period; shown: number; accepted: number }[]>;
};

/** Tasks reaching done per day and per deck and period (the milestones module answers it). */
export type TrendsTasks = {
  dailyDoneTasksOfFounder(range: DayRange): Promise<{ date: string; done: number }[]>;
  doneTaskTotalsOfFounder(range: PeriodRange): Promise<{ pitchDeckId: string; period: Period; done: number }[]>;
};

/** Viewing sessions through share links per day and per deck and period (the links module answers it). */
export type TrendsLinkVisits = {
  dailyOfFounder(range: DayRange): Promise<{ date: string; views: number; seconds: number }[]>;
  periodTotalsOfFounder(
    range: PeriodRange,
  ): Promise<{ pitchDeckId: string; period: Period; views: number; seconds: number }[]>;
};

/** The founder's own deck, or its 404 (the pitch decks module answers it). */
export type OwnDecks = { requireOwnDeck(principal: Principal, pitchDeckId: string): Promise<unknown> };

const emptyTotals = (): TrendsTotals => ({
  views: 0,
  readers: 0,
  readingSeconds: 0,
  interestsShown: 0,
  interestsAccepted: 0,
  tasksDone: 0,
  linkViews: 0,
  linkReadingSeconds: 0,
});

/** Reading time as the page shows it: whole seconds (sessions report tenths). */
const wholeSeconds = (seconds: number) => Math.round(seconds);

/**
 * The founder's trends: daily figures of their own decks over a range of UTC days, and each
 * deck's totals against the period of equal length before. The founder comes from the
 * principal, never from the request; a deck asked for must be theirs.
 */
export class TrendsService {
  constructor(
    private readonly deps: {
      decks: OwnDecks;
      reading: TrendsReading;
      interests: TrendsInterests;
      tasks: TrendsTasks;
      linkVisits: TrendsLinkVisits;
    },
  ) {}

  async forFounder(principal: Principal, { from, to, pitchDeckId }: TrendsQuery): Promise<Trends> {
    const { decks, reading, interests, tasks, linkVisits } = this.deps;
    if (pitchDeckId !== undefined) await decks.requireOwnDeck(principal, pitchDeckId);
    const previous = previousPeriod(from, to);
    const range: DayRange = { founderId: principal.accountId, from, to, pitchDeckId };
    const periods: PeriodRange = { ...range, previousFrom: previous.from };
    const [readingDays, interestDays, taskDays, linkDays, readingTotals, interestTotals, taskTotals, linkTotals] =
      await Promise.all([
        reading.dailyOfFounder(range),
        interests.dailyOfFounder(range),
        tasks.dailyDoneTasksOfFounder(range),
        linkVisits.dailyOfFounder(range),
        reading.periodTotalsOfFounder(periods),
        interests.periodTotalsOfFounder(periods),
        tasks.doneTaskTotalsOfFounder(periods),
        linkVisits.periodTotalsOfFounder(periods),
      ]);

    const interestsOn = new Map(interestDays.map((day) => [day.date, day]));
    const tasksOn = new Map(taskDays.map((day) => [day.date, day.done]));
    const linksOn = new Map(linkDays.map((day) => [day.date, day]));
    const days = readingDays.map((day) => ({
      date: day.date,
      views: day.views,
      readers: day.readers,
      readingSeconds: wholeSeconds(day.seconds),
      interestsShown: interestsOn.get(day.date)?.shown ?? 0,
      interestsAccepted: interestsOn.get(day.date)?.accepted ?? 0,
      interestsDeclined: interestsOn.get(day.date)?.declined ?? 0,
      interestsWithdrawn: interestsOn.get(day.date)?.withdrawn ?? 0,
      tasksDone: tasksOn.get(day.date) ?? 0,
      linkViews: linksOn.get(day.date)?.views ?? 0,
      linkReadingSeconds: wholeSeconds(linksOn.get(day.date)?.seconds ?? 0),
    }));

    // One row per deck and period; the all-decks rows (null deck) carry the distinct readers.
    const byDeck = new Map<
      string,
      { title: string; company: string; createdAt: Date; totals: Record<Period, TrendsTotals> }
    >();
    const overall: Record<Period, TrendsTotals> = { current: emptyTotals(), previous: emptyTotals() };
    for (const row of readingTotals) {
      if (row.pitchDeckId === null) {
        Object.assign(overall[row.period], {
          views: row.views,
          readers: row.readers,
          readingSeconds: wholeSeconds(row.seconds),
        });
        continue;
      }
      const deck = byDeck.get(row.pitchDeckId) ?? {
        title: row.title ?? '',
        company: row.company ?? '',
        createdAt: row.createdAt ?? new Date(0),
        totals: { current: emptyTotals(), previous: emptyTotals() },
      };
      Object.assign(deck.totals[row.period], {
        views: row.views,
        readers: row.readers,
        readingSeconds: wholeSeconds(row.seconds),
      });
      byDeck.set(row.pitchDeckId, deck);
    }
    for (const row of interestTotals) {
      const totals = byDeck.get(row.pitchDeckId)?.totals[row.period];
      if (totals) {
        totals.interestsShown += row.shown;
        totals.interestsAccepted += row.accepted;
      }
      overall[row.period].interestsShown += row.shown;
      overall[row.period].interestsAccepted += row.accepted;
    }
    for (const row of taskTotals) {
      const totals = byDeck.get(row.pitchDeckId)?.totals[row.period];
      if (totals) totals.tasksDone += row.done;
      overall[row.period].tasksDone += row.done;
    }
    // Reading time is summed in seconds as stored and made whole once, as reading's own totals are.
    const linkSeconds = new Map<TrendsTotals, number>();
    for (const row of linkTotals) {
      for (const totals of [byDeck.get(row.pitchDeckId)?.totals[row.period], overall[row.period]]) {
        if (!totals) continue;
        totals.linkViews += row.views;
        linkSeconds.set(totals, (linkSeconds.get(totals) ?? 0) + row.seconds);
      }
    }
    for (const [totals, seconds] of linkSeconds) totals.linkReadingSeconds = wholeSeconds(seconds);

    return {
      from,
      to,
      previousFrom: previous.from,
      previousTo: previous.to,
      pitchDeckId: pitchDeckId ?? null,
      days,
      current: overall.current,
      previous: overall.previous,
      decks: [...byDeck.entries()]
        .sort(([idA, a], [idB, b]) => b.createdAt.getTime() - a.createdAt.getTime() || idB.localeCompare(idA))
        .map(([id, deck]) => ({
          pitchDeckId: id,
          title: deck.title,
          company: deck.company,
          current: deck.totals.current,
          previous: deck.totals.previous,
          change: Object.fromEntries(
            trendsTotalKeys.map((key) => [key, percentChange(deck.totals.current[key], deck.totals.previous[key])]),
          ) as Record<(typeof trendsTotalKeys)[number], number | null>,
        })),
    };
  }
}
