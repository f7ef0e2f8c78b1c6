import type { InterestStatus } from '@deckvalid/contract/interests';
import type { SearchPitchDecksQuery } from '@deckvalid/contract/pitchdecks';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { accounts, investorInfos } from '@/modules/accounts/accounts.schema';
import { tyingStatuses } from '@/modules/interests/interests.policy';
import { interests } from '@/modules/interests/interests.schema';
import {
  deckPageViews,
  deckReaders,
  deckViews,
  pitchDeckPages,
  pitchDecks,
  pitchDeckVersions,
} from './pitchdecks.schema';

export type DeckStatus = 'processing' | 'ready' | 'failed';

/** One uploaded file of a deck and how its processing went. */
export type DeckVersion = {
  id: string;
  pitchDeckId: string;
  /** 1 for the deck's first file, then one more for each new version. */
  number: number;
  fileKey: string;
  fileSize: number;
  status: DeckStatus;
  failureReason: string | null;
  pageCount: number | null;
  minFontSize: number | null;
  maxFontSize: number | null;
  /** Page 1 drawn while processing, once ready (null when it could not be drawn). */
  thumbnailKey: string | null;
  /** The process that holds the version for processing, while one does. */
  processingClaimedBy: string | null;
  processingClaimedAt: Date | null;
  processingHeartbeatAt: Date | null;
  processingMs: number | null;
  createdAt: Date;
  readyAt: Date | null;
};

/** A founder's deck as stored, without its search vectors (only the database reads those). */
export type PitchDeck = {
  id: string;
  founderId: string;
  company: string;
  title: string;
  pitch: string;
  sector: string;
  stage: string;
  amountSought: number;
  location: string;
  website: string | null;
  /** The version investors see; null until one is ready. */
  liveVersionId: string | null;
  /** As investors see the deck: ready while a version is live, else the newest version's status. */
  status: DeckStatus;
  createdAt: Date;
  updatedAt: Date;
  /** When the deck first went live. */
  readyAt: Date | null;
};

/** The details a founder writes, at creation and when editing. */
export type DeckDetails = Pick<
  PitchDeck,
  'company' | 'title' | 'pitch' | 'sector' | 'stage' | 'amountSought' | 'location' | 'website'
>;

export type NewPitchDeck = DeckDetails & {
  id: string;
  founderId: string;
  versionId: string;
  fileKey: string;
  fileSize: number;
};

/** A deck with the two versions its founder's views need: the live one, if any, and the newest. */
export type PitchDeckWithVersions = PitchDeck & { live: DeckVersion | null; latest: DeckVersion };

/** A founder's deck with the counts its card shows. */
export type PitchDeckWithCounts = PitchDeckWithVersions & { interestCount: number; viewCount: number };

/** A version with the views investors made of it. */
export type DeckVersionWithViews = DeckVersion & { viewCount: number };

/** A live deck's name and card facts (the copilot's deck matching). */
export type LiveDeckName = Pick<
  PitchDeck,
  'id' | 'company' | 'title' | 'sector' | 'stage' | 'location' | 'amountSought' | 'readyAt'
>;

/** What of an investor's info the deck search and the weekly matches read (their thesis). */
export type ThesisCriteriaValues = {
  sectors: string[];
  stages: string[];
  chequeSizeMin: number | null;
  chequeSizeMax: number | null;
  places: string[];
};

/** Whether a deck meets each criterion of a thesis; null where the thesis sets none. */
export type ThesisFitFacts = {
  sector: boolean | null;
  stage: boolean | null;
  ticket: boolean | null;
  place: boolean | null;
};

/** A deck that went live in a week and fits an investor's whole thesis (the weekly matches). */
export type ThesisMatch = {
  investorId: string;
  pitchDeckId: string;
  company: string;
  title: string;
  sector: string;
  stage: string;
  amountSought: number;
  location: string;
  readyAt: Date;
  criteria: ThesisCriteriaValues;
  fit: ThesisFitFacts;
};

/** A live deck as a search hit: its live version, its founder's name and the searching investor's own interest. */
export type PitchDeckHit = PitchDeck & {
  live: Pick<DeckVersion, 'id' | 'number' | 'fileKey' | 'fileSize' | 'pageCount' | 'thumbnailKey'>;
  founderName: string;
  interest: {
    id: string;
    status: 'pending' | 'accepted' | 'declined' | 'withdrawn';
    note: string | null;
    updatedAt: Date;
  } | null;
  /** How the deck meets the searching investor's thesis; null when the search had none. */
  fit: ThesisFitFacts | null;
};

/** Reading time per page of a version, and how many views stopped at each page. */
export type DeckPageStats = {
  pages: { page: number; seconds: number; views: number }[];
  exits: { page: number; exits: number }[];
};

/** One investor's reading of a version, over all their viewing sessions. */
export type DeckViewer = {
  investorId: string;
  name: string;
  firm: string | null;
  sessions: number;
  totalSeconds: number;
  furthestPage: number;
  lastViewedAt: Date;
};

/** What the deck analysis reads of a page's type (the PDF worker's `layoutOf`). */
export type PageLayout = { title: string | null; minFontSize: number | null; bodyFontSize: number | null };

/** A stored page: its number (from 1), its text and its layout. */
export type DeckPage = PageLayout & { number: number; text: string };

export type ProcessedDeck = {
  pageCount: number;
  pages: string[];
  /** One per page, beside `pages`. */
  layouts: PageLayout[];
  fontSizes: { min: number; max: number } | null;
  /** Where page 1's picture was stored, if it could be drawn. */
  thumbnailKey: string | null;
  processingMs: number;
};

/** A version taken for processing, with the founder its outcome is announced to. */
/** A version taken for processing, with what its announcement names: its deck's founder and title. */
export type ClaimedVersion = DeckVersion & { founderId: string; deckTitle: string };

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

// Spelled out with table names: inside a subquery drizzle renders columns unqualified, and
// "id" would then bind to the subquery's own table.
/** The deck's status as investors see it: ready while a version is live, else its newest version's. */
const deckStatus = sql<DeckStatus>`(case when pitch_decks.live_version_id is not null then 'ready' else (
  select status from pitch_deck_versions where pitch_deck_versions.pitch_deck_id = pitch_decks.id
  order by number desc limit 1
) end)`;

// The deck row minus the search vectors, which are large and only ever read by the database, and
// the location's words, which only the thesis fit reads.
const {
  searchVector: _searchVector,
  rankVector: _rankVector,
  locationWords: _locationWords,
  ...storedDeckColumns
} = getTableColumns(pitchDecks);
const deckColumns = { ...storedDeckColumns, status: deckStatus };
const versionColumns = getTableColumns(pitchDeckVersions);

// The interest count reads the interests module's table (a read; that module writes it): a
// founder's list shows a count on every card, and one subquery per row costs less than asking
// that module deck by deck. Views count every version's.
const activeInterestCount = sql<number>`(
  select count(*)::int from interests
  where interests.pitch_deck_id = pitch_decks.id and interests.status <> 'withdrawn'
)`;
const viewCount = sql<number>`(select count(distinct visit_id)::int from deck_views where deck_views.pitch_deck_id = pitch_decks.id)`;

/** The live version as joined into search hits. */
const liveVersion = alias(pitchDeckVersions, 'live_version');

/**
 * A search hit's columns: the deck, its live version's file, its founder's name, and the
 * searching investor's interest. The name and the interest are joined from the accounts and
 * interests tables (reads only; their modules write them): a search page shows both on every
 * hit, in one query. The status is ready by construction (the live version is inner-joined).
 */
const hitColumns = {
  ...storedDeckColumns,
  live: {
    id: liveVersion.id,
    number: liveVersion.number,
    fileKey: liveVersion.fileKey,
    fileSize: liveVersion.fileSize,
    pageCount: liveVersion.pageCount,
    thumbnailKey: liveVersion.thumbnailKey,
  },
  founderName: accounts.name,
  interestId: interests.id,
  interestStatus: interests.status,
  interestNote: interests.note,
  interestUpdatedAt: interests.updatedAt,
};

type HitRow = Omit<PitchDeckHit, 'status' | 'interest' | 'fit'> & {
  interestId: string | null;
  interestStatus: InterestStatus | null;
  interestNote: string | null;
  interestUpdatedAt: Date | null;
};

/** The left-joined interest columns become one object, or null when the investor has none. */
function toHit(
  { interestId, interestStatus, interestNote, interestUpdatedAt, ...deck }: HitRow,
  fit: ThesisFitFacts | null = null,
): PitchDeckHit {
  return {
    ...deck,
    status: 'ready',
    interest:
      interestId && interestStatus && interestUpdatedAt
        ? { id: interestId, status: interestStatus, note: interestNote, updatedAt: interestUpdatedAt }
        : null,
    fit,
  };
}

/** A thesis as SQL: bound values for one investor's search, or investor_infos columns for all of them. */
type ThesisSql = { sectors: SQL; stages: SQL; min: SQL; max: SQL; places: SQL };

/** A text[] literal of bound values (an empty array binds no parameter). */
const textArray = (values: string[]) =>
  values.length === 0
    ? sql`'{}'::text[]`
    : sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`;

/** One investor's thesis, bound as parameters. */
const boundThesis = (criteria: ThesisCriteriaValues): ThesisSql => ({
  sectors: textArray(criteria.sectors),
  stages: textArray(criteria.stages),
  min: sql`${criteria.chequeSizeMin}::bigint`,
  max: sql`${criteria.chequeSizeMax}::bigint`,
  places: textArray(criteria.places),
});

/** Each investor's stored thesis, for a query joining investor_infos. */
const storedThesis: ThesisSql = {
  sectors: sql`${investorInfos.sectors}`,
  stages: sql`${investorInfos.stages}`,
  min: sql`${investorInfos.chequeSizeMin}`,
  max: sql`${investorInfos.chequeSizeMax}`,
  places: sql`${investorInfos.places}`,
};

/**
 * Text as lower-case words between single spaces, with a space at each end: a place matches a
 * location when its words appear there whole and in order ("Berlin" in "Berlin, Germany", not
 * "Berl"; "new york" in "New York City"), whatever the case and punctuation. The deck's side is
 * stored so (`pitch_decks.location_words`, the same expression); a place is put so here.
 */
const spacedWords = (value: SQL) => sql`(' ' || lower(regexp_replace(${value}, '[^[:alnum:]]+', ' ', 'g')) || ' ')`;

/**
 * The one definition of a deck's fit to a thesis, for the search and the weekly matches alike:
 * per criterion whether the deck meets it (null where the thesis sets none), the number met, and
 * whether it meets all that are set. The ticket range holds the amount the deck seeks.
 */
function thesisFitOf(thesis: ThesisSql) {
  const sector = sql<boolean | null>`(case when coalesce(cardinality(${thesis.sectors}), 0) = 0 then null
    else ${pitchDecks.sector} = any(${thesis.sectors}) end)`;
  const stage = sql<boolean | null>`(case when coalesce(cardinality(${thesis.stages}), 0) = 0 then null
    else ${pitchDecks.stage} = any(${thesis.stages}) end)`;
  // A $0 floor bounds nothing: alone it is no criterion, as the contract's hasThesisCriteria says.
  const ticket = sql<boolean | null>`(case when coalesce(${thesis.min}, 0) = 0 and ${thesis.max} is null then null
    else ${pitchDecks.amountSought} between coalesce(${thesis.min}, 0) and coalesce(${thesis.max}, ${pitchDecks.amountSought}) end)`;
  const place = sql<boolean | null>`(case when coalesce(cardinality(${thesis.places}), 0) = 0 then null
    else exists (select 1 from unnest(${thesis.places}) as thesis_place(name)
      where ${pitchDecks.locationWords} like '%' || ${spacedWords(sql`thesis_place.name`)} || '%') end)`;
  const criteria = [sector, stage, ticket, place];
  return {
    columns: { fitSector: sector, fitStage: stage, fitTicket: ticket, fitPlace: place },
    score: sql<number>`(${sql.join(
      criteria.map((criterion) => sql`coalesce(${criterion}::int, 0)`),
      sql` + `,
    )})`,
    /** Meets every criterion set, and at least one is set. */
    isMatch: sql<boolean>`(${sql.join(
      criteria.map((criterion) => sql`coalesce(${criterion}, true)`),
      sql` and `,
    )} and not (${sql.join(
      criteria.map((criterion) => sql`${criterion} is null`),
      sql` and `,
    )}))`,
  };
}

type FitRow = {
  fitSector: boolean | null;
  fitStage: boolean | null;
  fitTicket: boolean | null;
  fitPlace: boolean | null;
};

const fitFacts = (row: FitRow): ThesisFitFacts => ({
  sector: row.fitSector,
  stage: row.fitStage,
  ticket: row.fitTicket,
  place: row.fitPlace,
});

/** The fit columns of a search without a thesis: none met, none set. */
const noFitColumns = {
  fitSector: sql<boolean | null>`null::boolean`,
  fitStage: sql<boolean | null>`null::boolean`,
  fitTicket: sql<boolean | null>`null::boolean`,
  fitPlace: sql<boolean | null>`null::boolean`,
};

/** Splits a selected row into its hit and its fit columns (null when the search had no thesis). */
function toHitWithFit(
  { fitSector, fitStage, fitTicket, fitPlace, ...row }: HitRow & FitRow,
  hasThesis: boolean,
): PitchDeckHit {
  return toHit(row, hasThesis ? fitFacts({ fitSector, fitStage, fitTicket, fitPlace }) : null);
}

/** Page text kept per page, in characters. */
const maxPageTextLength = 100_000;

/**
 * The deck's two vectors (see pitchDecks in the schema) from its words and the page text of
 * `versionId`. Inside an UPDATE the row's own columns are its values before the update, so an
 * update that changes the words passes the new ones.
 */
function deckVectors(
  words: { title: SQL | string; company: SQL | string; pitch: SQL | string },
  versionId: SQL | string,
) {
  const pageText = sql`(select coalesce(string_agg(${pitchDeckPages.text}, ' ' order by ${pitchDeckPages.pageNumber}), '')
    from ${pitchDeckPages} where ${pitchDeckPages.versionId} = ${versionId})`;
  const rankVector = sql`setweight(to_tsvector('english', ${words.title} || ' ' || ${words.company}), 'A')
    || setweight(to_tsvector('english', ${words.pitch}), 'B')`;
  return {
    searchVector: sql`${rankVector} || setweight(to_tsvector('english', left(${pageText}, 900000)), 'C')`,
    rankVector,
  };
}

/** The row's own words, for `deckVectors` where they do not change. */
const storedWords = {
  title: sql`${pitchDecks.title}`,
  company: sql`${pitchDecks.company}`,
  pitch: sql`${pitchDecks.pitch}`,
};

/** Thrown inside the ready transaction to roll it back: another process took the version over. */
class ClaimLost extends Error {}

/** Thrown inside the create transaction to roll the deck back: its file is another deck's. */
class FileTaken extends Error {}

const secondsAgo = (seconds: number) => sql`now() - make_interval(secs => ${seconds})`;

/** A version nobody holds, or whose holder stopped beating `staleAfterSeconds` ago. */
const isClaimable = (staleAfterSeconds: number) =>
  or(
    isNull(pitchDeckVersions.processingClaimedBy),
    isNull(pitchDeckVersions.processingHeartbeatAt),
    lt(pitchDeckVersions.processingHeartbeatAt, secondsAgo(staleAfterSeconds)),
  );

/**
 * A version no live process will finish: its holder stopped beating, or nobody claimed it in the
 * `staleAfterSeconds` since it was submitted (its submitter queues it at once and claims it when
 * its turn comes, so a fresh unclaimed version is still its submitter's to take).
 */
const isAbandoned = (staleAfterSeconds: number) =>
  lt(
    sql`coalesce(${pitchDeckVersions.processingHeartbeatAt}, ${pitchDeckVersions.createdAt})`,
    secondsAgo(staleAfterSeconds),
  );

/** A version still in processing and still held by `instanceId`. */
const isHeldBy = (instanceId: string) =>
  and(eq(pitchDeckVersions.status, 'processing'), eq(pitchDeckVersions.processingClaimedBy, instanceId));

/**
 * Decks, their versions, page text and viewing sessions: the only writer of the pitch-deck
 * module's tables. Deleting a deck removes its versions, interests and views through the foreign
 * keys' cascades, in the database.
 */
export class PitchDecksRepository {
  constructor(private readonly db: Database) {}

  /**
   * Creates a deck with its first version, in one transaction. Answers undefined when a deck
   * already uses the file key (the key is unique), and then nothing is written.
   */
  async insert({ versionId, fileKey, fileSize, ...deck }: NewPitchDeck): Promise<PitchDeckWithVersions | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const [row] = await tx.insert(pitchDecks).values(deck).returning(storedDeckColumns);
        const [version] = await tx
          .insert(pitchDeckVersions)
          .values({ id: versionId, pitchDeckId: deck.id, number: 1, fileKey, fileSize })
          .onConflictDoNothing({ target: pitchDeckVersions.fileKey })
          .returning(versionColumns);
        if (!row || !version) throw new FileTaken();
        return { ...row, status: version.status, live: null, latest: version };
      });
    } catch (error) {
      if (error instanceof FileTaken) return undefined;
      throw error;
    }
  }

  /**
   * Adds the next version of a founder's deck. Answers 'not_found' when the founder has no such
   * deck, 'too_many' when it has `maxVersions` already and 'file_taken' when a version already
   * uses the file; the deck's row lock numbers and counts concurrent uploads one after the other.
   */
  async insertVersion(input: {
    id: string;
    pitchDeckId: string;
    founderId: string;
    fileKey: string;
    fileSize: number;
    maxVersions: number;
  }): Promise<DeckVersion | 'not_found' | 'too_many' | 'file_taken'> {
    return this.db.transaction(async (tx) => {
      const [deck] = await tx
        .select({ id: pitchDecks.id })
        .from(pitchDecks)
        .where(and(eq(pitchDecks.id, input.pitchDeckId), eq(pitchDecks.founderId, input.founderId)))
        .for('update');
      if (!deck) return 'not_found' as const;
      const [{ count } = { count: 0 }] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(pitchDeckVersions)
        .where(eq(pitchDeckVersions.pitchDeckId, input.pitchDeckId));
      if (count >= input.maxVersions) return 'too_many' as const;
      const [version] = await tx
        .insert(pitchDeckVersions)
        .values({
          id: input.id,
          pitchDeckId: input.pitchDeckId,
          number: sql`(select coalesce(max(number), 0) + 1 from pitch_deck_versions where pitch_deck_id = ${input.pitchDeckId})`,
          fileKey: input.fileKey,
          fileSize: input.fileSize,
        })
        .onConflictDoNothing({ target: pitchDeckVersions.fileKey })
        .returning(versionColumns);
      return version ?? ('file_taken' as const);
    });
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
    if (!row) return undefined;
    return (await this.withVersions([row]))[0];
  }

  /** Changes a founder's deck's details and its search vectors; undefined when the founder has no such deck. */
  async updateDetails(id: string, founderId: string, details: DeckDetails): Promise<PitchDeck | undefined> {
    const [row] = await this.db
      .update(pitchDecks)
      .set({
        ...details,
        updatedAt: sql`now()`,
        // Made from the live version's pages; while nothing is live nobody searches the deck,
        // and going live makes them again.
        ...deckVectors(details, sql`pitch_decks.live_version_id`),
      })
      .where(and(eq(pitchDecks.id, id), eq(pitchDecks.founderId, founderId)))
      .returning({ id: pitchDecks.id });
    return row ? this.findById(row.id) : undefined;
  }

  /**
   * Deletes a founder's deck with its versions, pages, interests and views (foreign keys
   * cascade); answers every version's file key and the investors its interests tied (pending or
   * accepted), or undefined when that founder has no such deck.
   */
  async deleteByIdAndFounderId(
    id: string,
    founderId: string,
  ): Promise<{ fileKeys: string[]; tiedInvestorIds: string[] } | undefined> {
    return this.db.transaction(async (tx) => {
      const versions = await tx
        .select({ fileKey: pitchDeckVersions.fileKey, thumbnailKey: pitchDeckVersions.thumbnailKey })
        .from(pitchDeckVersions)
        .where(eq(pitchDeckVersions.pitchDeckId, id));
      // A read of the interests module's table, as the interest counts are: the cascade ends them.
      const tied = await tx
        .select({ investorId: interests.investorId })
        .from(interests)
        .where(and(eq(interests.pitchDeckId, id), inArray(interests.status, tyingStatuses)));
      const [deleted] = await tx
        .delete(pitchDecks)
        .where(and(eq(pitchDecks.id, id), eq(pitchDecks.founderId, founderId)))
        .returning({ id: pitchDecks.id });
      if (!deleted) return undefined;
      return {
        fileKeys: versions.flatMap((version) =>
          version.thumbnailKey ? [version.fileKey, version.thumbnailKey] : [version.fileKey],
        ),
        tiedInvestorIds: tied.map((row) => row.investorId),
      };
    });
  }

  async existsWithFileKey(fileKey: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: pitchDeckVersions.id })
      .from(pitchDeckVersions)
      .where(eq(pitchDeckVersions.fileKey, fileKey))
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
    return { rows: await this.withVersions(rows), total: count?.total ?? 0 };
  }

  /**
   * Adds each deck's live and newest versions, read in one query for all of them: at most two
   * rows per deck, however many versions it has.
   */
  private async withVersions<Deck extends PitchDeck>(decks: Deck[]): Promise<(Deck & PitchDeckWithVersions)[]> {
    if (decks.length === 0) return [];
    const ids = decks.map((deck) => deck.id);
    const liveIds = decks.flatMap((deck) => (deck.liveVersionId ? [deck.liveVersionId] : []));
    const newest = sql`pitch_deck_versions.number = (select max(number) from pitch_deck_versions as newest
      where newest.pitch_deck_id = pitch_deck_versions.pitch_deck_id)`;
    const versions = await this.db
      .select(versionColumns)
      .from(pitchDeckVersions)
      .where(
        and(
          inArray(pitchDeckVersions.pitchDeckId, ids),
          liveIds.length > 0 ? or(inArray(pitchDeckVersions.id, liveIds), newest) : newest,
        ),
      );
    const byId = new Map(versions.map((version) => [version.id, version]));
    const newestByDeck = new Map<string, DeckVersion>();
    for (const version of versions) {
      const known = newestByDeck.get(version.pitchDeckId);
      if (!known || known.number < version.number) newestByDeck.set(version.pitchDeckId, version);
    }
    return decks.map((deck) => {
      const latest = newestByDeck.get(deck.id);
      // A deck is created with its first version in one transaction, and versions go only with it.
      if (!latest) throw new Error(`deck ${deck.id} has no version`);
      return { ...deck, live: deck.liveVersionId ? (byId.get(deck.liveVersionId) ?? null) : null, latest };
    });
  }

  /** Every version of a deck, newest first, with the views investors made of each. */
  async listVersionsByDeckId(pitchDeckId: string): Promise<DeckVersionWithViews[]> {
    return this.db
      .select({
        ...versionColumns,
        viewCount: sql<number>`(select count(distinct visit_id)::int from deck_views
          where deck_views.version_id = pitch_deck_versions.id)`,
      })
      .from(pitchDeckVersions)
      .where(eq(pitchDeckVersions.pitchDeckId, pitchDeckId))
      .orderBy(desc(pitchDeckVersions.number));
  }

  /** One version of a deck by its number. */
  async findVersionByNumber(pitchDeckId: string, number: number): Promise<DeckVersion | undefined> {
    const [row] = await this.db
      .select(versionColumns)
      .from(pitchDeckVersions)
      .where(and(eq(pitchDeckVersions.pitchDeckId, pitchDeckId), eq(pitchDeckVersions.number, number)))
      .limit(1);
    return row;
  }

  /** A version's pages in order, with what the PDF worker read of their type. */
  /**
   * The numbers of a deck's ready versions, other than its live one, that the investor has a
   * reading session of, newest first.
   */
  async findEarlierVersionsRead(investorId: string, pitchDeckId: string): Promise<number[]> {
    const rows = await this.db
      .selectDistinct({ number: pitchDeckVersions.number })
      .from(deckViews)
      .innerJoin(pitchDeckVersions, eq(pitchDeckVersions.id, deckViews.versionId))
      .innerJoin(pitchDecks, eq(pitchDecks.id, deckViews.pitchDeckId))
      .where(
        and(
          eq(deckViews.investorId, investorId),
          eq(deckViews.pitchDeckId, pitchDeckId),
          eq(pitchDeckVersions.status, 'ready'),
          sql`${pitchDeckVersions.id} is distinct from ${pitchDecks.liveVersionId}`,
        ),
      )
      .orderBy(desc(pitchDeckVersions.number));
    return rows.map((row) => row.number);
  }

  /** Whether the investor has a reading session of this version (a report of its pages). */
  async hasReadVersion(investorId: string, versionId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: deckViews.id })
      .from(deckViews)
      .where(and(eq(deckViews.investorId, investorId), eq(deckViews.versionId, versionId)))
      .limit(1);
    return row !== undefined;
  }

  async findPagesByVersionId(versionId: string): Promise<DeckPage[]> {
    return this.db
      .select({
        number: pitchDeckPages.pageNumber,
        text: pitchDeckPages.text,
        title: pitchDeckPages.title,
        minFontSize: pitchDeckPages.minFontSize,
        bodyFontSize: pitchDeckPages.bodyFontSize,
      })
      .from(pitchDeckPages)
      .where(eq(pitchDeckPages.versionId, versionId))
      .orderBy(pitchDeckPages.pageNumber);
  }

  /** The live version of each deck named that has one. */
  async findLiveVersionIds(pitchDeckIds: string[]): Promise<Map<string, string>> {
    if (pitchDeckIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: pitchDecks.id, liveVersionId: pitchDecks.liveVersionId })
      .from(pitchDecks)
      .where(and(inArray(pitchDecks.id, pitchDeckIds), isNotNull(pitchDecks.liveVersionId)));
    return new Map(rows.map((row) => [row.id, row.liveVersionId as string]));
  }

  /** Live versions in id order after `afterId`, `limit` at a time: for work over every live deck. */
  async listLiveVersions(afterId: string, limit: number): Promise<{ pitchDeckId: string; versionId: string }[]> {
    const rows = await this.db
      .select({ pitchDeckId: pitchDecks.id, versionId: pitchDecks.liveVersionId })
      .from(pitchDecks)
      .where(and(isNotNull(pitchDecks.liveVersionId), gt(pitchDecks.liveVersionId, afterId)))
      .orderBy(pitchDecks.liveVersionId)
      .limit(limit);
    return rows.map((row) => ({ pitchDeckId: row.pitchDeckId, versionId: row.versionId as string }));
  }

  async findVersionById(id: string): Promise<DeckVersion | undefined> {
    const [row] = await this.db.select(versionColumns).from(pitchDeckVersions).where(eq(pitchDeckVersions.id, id));
    return row;
  }

  /**
   * Takes a processing version for `instanceId` unless another process holds it and beat within
   * `staleAfterSeconds`. Times come from the database's clock, the one all processes share.
   */
  async claimForProcessing(
    versionId: string,
    instanceId: string,
    staleAfterSeconds: number,
  ): Promise<ClaimedVersion | undefined> {
    const [row] = await this.db
      .update(pitchDeckVersions)
      .set({ processingClaimedBy: instanceId, processingClaimedAt: sql`now()`, processingHeartbeatAt: sql`now()` })
      .where(
        and(
          eq(pitchDeckVersions.id, versionId),
          eq(pitchDeckVersions.status, 'processing'),
          isClaimable(staleAfterSeconds),
        ),
      )
      .returning({
        ...versionColumns,
        founderId: sql<string>`(select founder_id from pitch_decks where pitch_decks.id = pitch_deck_versions.pitch_deck_id)`,
        deckTitle: sql<string>`(select title from pitch_decks where pitch_decks.id = pitch_deck_versions.pitch_deck_id)`,
      });
    return row;
  }

  /**
   * Ids of processing versions no live process will finish (see `isAbandoned`), oldest first, a
   * batch at a time. Every process runs this every few seconds: it reads only the partial index
   * of processing versions.
   */
  async findAbandonedVersionIds(staleAfterSeconds: number, limit = 200): Promise<string[]> {
    const rows = await this.db
      .select({ id: pitchDeckVersions.id })
      .from(pitchDeckVersions)
      .where(and(eq(pitchDeckVersions.status, 'processing'), isAbandoned(staleAfterSeconds)))
      .orderBy(pitchDeckVersions.createdAt)
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Tells other processes that `instanceId` is alive and still working on these versions. */
  async refreshClaims(versionIds: string[], instanceId: string): Promise<void> {
    if (versionIds.length === 0) return;
    await this.db
      .update(pitchDeckVersions)
      .set({ processingHeartbeatAt: sql`now()` })
      .where(and(inArray(pitchDeckVersions.id, versionIds), isHeldBy(instanceId)));
  }

  /**
   * Stores the page text and makes the version ready, in one transaction, if `instanceId` still
   * holds it; it goes live (and the deck searchable by its text) unless a newer version already
   * is. Answers false (and changes nothing) when another process took it over meanwhile, since
   * that one writes its own result.
   */
  async markReady(versionId: string, instanceId: string, result: ProcessedDeck): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.delete(pitchDeckPages).where(eq(pitchDeckPages.versionId, versionId));
        // Batches keep each statement's parameter count far under PostgreSQL's 65,535.
        for (let start = 0; start < result.pages.length; start += 500) {
          await tx.insert(pitchDeckPages).values(
            result.pages.slice(start, start + 500).map((raw, index) => {
              // PostgreSQL text cannot hold NUL characters, which some PDFs' text contains; a
              // tsvector holds at most 1 MB, and no slide carries 100,000 characters of prose.
              const text = raw.replaceAll('\u0000', '').slice(0, maxPageTextLength);
              const layout = result.layouts[start + index];
              return {
                versionId,
                pageNumber: start + index + 1,
                text,
                title: layout?.title ?? null,
                minFontSize: layout?.minFontSize ?? null,
                bodyFontSize: layout?.bodyFontSize ?? null,
                searchVector: sql`to_tsvector('english', ${text})`,
              };
            }),
          );
        }
        const [version] = await tx
          .update(pitchDeckVersions)
          .set({
            status: 'ready',
            failureReason: null,
            pageCount: result.pageCount,
            minFontSize: result.fontSizes?.min ?? null,
            maxFontSize: result.fontSizes?.max ?? null,
            thumbnailKey: result.thumbnailKey,
            processingMs: result.processingMs,
            readyAt: sql`now()`,
          })
          .where(and(eq(pitchDeckVersions.id, versionId), isHeldBy(instanceId)))
          .returning({ pitchDeckId: pitchDeckVersions.pitchDeckId, number: pitchDeckVersions.number });
        // The pages written above go with the rollback.
        if (!version) throw new ClaimLost();
        // Versions may finish out of order (a small new file overtakes a large one): only a
        // newer version than the live one replaces it.
        await tx
          .update(pitchDecks)
          .set({
            liveVersionId: versionId,
            readyAt: sql`coalesce(${pitchDecks.readyAt}, now())`,
            ...deckVectors(storedWords, versionId),
          })
          .where(
            and(
              eq(pitchDecks.id, version.pitchDeckId),
              or(
                isNull(pitchDecks.liveVersionId),
                sql`(select number from pitch_deck_versions where pitch_deck_versions.id = pitch_decks.live_version_id) < ${version.number}`,
              ),
            ),
          );
      });
      return true;
    } catch (error) {
      if (error instanceof ClaimLost) return false;
      throw error;
    }
  }

  /** Fails the version with a reason if `instanceId` still holds it; answers whether it did. The live version stays. */
  async markFailed(versionId: string, instanceId: string, reason: string, processingMs: number): Promise<boolean> {
    const updated = await this.db
      .update(pitchDeckVersions)
      .set({ status: 'failed', failureReason: reason, processingMs })
      .where(and(eq(pitchDeckVersions.id, versionId), isHeldBy(instanceId)))
      .returning({ id: pitchDeckVersions.id });
    return updated.length > 0;
  }

  /**
   * Live decks for an investor: full-text search over title, company, pitch and the live
   * version's page text (websearch syntax, ranked), sector and stage filters, a sort, and one
   * page of rows.
   */
  async searchLive(
    investorId: string,
    query: SearchPitchDecksQuery,
    thesis: ThesisCriteriaValues | null = null,
  ): Promise<{ rows: PitchDeckHit[]; total: number }> {
    const terms = query.q?.trim() ? sql`websearch_to_tsquery('english', ${query.q.trim()})` : null;
    const filters: SQL[] = [isNotNull(pitchDecks.liveVersionId)];
    // A search of stop words only ('the', 'and') has no lexemes; it filters nothing.
    if (terms) filters.push(sql`(numnode(${terms}) = 0 or ${pitchDecks.searchVector} @@ ${terms})`);
    if (query.sector) filters.push(eq(pitchDecks.sector, query.sector));
    if (query.stage) filters.push(eq(pitchDecks.stage, query.stage));
    const fit = thesis ? thesisFitOf(boundThesis(thesis)) : null;
    if (fit && query.matchesThesis) filters.push(fit.isMatch);

    const order: SQL[] = [];
    // Title, company and pitch hits first; decks that match only in their page text follow. Words
    // typed are what was asked for, so they rank before the thesis, which then breaks their ties.
    if (query.sort === 'relevance' && terms) order.push(sql`ts_rank(${pitchDecks.rankVector}, ${terms}) desc`);
    // Browse: best fit first, ties newest first. Without a thesis the plan stays the index's.
    if (fit && query.sort === 'relevance') order.push(sql`${fit.score} desc`);
    if (query.sort === 'amount_asc') order.push(sql`${pitchDecks.amountSought} asc`);
    if (query.sort === 'amount_desc') order.push(sql`${pitchDecks.amountSought} desc`);
    order.push(sql`${pitchDecks.readyAt} desc`, sql`${pitchDecks.id} desc`);

    // The page and the count run apart: a window count would make every match's row be read
    // before the first page could be cut, while alone each uses its index.
    const [rows, [count]] = await Promise.all([
      this.db
        .select({ ...hitColumns, ...(fit?.columns ?? noFitColumns) })
        .from(pitchDecks)
        .innerJoin(liveVersion, eq(liveVersion.id, pitchDecks.liveVersionId))
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
      rows: rows.map((row) => toHitWithFit(row, fit !== null)),
      total: count?.total ?? 0,
    };
  }

  /** The investor's thesis criteria as stored; undefined before their info is saved. */
  async findThesisCriteria(investorId: string): Promise<ThesisCriteriaValues | undefined> {
    const [row] = await this.db
      .select({
        sectors: investorInfos.sectors,
        stages: investorInfos.stages,
        chequeSizeMin: investorInfos.chequeSizeMin,
        chequeSizeMax: investorInfos.chequeSizeMax,
        places: investorInfos.places,
      })
      .from(investorInfos)
      .where(eq(investorInfos.investorId, investorId))
      .limit(1);
    return row;
  }

  /**
   * Each investor's decks that first went live in [from, to) and meet every criterion of their
   * thesis, oldest first per investor: the weekly matches. Investors whose info names no
   * criterion match nothing.
   */
  async findThesisMatchesReadyBetween(from: Date, to: Date): Promise<ThesisMatch[]> {
    const fit = thesisFitOf(storedThesis);
    const rows = await this.db
      .select({
        investorId: investorInfos.investorId,
        pitchDeckId: pitchDecks.id,
        company: pitchDecks.company,
        title: pitchDecks.title,
        sector: pitchDecks.sector,
        stage: pitchDecks.stage,
        amountSought: pitchDecks.amountSought,
        location: pitchDecks.location,
        readyAt: pitchDecks.readyAt,
        sectors: investorInfos.sectors,
        stages: investorInfos.stages,
        chequeSizeMin: investorInfos.chequeSizeMin,
        chequeSizeMax: investorInfos.chequeSizeMax,
        places: investorInfos.places,
        ...fit.columns,
      })
      .from(pitchDecks)
      .innerJoin(investorInfos, fit.isMatch)
      .where(
        and(
          isNotNull(pitchDecks.liveVersionId),
          sql`${pitchDecks.readyAt} >= ${from.toISOString()}::timestamptz`,
          sql`${pitchDecks.readyAt} < ${to.toISOString()}::timestamptz`,
        ),
      )
      .orderBy(asc(investorInfos.investorId), asc(pitchDecks.readyAt), asc(pitchDecks.id));
    return rows.map((row) => ({
      investorId: row.investorId,
      pitchDeckId: row.pitchDeckId,
      company: row.company,
      title: row.title,
      sector: row.sector,
      stage: row.stage,
      amountSought: row.amountSought,
      location: row.location,
      // The filter above admits only decks that went live.
      readyAt: row.readyAt ?? to,
      criteria: {
        sectors: row.sectors,
        stages: row.stages,
        chequeSizeMin: row.chequeSizeMin,
        chequeSizeMax: row.chequeSizeMax,
        places: row.places,
      },
      fit: fitFacts(row),
    }));
  }

  /**
   * Every live deck's name and card facts, in id order: what the copilot matches a deck named in
   * a question against (company or title, fuzzily), which full-text search cannot do for a typo.
   * Narrow columns over the live decks' partial index; a thousand decks are a few dozen kB.
   */
  async findLiveNames(): Promise<LiveDeckName[]> {
    return this.db
      .select({
        id: pitchDecks.id,
        company: pitchDecks.company,
        title: pitchDecks.title,
        sector: pitchDecks.sector,
        stage: pitchDecks.stage,
        location: pitchDecks.location,
        amountSought: pitchDecks.amountSought,
        readyAt: pitchDecks.readyAt,
      })
      .from(pitchDecks)
      .where(isNotNull(pitchDecks.liveVersionId))
      .orderBy(asc(pitchDecks.id));
  }

  /** A live deck with its live version, its founder's name and `investorId`'s own interest. */
  async findLiveHit(
    id: string,
    investorId: string,
    thesis: ThesisCriteriaValues | null = null,
  ): Promise<PitchDeckHit | undefined> {
    const fit = thesis ? thesisFitOf(boundThesis(thesis)) : null;
    const [row] = await this.db
      .select({ ...hitColumns, ...(fit?.columns ?? noFitColumns) })
      .from(pitchDecks)
      .innerJoin(liveVersion, eq(liveVersion.id, pitchDecks.liveVersionId))
      .innerJoin(accounts, eq(accounts.id, pitchDecks.founderId))
      .leftJoin(interests, and(eq(interests.pitchDeckId, pitchDecks.id), eq(interests.investorId, investorId)))
      .where(eq(pitchDecks.id, id))
      .limit(1);
    return row ? toHitWithFit(row, fit !== null) : undefined;
  }

  /**
   * The live decks of the named founders, newest first, each with its live version and its
   * founder's name: a mentor's list of the decks of everyone they help.
   */
  async findLiveWithVersionsByFounderIds(
    founderIds: string[],
  ): Promise<(PitchDeck & { live: DeckVersion; founderName: string })[]> {
    if (founderIds.length === 0) return [];
    const rows = await this.selectLiveWithVersions()
      .where(inArray(pitchDecks.founderId, founderIds))
      .orderBy(desc(pitchDecks.readyAt), desc(pitchDecks.id));
    return rows.map((row) => ({ ...row, status: 'ready' as const }));
  }

  /** One live deck with its live version and its founder's name; undefined when it is not live. */
  async findLiveWithVersionById(
    id: string,
  ): Promise<(PitchDeck & { live: DeckVersion; founderName: string }) | undefined> {
    const [row] = await this.selectLiveWithVersions().where(eq(pitchDecks.id, id));
    return row && { ...row, status: 'ready' as const };
  }

  private selectLiveWithVersions() {
    return this.db
      .select({ ...storedDeckColumns, founderName: accounts.name, live: versionColumns })
      .from(pitchDecks)
      .innerJoin(pitchDeckVersions, eq(pitchDeckVersions.id, pitchDecks.liveVersionId))
      .innerJoin(accounts, eq(accounts.id, pitchDecks.founderId));
  }

  /**
   * A founder's live decks, newest first, each with its live version's page count: what a company
   * page lists (`pitch_decks_founder_idx`, then each deck's live version by primary key).
   */
  async findLiveByFounderId(founderId: string): Promise<(PitchDeck & { pageCount: number | null })[]> {
    const rows = await this.db
      .select({ ...storedDeckColumns, pageCount: liveVersion.pageCount })
      .from(pitchDecks)
      .innerJoin(liveVersion, eq(liveVersion.id, pitchDecks.liveVersionId))
      .where(eq(pitchDecks.founderId, founderId))
      .orderBy(desc(pitchDecks.readyAt), desc(pitchDecks.id));
    return rows.map((row) => ({ ...row, status: 'ready' as const }));
  }

  /**
   * For each deck, a short passage of its live version's page text around the search terms,
   * matches wrapped in « ». Only the decks of one answer page are highlighted, so the cost stays
   * bounded.
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
        select distinct on (${pitchDecks.id}) ${pitchDecks.id} as id, ${pitchDeckPages.text} as text
        from ${pitchDeckPages}
        inner join ${pitchDecks} on ${pitchDecks.liveVersionId} = ${pitchDeckPages.versionId}
        where ${inArray(pitchDecks.id, ids)} and ${pitchDeckPages.searchVector} @@ ${terms}
        order by ${pitchDecks.id}, ${pitchDeckPages.pageNumber}
      ) as first`);
    return new Map(rowsOf<{ id: string; excerpt: string }>(rows).map((row) => [row.id, row.excerpt]));
  }

  /**
   * Adds one report of a viewing session: creates the session on its first report (for this
   * deck, version and investor only, inside the investor's current view of the deck) and adds
   * seconds per page.
   * Nothing is written unless both bounds hold: the session's own (no more time than since it
   * began) and the reader's across all their sessions (no claim ahead of the wall clock).
   */
  async recordView(input: {
    viewId: string;
    pitchDeckId: string;
    versionId: string;
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
            versionId: input.versionId,
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
              eq(deckViews.versionId, input.versionId),
              eq(deckViews.investorId, input.investorId),
              // A session cannot hold more reading time than has passed since it began (plus a
              // minute for clocks and the first report), however its reports are split.
              sql`${deckViews.totalSeconds} + ${totalSeconds} <= extract(epoch from now() - ${deckViews.startedAt}) + 60`,
            ),
          )
          .returning({ id: deckViews.id });
        if (!view) {
          const [existing] = await tx
            .select({
              pitchDeckId: deckViews.pitchDeckId,
              versionId: deckViews.versionId,
              investorId: deckViews.investorId,
            })
            .from(deckViews)
            .where(eq(deckViews.id, input.viewId));
          // A session id another investor, deck or version already uses is not this caller's to extend.
          const isOwn =
            existing?.pitchDeckId === input.pitchDeckId &&
            existing.versionId === input.versionId &&
            existing.investorId === input.investorId;
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

  /** The version a viewing session of this deck and investor reads, if the session exists. */
  async findSessionVersionId(viewId: string, pitchDeckId: string, investorId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ versionId: deckViews.versionId })
      .from(deckViews)
      .where(
        and(eq(deckViews.id, viewId), eq(deckViews.pitchDeckId, pitchDeckId), eq(deckViews.investorId, investorId)),
      );
    return row?.versionId;
  }

  /** Per-page totals of a version's viewing sessions, and where each view stopped. */
  async findPageStats(versionId: string): Promise<DeckPageStats> {
    const [pages, exits] = await Promise.all([
      this.db
        .select({
          page: deckPageViews.pageNumber,
          seconds: sql<number>`sum(${deckPageViews.seconds})`.mapWith(Number),
          views: sql<number>`count(distinct ${deckViews.visitId})`.mapWith(Number),
        })
        .from(deckPageViews)
        .innerJoin(deckViews, eq(deckViews.id, deckPageViews.viewId))
        .where(eq(deckViews.versionId, versionId))
        .groupBy(deckPageViews.pageNumber),
      // Where each view stopped: the furthest page any of its sessions reached.
      this.db
        .select({ page: sql<number>`furthest`.mapWith(Number), exits: sql<number>`count(*)`.mapWith(Number) })
        .from(
          this.db
            .select({ furthest: sql<number>`max(${deckViews.furthestPage})`.as('furthest') })
            .from(deckViews)
            .where(eq(deckViews.versionId, versionId))
            .groupBy(deckViews.visitId)
            .as('visits'),
        )
        .groupBy(sql`furthest`),
    ]);
    return { pages, exits };
  }

  /**
   * One row per investor who viewed the version, named from the accounts and investor-info tables
   * in the same query (reads only): the analytics page lists every viewer at once.
   */
  async findViewers(versionId: string): Promise<DeckViewer[]> {
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
      .where(eq(deckViews.versionId, versionId))
      .groupBy(deckViews.investorId, accounts.name)
      .orderBy(sql`max(${deckViews.lastSeenAt}) desc`);
  }
}
