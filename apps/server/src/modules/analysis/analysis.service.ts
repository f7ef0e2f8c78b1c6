import { setImmediate as nextTurn } from 'node:timers/promises';
import type { DeckAnalysis, DeckAnalysisQuery } from '@deckvalid/contract/analysis';
import type { DeckCompareQuery, DeckComparison } from '@deckvalid/contract/deck-compare';
import { errorReasons } from '@deckvalid/contract/errors';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import type { Mentorships } from '@/modules/pitchdecks/mentor-decks.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { canCompareVersion, canReadAnalysis } from './analysis.policy';
import type { AnalysisRepository, AnalysisRow } from './analysis.repository';
import { ANALYZER_VERSION, type AnalyzerInput, type AnalyzerOutput, analyzeDeckInSteps } from './analyzer/analyze-deck';
import { compareVersions, summariseComparison } from './version-compare';

/** What the report reads of decks: the pitchdecks module's service, which owns them. */
export type AnalysedDecks = Pick<
  PitchDecksService,
  'findDeckVersion' | 'findPages' | 'findLiveVersionIds' | 'listLiveVersions' | 'findVersionById' | 'hasReadVersion'
>;

/** Computes a report from a deck's pages, in steps the caller runs one event-loop turn apart. */
export type Analyzer = (input: AnalyzerInput) => Generator<void, AnalyzerOutput, void>;

/**
 * Runs the analyser a step at a time with a turn of the event loop between steps: a deck's
 * analysis takes tens of milliseconds (a hostile one at the size limits, seconds), and requests
 * and socket messages must not wait for all of it.
 */
export async function analyseBetweenOtherWork(steps: Generator<void, AnalyzerOutput, void>): Promise<AnalyzerOutput> {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await nextTurn();
  }
}

const deckNotFound = () => new AppError('NOT_FOUND', 'Pitch deck not found.');

/**
 * The validation report of deck versions (docs/analysis.md). A report is computed once per
 * version and analyser: when the version goes ready, or when first asked for if that did not
 * happen (a deck from before the report existed, a process that died first, a newer analyser).
 */
export class AnalysisService {
  /** Reports being computed in this process, so that a burst of reads of a new deck computes it once. */
  private readonly computing = new Map<string, Promise<AnalysisRow>>();

  constructor(
    private readonly deps: {
      repo: AnalysisRepository;
      decks: AnalysedDecks;
      /** Who mentors whom (the mentors module), asked only when a mentor reads a report. */
      mentorships: Pick<Mentorships, 'isMentorOf'>;
      analyze?: Analyzer;
      analyzerVersion?: number;
    },
  ) {}

  private get analyzerVersion(): number {
    return this.deps.analyzerVersion ?? ANALYZER_VERSION;
  }

  /** GET /api/v1/investors/pitchdecks/{id}/analysis: the report of the version investors see. */
  async forInvestor(principal: Principal, pitchDeckId: string): Promise<DeckAnalysis> {
    return (await this.read(principal, pitchDeckId, undefined)).analysis;
  }

  /** GET /api/v1/users/pitchdecks/{id}/analysis: version N's report, else the live one's, else the newest's. */
  async forFounder(principal: Principal, pitchDeckId: string, query: DeckAnalysisQuery): Promise<DeckAnalysis> {
    return (await this.read(principal, pitchDeckId, query.version)).analysis;
  }

  /** GET /api/v1/mentors/pitchdecks/{id}/analysis: version N's report, else the live one's, for a mentor of the founder. */
  async forMentor(principal: Principal, pitchDeckId: string, query: DeckAnalysisQuery): Promise<DeckAnalysis> {
    return (await this.read(principal, pitchDeckId, query.version)).analysis;
  }

  /**
   * What changed between two ready versions of a deck: its pages and its report. For the deck's
   * founder, and a mentor of theirs; each side's report is read as that caller would read it.
   */
  async compare(principal: Principal, pitchDeckId: string, query: DeckCompareQuery): Promise<DeckComparison> {
    const [from, to] = await Promise.all([
      this.read(principal, pitchDeckId, query.from, { isComparing: true }),
      this.read(principal, pitchDeckId, query.to, { isComparing: true }),
    ]);
    const [fromPages, toPages] = await Promise.all([
      this.deps.decks.findPages(from.versionId),
      this.deps.decks.findPages(to.versionId),
    ]);
    return compareVersions(
      { number: query.from, pages: fromPages, report: from.analysis },
      { number: query.to, pages: toPages, report: to.analysis },
    );
  }

  /**
   * What changed in a deck's new live version since the ready version before it, in a sentence,
   * for investors' news; undefined for a first version, or one that is not (or no longer) live.
   * Asked by the app itself, after the version's report is stored: it checks no principal.
   */
  async newVersionNews(
    pitchDeckId: string,
    versionId: string,
  ): Promise<{ deckTitle: string; founderId: string; from: number; to: number; summary: string } | undefined> {
    const found = await this.deps.decks.findDeckVersion(pitchDeckId);
    const to = found?.version;
    if (!found || !to || to.id !== versionId || found.deck.liveVersionId !== versionId) return undefined;
    for (let number = to.number - 1; number >= 1; number--) {
      const from = (await this.deps.decks.findDeckVersion(pitchDeckId, number))?.version;
      if (from?.status !== 'ready') continue;
      const [fromRow, toRow, fromPages, toPages] = await Promise.all([
        this.current(pitchDeckId, from.id),
        this.current(pitchDeckId, to.id),
        this.deps.decks.findPages(from.id),
        this.deps.decks.findPages(to.id),
      ]);
      const comparison = compareVersions(
        { number: from.number, pages: fromPages, report: fromRow.report },
        { number: to.number, pages: toPages, report: toRow.report },
      );
      return {
        deckTitle: found.deck.title,
        founderId: found.deck.founderId,
        from: from.number,
        to: to.number,
        summary: summariseComparison(comparison),
      };
    }
    return undefined;
  }

  /** The score of each named deck's live version that has a current report (lists, the company page). */
  async scoresOf(pitchDeckIds: string[]): Promise<Map<string, number>> {
    const live = await this.deps.decks.findLiveVersionIds(pitchDeckIds);
    const scores = await this.deps.repo.findScores([...live.values()], this.analyzerVersion);
    const byDeck = new Map<string, number>();
    for (const [pitchDeckId, versionId] of live) {
      const score = scores.get(versionId);
      if (score !== undefined) byDeck.set(pitchDeckId, score);
    }
    return byDeck;
  }

  /** On `deck.ready`: the new version's report, before anyone asks for it. */
  async analyseVersion(pitchDeckId: string, versionId: string): Promise<void> {
    await this.current(pitchDeckId, versionId);
  }

  /**
   * Live versions without a report by this analyser get one, `batch` at a time: decks that went
   * live before the report existed, and every deck once the analyser changes. Answers how many.
   */
  async analyseLiveVersions(batch = 100): Promise<number> {
    let computed = 0;
    let afterId = '';
    for (;;) {
      const live = await this.deps.decks.listLiveVersions(afterId, batch);
      if (live.length === 0) return computed;
      const scored = await this.deps.repo.findScores(
        live.map((entry) => entry.versionId),
        this.analyzerVersion,
      );
      for (const { pitchDeckId, versionId } of live) {
        if (scored.has(versionId)) continue;
        await this.current(pitchDeckId, versionId);
        computed += 1;
      }
      afterId = (live.at(-1) as { versionId: string }).versionId;
    }
  }

  /** A version's report as the caller may read it, with the version's id (a comparison reads its pages). */
  private async read(
    principal: Principal,
    pitchDeckId: string,
    number: number | undefined,
    {
      isComparing = false,
    }: { /** A side of a comparison: an investor may name a version they read. */ isComparing?: boolean } = {},
  ): Promise<{ analysis: DeckAnalysis; versionId: string }> {
    const found = await this.deps.decks.findDeckVersion(pitchDeckId, number);
    if (!found) throw deckNotFound();
    const { deck, version } = found;
    const subject = {
      founderId: deck.founderId,
      isDeckVisible: deck.status === 'ready',
      isLiveVersion: version !== undefined && version.id === deck.liveVersionId,
      isMentoredByCaller:
        principal.role === 'mentor' && (await this.deps.mentorships.isMentorOf(principal.accountId, deck.founderId)),
      // Asked only where it can matter: an investor naming a side of a comparison.
      isReadByCaller:
        isComparing &&
        principal.role === 'investor' &&
        version !== undefined &&
        (await this.deps.decks.hasReadVersion(principal.accountId, version.id)),
    };
    if (!(isComparing ? canCompareVersion(principal, subject) : canReadAnalysis(principal, subject))) {
      // The deck itself is public to investors; its other versions are not named.
      if (isComparing && principal.role === 'investor' && subject.isDeckVisible) {
        throw new AppError('NOT_FOUND', 'You can compare the live version with versions you have read.', {
          reason: 'VERSION_NOT_FOUND',
        });
      }
      throw deckNotFound();
    }
    if (!version) {
      throw new AppError('NOT_FOUND', `This deck has no version ${number}.`, { reason: 'VERSION_NOT_FOUND' });
    }
    if (version.status === 'processing') {
      throw new AppError('CONFLICT', `Version ${version.number} is still being processed; its report follows.`, {
        reason: errorReasons.notReady,
      });
    }
    if (version.status === 'failed') {
      throw new AppError('CONFLICT', `Version ${version.number} could not be read, so it has no report.`, {
        reason: errorReasons.notReady,
      });
    }
    const row = await this.current(deck.id, version.id);
    return {
      analysis: {
        ...row.report,
        version: version.number,
        analyzerVersion: row.analyzerVersion,
        computedAt: row.computedAt.toISOString(),
      },
      versionId: version.id,
    };
  }

  /** The version's report by this analyser (or a newer one), computed and stored when missing. */
  private async current(pitchDeckId: string, versionId: string): Promise<AnalysisRow> {
    const stored = await this.deps.repo.findByVersionId(versionId);
    if (stored && stored.analyzerVersion >= this.analyzerVersion) return stored;
    const running = this.computing.get(versionId);
    if (running) return running;
    const computing = this.compute(pitchDeckId, versionId).finally(() => this.computing.delete(versionId));
    this.computing.set(versionId, computing);
    return computing;
  }

  private async compute(pitchDeckId: string, versionId: string): Promise<AnalysisRow> {
    const pages = await this.deps.decks.findPages(versionId);
    const report = await analyseBetweenOtherWork(
      // The deck speaks from the year it is read in: a report is computed when its version goes
      // ready (and again only when the analyser changes), so a figure for a later year is a plan.
      (this.deps.analyze ?? analyzeDeckInSteps)({
        pageCount: pages.length,
        pages,
        asOfYear: new Date().getUTCFullYear(),
      }),
    );
    return this.deps.repo.upsert({
      versionId,
      pitchDeckId,
      analyzerVersion: this.analyzerVersion,
      score: report.score,
      report: { ...report, analyzerVersion: this.analyzerVersion },
    });
  }
}
