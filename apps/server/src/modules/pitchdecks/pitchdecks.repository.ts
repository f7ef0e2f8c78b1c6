import type { InterestStatus } from '@deckvalid/contract/interests';
import type { SearchPitchDecksQuery } from '@deckvalid/contract/pitchdecks';
import { and, desc, eq, getTableColumns, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { accounts } from '@/modules/accounts/accounts.schema';
import { interests } from '@/modules/interests/interests.schema';
import { deckPageViews, deckReaders, deckViews, pitchDeckPages, pitchDecks } from './pitchdecks.schema';

/** A founder's deck as stored, without its search vectors (only the database reads those). */
export type PitchDeck = {
  id: string;
  founderId: string;
  fileKey: string;
  fileSize: number;
  company: string;
  title: string;
  pitch: string;
  sector: string;
  stage: string;
  amountSought: number;
  location: string;
  website: string | null;
  status: 'processing' | 'ready' | 'failed';
  failureReason: string | null;
  pageCount: number | null;
  minFontSize: number | null;
  maxFontSize: number | null;
  /** The process that holds the deck for processing, while one does. */
  processingClaimedBy: string | null;
  processingClaimedAt: Date | null;
  processingHeartbeatAt: Date | null;
  processingMs: number | null;
  createdAt: Date;
  updatedAt: Date;
  readyAt: Date | null;
};

export type NewPitchDeck = Pick<
  PitchDeck,
  | 'id'
  | 'founderId'
  | 'fileKey'
  | 'fileSize'
  | 'company'
  | 'title'
  | 'pitch'
  | 'sector'
  | 'stage'
  | 'amountSought'
  | 'location'
  | 'website'
>;

/** A view opened less than this long ago takes in the investor's new sessions of the deck. */
const viewWindowMinutes = 30;

/**
 * How far a reader's claims may run ahead of the clock: reports of one session travel a few
 * seconds apart and may arrive out of step with the reading they describe.
 */
const readerClockSlackSeconds = 10;

/** Ends a view report's transaction without writing anything, carrying why. */
class ViewRefused extends Error {
  constructor(readonly outcome: 'not_yours' | 'too_much_time') {
    super(outcome);
  }
}

/** A founder's deck with the counts its card shows. */
export type PitchDeckWithCounts = PitchDeck & { interestCount: number; viewCount: number };

/** A ready deck as a search hit: its founder's name and the searching investor's own interest. */
export type PitchDeckHit = PitchDeck & {
  founderName: string;
  interest: {
    id: string;
    status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
    note: string | null;
    updatedAt: Date;
  } | null;
};

/** Reading time per page of a deck, and how many views stopped at each page. */
export type DeckPageStats = {
  pages: { page: number; seconds: number; views: number }[];
  exits: { page: number; exits: number }[];
};

/** One investor's reading of a deck, over all their viewing sessions. */
export type DeckViewer = {
  investorId: string;
  name: string;
  firm: string | null;
  sessions: number;
  totalSeconds: number;
  furthestPage: number;
  lastViewedAt: Date;
};

export type ProcessedDeck = {
  pageCount: number;
  pages: string[];
  fontSizes: { min: number; max: number } | null;
  processingMs: number;
};

// The deck row minus the search vector, which is large and only ever read by the database.
const { searchVector: _searchVector, rankVector: _rankVector, ...deckColumns } = getTableColumns(pitchDecks);

// Spelled out with table names: inside a subquery drizzle renders columns unqualified, and
// "id" would then bind to the subquery's own table. The interest count reads the interests
// module's table (a read; that module writes it): a founder's list shows a count on every card,
// and one subquery per row costs less than asking that module deck by deck.
const activeInterestCount = sql<number>`(
  select count(*)::int from interests
  where interests.pitch_deck_id = pitch_decks.id and interests.status <> 'withdrawn'
)`;
const viewCount = sql<number>`(select count(distinct visit_id)::int from deck_views where deck_views.pitch_deck_id = pitch_decks.id)`;

/**
 * A search hit's columns: the deck, its founder's name, and the searching investor's interest.
 * The name and the interest are joined from the accounts and interests tables (reads only; their
 * modules write them): a search page shows both on every hit, in one query.
 */
const hitColumns = {
  ...deckColumns,
  founderName: accounts.name,
  interestId: interests.id,
  interestStatus: interests.status,
  interestNote: interests.note,
  interestUpdatedAt: interests.updatedAt,
};

type HitRow = PitchDeck & {
  founderName: string;
  interestId: string | null;
  interestStatus: InterestStatus | null;
  interestNote: string | null;
  interestUpdatedAt: Date | null;
};

/** The left-joined interest columns become one object, or null when the investor has none. */
function toHit({ interestId, interestStatus, interestNote, interestUpdatedAt, ...deck }: HitRow): PitchDeckHit {
  return {
    ...deck,
    interest:
      interestId && interestStatus && interestUpdatedAt
        ? { id: interestId, status: interestStatus, note: interestNote, updatedAt: interestUpdatedAt }
        : null,
  };
}

/** Page text kept per page, in characters. */
const maxPageTextLength = 100_000;

/** Thrown inside the ready transaction to roll it back: another process took the deck over. */
class ClaimLost extends Error {}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** A deck nobody holds, or whose holder stopped beating `staleAfterSeconds` ago. */
const isClaimable = (staleAfterSeconds: number) =>
  or(
    isNull(pitchDecks.processingClaimedBy),
    isNull(pitchDecks.processingHeartbeatAt),
    lt(pitchDecks.processingHeartbeatAt, secondsAgo(staleAfterSeconds)),
  );

/**
 * A deck no live process will finish: its holder stopped beating, or nobody claimed it in the
 * `staleAfterSeconds` since it was created (its creator queues it at once and claims it when its
 * turn comes, so a fresh unclaimed deck is still its creator's to take).
 */
const isAbandoned = (staleAfterSeconds: number) =>
  lt(sql`coalesce(${pitchDecks.processingHeartbeatAt}, ${pitchDecks.createdAt})`, secondsAgo(staleAfterSeconds));

/** A deck still in processing and still held by `instanceId`. */
const isHeldBy = (instanceId: string) =>
  and(eq(pitchDecks.status, 'processing'), eq(pitchDecks.processingClaimedBy, instanceId));

/**
 * Decks, their page text and their viewing sessions: the only writer of the pitch-deck module's
 * tables. Deleting a deck removes its interests through the foreign key's cascade, in the database.
 */
export class PitchDecksRepository {
  constructor(private readonly db: Database) {}

  /** Answers undefined when a deck already uses the file key (the key is unique). */
  async insert(deck: NewPitchDeck): Promise<PitchDeck | undefined> {
    const [row] = await this.db
      .insert(pitchDecks)
      .values(deck)
      .onConflictDoNothing({ target: pitchDecks.fileKey })
      .returning(deckColumns);
    return row;
  }

  async findById(id: string): Promise<PitchDeck | undefined> {
    const [row] = await this.db.select(deckColumns).from(pitchDecks).where(eq(pitchDecks.id, id)).limit(1);
    return row;
  }

  async findByIdWithCounts(id: string): Promise<PitchDeckWithCounts | undefined> {
    const [row] = await this.db
      .select({ ...deckColumns, interestCount: activeInterestCount, viewCount })
      .from(pitchDecks)
      .where(eq(pitchDecks.id, id))
      .limit(1);
    return row;
  }

  /**
   * Deletes a founder's deck with its pages, interests and views (foreign keys cascade); answers
   * its file key, or undefined when that founder has no such deck.
   */
  async deleteByIdAndFounderId(id: string, founderId: string): Promise<string | undefined> {
    const [row] = await this.db
      .delete(pitchDecks)
      .where(and(eq(pitchDecks.id, id), eq(pitchDecks.founderId, founderId)))
      .returning({ fileKey: pitchDecks.fileKey });
    return row?.fileKey;
  }

  async existsWithFileKey(fileKey: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pitchDecks.id })
      .from(pitchDecks)
      .where(eq(pitchDecks.fileKey, fileKey))
      .limit(1);
    return row !== undefined;
  }

  /** A founder's decks, newest first, with the total across pages. */
  async listByFounderIdWithCounts(
    founderId: string,
    { page, limit }: { page: number; limit: number },
  ): Promise<{ rows: PitchDeckWithCounts[]; total: number }> {
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ ...deckColumns, interestCount: activeInterestCount, viewCount })
        .from(pitchDecks)
        .where(eq(pitchDecks.founderId, founderId))
        .orderBy(desc(pitchDecks.createdAt), desc(pitchDecks.id))
        .limit(limit)
        .offset((page - 1) * limit),
      this.db.select({ total: sql<number>`count(*)::int` }).from(pitchDecks).where(eq(pitchDecks.founderId, founderId)),
    ]);
    return { rows, total: count?.total ?? 0 };
  }

  /**
   * Takes a processing deck for `instanceId` unless another process holds it and beat within
   * `staleAfterSeconds`. Times come from the database's clock, the one all processes share.
   */
  async claimForProcessing(id: string, instanceId: string, staleAfterSeconds: number): Promise<PitchDeck | undefined> {
    const [row] = await this.db
      .update(pitchDecks)
      .set({ processingClaimedBy: instanceId, processingClaimedAt: sql`now()`, processingHeartbeatAt: sql`now()` })
      .where(and(eq(pitchDecks.id, id), eq(pitchDecks.status, 'processing'), isClaimable(staleAfterSeconds)))
      .returning(deckColumns);
    return row;
  }

  /**
   * Ids of processing decks no live process will finish (see `isAbandoned`), oldest first, a
   * batch at a time. Every process runs this every few seconds: it reads only the partial index
   * of processing decks.
   */
  async findAbandonedIds(staleAfterSeconds: number, limit = 200): Promise<string[]> {
    const rows = await this.db
      .select({ id: pitchDecks.id })
      .from(pitchDecks)
      .where(and(eq(pitchDecks.status, 'processing'), isAbandoned(staleAfterSeconds)))
      .orderBy(pitchDecks.createdAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Tells other processes that `instanceId` is alive and still working on these decks. */
  async refreshClaims(ids: string[], instanceId: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(pitchDecks)
      .set({ processingHeartbeatAt: sql`now()` })
      .where(
        and(
          inArray(pitchDecks.id, ids),
          eq(pitchDecks.status, 'processing'),
          eq(pitchDecks.processingClaimedBy, instanceId),
        ),
      );
  }

  /**
   * Stores the page text and makes the deck ready and searchable, in one transaction, if
   * `instanceId` still holds it; answers false (and changes nothing) when another process took
   * it over meanwhile, since that one writes its own result.
   */
  async markReady(id: string, instanceId: string, result: ProcessedDeck): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.delete(pitchDeckPages).where(eq(pitchDeckPages.pitchDeckId, id));
        // Batches keep each statement's parameter count far under PostgreSQL's 65,535.
        for (let start = 0; start < result.pages.length; start += 500) {
          await tx.insert(pitchDeckPages).values(
            result.pages.slice(start, start + 500).map((raw, index) => {
              // PostgreSQL text cannot hold NUL characters, which some PDFs' text contains; a
              // tsvector holds at most 1 MB, and no slide carries 100,000 characters of prose.
              const text = raw.replaceAll('\u0000', '').slice(0, maxPageTextLength);
              return {
                pitchDeckId: id,
                pageNumber: start + index + 1,
                text,
                searchVector: sql`to_tsvector('english', ${text})`,
              };
            }),
          );
        }
        const pageText = sql`(select coalesce(string_agg(${pitchDeckPages.text}, ' ' order by ${pitchDeckPages.pageNumber}), '')
          from ${pitchDeckPages} where ${pitchDeckPages.pitchDeckId} = ${id})`;
        const updated = await tx
          .update(pitchDecks)
          .set({
            status: 'ready',
            failureReason: null,
            pageCount: result.pageCount,
            minFontSize: result.fontSizes?.min ?? null,
            maxFontSize: result.fontSizes?.max ?? null,
            processingMs: result.processingMs,
            readyAt: sql`now()`,
            updatedAt: sql`now()`,
            searchVector: sql`setweight(to_tsvector('english', ${pitchDecks.title} || ' ' || ${pitchDecks.company}), 'A')
              || setweight(to_tsvector('english', ${pitchDecks.pitch}), 'B')
              || setweight(to_tsvector('english', left(${pageText}, 900000)), 'C')`,
            rankVector: sql`setweight(to_tsvector('english', ${pitchDecks.title} || ' ' || ${pitchDecks.company}), 'A')
              || setweight(to_tsvector('english', ${pitchDecks.pitch}), 'B')`,
          })
          .where(and(eq(pitchDecks.id, id), isHeldBy(instanceId)))
          .returning({ id: pitchDecks.id });
        // The pages written above go with the rollback.
        if (updated.length === 0) throw new ClaimLost();
      });
      return true;
    } catch (error) {
      if (error instanceof ClaimLost) return false;
      throw error;
    }
  }

  /** Fails the deck with a reason if `instanceId` still holds it; answers whether it did. */
  async markFailed(id: string, instanceId: string, reason: string, processingMs: number): Promise<boolean> {
    const updated = await this.db
      .update(pitchDecks)
      .set({ status: 'failed', failureReason: reason, processingMs, updatedAt: sql`now()` })
      .where(and(eq(pitchDecks.id, id), isHeldBy(instanceId)))
      .returning({ id: pitchDecks.id });
    return updated.length > 0;
  }

  /**
   * Ready decks for an investor: full-text search over title, company, pitch and page text
   * (websearch syntax, ranked), sector and stage filters, a sort, and one page of rows.
   */
  async searchReady(
    investorId: string,
    query: SearchPitchDecksQuery,
  ): Promise<{ rows: PitchDeckHit[]; total: number }> {
    const terms = query.q?.trim() ? sql`websearch_to_tsquery('english', ${query.q.trim()})` : null;
    const filters: SQL[] = [eq(pitchDecks.status, 'ready')];
    // A search of stop words only ('the', 'and') has no lexemes; it filters nothing.
    if (terms) filters.push(sql`(numnode(${terms}) = 0 or ${pitchDecks.searchVector} @@ ${terms})`);
    if (query.sector) filters.push(eq(pitchDecks.sector, query.sector));
    if (query.stage) filters.push(eq(pitchDecks.stage, query.stage));

    const order: SQL[] = [];
    // Title, company and pitch hits first; decks that match only in their page text follow, newest first.
    if (query.sort === 'relevance' && terms) order.push(sql`ts_rank(${pitchDecks.rankVector}, ${terms}) desc`);
    if (query.sort === 'amount_asc') order.push(sql`${pitchDecks.amountSought} asc`);
    if (query.sort === 'amount_desc') order.push(sql`${pitchDecks.amountSought} desc`);
    order.push(sql`${pitchDecks.readyAt} desc`, sql`${pitchDecks.id} desc`);

    // The page and the count run apart: a window count would make every match's row be read
    // before the first page could be cut, while alone each uses its index.
    const [rows, [count]] = await Promise.all([
      this.db
        .select(hitColumns)
        .from(pitchDecks)
        .innerJoin(accounts, eq(accounts.id, pitchDecks.founderId))
        .leftJoin(interests, and(eq(interests.pitchDeckId, pitchDecks.id), eq(interests.investorId, investorId)))
        .where(and(...filters))
        .orderBy(...order)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit),
      this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(pitchDecks)
        .where(and(...filters)),
    ]);
    return {
      rows: rows.map(toHit),
      total: count?.total ?? 0,
    };
  }

  /** A ready deck with its founder's name and `investorId`'s own interest. */
  async findReadyHit(id: string, investorId: string): Promise<PitchDeckHit | undefined> {
    const [row] = await this.db
      .select(hitColumns)
      .from(pitchDecks)
      .innerJoin(accounts, eq(accounts.id, pitchDecks.founderId))
      .leftJoin(interests, and(eq(interests.pitchDeckId, pitchDecks.id), eq(interests.investorId, investorId)))
      .where(and(eq(pitchDecks.id, id), eq(pitchDecks.status, 'ready')))
      .limit(1);
    return row ? toHit(row) : undefined;
  }

  /**
   * For each deck, a short passage of its page text around the search terms, matches wrapped in
   * « ». Only the decks of one answer page are highlighted, so the cost stays bounded.
   */
  async findExcerpts(ids: string[], q: string): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const terms = sql`websearch_to_tsquery('english', ${q})`;
    // The first matching page of each deck is found through the pages' own vectors; only those
    // few pages are then highlighted (ts_headline re-parses the text it is given).
    const rows = await this.db.execute<{ id: string; excerpt: string }>(sql`
      select first.id, ts_headline('english', first.text, ${terms},
          'StartSel=«, StopSel=», MaxWords=24, MinWords=10, MaxFragments=1') as excerpt
      from (
        select distinct on (${pitchDeckPages.pitchDeckId}) ${pitchDeckPages.pitchDeckId} as id, ${pitchDeckPages.text} as text
        from ${pitchDeckPages}
        where ${inArray(pitchDeckPages.pitchDeckId, ids)} and ${pitchDeckPages.searchVector} @@ ${terms}
        order by ${pitchDeckPages.pitchDeckId}, ${pitchDeckPages.pageNumber}
      ) as first`);
    return new Map(rowsOf<{ id: string; excerpt: string }>(rows).map((row) => [row.id, row.excerpt]));
  }

  /**
   * Adds one report of a viewing session: creates the session on its first report (for this
   * deck and investor only, inside the investor's current view) and adds seconds per page.
   * Nothing is written unless both bounds hold: the session's own (no more time than since it
   * began) and the reader's across all their sessions (no claim ahead of the wall clock).
   */
  async recordView(input: {
    viewId: string;
    pitchDeckId: string;
    investorId: string;
    pages: { page: number; seconds: number }[];
  }): Promise<'recorded' | 'not_yours' | 'too_much_time'> {
    try {
      return await this.db.transaction(async (tx) => {
        const totalSeconds = input.pages.reduce((sum, entry) => sum + entry.seconds, 0);
        const furthestPage = Math.max(...input.pages.map((entry) => entry.page));
        // First, and as an upsert: the reader's row lock orders concurrent reports of one
        // investor on one deck, so each sees the views and claims the one before it made.
        const claim = sql`greatest(${deckReaders.readUntil}, now() - make_interval(secs => ${totalSeconds})) + make_interval(secs => ${totalSeconds})`;
        const [claimed] = await tx
          .insert(deckReaders)
          .values({ pitchDeckId: input.pitchDeckId, investorId: input.investorId, readUntil: sql`now()` })
          .onConflictDoUpdate({
            target: [deckReaders.pitchDeckId, deckReaders.investorId],
            set: { readUntil: claim },
            setWhere: sql`${claim} <= now() + make_interval(secs => ${readerClockSlackSeconds})`,
          })
          .returning({ readUntil: deckReaders.readUntil });
        if (!claimed) throw new ViewRefused('too_much_time');

        const currentVisit = tx
          .select({ visitId: deckViews.visitId })
          .from(deckViews)
          .where(
            and(
              eq(deckViews.investorId, input.investorId),
              eq(deckViews.pitchDeckId, input.pitchDeckId),
              // Only a session that opened a view starts its window: views never chain.
              eq(deckViews.id, deckViews.visitId),
              sql`${deckViews.startedAt} > now() - make_interval(mins => ${viewWindowMinutes})`,
            ),
          )
          .orderBy(desc(deckViews.startedAt))
          .limit(1);
        await tx
          .insert(deckViews)
          .values({
            id: input.viewId,
            pitchDeckId: input.pitchDeckId,
            investorId: input.investorId,
            visitId: sql`coalesce((${currentVisit}), ${input.viewId})`,
          })
          .onConflictDoNothing({ target: deckViews.id });
        const [view] = await tx
          .update(deckViews)
          .set({
            totalSeconds: sql`${deckViews.totalSeconds} + ${totalSeconds}`,
            furthestPage: sql`greatest(${deckViews.furthestPage}, ${furthestPage})`,
            lastSeenAt: sql`now()`,
          })
          .where(
            and(
              eq(deckViews.id, input.viewId),
              eq(deckViews.pitchDeckId, input.pitchDeckId),
              eq(deckViews.investorId, input.investorId),
              // A session cannot hold more reading time than has passed since it began (plus a
              // minute for clocks and the first report), however its reports are split.
              sql`${deckViews.totalSeconds} + ${totalSeconds} <= extract(epoch from now() - ${deckViews.startedAt}) + 60`,
            ),
          )
          .returning({ id: deckViews.id });
        if (!view) {
          const [existing] = await tx
            .select({ pitchDeckId: deckViews.pitchDeckId, investorId: deckViews.investorId })
            .from(deckViews)
            .where(eq(deckViews.id, input.viewId));
          // A session id another investor or deck already uses is not this caller's to extend.
          const isOwn = existing?.pitchDeckId === input.pitchDeckId && existing.investorId === input.investorId;
          throw new ViewRefused(isOwn ? 'too_much_time' : 'not_yours');
        }
        const merged = new Map<number, number>();
        for (const entry of input.pages) merged.set(entry.page, (merged.get(entry.page) ?? 0) + entry.seconds);
        await tx
          .insert(deckPageViews)
          .values([...merged].map(([pageNumber, seconds]) => ({ viewId: input.viewId, pageNumber, seconds })))
          .onConflictDoUpdate({
            target: [deckPageViews.viewId, deckPageViews.pageNumber],
            set: { seconds: sql`${deckPageViews.seconds} + excluded.seconds` },
          });
        return 'recorded' as const;
      });
    } catch (error) {
      // Thrown inside the transaction so that the reader's claim rolls back with the rest.
      if (error instanceof ViewRefused) return error.outcome;
      throw error;
    }
  }

  /** Per-page totals of a deck's viewing sessions, and where each session stopped. */
  async findPageStats(pitchDeckId: string): Promise<DeckPageStats> {
    const [pages, exits] = await Promise.all([
      this.db
        .select({
          page: deckPageViews.pageNumber,
          seconds: sql<number>`sum(${deckPageViews.seconds})`.mapWith(Number),
          views: sql<number>`count(distinct ${deckViews.visitId})`.mapWith(Number),
        })
        .from(deckPageViews)
        .innerJoin(deckViews, eq(deckViews.id, deckPageViews.viewId))
        .where(eq(deckViews.pitchDeckId, pitchDeckId))
        .groupBy(deckPageViews.pageNumber),
      // Where each view stopped: the furthest page any of its sessions reached.
      this.db
        .select({ page: sql<number>`furthest`.mapWith(Number), exits: sql<number>`count(*)`.mapWith(Number) })
        .from(
          this.db
            .select({ furthest: sql<number>`max(${deckViews.furthestPage})`.as('furthest') })
            .from(deckViews)
            .where(eq(deckViews.pitchDeckId, pitchDeckId))
            .groupBy(deckViews.visitId)
            .as('visits'),
        )
        .groupBy(sql`furthest`),
    ]);
    return { pages, exits };
  }

  /**
   * One row per investor who viewed the deck, named from the accounts and investor-info tables
   * in the same query (reads only): the analytics page lists every viewer at once.
   */
  async findViewers(pitchDeckId: string): Promise<DeckViewer[]> {
    return this.db
      .select({
        investorId: deckViews.investorId,
        name: accounts.name,
        firm: sql<string | null>`(select firm from investor_infos where investor_id = ${deckViews.investorId})`,
        sessions: sql<number>`count(distinct ${deckViews.visitId})`.mapWith(Number),
        totalSeconds: sql<number>`sum(${deckViews.totalSeconds})`.mapWith(Number),
        furthestPage: sql<number>`max(${deckViews.furthestPage})`.mapWith(Number),
        lastViewedAt: sql<Date>`max(${deckViews.lastSeenAt})`.mapWith((value: string | Date) => new Date(value)),
      })
      .from(deckViews)
      .innerJoin(accounts, eq(accounts.id, deckViews.investorId))
      .where(eq(deckViews.pitchDeckId, pitchDeckId))
      .groupBy(deckViews.investorId, accounts.name)
      .orderBy(sql`max(${deckViews.lastSeenAt}) desc`);
  }
}

/** `execute` answers rows directly on PGlite and as `{ rows }` on node-postgres. */
function rowsOf<Row>(result: unknown): Row[] {
  return Array.isArray(result) ? (result as Row[]) : ((result as { rows: Row[] }).rows ?? []);
}
