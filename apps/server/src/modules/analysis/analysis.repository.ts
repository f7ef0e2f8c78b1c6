import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { deckAnalyses } from './analysis.schema';

/** What a stored report holds beyond the version and time its row keeps. */
export type StoredReport = Omit<DeckAnalysis, 'version' | 'computedAt'>;

/** A report as stored for one version. */
export type AnalysisRow = {
  versionId: string;
  pitchDeckId: string;
  analyzerVersion: number;
  score: number;
  report: StoredReport;
  computedAt: Date;
};

const columns = {
  versionId: deckAnalyses.versionId,
  pitchDeckId: deckAnalyses.pitchDeckId,
  analyzerVersion: deckAnalyses.analyzerVersion,
  score: deckAnalyses.score,
  report: deckAnalyses.report,
  computedAt: deckAnalyses.computedAt,
};

/** Deck analyses: one report per version (docs/analysis.md). */
export class AnalysisRepository {
  constructor(private readonly db: Database) {}

  async findByVersionId(versionId: string): Promise<AnalysisRow | undefined> {
    const [row] = await this.db.select(columns).from(deckAnalyses).where(eq(deckAnalyses.versionId, versionId));
    return row as AnalysisRow | undefined;
  }

  /** The scores of the versions named that have a report by `analyzerVersion`. */
  async findScores(versionIds: string[], analyzerVersion: number): Promise<Map<string, number>> {
    if (versionIds.length === 0) return new Map();
    const rows = await this.db
      .select({ versionId: deckAnalyses.versionId, score: deckAnalyses.score })
      .from(deckAnalyses)
      .where(and(inArray(deckAnalyses.versionId, versionIds), eq(deckAnalyses.analyzerVersion, analyzerVersion)));
    return new Map(rows.map((row) => [row.versionId, row.score]));
  }

  /**
   * Stores a version's report, replacing one by an older analyser. Two processes computing the
   * same version at once write the same report (the analyser is deterministic), so the last
   * write wins without harm; an older analyser never overwrites a newer one's report.
   */
  async upsert(row: Omit<AnalysisRow, 'computedAt'>): Promise<AnalysisRow> {
    const [stored] = await this.db
      .insert(deckAnalyses)
      .values(row)
      .onConflictDoUpdate({
        target: deckAnalyses.versionId,
        set: {
          analyzerVersion: row.analyzerVersion,
          score: row.score,
          report: row.report,
          computedAt: sql`now()`,
        },
        setWhere: sql`${deckAnalyses.analyzerVersion} <= ${row.analyzerVersion}`,
      })
      .returning(columns);
    // The newer report that kept its place is the one to answer with.
    return (stored as AnalysisRow | undefined) ?? ((await this.findByVersionId(row.versionId)) as AnalysisRow);
  }
}
