import type { Sector, Stage } from '@deckvalid/contract/accounts';
import { type Company, companyLimits } from '@deckvalid/contract/companies';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { canViewCompany, isCompanyVisible } from './companies.policy';

// The company module owns no table: it reads the modules that do through small interfaces, each
// answered by that module's service in app.ts (as chat's TieReader is by interests).

/** A founder's public profile (the accounts module answers it); undefined for anyone not a founder. */
export type FounderProfiles = {
  findFounderPublicProfile(accountId: string): Promise<
    | {
        id: string;
        name: string;
        headline: string | null;
        bio: string | null;
        company: string | null;
        location: string | null;
        website: string | null;
        pictureUrl: string | null;
      }
    | undefined
  >;
};

/** A founder's ready decks, newest first (the pitch decks module answers it). */
export type CompanyDecks = {
  listLiveOfFounder(founderId: string): Promise<
    {
      id: string;
      title: string;
      company: string;
      sector: string;
      stage: string;
      amountSought: number;
      location: string;
      website: string | null;
      readyAt: Date | null;
      pageCount: number | null;
    }[]
  >;
};

/** Weekly reading of a founder's ready decks (the pitch decks module's reading activity answers it). */
export type CompanyReading = {
  weeklyOfFounder(
    founderId: string,
    firstWeek: string,
    lastWeek: string,
  ): Promise<{ weekStart: string; views: number; seconds: number }[]>;
};

/** Interest in a founder's ready decks, as counts only (the interests module answers it). */
export type CompanyInterests = {
  countInterestedInFounder(founderId: string): Promise<number>;
  weeklyShownOfFounder(
    founderId: string,
    firstWeek: string,
    lastWeek: string,
  ): Promise<{ weekStart: string; shown: number }[]>;
};

/** Progress of the founder's milestones the caller may read (the milestones module applies its own rule). */
export type ReadableMilestones = {
  readableProgressOfFounder(
    principal: Principal,
    founderId: string,
  ): Promise<
    {
      id: string;
      title: string;
      pitchDeckId: string;
      status: Company['milestones'][number]['status'];
      dueDate: string;
      doneTasks: number;
      totalTasks: number;
    }[]
  >;
};

/** Validation scores of decks' live versions (the analysis module answers it); decks without one are left out. */
export type DeckScores = { scoresOf(pitchDeckIds: string[]): Promise<Map<string, number>> };

/** Until the analysis module answers: no deck has a score yet, and the page says so. */
export const noDeckScores: DeckScores = { scoresOf: async () => new Map() };

export const companyNotFound = () =>
  new AppError('NOT_FOUND', 'This company does not exist or has no deck investors can see.');

const weekMs = 7 * 86_400_000;

/** The Monday (UTC) of the week `instant` falls in, as `YYYY-MM-DD`. */
export function weekStartOf(instant: Date): string {
  const day = Date.UTC(instant.getUTCFullYear(), instant.getUTCMonth(), instant.getUTCDate());
  const sinceMonday = (new Date(day).getUTCDay() + 6) % 7;
  return new Date(day - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The weeks of the stock series: from the week the first deck went live to the current one, at
 * most `maxWeeks` of them (the oldest drop off).
 */
export function seriesWeeks(firstLive: Date, now: Date): { firstWeek: string; lastWeek: string } {
  const lastWeek = weekStartOf(now);
  const earliest = Date.parse(`${lastWeek}T00:00:00Z`) - (companyLimits.maxWeeks - 1) * weekMs;
  // A clock a little ahead of the database's cannot put the first week after the last.
  const first = Math.min(Math.max(firstLive.getTime(), earliest), now.getTime());
  return { firstWeek: weekStartOf(new Date(first)), lastWeek };
}

/** The company page: a founder's company as investors may see it. */
export class CompaniesService {
  constructor(
    private readonly deps: {
      profiles: FounderProfiles;
      decks: CompanyDecks;
      reading: CompanyReading;
      interests: CompanyInterests;
      milestones: ReadableMilestones;
      scores: DeckScores;
    },
  ) {}

  async get(principal: Principal, startupId: string, now = new Date()): Promise<Company> {
    if (!canViewCompany(principal)) throw companyNotFound();
    const { profiles, decks, reading, interests, milestones, scores } = this.deps;
    const [founder, liveDecks] = await Promise.all([
      profiles.findFounderPublicProfile(startupId),
      decks.listLiveOfFounder(startupId),
    ]);
    if (!founder || !isCompanyVisible({ readyDeckCount: liveDecks.length })) throw companyNotFound();

    const readyTimes = liveDecks.map((deck) => (deck.readyAt ?? now).getTime());
    const { firstWeek, lastWeek } = seriesWeeks(new Date(Math.min(...readyTimes)), now);
    const [scoreByDeck, interestedCount, followed, readingWeeks, shownWeeks] = await Promise.all([
      scores.scoresOf(liveDecks.map((deck) => deck.id)),
      interests.countInterestedInFounder(startupId),
      milestones.readableProgressOfFounder(principal, startupId),
      reading.weeklyOfFounder(startupId, firstWeek, lastWeek),
      interests.weeklyShownOfFounder(startupId, firstWeek, lastWeek),
    ]);
    const shownByWeek = new Map(shownWeeks.map((week) => [week.weekStart, week.shown]));
    // The newest ready deck speaks for the company where the profile is silent.
    const [newest] = liveDecks;
    const readyAtOf = (deck: (typeof liveDecks)[number]) => (deck.readyAt ?? now).toISOString();

    return {
      id: founder.id,
      name: founder.company ?? newest?.company ?? founder.name,
      founder: {
        id: founder.id,
        name: founder.name,
        headline: founder.headline,
        bio: founder.bio,
        pictureUrl: founder.pictureUrl,
      },
      location: founder.location ?? newest?.location ?? null,
      website: founder.website ?? newest?.website ?? null,
      sectors: [...new Set(liveDecks.map((deck) => deck.sector as Sector))],
      decks: liveDecks.map((deck) => ({
        id: deck.id,
        title: deck.title,
        stage: deck.stage as Stage,
        sector: deck.sector as Sector,
        amountSought: deck.amountSought,
        readyAt: readyAtOf(deck),
        pageCount: deck.pageCount,
        score: scoreByDeck.get(deck.id) ?? null,
      })),
      rounds: [...liveDecks].reverse().map((deck) => ({
        pitchDeckId: deck.id,
        company: deck.company,
        amountSought: deck.amountSought,
        stage: deck.stage as Stage,
        date: readyAtOf(deck),
      })),
      interestedInvestorCount: interestedCount,
      milestones: followed,
      weeks: readingWeeks.map((week) => ({
        weekStart: week.weekStart,
        views: week.views,
        readingSeconds: Math.round(week.seconds),
        interestsShown: shownByWeek.get(week.weekStart) ?? 0,
      })),
    };
  }
}
