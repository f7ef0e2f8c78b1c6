import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import {
  type LinkAccessBody,
  type LinkAccessResponse,
  linkLimits,
  type PublicLink,
  type PublicLinkRoom,
  type RecordLinkViewBody,
} from '@deckvalid/contract/links';
import type { EventBus } from '@/core/events';
import type { Clock } from '@/lib/clock';
import { hmacSha256, randomDigits, randomSecret, safeEqual, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { verifyPassword } from '@/modules/auth/password';
import type { MailMessage } from '@/modules/mail/mail.service';
import { canDownload, canEmailOpen, canGrantStillRead, linkStateAt } from './links.policy';
import type { Link, LinkDeck, LinkGrant, LinksRepository, LinkTarget } from './links.repository';
import { type LinkRooms, linkSubject } from './links.service';
import { linkCodeMail } from './links.templates';

/** What the visitor's file calls read of stored files. */
export type LinkFiles = { read(key: string): Promise<Buffer> };

/** Stamps a watermark on every page (watermark-pool.ts, off the event loop). */
export type Stamper = { stamp(data: Uint8Array, lines: string[]): Promise<Uint8Array> };

/**
 * A file a visitor receives: a PDF's bytes (stamped, when the link says so), or a data room file
 * streamed from storage as it is.
 */
export type LinkFile = { filename: string; mime: string } & (
  | { bytes: Uint8Array }
  | { stream: Readable; size: number }
);

const pdfMime = 'application/pdf';

const guessWindowMs = linkLimits.guessWindowMinutes * 60_000;
const hourMs = 60 * 60_000;

/** 404 alike for an address never made and a deck deleted (its links went with it). */
const unknownLink = () =>
  new AppError('NOT_FOUND', 'This link does not exist. Check that the address was copied whole.', {
    reason: 'LINK_NOT_FOUND',
  });

const goneLink = (state: 'ended' | 'expired') =>
  new AppError(
    'GONE',
    state === 'ended'
      ? 'This link was turned off by the person who shared it. Ask them for a new one.'
      : 'This link has expired. Ask the person who shared it for a new one.',
    { reason: state === 'ended' ? 'LINK_ENDED' : 'LINK_EXPIRED' },
  );

const notReadable = () =>
  new AppError('NOT_FOUND', 'This deck is not available to read yet. Try again later.', { reason: 'DECK_NOT_READY' });

/** A deck link's calls on a room link, or a room link's on a deck link: no such thing here. */
const notThisKind = (kind: LinkTarget['kind']) =>
  new AppError(
    'NOT_FOUND',
    kind === 'room'
      ? 'This link shares a data room: open a document from the room.'
      : 'This link shares one deck, not a data room.',
    { reason: 'LINK_KIND' },
  );

const downloadsOff = () =>
  new AppError('FORBIDDEN', 'This link does not allow downloads. You can read the deck in the viewer.');

/** The deck link's target with a readable version, or the refusal a visitor reads. */
function readableDeck(target: LinkTarget): LinkDeck & { version: NonNullable<LinkDeck['version']> } {
  if (target.kind !== 'deck') throw notThisKind(target.kind);
  const { version } = target;
  if (!version) throw notReadable();
  return { ...target, version };
}

const tokenRefused = () =>
  new AppError('UNAUTHORIZED', 'Your access to this link has ended. Open the link again to continue.', {
    reason: 'VIEWER_TOKEN_INVALID',
  });

/** The sentence a 429 says, with the wait as Retry-After. */
const tooManyGuesses = (endsAt: Date, now: Date) => {
  const retryAfterSeconds = Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));
  return new AppError(
    'RATE_LIMITED',
    `Too many wrong tries. Try again in ${Math.ceil(retryAfterSeconds / 60)} minutes.`,
    { retryAfterSeconds },
  );
};

/** What the visitor is opening, in a sentence. */
const nounOf = (target: LinkTarget) => (target.kind === 'deck' ? 'deck' : 'data room');

/** An address a person can read, and only that: the deck's company and title, made safe for a header. */
function attachmentName(deck: LinkDeck): string {
  const name = `${deck.company} - ${deck.title}`.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim();
  return `${name.slice(0, 150) || 'deck'}.pdf`;
}

/**
 * The visitor's side of a share link, without an account: what the gate asks, the pass through
 * it (a viewer token), and with the token the file, the download and reading reports. A token is
 * judged against the link's settings at every use (links.policy.ts `canGrantStillRead`).
 */
export class LinkAccessService {
  constructor(
    private readonly deps: {
      repo: LinksRepository;
      rooms: Pick<LinkRooms, 'itemsForVisitor' | 'fileItemForVisitor' | 'readFileForVisitor'>;
      files: LinkFiles;
      stamper: Stamper;
      events: Pick<EventBus, 'emit'>;
      clock: Clock;
      /** Sends the code mail after the answer (a code is worth nothing by the time a retry would send it). */
      mail: (message: MailMessage) => void;
      mailContext: { productName: string; publicUrl: string };
      /** Keys the code hashes, so a copy of the table alone cannot try a million codes offline. */
      secret: string;
    },
  ) {}

  /** GET /links/{slug}: 404 unknown (or its deck deleted), 410 ended or expired. */
  async describe(slug: string): Promise<PublicLink> {
    const { link, target } = await this.openLink(slug);
    const pageCount = target.kind === 'deck' ? readableDeck(target).version.pageCount : 0;
    return {
      kind: target.kind,
      title: target.title,
      company: target.company,
      pageCount,
      requires: {
        email: link.requireEmail,
        verifyEmail: link.verifyEmail,
        passcode: link.passcodeHash !== null,
        agreement: link.agreement !== null,
      },
      agreement: link.agreement,
      allowDownload: link.allowDownload,
      watermark: link.watermark,
    };
  }

  /**
   * POST /links/{slug}/access: checks the gate in a fixed order and refuses with the first
   * requirement not met. A code is mailed last, once all else is met, so nobody can use a link to
   * mail strangers without its passcode. Wrong passcodes and codes count per link and visitor.
   */
  async access(slug: string, body: LinkAccessBody, clientIp: string): Promise<LinkAccessResponse> {
    const { repo, clock } = this.deps;
    const { link, target } = await this.openLink(slug);
    if (target.kind === 'deck') readableDeck(target);
    const now = clock.now();
    const email = body.email ?? null;
    // A visitor without an email is told apart by their address, hashed: never stored as given.
    const visitorKey = email ?? `ip:${sha256(clientIp)}`;
    // Only a passcode or a code can be guessed: a link with neither has no guesses to count.
    const isGuessable = link.passcodeHash !== null || link.verifyEmail;
    const guesses = isGuessable
      ? await repo.findGuesses(link.id, visitorKey, now, guessWindowMs)
      : { wrong: 0, endsAt: null };
    if (guesses.endsAt && guesses.wrong >= linkLimits.wrongGuesses) throw tooManyGuesses(guesses.endsAt, now);

    if (link.requireEmail && email === null) {
      throw new AppError('EMAIL_REQUIRED', `Enter your email address to open this ${nounOf(target)}.`);
    }
    if (email !== null && !canEmailOpen(link, email)) {
      throw new AppError(
        'EMAIL_NOT_ALLOWED',
        'This email address may not open this link. Ask the person who shared it.',
      );
    }
    if (link.passcodeHash !== null) {
      if (body.passcode === undefined) {
        throw new AppError('PASSCODE_REQUIRED', `Enter the passcode to open this ${nounOf(target)}.`);
      }
      if (!(await verifyPassword(link.passcodeHash, body.passcode))) {
        await this.wrongGuess(link.id, visitorKey, now);
        throw new AppError('PASSCODE_WRONG', 'That passcode is not right. Check it and try again.');
      }
    }
    if (link.agreement !== null && body.agreed !== true) {
      throw new AppError('AGREEMENT_REQUIRED', `Read and accept the agreement to open this ${nounOf(target)}.`);
    }
    let isEmailVerified = false;
    if (link.verifyEmail && email !== null) {
      if (body.code === undefined) {
        await this.sendCode(link, target, email, now);
        throw new AppError(
          'CODE_SENT',
          `We mailed a 6-digit code to ${email}. Enter it to open the ${nounOf(target)}; it works for ${linkLimits.codeMinutes} minutes.`,
        );
      }
      const stored = await repo.findCodeHash(link.id, email, now);
      if (!stored || !safeEqual(stored, this.codeHash(link.id, email, body.code))) {
        await this.wrongGuess(link.id, visitorKey, now);
        throw new AppError(
          'CODE_WRONG',
          'That code is wrong or has expired. Check the latest mail, or ask for a new code.',
        );
      }
      await repo.spendCode(link.id, email, now);
      isEmailVerified = true;
    }

    const viewerToken = randomSecret(32);
    const tokenEnd = now.getTime() + linkLimits.viewerTokenHours * hourMs;
    const expiresAt = new Date(link.expiresAt ? Math.min(tokenEnd, link.expiresAt.getTime()) : tokenEnd);
    const { isFirstVisit } = await repo.grant({
      visitorId: newId('lvr-'),
      linkId: link.id,
      email,
      isEmailVerified,
      hasAgreed: link.agreement !== null,
      tokenHash: sha256(viewerToken),
      passcodeGeneration: link.passcodeHash !== null ? link.passcodeGeneration : null,
      agreementGeneration: link.agreement !== null ? link.agreementGeneration : null,
      expiresAt,
      now,
    });
    if (guesses.wrong > 0) await repo.clearGuesses(link.id, visitorKey);
    this.deps.events.emit('link.visited', {
      linkId: link.id,
      linkName: link.name,
      ...(target.kind === 'deck'
        ? { pitchDeckId: target.pitchDeckId, dataRoomId: null }
        : { pitchDeckId: null, dataRoomId: target.roomId }),
      deckTitle: target.title,
      founderId: link.founderId,
      email,
      isFirstVisit,
      notify: link.notify,
      at: now.toISOString(),
    });
    return { viewerToken, expiresAt: expiresAt.toISOString() };
  }

  /**
   * GET …/file and …/download: the version the link shows, stamped when the link says so. The
   * stamp is in the bytes sent, so a saved or printed copy carries it too.
   */
  async file(
    slug: string,
    authorization: string | undefined,
    { isDownload }: { isDownload: boolean },
  ): Promise<LinkFile> {
    const { link, target, grant } = await this.openWithToken(slug, authorization);
    if (isDownload && !canDownload(link)) throw downloadsOff();
    const deck = readableDeck(target);
    const stored = await this.deps.files.read(deck.version.fileKey);
    const bytes = await this.stamped(link, grant, stored);
    if (isDownload) await this.deps.repo.recordDownload(grant.visitorId, this.deps.clock.now());
    return { bytes, filename: attachmentName(deck), mime: pdfMime };
  }

  /** GET …/room: a data room link's folders and files. */
  async room(slug: string, authorization: string | undefined): Promise<PublicLinkRoom> {
    const { target } = await this.openWithToken(slug, authorization);
    if (target.kind !== 'room') throw notThisKind(target.kind);
    return { name: target.title, items: await this.deps.rooms.itemsForVisitor(target.roomId) };
  }

  /**
   * GET …/items/{itemId}/file and …/download: a data room's document. A processed PDF shows in
   * the viewer, stamped as a deck would be; any other file only downloads, and only when the
   * link allows downloads (a stamp cannot be put on a spreadsheet, so a watermarked link keeps
   * them in the room). Each opening and download is recorded for the founder, per document.
   */
  async roomFile(
    slug: string,
    authorization: string | undefined,
    itemId: string,
    { isDownload }: { isDownload: boolean },
  ): Promise<LinkFile> {
    const { link, target, grant } = await this.openWithToken(slug, authorization);
    if (target.kind !== 'room') throw notThisKind(target.kind);
    const item = await this.deps.rooms.fileItemForVisitor(target.roomId, itemId);
    const isPdf = item.mime === pdfMime;
    if (isDownload && !canDownload(link)) throw downloadsOff();
    if (!isDownload && !(isPdf && item.status === 'ready')) {
      throw new AppError('FORBIDDEN', 'This file cannot be shown here; download it instead, if the link allows.', {
        reason: 'DOWNLOAD_ONLY',
      });
    }
    if (isDownload && !isPdf && link.watermark) {
      throw new AppError(
        'FORBIDDEN',
        'This link marks every page with your email, which this kind of file cannot carry: ask the person who shared it for a copy.',
        { reason: 'WATERMARK_UNSUPPORTED' },
      );
    }
    const file = await this.deps.rooms.readFileForVisitor(target.roomId, item.id);
    await this.deps.repo.recordDocumentUse({
      visitorId: grant.visitorId,
      itemId: item.id,
      use: isDownload ? 'download' : 'open',
      now: this.deps.clock.now(),
    });
    if (!(isPdf && link.watermark)) {
      const mime = isPdf ? pdfMime : 'application/octet-stream';
      return { stream: file.stream, size: file.size, filename: file.name, mime };
    }
    // A stamp needs the whole file: at most the 50 MB a room file may have.
    return { bytes: await this.stamped(link, grant, await buffer(file.stream)), filename: file.name, mime: pdfMime };
  }

  /** A copy of a stored PDF, stamped when the link says so, on a worker (the stamp is in the bytes sent). */
  private async stamped(link: Link, grant: LinkGrant, stored: Buffer): Promise<Uint8Array> {
    // A copy the worker may take: the stored buffer may share its memory with others.
    const bytes: Uint8Array = new Uint8Array(stored);
    if (!link.watermark) return bytes;
    const day = this.deps.clock.now().toISOString().slice(0, 10);
    return this.deps.stamper.stamp(bytes, ['Confidential', grant.email ?? 'Shared by link', day]);
  }

  /** POST …/views: reading time, under the limits investors' reading has; a room link's per document. */
  async recordView(slug: string, authorization: string | undefined, body: RecordLinkViewBody): Promise<void> {
    const { target, grant } = await this.openWithToken(slug, authorization);
    const pageCount = await this.pagesReadable(target, body.itemId);
    const outside = body.pages.find((entry) => entry.page > pageCount);
    if (outside) {
      throw new AppError(
        'VALIDATION_FAILED',
        `This ${body.itemId ? 'document' : 'deck'} has ${pageCount} pages; page ${outside.page} does not exist.`,
      );
    }
    const outcome = await this.deps.repo.recordView({
      viewId: body.sessionId,
      visitorId: grant.visitorId,
      ...(body.itemId ? { itemId: body.itemId } : {}),
      pages: body.pages,
    });
    if (outcome === 'not_yours') {
      throw new AppError('CONFLICT', 'This viewing session belongs to someone else. Reload the page.');
    }
    if (outcome === 'too_much_time') {
      throw new AppError('VALIDATION_FAILED', 'More reading time was reported than has passed. Reload the page.');
    }
  }

  /** Expired tokens leave the table (the module's daily job); a stale token is refused anyway. */
  pruneTokens(): Promise<number> {
    return this.deps.repo.deleteExpiredTokens(this.deps.clock.now());
  }

  /** The pages reading may be reported of: the deck's, or the named room document's (a processed PDF). */
  private async pagesReadable(target: LinkTarget, itemId: string | undefined): Promise<number> {
    if (target.kind === 'deck') {
      if (itemId !== undefined) {
        throw new AppError('VALIDATION_FAILED', 'This link shares one deck: send no itemId.');
      }
      return readableDeck(target).version.pageCount;
    }
    if (itemId === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Name the document read, as itemId.', {
        fields: [{ path: 'itemId', message: 'Name the document read.' }],
        in: 'body',
      });
    }
    const item = await this.deps.rooms.fileItemForVisitor(target.roomId, itemId);
    if (item.status !== 'ready' || item.pageCount === null) {
      throw new AppError('VALIDATION_FAILED', 'This file has no pages to read; it downloads only.');
    }
    return item.pageCount;
  }

  private async openLink(slug: string): Promise<{ link: Link; target: LinkTarget }> {
    const found = await this.deps.repo.findBySlugWithTarget(slug);
    if (!found) throw unknownLink();
    const state = linkStateAt(found.link, this.deps.clock.now());
    if (state !== 'active') throw goneLink(state);
    return found;
  }

  /** The link, its deck and the grant of a token presented for it; 401 for any token that does not stand. */
  private async openWithToken(
    slug: string,
    authorization: string | undefined,
  ): Promise<{ link: Link; target: LinkTarget; grant: LinkGrant }> {
    const token = /^Bearer ([A-Za-z0-9_-]{20,200})$/.exec(authorization ?? '')?.[1];
    if (!token) {
      throw new AppError('UNAUTHORIZED', 'Open the link and pass its gate first.', { reason: 'VIEWER_TOKEN_MISSING' });
    }
    const [found, grant] = await Promise.all([this.openLink(slug), this.deps.repo.findGrant(sha256(token))]);
    // A token of another link is no token here.
    if (!grant || grant.linkId !== found.link.id) throw tokenRefused();
    if (!canGrantStillRead(linkSubject(found.link), grant, this.deps.clock.now())) throw tokenRefused();
    return { ...found, grant };
  }

  private codeHash(linkId: string, email: string, code: string): string {
    return hmacSha256(this.deps.secret, `${linkId}:${email}:${code}`);
  }

  /** Stores and mails a fresh code, at most `codesPerWindow` an address and link in the window. */
  private async sendCode(link: Link, target: LinkTarget, email: string, now: Date): Promise<void> {
    const code = randomDigits(6);
    const isStored = await this.deps.repo.storeCode({
      linkId: link.id,
      email,
      codeHash: this.codeHash(link.id, email, code),
      expiresAt: new Date(now.getTime() + linkLimits.codeMinutes * 60_000),
      now,
      windowMs: guessWindowMs,
      maxPerWindow: linkLimits.codesPerWindow,
    });
    if (!isStored) {
      throw new AppError(
        'RATE_LIMITED',
        `We already mailed ${linkLimits.codesPerWindow} codes to this address. Use the latest one, or try again later.`,
        { retryAfterSeconds: linkLimits.guessWindowMinutes * 60 },
      );
    }
    this.deps.mail(linkCodeMail(this.deps.mailContext, email, code, target));
  }

  /** Counts a wrong passcode or code: after the tenth in the window, every try answers 429 until it ends. */
  private async wrongGuess(linkId: string, visitorKey: string, now: Date): Promise<void> {
    await this.deps.repo.addWrongGuess(linkId, visitorKey, now, guessWindowMs);
  }
}
