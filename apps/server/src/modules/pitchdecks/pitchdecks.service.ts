import { hasThesisCriteria } from '@deckvalid/contract/accounts';
import { type Page, pageMeta } from '@deckvalid/contract/pagination';
import {
  type CreatePitchDeckBody,
  type DeckAnalytics,
  type DeckAnalyticsQuery,
  type FounderPitchDeck,
  type InvestorPitchDeck,
  noThesisMessage,
  type RecordDeckViewBody,
  type SearchPitchDecksQuery,
  type ThesisFit,
} from '@deckvalid/contract/pitchdecks';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { baseDto, fileUrlOf, thumbnailUrlOf, versionSummary } from './pitchdecks.dto';
import { canFounderManageDeck, canInvestorSeeDeck, canMatchThesis } from './pitchdecks.policy';
import type {
  DeckPage,
  DeckVersion,
  LiveDeckName,
  PitchDeck,
  PitchDeckHit,
  PitchDecksRepository,
  PitchDeckWithCounts,
  ThesisCriteriaValues,
} from './pitchdecks.repository';
import type { DeckProcessor } from './processing/deck-processor';
import { toThesisFit } from './thesis-fit';

/** A deck that went live in a week and fits an investor's whole thesis, with the reasons in words. */
export type WeeklyThesisMatch = {
  investorId: string;
  pitchDeckId: string;
  company: string;
  title: string;
  fit: ThesisFit;
};

export const deckNotFound = () =>
  new AppError('NOT_FOUND', 'This pitch deck does not exist or is not available to you.');

/**
 * Decks: creation from an upload, the founder's own list, investor search, view analytics per
 * version. A deck's new versions and details are DeckVersionsService's (deck-versions.service.ts).
 */
export class PitchDecksService {
  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      uploads: UploadsService;
      processor: DeckProcessor;
      events: Pick<EventBus, 'emit'>;
    },
  ) {}

  /** Creates a deck from an uploaded PDF; it is processed after this call answers. */
  async create(principal: Principal, body: CreatePitchDeckBody): Promise<FounderPitchDeck> {
    const { repo, uploads, processor } = this.deps;
    const { size } = await uploads.checkUploaded(principal, 'deck', body.key);
    const { key, ...details } = body;
    const row = await repo.insert({
      id: newId('dck-'),
      founderId: principal.accountId,
      versionId: newId('ver-'),
      fileKey: key,
      fileSize: size,
      ...details,
    });
    // The unique file key decides, so two submits racing with one upload cannot both pass.
    if (!row) {
      throw new AppError('CONFLICT', 'This file is already a submitted deck. Upload the file again for a new deck.');
    }
    processor.enqueue(row.latest.id);
    return this.toFounderDeck({ ...row, interestCount: 0, viewCount: 0 });
  }

  async listMine(principal: Principal, page: { page: number; limit: number }): Promise<Page<FounderPitchDeck>> {
    const { rows, total } = await this.deps.repo.listByFounderIdWithCounts(principal.accountId, page);
    return {
      data: await Promise.all(rows.map((row) => this.toFounderDeck(row))),
      meta: pageMeta(page, total),
    };
  }

  async getMine(principal: Principal, id: string): Promise<FounderPitchDeck> {
    const row = await this.deps.repo.findByIdWithCounts(id);
    if (!row || !canFounderManageDeck(principal, row)) throw deckNotFound();
    return this.toFounderDeck(row);
  }

  /** The founder's own deck, or 404 (never 403: other founders' decks are not revealed). */
  async requireOwnDeck(principal: Principal, id: string): Promise<PitchDeck> {
    const row = await this.deps.repo.findById(id);
    if (!row || !canFounderManageDeck(principal, row)) throw deckNotFound();
    return row;
  }

  /** A deck an investor may see (ready), or 404. */
  async requireVisibleDeck(principal: Principal, id: string): Promise<PitchDeck> {
    const row = await this.deps.repo.findById(id);
    if (!row || !canInvestorSeeDeck(principal, row)) throw deckNotFound();
    return row;
  }

  /**
   * A founder's ready decks, newest first, with their live version's page count: the company page
   * lists what any investor may see of them. Checks no principal (every investor may see ready
   * decks); undefined ids simply have none.
   */
  async listLiveOfFounder(founderId: string): Promise<(PitchDeck & { pageCount: number | null })[]> {
    return this.deps.repo.findLiveByFounderId(founderId);
  }

  /**
   * A deck with one of its versions, for modules that decide access themselves (the deck
   * analysis): the version numbered `number`, else the live one, else the newest. Undefined when
   * there is no such deck; `version` undefined when it has no version by that number.
   */
  async findDeckVersion(
    id: string,
    number?: number,
  ): Promise<{ deck: PitchDeck; version: DeckVersion | undefined } | undefined> {
    const deck = await this.deps.repo.findById(id);
    if (!deck) return undefined;
    if (number !== undefined) return { deck, version: await this.deps.repo.findVersionByNumber(id, number) };
    return { deck, version: await this.analysedVersion(deck, undefined) };
  }

  /**
   * The live decks an investor may see, by name and card facts: the copilot matches the decks a
   * question names against them. Investors see every ready deck (`canInvestorSeeDeck`); anyone
   * else gets none.
   */
  async listVisibleNames(principal: Principal): Promise<LiveDeckName[]> {
    if (!canInvestorSeeDeck(principal, { status: 'ready' })) return [];
    return this.deps.repo.findLiveNames();
  }

  /**
   * The live version of a deck an investor may see, with its pages' text: what the copilot
   * summarises and quotes. 404 as for any deck the investor may not see.
   */
  async readLivePages(
    principal: Principal,
    id: string,
  ): Promise<{ deck: PitchDeck; version: DeckVersion; pages: DeckPage[] }> {
    const { deck, version } = await this.findLiveVersion(principal, id);
    return { deck, version, pages: await this.findPages(version.id) };
  }

  /** A deck an investor may see with its live version (its number, when it went ready); 404 otherwise. */
  async findLiveVersion(principal: Principal, id: string): Promise<{ deck: PitchDeck; version: DeckVersion }> {
    const found = await this.findDeckVersion(id);
    if (!found || !canInvestorSeeDeck(principal, found.deck)) throw deckNotFound();
    const { deck, version } = found;
    if (!version || version.id !== deck.liveVersionId) throw deckNotFound();
    return { deck, version };
  }

  /** One version by its id, whatever its deck (the comments module re-pins on a new version). */
  findVersionById(versionId: string): Promise<DeckVersion | undefined> {
    return this.deps.repo.findVersionById(versionId);
  }

  /** Whether the investor read this version: a version they have seen, which they may compare. */
  hasReadVersion(investorId: string, versionId: string): Promise<boolean> {
    return this.deps.repo.hasReadVersion(investorId, versionId);
  }

  /** A version's pages in order, with their text and type sizes. */
  findPages(versionId: string): Promise<DeckPage[]> {
    return this.deps.repo.findPagesByVersionId(versionId);
  }

  /** The live version of each deck named that has one. */
  findLiveVersionIds(pitchDeckIds: string[]): Promise<Map<string, string>> {
    return this.deps.repo.findLiveVersionIds(pitchDeckIds);
  }

  /** Live versions after `afterId` in id order, `limit` at a time. */
  listLiveVersions(afterId: string, limit: number): Promise<{ pitchDeckId: string; versionId: string }[]> {
    return this.deps.repo.listLiveVersions(afterId, limit);
  }

  /**
   * Deletes a founder's own deck: its pages, interests and reading data go with it, and its file
   * leaves storage at once (its upload record too, so the sweep has nothing left to do).
   */
  async deleteMine(principal: Principal, id: string): Promise<void> {
    // The founder is part of the delete's condition, and another founder's deck is 404.
    const deleted = await this.deps.repo.deleteByIdAndFounderId(id, principal.accountId);
    if (!deleted) throw deckNotFound();
    // Its interests went with it: the ties they made may have ended (chat memberships hear it).
    this.deps.events.emit('deck.deleted', {
      pitchDeckId: id,
      founderId: principal.accountId,
      investorIds: deleted.tiedInvestorIds,
    });
    // Every version's file: no version outlives its deck.
    for (const fileKey of deleted.fileKeys) await this.deps.uploads.forget(fileKey);
  }

  /** DELETE …/pitchdecks/file?key=: an upload the founder abandoned before creating a deck. */
  async deleteUnusedUpload(principal: Principal, key: string): Promise<void> {
    await this.deps.uploads.deleteUnused(principal, 'deck', key, () => this.deps.repo.existsWithFileKey(key));
  }

  async search(principal: Principal, query: SearchPitchDecksQuery): Promise<Page<InvestorPitchDeck>> {
    const thesis = await this.thesisOf(principal);
    // Nothing to match on: an empty list would read as "no deck fits", which is not what is true.
    if (query.matchesThesis && !thesis) {
      throw new AppError('VALIDATION_FAILED', noThesisMessage, {
        fields: [{ path: 'matchesThesis', message: noThesisMessage }],
      });
    }
    const { rows, total } = await this.deps.repo.searchLive(principal.accountId, query, thesis);
    const q = query.q?.trim();
    const excerpts = q
      ? await this.deps.repo.findExcerpts(
          rows.map((row) => row.id),
          q,
        )
      : new Map<string, string>();
    return {
      data: await Promise.all(rows.map((row) => this.toInvestorDeck(row, excerpts.get(row.id) ?? null, thesis))),
      meta: pageMeta(query, total),
    };
  }

  async getForInvestor(principal: Principal, id: string): Promise<InvestorPitchDeck> {
    const thesis = await this.thesisOf(principal);
    const hit = await this.deps.repo.findLiveHit(id, principal.accountId, thesis);
    if (!hit) throw deckNotFound();
    const [deck, readVersions] = await Promise.all([
      this.toInvestorDeck(hit, null, thesis),
      this.deps.repo.findEarlierVersionsRead(principal.accountId, id),
    ]);
    return { ...deck, readVersions };
  }

  /** The asking investor's thesis criteria, or null when their info names none (or they are not an investor). */
  private async thesisOf(principal: Principal): Promise<ThesisCriteriaValues | null> {
    if (!canMatchThesis(principal)) return null;
    const criteria = await this.deps.repo.findThesisCriteria(principal.accountId);
    return criteria && hasThesisCriteria(criteria) ? criteria : null;
  }

  /**
   * Per investor, the decks that first went live in [from, to) and meet every criterion of their
   * thesis, with the reasons: what the weekly thesis news names. Checks no principal: each
   * investor is told only of decks every investor may see (ready ones).
   */
  async findWeeklyThesisMatches(from: Date, to: Date): Promise<WeeklyThesisMatch[]> {
    const matches = await this.deps.repo.findThesisMatchesReadyBetween(from, to);
    return matches.map((match) => ({
      investorId: match.investorId,
      pitchDeckId: match.pitchDeckId,
      company: match.company,
      title: match.title,
      fit: toThesisFit(match.fit, match.criteria, match),
    }));
  }

  /** Adds time an investor spent on pages of a deck's version to one viewing session. */
  async recordView(principal: Principal, id: string, body: RecordDeckViewBody): Promise<void> {
    const deck = await this.requireVisibleDeck(principal, id);
    const version = await this.readableVersion(principal, deck, body.sessionId, body.version);
    const pageCount = version.pageCount ?? 0;
    const outside = body.pages.find((entry) => entry.page > pageCount);
    if (outside) {
      throw new AppError('VALIDATION_FAILED', `This deck has ${pageCount} pages; page ${outside.page} does not exist.`);
    }
    const outcome = await this.deps.repo.recordView({
      viewId: body.sessionId,
      pitchDeckId: id,
      versionId: version.id,
      investorId: principal.accountId,
      pages: body.pages,
    });
    if (outcome === 'not_yours') {
      throw new AppError('CONFLICT', 'This viewing session belongs to another deck or version. Reload the page.');
    }
    if (outcome === 'too_much_time') {
      throw new AppError('VALIDATION_FAILED', 'More reading time was reported than has passed. Reload the page.');
    }
  }

  /**
   * The ready version an investor reads: the one named, else the one the session already reads
   * (an investor who opened the deck before a newer version went live keeps reading, and
   * reporting on, the one they opened), else the live one.
   */
  private async readableVersion(
    principal: Principal,
    deck: PitchDeck,
    sessionId: string,
    number: number | undefined,
  ): Promise<DeckVersion> {
    const { repo } = this.deps;
    let version: DeckVersion | undefined;
    if (number !== undefined) {
      version = await repo.findVersionByNumber(deck.id, number);
    } else {
      const versionId =
        (await repo.findSessionVersionId(sessionId, deck.id, principal.accountId)) ?? deck.liveVersionId;
      version = versionId ? await repo.findVersionById(versionId) : undefined;
    }
    if (version?.status !== 'ready') {
      throw new AppError('VALIDATION_FAILED', 'This version of the deck is not available. Reload the page.');
    }
    return version;
  }

  /** Reading figures of one version of a founder's own deck: the one asked for, else the live one, else the newest. */
  async analytics(principal: Principal, id: string, query: DeckAnalyticsQuery): Promise<DeckAnalytics> {
    const deck = await this.requireOwnDeck(principal, id);
    const version = await this.analysedVersion(deck, query.version);
    const [{ pages, exits }, viewers] = await Promise.all([
      this.deps.repo.findPageStats(version.id),
      this.deps.repo.findViewers(version.id),
    ]);
    const pageCount = Math.max(version.pageCount ?? 0, ...pages.map((row) => row.page));
    const byPage = new Map(pages.map((row) => [row.page, row]));
    const exitsByPage = new Map(exits.map((row) => [row.page, row.exits]));
    return {
      version: version.number,
      viewerCount: viewers.length,
      viewCount: viewers.reduce((sum, viewer) => sum + viewer.sessions, 0),
      totalSeconds: round(viewers.reduce((sum, viewer) => sum + viewer.totalSeconds, 0)),
      pages: Array.from({ length: pageCount }, (_, index) => {
        const page = index + 1;
        return {
          page,
          seconds: round(byPage.get(page)?.seconds ?? 0),
          views: byPage.get(page)?.views ?? 0,
          exits: exitsByPage.get(page) ?? 0,
        };
      }),
      viewers: viewers.map((viewer) => ({
        investor: { id: viewer.investorId, name: viewer.name, firm: viewer.firm },
        sessions: viewer.sessions,
        totalSeconds: round(viewer.totalSeconds),
        furthestPage: viewer.furthestPage,
        lastViewedAt: viewer.lastViewedAt.toISOString(),
      })),
    };
  }

  /** The version asked for (404 when the deck has none by that number), else the live one, else the newest. */
  private async analysedVersion(deck: PitchDeck, number: number | undefined): Promise<DeckVersion> {
    const { repo } = this.deps;
    if (number !== undefined) {
      const version = await repo.findVersionByNumber(deck.id, number);
      if (!version)
        throw new AppError('NOT_FOUND', `This deck has no version ${number}.`, { reason: 'VERSION_NOT_FOUND' });
      return version;
    }
    const live = deck.liveVersionId ? await repo.findVersionById(deck.liveVersionId) : undefined;
    const [newest] = live ? [live] : await repo.listVersionsByDeckId(deck.id);
    // A deck is created with its first version, and versions go only with their deck.
    if (!newest) throw new Error(`deck ${deck.id} has no version`);
    return newest;
  }

  private async toFounderDeck(row: PitchDeckWithCounts): Promise<FounderPitchDeck> {
    // The live version while there is one; before, the newest, whose progress the founder follows.
    const shown = row.live ?? row.latest;
    return {
      ...baseDto(row, shown),
      failureReason: shown.failureReason,
      liveVersion: row.live?.number ?? null,
      latestVersion: versionSummary(row.latest),
      fontSizes:
        shown.minFontSize !== null && shown.maxFontSize !== null
          ? { min: shown.minFontSize, max: shown.maxFontSize }
          : null,
      interestCount: row.interestCount,
      viewCount: row.viewCount,
      fileUrl: await fileUrlOf(this.deps.uploads, shown),
      thumbnailUrl: await thumbnailUrlOf(this.deps.uploads, shown),
    };
  }

  private async toInvestorDeck(
    row: PitchDeckHit,
    excerpt: string | null,
    thesis: ThesisCriteriaValues | null,
  ): Promise<InvestorPitchDeck> {
    return {
      ...baseDto(row, row.live),
      version: row.live.number,
      founder: { id: row.founderId, name: row.founderName },
      myInterest: row.interest
        ? {
            id: row.interest.id,
            status: row.interest.status,
            note: row.interest.note,
            updatedAt: row.interest.updatedAt.toISOString(),
          }
        : null,
      fileUrl: await this.deps.uploads.downloadUrl(row.live.fileKey),
      thumbnailUrl: await thumbnailUrlOf(this.deps.uploads, row.live),
      excerpt,
      thesisFit: thesis && row.fit ? toThesisFit(row.fit, thesis, row) : null,
    };
  }
}

const round = (seconds: number) => Math.round(seconds * 10) / 10;
