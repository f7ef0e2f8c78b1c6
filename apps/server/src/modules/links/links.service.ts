import type { Readable } from 'node:stream';
import type { DataRoomItem } from '@deckvalid/contract/datarooms';
import {
  type CreateLinkBody,
  type CreateRoomLinkBody,
  type DeckLink,
  type LinkVisitor,
  linkLimits,
  linkSettingsNeedingEmail,
  linkViewerPath,
  type SharedDeck,
  type UpdateLinkBody,
  type UpdateRoomLinkBody,
} from '@deckvalid/contract/links';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { randomSecret } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { hashPassword } from '@/modules/auth/password';
import { linkStateAt } from './links.policy';
import type {
  Link,
  LinkDayFigures,
  LinkDayRange,
  LinkPeriodFigures,
  LinkSettings,
  LinksRepository,
  LinkWithCounts,
} from './links.repository';

/** What the links module asks of the decks module: ownership (404 for anyone else) and versions. */
export type LinkDecks = {
  requireOwnDeck(principal: Principal, pitchDeckId: string): Promise<{ id: string; founderId: string }>;
  findDeckVersion(
    pitchDeckId: string,
    number?: number,
  ): Promise<{ version: { id: string; status: string } | undefined } | undefined>;
};

/**
 * What the links module asks of the data rooms module: the founder's own room (404 for anyone
 * else's), and for a visitor whose viewer token was checked, the room's tree and files.
 */
export type LinkRooms = {
  requireOwn(principal: Principal, roomId: string): Promise<{ id: string }>;
  itemsForVisitor(roomId: string): Promise<DataRoomItem[]>;
  fileItemForVisitor(roomId: string, itemId: string): Promise<DataRoomItem>;
  readFileForVisitor(
    roomId: string,
    itemId: string,
  ): Promise<{ stream: Readable; size: number; mime: string; name: string }>;
};

/** What a founder's link calls name: one of their decks, or one of their data rooms. */
export type LinkOwner = { pitchDeckId: string } | { dataRoomId: string };

/** Bytes of randomness in a slug: 192 bits, 32 base64url characters. */
const slugBytes = 24;

export const linkNotFound = () =>
  new AppError('NOT_FOUND', 'This share link does not exist here.', { reason: 'LINK_NOT_FOUND' });

const invalidField = (path: string, message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }], in: 'body' });

/** Passcodes are hashed as passwords are (argon2id on its own threads, never on the event loop). */
export const hashPasscode = hashPassword;

const round = (seconds: number) => Math.round(seconds * 10) / 10;

/**
 * A founder's share links to their own decks and data rooms: making them, changing their
 * settings, ending them, and who visited. Every call first asks the decks or the data rooms
 * module for the founder's own deck or room, so another founder's (and its links) answers 404.
 * The visitor's side is LinkAccessService's.
 */
export class LinksService {
  constructor(
    private readonly deps: {
      repo: LinksRepository;
      decks: LinkDecks;
      rooms: LinkRooms;
      clock: Clock;
      publicUrl: string;
    },
  ) {}

  /** The founder's own deck or room, as the link's owner to store; 404 for anyone else's. */
  private async requireOwnTarget(principal: Principal, owner: LinkOwner): Promise<LinkOwner> {
    if ('pitchDeckId' in owner) {
      return { pitchDeckId: (await this.deps.decks.requireOwnDeck(principal, owner.pitchDeckId)).id };
    }
    return { dataRoomId: (await this.deps.rooms.requireOwn(principal, owner.dataRoomId)).id };
  }

  async create(principal: Principal, owner: LinkOwner, body: CreateLinkBody | CreateRoomLinkBody): Promise<DeckLink> {
    const { repo, clock } = this.deps;
    const target = await this.requireOwnTarget(principal, owner);
    this.checkSettings(body, clock.now());
    const count =
      'pitchDeckId' in target
        ? await repo.countByDeckId(target.pitchDeckId)
        : await repo.countByRoomId(target.dataRoomId);
    if (count >= linkLimits.linksPerDeck) {
      const what = 'pitchDeckId' in target ? 'A deck' : 'A data room';
      throw new AppError(
        'CONFLICT',
        `${what} may have ${linkLimits.linksPerDeck} share links. End and reuse one, or ask who still needs theirs.`,
      );
    }
    const version = 'version' in body ? body.version : null;
    const settings: LinkSettings = {
      name: body.name,
      requireEmail: body.requireEmail,
      verifyEmail: body.verifyEmail,
      allowList: unique(body.allowList),
      denyList: unique(body.denyList),
      passcodeHash: body.passcode === null ? null : await hashPasscode(body.passcode),
      expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt),
      allowDownload: body.allowDownload,
      watermark: body.watermark,
      agreement: body.agreement,
      notify: body.notify,
      versionId:
        version === null || !('pitchDeckId' in target) ? null : await this.pinnedVersionId(target.pitchDeckId, version),
    };
    const link = await repo.insert({
      id: newId('lnk-'),
      ...target,
      founderId: principal.accountId,
      slug: randomSecret(slugBytes),
      ...settings,
    });
    return this.toDto(link);
  }

  async list(principal: Principal, owner: LinkOwner): Promise<DeckLink[]> {
    const target = await this.requireOwnTarget(principal, owner);
    const links =
      'pitchDeckId' in target
        ? await this.deps.repo.listByDeckIdWithCounts(target.pitchDeckId)
        : await this.deps.repo.listByRoomIdWithCounts(target.dataRoomId);
    return links.map((link) => this.toDto(link));
  }

  /**
   * Changes settings. A visitor's token is judged against the settings of each moment it is
   * used (links.policy.ts `canGrantStillRead`), so a change they would not pass ends it at once.
   */
  async update(
    principal: Principal,
    owner: LinkOwner,
    linkId: string,
    body: UpdateLinkBody | UpdateRoomLinkBody,
  ): Promise<DeckLink> {
    const { repo, clock } = this.deps;
    const link = await this.requireOwnLink(principal, owner, linkId);
    if (link.endedAt) {
      throw new AppError('CONFLICT', 'This link has ended and cannot change. Make a new link instead.');
    }
    const now = clock.now();
    const merged = {
      requireEmail: body.requireEmail ?? link.requireEmail,
      verifyEmail: body.verifyEmail ?? link.verifyEmail,
      allowList: body.allowList ?? link.allowList,
      denyList: body.denyList ?? link.denyList,
      watermark: body.watermark ?? link.watermark,
      // Only an expiry sent now is checked against the clock: one set earlier may since have passed.
      expiresAt: body.expiresAt ?? null,
    };
    this.checkSettings(merged, now);
    const changes: Partial<LinkSettings> = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.requireEmail !== undefined ? { requireEmail: body.requireEmail } : {}),
      ...(body.verifyEmail !== undefined ? { verifyEmail: body.verifyEmail } : {}),
      ...(body.allowList !== undefined ? { allowList: unique(body.allowList) } : {}),
      ...(body.denyList !== undefined ? { denyList: unique(body.denyList) } : {}),
      ...(body.expiresAt !== undefined ? { expiresAt: body.expiresAt === null ? null : new Date(body.expiresAt) } : {}),
      ...(body.allowDownload !== undefined ? { allowDownload: body.allowDownload } : {}),
      ...(body.watermark !== undefined ? { watermark: body.watermark } : {}),
      ...(body.agreement !== undefined ? { agreement: body.agreement } : {}),
      ...(body.notify !== undefined ? { notify: body.notify } : {}),
    };
    if (body.passcode !== undefined) {
      changes.passcodeHash = body.passcode === null ? null : await hashPasscode(body.passcode);
    }
    if ('version' in body && body.version !== undefined && link.pitchDeckId !== null) {
      changes.versionId = body.version === null ? null : await this.pinnedVersionId(link.pitchDeckId, body.version);
    }
    await repo.update(
      link.id,
      changes,
      {
        // A passcode set again is a new one, even with the same text: the founder means to re-gate.
        isPasscodeNew: typeof body.passcode === 'string',
        isAgreementNew: typeof body.agreement === 'string' && body.agreement !== link.agreement,
      },
      now,
    );
    return this.toDto(await this.requireOwnLink(principal, owner, linkId));
  }

  /** Ends the link: its address answers 410 and every visitor's token stops at once. Ending twice is fine. */
  async end(principal: Principal, owner: LinkOwner, linkId: string): Promise<void> {
    const link = await this.requireOwnLink(principal, owner, linkId);
    if (!link.endedAt) await this.deps.repo.end(link.id, this.deps.clock.now());
  }

  /** The decks an investor opened through share links with their own proven email. */
  async sharedWith(principal: Principal): Promise<SharedDeck[]> {
    const decks = await this.deps.repo.findSharedDecks(principal.accountId);
    return decks.map((deck) => ({ ...deck, totalSeconds: round(deck.totalSeconds) }));
  }

  // The reads below check no principal: the trends service that calls them decides whose links
  // may be counted (the founder's own).

  /** Viewing sessions through a founder's links per UTC day, with their reading time. */
  dailyOfFounder(range: LinkDayRange): Promise<LinkDayFigures[]> {
    return this.deps.repo.findDailyByFounderId(range);
  }

  /** Link viewing sessions per deck in the range and the period before it. */
  periodTotalsOfFounder(range: LinkDayRange & { previousFrom: string }): Promise<LinkPeriodFigures[]> {
    return this.deps.repo.findPeriodTotalsByDeck(range);
  }

  async visitors(principal: Principal, owner: LinkOwner, linkId: string): Promise<LinkVisitor[]> {
    const link = await this.requireOwnLink(principal, owner, linkId);
    const rows = await this.deps.repo.findVisitorsByLinkId(link.id);
    return rows.map((row) => ({
      email: row.email,
      isEmailVerified: row.isEmailVerified,
      visits: row.visits,
      firstSeenAt: row.firstSeenAt.toISOString(),
      lastSeenAt: row.lastSeenAt.toISOString(),
      totalSeconds: round(row.totalSeconds),
      pages: row.pages.map(({ page, seconds }) => ({ page, seconds: round(seconds) })),
      furthestPage: row.furthestPage,
      downloaded: row.downloads > 0,
      downloads: row.downloads,
      agreedAt: row.agreedAt?.toISOString() ?? null,
      documents: row.documents.map((document) => ({
        itemId: document.itemId,
        name: document.name,
        opens: document.opens,
        downloads: document.downloads,
        totalSeconds: round(document.pages.reduce((sum, entry) => sum + entry.seconds, 0)),
        pages: document.pages.map(({ page, seconds }) => ({ page, seconds: round(seconds) })),
        pageCount: document.pageCount,
        lastOpenedAt: document.lastOpenedAt.toISOString(),
      })),
    }));
  }

  /** The founder's own deck's or room's link, or 404 (the deck's or room's own 404 first). */
  private async requireOwnLink(principal: Principal, owner: LinkOwner, linkId: string): Promise<LinkWithCounts> {
    const target = await this.requireOwnTarget(principal, owner);
    const link = await this.deps.repo.findByIdWithCounts(linkId);
    const isItsLink =
      'pitchDeckId' in target ? link?.pitchDeckId === target.pitchDeckId : link?.dataRoomId === target.dataRoomId;
    if (!link || !isItsLink) throw linkNotFound();
    return link;
  }

  /** The id of the deck's version numbered `number`, which must be ready to be shown. */
  private async pinnedVersionId(pitchDeckId: string, number: number): Promise<string> {
    const found = await this.deps.decks.findDeckVersion(pitchDeckId, number);
    if (!found?.version) throw invalidField('version', `This deck has no version ${number}.`);
    if (found.version.status !== 'ready') {
      throw invalidField('version', `Version ${number} is not ready to show. Pin a ready version, or none.`);
    }
    return found.version.id;
  }

  /** Settings that cannot work together, and an expiry already past, are refused with the field. */
  private checkSettings(
    settings: {
      requireEmail: boolean;
      verifyEmail: boolean;
      allowList: readonly string[];
      denyList: readonly string[];
      watermark: boolean;
      expiresAt: string | Date | null;
    },
    now: Date,
  ): void {
    if (!settings.requireEmail) {
      for (const field of linkSettingsNeedingEmail) {
        const value = settings[field];
        if (value === true || (Array.isArray(value) && value.length > 0)) {
          throw invalidField(field, `${settingNames[field]} needs the visitor's email: turn on requireEmail too.`);
        }
      }
    }
    if (settings.expiresAt !== null && new Date(settings.expiresAt) <= now) {
      throw invalidField('expiresAt', 'This expiry has already passed. Choose a time in the future, or none.');
    }
  }

  toDto(link: LinkWithCounts): DeckLink {
    return {
      id: link.id,
      pitchDeckId: link.pitchDeckId,
      dataRoomId: link.dataRoomId,
      slug: link.slug,
      url: `${this.deps.publicUrl}${linkViewerPath(link.slug)}`,
      name: link.name,
      requireEmail: link.requireEmail,
      verifyEmail: link.verifyEmail,
      allowList: link.allowList,
      denyList: link.denyList,
      hasPasscode: link.passcodeHash !== null,
      expiresAt: link.expiresAt?.toISOString() ?? null,
      allowDownload: link.allowDownload,
      watermark: link.watermark,
      agreement: link.agreement,
      notify: link.notify,
      version: link.versionNumber,
      state: linkStateAt(link, this.deps.clock.now()),
      endedAt: link.endedAt?.toISOString() ?? null,
      visitCount: link.visitCount,
      visitorCount: link.visitorCount,
      lastVisitAt: link.lastVisitAt?.toISOString() ?? null,
      createdAt: link.createdAt.toISOString(),
      updatedAt: link.updatedAt.toISOString(),
    };
  }
}

const settingNames: Record<(typeof linkSettingsNeedingEmail)[number], string> = {
  verifyEmail: 'Verifying emails',
  allowList: 'An allow list',
  denyList: 'A deny list',
  watermark: 'The watermark',
};

const unique = (entries: readonly string[]) => [...new Set(entries)];

/** What the policies read of a stored link. */
export const linkSubject = (link: Link) => ({
  ...link,
  hasPasscode: link.passcodeHash !== null,
  hasAgreement: link.agreement !== null,
});
