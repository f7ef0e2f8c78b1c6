import type { SharedDeck } from '@deckvalid/contract/links';
import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { rowsOf } from '@/db/rows';
import { endOfUtcDay, startOfUtcDay } from '@/db/utc-days';
import { groupBy } from '@/lib/group-by';
import { accounts } from '@/modules/accounts/accounts.schema';
import { dataRoomItems, dataRooms } from '@/modules/datarooms/datarooms.schema';
import { pitchDecks, pitchDeckVersions } from '@/modules/pitchdecks/pitchdecks.schema';
import {
  deckLinkCodes,
  deckLinkDocumentPages,
  deckLinkDocuments,
  deckLinkGuesses,
  deckLinkPageTimes,
  deckLinks,
  deckLinkTokens,
  deckLinkViews,
  deckLinkVisitors,
} from './links.schema';

/** A link as stored, with the pinned version's number (null: the live version). */
export type Link = {
  id: string;
  /** Exactly one of the two is set: the deck or the data room the link shows. */
  pitchDeckId: string | null;
  dataRoomId: string | null;
  founderId: string;
  slug: string;
  name: string;
  requireEmail: boolean;
  verifyEmail: boolean;
  allowList: string[];
  denyList: string[];
  passcodeHash: string | null;
  passcodeGeneration: number;
  expiresAt: Date | null;
  allowDownload: boolean;
  watermark: boolean;
  agreement: string | null;
  agreementGeneration: number;
  notify: boolean;
  versionId: string | null;
  versionNumber: number | null;
  endedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export type LinkWithCounts = Link & { visitCount: number; visitorCount: number; lastVisitAt: Date | null };

/** The settings a founder writes, as stored. */
export type LinkSettings = Pick<
  Link,
  | 'name'
  | 'requireEmail'
  | 'verifyEmail'
  | 'allowList'
  | 'denyList'
  | 'passcodeHash'
  | 'expiresAt'
  | 'allowDownload'
  | 'watermark'
  | 'agreement'
  | 'notify'
  | 'versionId'
>;

/** What a visitor's calls read of a link's deck: its names and the version the link shows. */
export type LinkDeck = {
  kind: 'deck';
  pitchDeckId: string;
  title: string;
  company: string;
  /** The pinned version, else the live one; null when the deck has none readable yet. */
  version: { id: string; fileKey: string; pageCount: number; number: number } | null;
};

/** What a visitor's calls read of a link's data room: its name and whose it is. */
export type LinkRoom = { kind: 'room'; roomId: string; title: string; company: string };

/** What a link shows. */
export type LinkTarget = LinkDeck | LinkRoom;

/** One data room document as a room link's visitor used it. */
export type LinkDocumentRow = {
  itemId: string;
  name: string;
  opens: number;
  downloads: number;
  lastOpenedAt: Date;
  pageCount: number | null;
  pages: { page: number; seconds: number }[];
};

/** A viewer token's grant, with the visitor it was granted to. */
export type LinkGrant = {
  linkId: string;
  visitorId: string;
  email: string | null;
  isEmailVerified: boolean;
  passcodeGeneration: number | null;
  agreementGeneration: number | null;
  expiresAt: Date;
};

export type LinkVisitorRow = {
  id: string;
  email: string | null;
  isEmailVerified: boolean;
  visits: number;
  downloads: number;
  firstSeenAt: Date;
  lastSeenAt: Date;
  totalSeconds: number;
  furthestPage: number | null;
  agreedAt: Date | null;
  pages: { page: number; seconds: number }[];
  documents: LinkDocumentRow[];
};

/** A visitor may report this much more reading time than has passed (clocks, the first report). */
const readerClockSlackSeconds = 10;

/** A page's reading time as the visitors' answers carry it. */
const pageTime = (row: { page: number; seconds: number }) => ({ page: row.page, seconds: row.seconds });

/** Ends a view report's transaction without writing anything, carrying why. */
class ViewRefused extends Error {
  constructor(readonly outcome: 'not_yours' | 'too_much_time') {
    super(outcome);
  }
}

/** A range of UTC days over one founder's links (to every deck of theirs, or the one named). */
export type LinkDayRange = { founderId: string; from: string; to: string; pitchDeckId?: string };
export type LinkDayFigures = { date: string; views: number; seconds: number };
export type LinkPeriodFigures = { pitchDeckId: string; period: 'current' | 'previous'; views: number; seconds: number };

/** The founder's deck links, or those of the deck named (data rooms' links are not a deck's reading). */
const founderLinks = (founderId: string, pitchDeckId: string | undefined) =>
  pitchDeckId === undefined
    ? and(eq(deckLinks.founderId, founderId), isNotNull(deckLinks.pitchDeckId))
    : and(eq(deckLinks.founderId, founderId), eq(deckLinks.pitchDeckId, pitchDeckId));

const pinned = alias(pitchDeckVersions, 'pinned_version');
const liveVersion = alias(pitchDeckVersions, 'live_version');
const investor = alias(accounts, 'investor');
const founder = alias(accounts, 'founder');

const linkColumns = {
  id: deckLinks.id,
  pitchDeckId: deckLinks.pitchDeckId,
  dataRoomId: deckLinks.dataRoomId,
  founderId: deckLinks.founderId,
  slug: deckLinks.slug,
  name: deckLinks.name,
  requireEmail: deckLinks.requireEmail,
  verifyEmail: deckLinks.verifyEmail,
  allowList: deckLinks.allowList,
  denyList: deckLinks.denyList,
  passcodeHash: deckLinks.passcodeHash,
  passcodeGeneration: deckLinks.passcodeGeneration,
  expiresAt: deckLinks.expiresAt,
  allowDownload: deckLinks.allowDownload,
  watermark: deckLinks.watermark,
  agreement: deckLinks.agreement,
  agreementGeneration: deckLinks.agreementGeneration,
  notify: deckLinks.notify,
  versionId: deckLinks.versionId,
  versionNumber: pinned.number,
  endedAt: deckLinks.endedAt,
  createdAt: deckLinks.createdAt,
  updatedAt: deckLinks.updatedAt,
};

/**
 * The reads of every visitor call, prepared once per repository (named on PostgreSQL, so each
 * connection parses and plans them once): under load, building these queries cost more than
 * running them.
 */
function prepareHotReads(db: Database) {
  return {
    /** A link by its slug, with its deck and the pinned and live versions' files, or its data room. */
    linkBySlug: db
      .select({
        link: linkColumns,
        title: pitchDecks.title,
        company: pitchDecks.company,
        roomName: dataRooms.name,
        founderCompany: founder.company,
        founderName: founder.name,
        pinnedFileKey: pinned.fileKey,
        pinnedPageCount: pinned.pageCount,
        pinnedStatus: pinned.status,
        liveId: liveVersion.id,
        liveNumber: liveVersion.number,
        liveFileKey: liveVersion.fileKey,
        livePageCount: liveVersion.pageCount,
      })
      .from(deckLinks)
      .leftJoin(pitchDecks, eq(pitchDecks.id, deckLinks.pitchDeckId))
      .leftJoin(dataRooms, eq(dataRooms.id, deckLinks.dataRoomId))
      .innerJoin(founder, eq(founder.id, deckLinks.founderId))
      .leftJoin(pinned, eq(pinned.id, deckLinks.versionId))
      .leftJoin(liveVersion, eq(liveVersion.id, pitchDecks.liveVersionId))
      .where(eq(deckLinks.slug, sql.placeholder('slug')))
      .prepare('deck_link_by_slug'),
    /** The grant a viewer token's hash stands for, with its visitor's email. */
    grantByToken: db
      .select({
        linkId: deckLinkTokens.linkId,
        visitorId: deckLinkTokens.visitorId,
        email: deckLinkVisitors.email,
        isEmailVerified: deckLinkTokens.isEmailVerified,
        passcodeGeneration: deckLinkTokens.passcodeGeneration,
        agreementGeneration: deckLinkTokens.agreementGeneration,
        expiresAt: deckLinkTokens.expiresAt,
      })
      .from(deckLinkTokens)
      .innerJoin(deckLinkVisitors, eq(deckLinkVisitors.id, deckLinkTokens.visitorId))
      .where(eq(deckLinkTokens.tokenHash, sql.placeholder('tokenHash')))
      .prepare('deck_link_grant_by_token'),
  };
}

/**
 * Share links, their visitors, viewer tokens, mailed codes, wrong guesses and reading: the only
 * writer of the links module's tables. Reads (never writes) the deck and its versions in the same
 * query as the link, since every visitor call needs both (see .dependency-cruiser.cjs).
 */
export class LinksRepository {
  private readonly hotReads: ReturnType<typeof prepareHotReads>;

  constructor(private readonly db: Database) {
    this.hotReads = prepareHotReads(db);
  }

  async insert(
    link: LinkSettings & { id: string; founderId: string; slug: string } & (
        | { pitchDeckId: string; dataRoomId?: never }
        | { dataRoomId: string; pitchDeckId?: never }
      ),
  ) {
    await this.db.insert(deckLinks).values(link);
    const stored = await this.findByIdWithCounts(link.id);
    if (!stored) throw new Error(`link ${link.id} vanished after its insert`);
    return stored;
  }

  countByDeckId(pitchDeckId: string): Promise<number> {
    return this.db.$count(deckLinks, eq(deckLinks.pitchDeckId, pitchDeckId));
  }

  countByRoomId(dataRoomId: string): Promise<number> {
    return this.db.$count(deckLinks, eq(deckLinks.dataRoomId, dataRoomId));
  }

  private selectWithCounts() {
    const visits = this.db
      .select({
        linkId: deckLinkVisitors.linkId,
        visitCount: sql<number>`sum(${deckLinkVisitors.visits})::int`.as('visit_count'),
        visitorCount: sql<number>`count(*)::int`.as('visitor_count'),
        lastVisitAt: sql<Date>`max(${deckLinkVisitors.lastSeenAt})`.as('last_visit_at'),
      })
      .from(deckLinkVisitors)
      .groupBy(deckLinkVisitors.linkId)
      .as('visits');
    return this.db
      .select({
        ...linkColumns,
        visitCount: sql<number>`coalesce(${visits.visitCount}, 0)`.mapWith(Number),
        visitorCount: sql<number>`coalesce(${visits.visitorCount}, 0)`.mapWith(Number),
        lastVisitAt: sql<Date | null>`${visits.lastVisitAt}`.mapWith((value: string | Date | null) =>
          value === null ? null : new Date(value),
        ),
      })
      .from(deckLinks)
      .leftJoin(pinned, eq(pinned.id, deckLinks.versionId))
      .leftJoin(visits, eq(visits.linkId, deckLinks.id));
  }

  async findByIdWithCounts(id: string): Promise<LinkWithCounts | undefined> {
    const [row] = await this.selectWithCounts().where(eq(deckLinks.id, id));
    return row;
  }

  listByDeckIdWithCounts(pitchDeckId: string): Promise<LinkWithCounts[]> {
    return this.selectWithCounts()
      .where(eq(deckLinks.pitchDeckId, pitchDeckId))
      .orderBy(desc(deckLinks.createdAt), desc(deckLinks.id));
  }

  listByRoomIdWithCounts(dataRoomId: string): Promise<LinkWithCounts[]> {
    return this.selectWithCounts()
      .where(eq(deckLinks.dataRoomId, dataRoomId))
      .orderBy(desc(deckLinks.createdAt), desc(deckLinks.id));
  }

  /** The link by its address, with what a visitor reads of its deck or room, in one query. */
  async findBySlugWithTarget(slug: string): Promise<{ link: Link; target: LinkTarget } | undefined> {
    const [row] = await this.hotReads.linkBySlug.execute({ slug });
    if (!row) return undefined;
    const { link } = row;
    if (link.dataRoomId !== null) {
      if (row.roomName === null) return undefined;
      const company = row.founderCompany?.trim() || row.founderName;
      return { link, target: { kind: 'room', roomId: link.dataRoomId, title: row.roomName, company } };
    }
    if (link.pitchDeckId === null || row.title === null || row.company === null) return undefined;
    let version: LinkDeck['version'] = null;
    if (link.versionId) {
      if (row.pinnedStatus === 'ready' && row.pinnedFileKey && row.pinnedPageCount !== null) {
        version = {
          id: link.versionId,
          fileKey: row.pinnedFileKey,
          pageCount: row.pinnedPageCount,
          number: link.versionNumber ?? 0,
        };
      }
    } else if (row.liveId && row.liveFileKey && row.livePageCount !== null && row.liveNumber !== null) {
      version = { id: row.liveId, fileKey: row.liveFileKey, pageCount: row.livePageCount, number: row.liveNumber };
    }
    return {
      link,
      target: { kind: 'deck', pitchDeckId: link.pitchDeckId, title: row.title, company: row.company, version },
    };
  }

  /**
   * Writes changed settings; a new passcode or agreement text raises its generation in the same
   * statement, so tokens granted under the old one no longer match.
   */
  async update(
    id: string,
    changes: Partial<LinkSettings>,
    { isPasscodeNew, isAgreementNew }: { isPasscodeNew: boolean; isAgreementNew: boolean },
    now: Date,
  ): Promise<void> {
    await this.db
      .update(deckLinks)
      .set({
        ...changes,
        ...(isPasscodeNew ? { passcodeGeneration: sql`${deckLinks.passcodeGeneration} + 1` } : {}),
        ...(isAgreementNew ? { agreementGeneration: sql`${deckLinks.agreementGeneration} + 1` } : {}),
        updatedAt: now,
      })
      .where(eq(deckLinks.id, id));
  }

  /** Ends the link and every token of it (they would be refused anyway; this keeps none around). */
  async end(id: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(deckLinks).set({ endedAt: now, updatedAt: now }).where(eq(deckLinks.id, id));
      await tx.delete(deckLinkTokens).where(eq(deckLinkTokens.linkId, id));
    });
  }

  // Wrong guesses ------------------------------------------------------------------------------

  /** Wrong guesses of the visitor in the window still running at `now`, and when it ends. */
  async findGuesses(linkId: string, visitorKey: string, now: Date, windowMs: number) {
    const [row] = await this.db
      .select({ wrong: deckLinkGuesses.wrong, windowStartedAt: deckLinkGuesses.windowStartedAt })
      .from(deckLinkGuesses)
      .where(and(eq(deckLinkGuesses.linkId, linkId), eq(deckLinkGuesses.visitorKey, visitorKey)));
    if (!row || row.windowStartedAt.getTime() + windowMs <= now.getTime()) return { wrong: 0, endsAt: null };
    return { wrong: row.wrong, endsAt: new Date(row.windowStartedAt.getTime() + windowMs) };
  }

  /** Counts one wrong guess (a window past its end starts again); answers the window's count and end. */
  async addWrongGuess(linkId: string, visitorKey: string, now: Date, windowMs: number) {
    const windowStart = new Date(now.getTime() - windowMs);
    const isStale = sql`${deckLinkGuesses.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(deckLinkGuesses)
      .values({ linkId, visitorKey, wrong: 1, windowStartedAt: now })
      .onConflictDoUpdate({
        target: [deckLinkGuesses.linkId, deckLinkGuesses.visitorKey],
        set: {
          wrong: sql`case when ${isStale} then 1 else ${deckLinkGuesses.wrong} + 1 end`,
          windowStartedAt: sql`case when ${isStale} then ${now.toISOString()}::timestamptz else ${deckLinkGuesses.windowStartedAt} end`,
        },
      })
      .returning({ wrong: deckLinkGuesses.wrong, windowStartedAt: deckLinkGuesses.windowStartedAt });
    if (!row) throw new Error('a guess upsert answered no row');
    return { wrong: row.wrong, endsAt: new Date(row.windowStartedAt.getTime() + windowMs) };
  }

  async clearGuesses(linkId: string, visitorKey: string): Promise<void> {
    await this.db
      .delete(deckLinkGuesses)
      .where(and(eq(deckLinkGuesses.linkId, linkId), eq(deckLinkGuesses.visitorKey, visitorKey)));
  }

  // Mailed codes --------------------------------------------------------------------------------

  /**
   * Stores a new code for the address (replacing any before it), unless `maxPerWindow` were
   * mailed in the window already; answers whether it was stored (and may be mailed).
   */
  async storeCode(input: {
    linkId: string;
    email: string;
    codeHash: string;
    expiresAt: Date;
    now: Date;
    windowMs: number;
    maxPerWindow: number;
  }): Promise<boolean> {
    const windowStart = new Date(input.now.getTime() - input.windowMs);
    const isStale = sql`${deckLinkCodes.windowStartedAt} <= ${windowStart.toISOString()}::timestamptz`;
    const [row] = await this.db
      .insert(deckLinkCodes)
      .values({
        linkId: input.linkId,
        email: input.email,
        codeHash: input.codeHash,
        expiresAt: input.expiresAt,
        sentInWindow: 1,
        windowStartedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [deckLinkCodes.linkId, deckLinkCodes.email],
        set: {
          codeHash: input.codeHash,
          expiresAt: input.expiresAt,
          sentInWindow: sql`case when ${isStale} then 1 else ${deckLinkCodes.sentInWindow} + 1 end`,
          windowStartedAt: sql`case when ${isStale} then ${input.now.toISOString()}::timestamptz else ${deckLinkCodes.windowStartedAt} end`,
        },
        setWhere: sql`${isStale} or ${deckLinkCodes.sentInWindow} < ${input.maxPerWindow}`,
      })
      .returning({ email: deckLinkCodes.email });
    return row !== undefined;
  }

  /** The live code's hash for the address, if one was mailed and has not expired at `now`. */
  async findCodeHash(linkId: string, email: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ codeHash: deckLinkCodes.codeHash, expiresAt: deckLinkCodes.expiresAt })
      .from(deckLinkCodes)
      .where(and(eq(deckLinkCodes.linkId, linkId), eq(deckLinkCodes.email, email)));
    return row && row.expiresAt > now ? row.codeHash : undefined;
  }

  /** A used code cannot be used again (the row's send count stays for the mailing limit). */
  async spendCode(linkId: string, email: string, now: Date): Promise<void> {
    await this.db
      .update(deckLinkCodes)
      .set({ expiresAt: now })
      .where(and(eq(deckLinkCodes.linkId, linkId), eq(deckLinkCodes.email, email)));
  }

  // Visitors and tokens -------------------------------------------------------------------------

  /**
   * A pass through the gate: the visitor (by email, else a new anonymous one) gets one more visit,
   * their verification and agreement are recorded, and the token is stored. Answers the visitor
   * and whether this was their first visit.
   */
  async grant(input: {
    visitorId: string;
    linkId: string;
    email: string | null;
    isEmailVerified: boolean;
    hasAgreed: boolean;
    tokenHash: string;
    passcodeGeneration: number | null;
    agreementGeneration: number | null;
    expiresAt: Date;
    now: Date;
  }): Promise<{ visitorId: string; isFirstVisit: boolean }> {
    const values = {
      id: input.visitorId,
      linkId: input.linkId,
      email: input.email,
      emailVerifiedAt: input.isEmailVerified ? input.now : null,
      agreedAt: input.hasAgreed ? input.now : null,
      visits: 1,
      firstSeenAt: input.now,
      lastSeenAt: input.now,
    };
    const insertVisitor = this.db.insert(deckLinkVisitors).values(values);
    const visitor = (
      input.email === null
        ? insertVisitor
        : insertVisitor.onConflictDoUpdate({
            target: [deckLinkVisitors.linkId, deckLinkVisitors.email],
            targetWhere: isNotNull(deckLinkVisitors.email),
            set: {
              visits: sql`${deckLinkVisitors.visits} + 1`,
              lastSeenAt: input.now,
              ...(input.isEmailVerified ? { emailVerifiedAt: input.now } : {}),
              ...(input.hasAgreed ? { agreedAt: input.now } : {}),
            },
          })
    ).returning({ id: deckLinkVisitors.id, visits: deckLinkVisitors.visits });
    // One statement, so one round trip and atomic without a transaction: the gate's every pass
    // writes both rows, and a link sent to many people meets them at once. (`getSQL()`: drizzle
    // would put a query builder in parentheses, which a data-modifying WITH does not take.)
    const result = await this.db.execute(sql`
      with visitor as (${visitor.getSQL()})
      insert into ${deckLinkTokens} (token_hash, link_id, visitor_id, is_email_verified, passcode_generation,
        agreement_generation, expires_at)
      select ${input.tokenHash}, ${input.linkId}, visitor.id, ${input.isEmailVerified},
        ${input.passcodeGeneration}::int, ${input.agreementGeneration}::int, ${input.expiresAt.toISOString()}::timestamptz
      from visitor
      returning visitor_id, (select visits from visitor) as visits`);
    const [row] = rowsOf<{ visitor_id: string; visits: number | string }>(result);
    if (!row) throw new Error('a visitor upsert answered no row');
    return { visitorId: row.visitor_id, isFirstVisit: Number(row.visits) === 1 };
  }

  /** The grant a token hash stands for, with its visitor's email. */
  async findGrant(tokenHash: string): Promise<LinkGrant | undefined> {
    const [row] = await this.hotReads.grantByToken.execute({ tokenHash });
    return row;
  }

  /** A room document opened in the viewer, or downloaded, by a room link's visitor. */
  async recordDocumentUse(input: {
    visitorId: string;
    itemId: string;
    use: 'open' | 'download';
    now: Date;
  }): Promise<void> {
    const isOpen = input.use === 'open';
    await this.db
      .insert(deckLinkDocuments)
      .values({
        visitorId: input.visitorId,
        itemId: input.itemId,
        opens: isOpen ? 1 : 0,
        downloads: isOpen ? 0 : 1,
        lastOpenedAt: input.now,
      })
      .onConflictDoUpdate({
        target: [deckLinkDocuments.visitorId, deckLinkDocuments.itemId],
        set: isOpen
          ? { opens: sql`${deckLinkDocuments.opens} + 1`, lastOpenedAt: input.now }
          : { downloads: sql`${deckLinkDocuments.downloads} + 1`, lastOpenedAt: input.now },
      });
    if (!isOpen) await this.recordDownload(input.visitorId, input.now);
  }

  async recordDownload(visitorId: string, now: Date): Promise<void> {
    await this.db
      .update(deckLinkVisitors)
      .set({ downloads: sql`${deckLinkVisitors.downloads} + 1`, lastSeenAt: now })
      .where(eq(deckLinkVisitors.id, visitorId));
  }

  /** Tokens past their expiry (the upkeep job); answers how many went. */
  async deleteExpiredTokens(now: Date): Promise<number> {
    const gone = await this.db
      .delete(deckLinkTokens)
      .where(lt(deckLinkTokens.expiresAt, now))
      .returning({ tokenHash: deckLinkTokens.tokenHash });
    return gone.length;
  }

  /**
   * Adds reading time of one viewing session, refused as investors' reading is: a visitor cannot
   * report more time than has passed across their sessions, nor a session more than since it
   * began; a session id another visitor uses is not theirs.
   */
  async recordView(input: {
    viewId: string;
    visitorId: string;
    /** The data room document read; undefined for a deck's link. */
    itemId?: string;
    pages: { page: number; seconds: number }[];
  }): Promise<'recorded' | 'not_yours' | 'too_much_time'> {
    try {
      return await this.db.transaction(async (tx) => {
        const totalSeconds = input.pages.reduce((sum, entry) => sum + entry.seconds, 0);
        // A room's documents each have their own pages: the furthest page is a deck's alone.
        const furthestPage = input.itemId === undefined ? Math.max(...input.pages.map((entry) => entry.page)) : null;
        // First: the visitor's row lock orders concurrent reports of one visitor.
        const claim = sql`greatest(coalesce(${deckLinkVisitors.readUntil}, now() - make_interval(secs => ${totalSeconds})), now() - make_interval(secs => ${totalSeconds})) + make_interval(secs => ${totalSeconds})`;
        const [claimed] = await tx
          .update(deckLinkVisitors)
          .set({
            readUntil: claim,
            totalSeconds: sql`${deckLinkVisitors.totalSeconds} + ${totalSeconds}`,
            furthestPage: sql`greatest(${deckLinkVisitors.furthestPage}, ${furthestPage}::int)`,
          })
          .where(
            and(
              eq(deckLinkVisitors.id, input.visitorId),
              sql`${claim} <= now() + make_interval(secs => ${readerClockSlackSeconds})`,
            ),
          )
          .returning({ id: deckLinkVisitors.id });
        if (!claimed) throw new ViewRefused('too_much_time');
        await tx
          .insert(deckLinkViews)
          .values({ id: input.viewId, visitorId: input.visitorId })
          .onConflictDoNothing({ target: deckLinkViews.id });
        const [view] = await tx
          .update(deckLinkViews)
          .set({ totalSeconds: sql`${deckLinkViews.totalSeconds} + ${totalSeconds}` })
          .where(
            and(
              eq(deckLinkViews.id, input.viewId),
              eq(deckLinkViews.visitorId, input.visitorId),
              sql`${deckLinkViews.totalSeconds} + ${totalSeconds} <= extract(epoch from now() - ${deckLinkViews.startedAt}) + 60`,
            ),
          )
          .returning({ id: deckLinkViews.id });
        if (!view) {
          const [existing] = await tx
            .select({ visitorId: deckLinkViews.visitorId })
            .from(deckLinkViews)
            .where(eq(deckLinkViews.id, input.viewId));
          throw new ViewRefused(existing?.visitorId === input.visitorId ? 'too_much_time' : 'not_yours');
        }
        const { itemId } = input;
        if (itemId === undefined) {
          await tx
            .insert(deckLinkPageTimes)
            .values(input.pages.map(({ page, seconds }) => ({ visitorId: input.visitorId, page, seconds })))
            .onConflictDoUpdate({
              target: [deckLinkPageTimes.visitorId, deckLinkPageTimes.page],
              set: { seconds: sql`${deckLinkPageTimes.seconds} + excluded.seconds` },
            });
        } else {
          await tx
            .insert(deckLinkDocumentPages)
            .values(input.pages.map(({ page, seconds }) => ({ visitorId: input.visitorId, itemId, page, seconds })))
            .onConflictDoUpdate({
              target: [deckLinkDocumentPages.visitorId, deckLinkDocumentPages.itemId, deckLinkDocumentPages.page],
              set: { seconds: sql`${deckLinkDocumentPages.seconds} + excluded.seconds` },
            });
          await tx
            .insert(deckLinkDocuments)
            .values({ visitorId: input.visitorId, itemId, lastOpenedAt: sql`now()` })
            .onConflictDoNothing();
        }
        return 'recorded' as const;
      });
    } catch (error) {
      // Thrown inside the transaction so that the visitor's claim rolls back with the rest.
      if (error instanceof ViewRefused) return error.outcome;
      throw error;
    }
  }

  /** A link's visitors, most recently seen first, with their time per page. */
  async findVisitorsByLinkId(linkId: string): Promise<LinkVisitorRow[]> {
    const visitors = await this.db
      .select({
        id: deckLinkVisitors.id,
        email: deckLinkVisitors.email,
        emailVerifiedAt: deckLinkVisitors.emailVerifiedAt,
        visits: deckLinkVisitors.visits,
        downloads: deckLinkVisitors.downloads,
        firstSeenAt: deckLinkVisitors.firstSeenAt,
        lastSeenAt: deckLinkVisitors.lastSeenAt,
        totalSeconds: deckLinkVisitors.totalSeconds,
        furthestPage: deckLinkVisitors.furthestPage,
        agreedAt: deckLinkVisitors.agreedAt,
      })
      .from(deckLinkVisitors)
      .where(eq(deckLinkVisitors.linkId, linkId))
      .orderBy(desc(deckLinkVisitors.lastSeenAt), desc(deckLinkVisitors.id));
    const pages = await this.db
      .select({
        visitorId: deckLinkPageTimes.visitorId,
        page: deckLinkPageTimes.page,
        seconds: deckLinkPageTimes.seconds,
      })
      .from(deckLinkPageTimes)
      .innerJoin(deckLinkVisitors, eq(deckLinkVisitors.id, deckLinkPageTimes.visitorId))
      .where(eq(deckLinkVisitors.linkId, linkId))
      .orderBy(deckLinkPageTimes.page);
    const pagesByVisitor = groupBy(pages, (row) => row.visitorId, pageTime);
    const documentsByVisitor = await this.findDocumentsByLinkId(linkId);
    return visitors.map(({ emailVerifiedAt, ...visitor }) => ({
      ...visitor,
      isEmailVerified: emailVerifiedAt !== null,
      pages: pagesByVisitor.get(visitor.id) ?? [],
      documents: documentsByVisitor.get(visitor.id) ?? [],
    }));
  }

  /**
   * A room link's visitors' documents: each one they opened, downloaded or read, named as it is
   * now, with its time per page; a document deleted from the room went with its reading.
   */
  private async findDocumentsByLinkId(linkId: string): Promise<Map<string, LinkDocumentRow[]>> {
    const used = await this.db
      .select({
        visitorId: deckLinkDocuments.visitorId,
        itemId: deckLinkDocuments.itemId,
        name: dataRoomItems.name,
        pageCount: dataRoomItems.pageCount,
        opens: deckLinkDocuments.opens,
        downloads: deckLinkDocuments.downloads,
        lastOpenedAt: deckLinkDocuments.lastOpenedAt,
      })
      .from(deckLinkDocuments)
      .innerJoin(deckLinkVisitors, eq(deckLinkVisitors.id, deckLinkDocuments.visitorId))
      .innerJoin(dataRoomItems, eq(dataRoomItems.id, deckLinkDocuments.itemId))
      .where(eq(deckLinkVisitors.linkId, linkId))
      .orderBy(desc(deckLinkDocuments.lastOpenedAt), dataRoomItems.name);
    const pages = await this.db
      .select({
        visitorId: deckLinkDocumentPages.visitorId,
        itemId: deckLinkDocumentPages.itemId,
        page: deckLinkDocumentPages.page,
        seconds: deckLinkDocumentPages.seconds,
      })
      .from(deckLinkDocumentPages)
      .innerJoin(deckLinkVisitors, eq(deckLinkVisitors.id, deckLinkDocumentPages.visitorId))
      .where(eq(deckLinkVisitors.linkId, linkId))
      .orderBy(deckLinkDocumentPages.page);
    const documentKey = (row: { visitorId: string; itemId: string }) => `${row.visitorId} ${row.itemId}`;
    const pagesOf = groupBy(pages, documentKey, pageTime);
    return groupBy(
      used,
      (row) => row.visitorId,
      (row): LinkDocumentRow => {
        const { visitorId: _, ...document } = row;
        return { ...document, pages: pagesOf.get(documentKey(row)) ?? [] };
      },
    );
  }

  /**
   * The decks an investor opened through links with their own email, proven by a code: one row
   * per deck across its links, most recently seen first, only while the deck is readable.
   */
  async findSharedDecks(investorId: string): Promise<SharedDeck[]> {
    const rows = await this.db
      .select({
        id: pitchDecks.id,
        title: pitchDecks.title,
        company: pitchDecks.company,
        pageCount: sql<number>`max(${liveVersion.pageCount})::int`,
        founderName: accounts.name,
        firstSeenAt: sql<Date>`min(${deckLinkVisitors.firstSeenAt})`,
        lastSeenAt: sql<Date>`max(${deckLinkVisitors.lastSeenAt})`,
        totalSeconds: sql<number>`sum(${deckLinkVisitors.totalSeconds})::float8`,
        furthestPage: sql<number | null>`max(${deckLinkVisitors.furthestPage})::int`,
      })
      .from(deckLinkVisitors)
      .innerJoin(deckLinks, eq(deckLinks.id, deckLinkVisitors.linkId))
      .innerJoin(pitchDecks, eq(pitchDecks.id, deckLinks.pitchDeckId))
      .innerJoin(liveVersion, eq(liveVersion.id, pitchDecks.liveVersionId))
      .innerJoin(accounts, eq(accounts.id, pitchDecks.founderId))
      .where(
        and(
          isNotNull(deckLinkVisitors.emailVerifiedAt),
          eq(
            deckLinkVisitors.email,
            this.db
              .select({ email: sql<string>`lower(${investor.email})` })
              .from(investor)
              .where(eq(investor.id, investorId)),
          ),
        ),
      )
      .groupBy(pitchDecks.id, accounts.name)
      .orderBy(sql`max(${deckLinkVisitors.lastSeenAt}) desc`, desc(pitchDecks.id));
    return rows.map(({ id, title, company, pageCount, founderName, firstSeenAt, lastSeenAt, ...reading }) => ({
      pitchDeck: { id, title, company, pageCount },
      founderName,
      firstSeenAt: new Date(firstSeenAt).toISOString(),
      lastSeenAt: new Date(lastSeenAt).toISOString(),
      ...reading,
    }));
  }

  /**
   * Viewing sessions opened through a founder's links (to all their decks, or the one named) per
   * UTC day, with their reading time; days without any included (trends).
   */
  async findDailyByFounderId({ founderId, from, to, pitchDeckId }: LinkDayRange): Promise<LinkDayFigures[]> {
    const result = await this.db.execute(sql`
      with daily as (
        select (${deckLinkViews.startedAt} at time zone 'UTC')::date as day,
          count(*)::int as views, sum(${deckLinkViews.totalSeconds})::float8 as seconds
        from ${deckLinkViews}
        inner join ${deckLinkVisitors} on ${deckLinkVisitors.id} = ${deckLinkViews.visitorId}
        inner join ${deckLinks} on ${deckLinks.id} = ${deckLinkVisitors.linkId}
        where ${founderLinks(founderId, pitchDeckId)}
          and ${deckLinkViews.startedAt} >= ${startOfUtcDay(from)}
          and ${deckLinkViews.startedAt} < ${endOfUtcDay(to)}
        group by 1
      )
      select to_char(days.day, 'YYYY-MM-DD') as date, coalesce(daily.views, 0) as views,
        coalesce(daily.seconds, 0) as seconds
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as days(day)
      left join daily on daily.day = days.day::date
      order by days.day`);
    return rowsOf<{ date: string; views: number | string; seconds: number | string }>(result).map((row) => ({
      date: row.date,
      views: Number(row.views),
      seconds: Number(row.seconds),
    }));
  }

  /**
   * Link viewing sessions and their reading time per deck in the range (`current`) and the period
   * of equal length before it (`previous`, from `previousFrom`); decks without any left out.
   */
  async findPeriodTotalsByDeck({
    founderId,
    from,
    to,
    previousFrom,
    pitchDeckId,
  }: LinkDayRange & { previousFrom: string }): Promise<LinkPeriodFigures[]> {
    const result = await this.db.execute(sql`
      select ${deckLinks.pitchDeckId} as pitch_deck_id,
        case when ${deckLinkViews.startedAt} >= ${startOfUtcDay(from)} then 'current' else 'previous' end as period,
        count(*)::int as views, sum(${deckLinkViews.totalSeconds})::float8 as seconds
      from ${deckLinkViews}
      inner join ${deckLinkVisitors} on ${deckLinkVisitors.id} = ${deckLinkViews.visitorId}
      inner join ${deckLinks} on ${deckLinks.id} = ${deckLinkVisitors.linkId}
      where ${founderLinks(founderId, pitchDeckId)}
        and ${deckLinkViews.startedAt} >= ${startOfUtcDay(previousFrom)}
        and ${deckLinkViews.startedAt} < ${endOfUtcDay(to)}
      group by 1, 2`);
    return rowsOf<{
      pitch_deck_id: string;
      period: 'current' | 'previous';
      views: number | string;
      seconds: number | string;
    }>(result).map((row) => ({
      pitchDeckId: row.pitch_deck_id,
      period: row.period,
      views: Number(row.views),
      seconds: Number(row.seconds),
    }));
  }
}
