import { type AccountRole, codeRules } from '@deckvalid/contract/auth';
import type { Logger } from 'pino';
import type { EventBus } from '@/core/events';
import type { BackgroundTasks } from '@/lib/background';
import { hmacSha256, randomDigits, randomSecret, safeEqual, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { Mailer } from '@/modules/mail/mail.service';
import { verificationMail } from '@/modules/mail/mail.templates';
import type { AuthAccount, AuthRepository, CodePurpose, OneTimeCode } from './auth.repository';
import type { SessionCache } from './session-cache';

/**
 * Everything the auth services are built from; each takes the part it uses, so app.ts can hand
 * the same object to all three.
 */
export type AuthDeps = {
  repo: AuthRepository;
  /** Revocations are announced as `sessions.ended`, so sockets (and later modules) can end with them. */
  events: EventBus;
  background: BackgroundTasks;
  mailer: Mailer;
  sessionCache: SessionCache;
  logger: Logger;
  authSecret: string;
  productName: string;
  publicUrl: string;
};

/**
 * The one answer to any refused code, whatever the reason: naming a reason ("too many wrong
 * tries") only where an account had a code would tell a stranger the account exists. The
 * sentence still tells the owner what to do in every case.
 */
export const badCode = () => {
  const message = `That code is wrong or has expired. A code stops working after ${codeRules.maxAttempts} wrong tries: use the newest email or ask for a new code.`;
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'code', message }] });
};

/** Refuses a password from the common-passwords list, naming the body field it came in. */
export const commonPassword = (path: string) => {
  const message = 'This password is one of the most common ones. Choose one that is harder to guess.';
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }] });
};

/** The 401 of every failed credential check, and of a session whose account is gone. */
export const unauthorized = () => new AppError('UNAUTHORIZED', 'Your session has ended. Sign in again.');

/** A code not yet used and not expired. */
export function isOpen(code: OneTimeCode): boolean {
  return !code.consumedAt && code.expiresAt.getTime() > Date.now();
}

/** The product name and address every auth mail is written with. */
export function mailContext(deps: Pick<AuthDeps, 'productName' | 'publicUrl'>) {
  return { productName: deps.productName, publicUrl: deps.publicUrl };
}

/** Who an auth mail goes to, with the role label its templates use. */
export function mailRecipient(account: Pick<AuthAccount, 'email' | 'name' | 'role'>) {
  return { email: account.email, name: account.name, role: account.role };
}

/**
 * One-time codes as registration, sign-in and passwords share them: hashing, checking a presented
 * code, and the throttled verification mail (sign-in of an unverified account sends one too).
 * Keys are derived from AUTH_SECRET, so every instance built from the same secret agrees.
 *
 * Two 60-second limits, kept apart on purpose (issue 17): the verify/send answer's, counted for
 * verify/send calls only and alike for every email, and the code mail's, per account, which every
 * sender respects and no answer shows. Had registration claimed the answer's limit, a verify/send
 * right after it would answer 429 where an unknown email gets 202, telling that someone had just
 * registered the address.
 */
export class OneTimeCodes {
  private readonly codeKey: string;
  private readonly requestKey: string;
  private readonly mailKey: string;

  constructor(private readonly deps: Pick<AuthDeps, 'repo' | 'mailer' | 'authSecret' | 'productName' | 'publicUrl'>) {
    this.codeKey = hmacSha256(deps.authSecret, 'one-time-code-key');
    this.requestKey = hmacSha256(deps.authSecret, 'verification-send-email-key');
    this.mailKey = hmacSha256(deps.authSecret, 'verification-mail-email-key');
  }

  /** Codes are keyed hashes: a leaked table cannot be reversed by trying all 10^6 codes. */
  hash(code: string): string {
    return hmacSha256(this.codeKey, code);
  }

  /** Checks a code against the newest open one; wrong tries count, the fifth voids it. */
  async use(accountId: string, purpose: CodePurpose, code: string): Promise<OneTimeCode> {
    const stored = await this.deps.repo.findNewestCode(accountId, purpose);
    if (!stored || !isOpen(stored)) throw badCode();
    if (!safeEqual(stored.codeHash, this.hash(code))) {
      await this.deps.repo.recordCodeFailure(stored.id, codeRules.maxAttempts);
      throw badCode();
    }
    if (!(await this.deps.repo.consumeCode(stored.id))) throw badCode();
    return stored;
  }

  /**
   * Claims the 60-second slot of (role, email) for a verify/send call; 0 when claimed, else the
   * seconds left, which the caller answers with. Only verify/send claims it, for any email alike.
   * Keyed by a keyed hash of the email: most claims may name no account.
   */
  claimVerificationRequest(role: AccountRole, email: string): Promise<number> {
    return this.deps.repo.claimVerificationSend(role, hmacSha256(this.requestKey, email), codeRules.resendAfterSeconds);
  }

  /**
   * Claims the 60-second slot of (role, email) for mailing a verification code; true when this
   * caller may mail one. Every code mail claims it, after the answer: what it holds back is
   * never seen in a status, only in the mailbox.
   */
  async claimVerificationMail(role: AccountRole, email: string): Promise<boolean> {
    const key = hmacSha256(this.mailKey, email);
    return (await this.deps.repo.claimVerificationSend(role, key, codeRules.resendAfterSeconds)) === 0;
  }

  /** Replaces the account's verification code and mails the new one with its link. */
  async sendVerificationCode(
    account: Pick<AuthAccount, 'id' | 'email' | 'name' | 'role'>,
    passwordHash: string | null,
  ): Promise<void> {
    const code = randomDigits(codeRules.length);
    const linkToken = randomSecret(32);
    await this.deps.repo.replaceCode({
      id: newId('otc-'),
      accountId: account.id,
      purpose: 'verify_email',
      codeHash: this.hash(code),
      linkTokenHash: sha256(linkToken),
      passwordHash,
      expiresAt: new Date(Date.now() + codeRules.ttlSeconds * 1000),
    });
    this.deps.mailer.enqueue(verificationMail(mailContext(this.deps), mailRecipient(account), code, linkToken));
  }
}
