import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import type { InterestStatus, InvestorInterestWithDeck } from '@deckvalid/contract/interests';
import type { Activity, Milestone } from '@deckvalid/contract/milestones';
import type { InvestorPitchDeck, SearchPitchDecksQuery } from '@deckvalid/contract/pitchdecks';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import type { AnalysisService } from '@/modules/analysis/analysis.service';
import type { InterestsService } from '@/modules/interests/interests.service';
import type { MilestonesService } from '@/modules/milestones/milestones.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { CitationBook } from './citations';
import { type DeckMention, findMentionedDecks } from './deck-matching';

/** Other modules' services, as the copilot's tools call them: each takes the asking investor. */
export type CopilotServices = {
  decks: Pick<
    PitchDecksService,
    'search' | 'listVisibleNames' | 'readLivePages' | 'findLiveVersion' | 'getForInvestor'
  >;
  analysis: Pick<AnalysisService, 'forInvestor'>;
  interests: Pick<InterestsService, 'listMineAsInvestor'>;
  milestones: Pick<MilestonesService, 'list' | 'activities'>;
};

/** A live deck's name and card facts, as the pitchdecks service lists them for matching. */
export type LiveDeckName = Awaited<ReturnType<PitchDecksService['listVisibleNames']>>[number];

/** One page of a live version, with its text. */
export type DeckPage = Awaited<ReturnType<PitchDecksService['readLivePages']>>['pages'][number];

/** A deck's live pages as read for the investor. */
export type DeckRead = { deck: LiveDeckName; versionNumber: number; versionReadyAt: Date | null; pages: DeckPage[] };

/** Search filters the copilot reads from a question, beyond what the search call takes. */
export type DeckFilters = Pick<SearchPitchDecksQuery, 'q' | 'sector' | 'stage'> & {
  location?: string;
  minAmount?: number;
  maxAmount?: number;
};

/** Search hits the copilot shows at most, and reads to filter by location and amount. */
const shownHits = 5;
const scannedHits = 100;

/** Whether a service refused because the investor may not see the thing (or it is not there). */
const isNotVisible = (error: unknown) =>
  error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'FORBIDDEN' || error.code === 'CONFLICT');

/**
 * The copilot's tools for one ask, bound to the asking investor (docs/copilot.md, "Tools"): every
 * call goes through the owning module's service with the investor's principal, so it sees exactly
 * what the investor may see. Reads are kept for the ask, so an engine may call a tool twice at no
 * cost, and the pages read are what the ask's citations may quote.
 */
export class CopilotTools {
  readonly citations = new CitationBook();
  private names: Promise<LiveDeckName[]> | undefined;
  private readonly reads = new Map<string, Promise<DeckRead | undefined>>();
  private readonly reports = new Map<string, Promise<DeckAnalysis | undefined>>();

  constructor(
    private readonly principal: Principal,
    private readonly services: CopilotServices,
  ) {}

  /** Every deck the investor may see, by name and card facts (read once per ask). */
  visibleDecks(): Promise<LiveDeckName[]> {
    this.names ??= this.services.decks.listVisibleNames(this.principal);
    return this.names;
  }

  /** The visible decks a question names, in the order it names them. */
  async mentionedDecks(question: string): Promise<DeckMention<LiveDeckName>[]> {
    return findMentionedDecks(question, await this.visibleDecks());
  }

  /** A visible deck by id; undefined for one the investor may not see or that does not exist. */
  async deckById(id: string): Promise<LiveDeckName | undefined> {
    return (await this.visibleDecks()).find((deck) => deck.id === id);
  }

  /**
   * The product's own deck search with the question's filters; location and amount, which the
   * search call does not take, filter its first hundred hits. At most five hits.
   */
  async searchDecks(filters: DeckFilters): Promise<InvestorPitchDeck[]> {
    const { q, sector, stage, location, minAmount, maxAmount } = filters;
    const hasExtraFilters = location !== undefined || minAmount !== undefined || maxAmount !== undefined;
    const page = await this.services.decks.search(this.principal, {
      ...(q ? { q } : {}),
      ...(sector ? { sector } : {}),
      ...(stage ? { stage } : {}),
      // "Under 2M" reads best from the smallest up; otherwise the search's own order.
      sort: maxAmount !== undefined && !q ? 'amount_asc' : 'relevance',
      page: 1,
      limit: hasExtraFilters ? scannedHits : shownHits,
    });
    const wantedLocation = location?.toLowerCase();
    return page.data
      .filter((deck) => !wantedLocation || deck.location.toLowerCase().includes(wantedLocation))
      .filter((deck) => minAmount === undefined || deck.amountSought >= minAmount)
      .filter((deck) => maxAmount === undefined || deck.amountSought <= maxAmount)
      .slice(0, shownHits);
  }

  /** The newest decks that went live after `since`, newest first, at most `limit`. */
  async newDecksSince(since: Date, limit: number): Promise<InvestorPitchDeck[]> {
    const page = await this.services.decks.search(this.principal, { sort: 'newest', page: 1, limit });
    return page.data.filter((deck) => deck.readyAt !== null && new Date(deck.readyAt) > since);
  }

  /**
   * The live version's pages of a deck the investor may see; undefined otherwise. The pages become
   * citable for this ask.
   */
  readDeck(id: string): Promise<DeckRead | undefined> {
    let read = this.reads.get(id);
    if (!read) {
      read = this.loadDeck(id);
      this.reads.set(id, read);
    }
    return read;
  }

  private async loadDeck(id: string): Promise<DeckRead | undefined> {
    try {
      const { deck, version, pages } = await this.services.decks.readLivePages(this.principal, id);
      this.citations.addPages(id, new Map(pages.map((page) => [page.number, page.text])));
      return { deck, versionNumber: version.number, versionReadyAt: version.readyAt, pages };
    } catch (error) {
      if (isNotVisible(error)) return undefined;
      throw error;
    }
  }

  /** The deck's validation report (docs/analysis.md); undefined while none can be had. */
  report(id: string): Promise<DeckAnalysis | undefined> {
    let report = this.reports.get(id);
    if (!report) {
      report = this.services.analysis.forInvestor(this.principal, id).catch((error: unknown) => {
        if (isNotVisible(error)) return undefined;
        throw error;
      });
      this.reports.set(id, report);
    }
    return report;
  }

  /** The deck as the investor's card shows it, with their own interest; undefined when not visible. */
  async deckCard(id: string): Promise<InvestorPitchDeck | undefined> {
    try {
      return await this.services.decks.getForInvestor(this.principal, id);
    } catch (error) {
      if (isNotVisible(error)) return undefined;
      throw error;
    }
  }

  /** The investor's own interests (in one status, or all), newest activity first, and the counts. */
  async interests(status: InterestStatus | undefined, limit = 20) {
    return this.services.interests.listMineAsInvestor(this.principal, {
      ...(status ? { status } : {}),
      page: 1,
      limit,
    });
  }

  /** Live versions of the investor's pending and accepted decks that went ready after `since`, past their first. */
  async newVersionsSince(since: Date): Promise<{ interest: InvestorInterestWithDeck; versionNumber: number }[]> {
    const { data } = await this.interests(undefined, 50);
    const open = data.filter((interest) => interest.status === 'pending' || interest.status === 'accepted');
    const found: { interest: InvestorInterestWithDeck; versionNumber: number }[] = [];
    for (const interest of open) {
      try {
        const { version } = await this.services.decks.findLiveVersion(this.principal, interest.pitchDeckId);
        if (version.number > 1 && version.readyAt && version.readyAt > since) {
          found.push({ interest, versionNumber: version.number });
        }
      } catch (error) {
        if (!isNotVisible(error)) throw error;
      }
    }
    return found;
  }

  /**
   * Milestone activity after `since` on the milestones the investor follows (accepted interests;
   * the milestones service decides which): per milestone, the newest lines, at most `perMilestone`.
   */
  async milestoneActivitySince(
    since: Date,
    perMilestone = 5,
  ): Promise<{ milestone: Milestone; activities: Activity[] }[]> {
    const { data } = await this.services.milestones.list(this.principal, { page: 1, limit: 20, archived: false });
    const found: { milestone: Milestone; activities: Activity[] }[] = [];
    for (const milestone of data) {
      const { data: lines } = await this.services.milestones.activities(this.principal, milestone.id, {
        page: 1,
        limit: perMilestone,
      });
      const recent = lines.filter((line) => new Date(line.createdAt) > since);
      if (recent.length > 0) found.push({ milestone, activities: recent });
    }
    return found;
  }
}
