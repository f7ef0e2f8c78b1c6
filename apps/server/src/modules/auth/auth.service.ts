import {
  type AccountRole,
  type AuthResponse,
  codeRules,
  type ForgotPasswordBody,
  type ForgotResetPasswordBody,
  type LoginBody,
  type LogoutQuery,
  loginThrottle,
  type RegisterBody,
  type ResetPasswordBody,
  type Role,
  type SendCodeBody,
  type UserDto,
  type VerifyCodeBody,
  type VerifyLinkBody,
} from '@deckvalid/contract/auth';
import type { Logger } from 'pino';
import type { EndedSessions, EventBus } from '@/core/events';
import type { AccountRow } from '@/db/schema/accounts';
import type { OneTimeCodeRow } from '@/db/schema/auth';
import type { BackgroundTasks } from '@/lib/background';
import { hmacSha256, randomDigits, randomSecret, safeEqual, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newAccountId, newId } from '@/lib/ids';
import type { Mailer } from '@/modules/mail/mail.service';
import {
  alreadyRegisteredMail,
  passwordChangedMail,
  passwordResetMail,
  verificationMail,
} from '@/modules/mail/mail.templates';
import type { AuthRepository, CodePurpose } from './auth.repository';
import {
  Credentials,
  InvalidCredentialsError,
  type PresentedCredentials,
  sessionLifetimeSeconds,
  type VerifiedCredentials,
} from './credentials';
import { hashPassword, isCommonPassword, spendPasswordCheck, verifyPassword } from './password';
import type { CachedSession, SessionCache } from './session-cache';

/** Who is asking, once their credentials have been checked. */
export type Principal = { sessionId: string; accountId: string; role: Role; user: UserDto };

/** Where a request comes from; kept on the session and used by the login throttle. */
export type RequestMeta = { ip: string; userAgent: string | null };

type Deps = {
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

const messages = {
  registered: 'Check your email for a 6-digit code to verify your address.',
  codeSent: 'If that account is waiting for verification, a new code is on its way.',
  resetSent: 'If an account uses that email, a reset code is on its way.',
  passwordReset: 'Your password was changed. Sign in with the new one.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  passwordSet: 'Your password is set. Use it to sign in from now on.',
  loggedOut: 'You are signed out.',
} as const;

/**
 * The one answer to any refused code, whatever the reason: naming a reason ("too many wrong
 * tries") only where an account had a code would tell a stranger the account exists. The
 * sentence still tells the owner what to do in every case.
 */
const badCode = () => {
  const message = `That code is wrong or has expired. A code stops working after ${codeRules.maxAttempts} wrong tries: use the newest email or ask for a new code.`;
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'code', message }] });
};

const resendTooSoon = (seconds: number) =>
  new AppError('RATE_LIMITED', `Wait ${seconds} seconds before asking for another code.`, {
    retryAfterSeconds: seconds,
  });

const commonPassword = (path: string) => {
  const message = 'This password is one of the most common ones. Choose one that is harder to guess.';
  return new AppError('VALIDATION_FAILED', message, { fields: [{ path, message }] });
};

/** 400, not 401: a 401 would sign the web client out. */
const currentPasswordProblem = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'currentPassword', message }] });

const badLogin = () => new AppError('UNAUTHORIZED', 'Email or password is incorrect.');

const unauthorized = () => new AppError('UNAUTHORIZED', 'Your session has ended. Sign in again.');

/** Registration, verification, sign-in, sessions and passwords for founder and investor accounts. */
export class AuthService {
  private readonly credentials: Credentials;
  private readonly codeKey: string;
  private readonly emailKey: string;

  constructor(private readonly deps: Deps) {
    this.credentials = new Credentials(deps.authSecret);
    this.codeKey = hmacSha256(deps.authSecret, 'one-time-code-key');
    this.emailKey = hmacSha256(deps.authSecret, 'verification-send-email-key');
  }

  /**
   * Answers alike whether or not the email is taken: a new account gets a code, a verified one a
   * notice by mail. A pending one gets a fresh code bound to the new password when both
   * registrations chose the same password; otherwise its password becomes contested, and
   * verifying it will keep neither (see `markVerifiedWithCodePassword`).
   */
  async register(role: AccountRole, body: RegisterBody): Promise<{ message: string }> {
    if (isCommonPassword(body.password)) throw commonPassword('password');
    const passwordHash = await hashPassword(body.password);
    const account = {
      id: newAccountId(role),
      role,
      email: body.email,
      name: body.name,
      passwordHash,
    };
    // The answer waits for the insert only; what follows (a code row and a mail for a new or
    // unverified account, a notice for a verified one) runs after it, so a taken email and a free
    // one answer after the same work.
    if (await this.deps.repo.insertAccountIfAbsent(account)) {
      this.deps.background.run('send verification code', async () => {
        // Claimed like any registration's, so a verify/send that follows answers the same for a
        // new, a pending and a verified email; the new account gets its code whatever the claim.
        await this.claimVerificationSend(role, body.email);
        await this.sendVerificationCode(account, passwordHash);
      });
      return { message: messages.registered };
    }
    this.deps.background.run('answer a repeated registration', async () => {
      const existing = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
      if (!existing) return;
      const mayMailCode = (await this.claimVerificationSend(role, body.email)) === 0;
      if (existing.emailVerifiedAt) {
        this.deps.mailer.enqueue(alreadyRegisteredMail(this.mailContext(), mailRecipient(existing)));
        return;
      }
      // Two passwords for one mailbox: either registrant may be the one who owns it, so neither
      // password may survive verification. Compared with the account's, which is the first
      // registration's: any later one that differs from it differs from some earlier one.
      const isContested =
        existing.passwordContestedAt !== null || !(await verifyPassword(existing.passwordHash, body.password));
      if (isContested) await this.deps.repo.markPasswordContested(existing.id);
      if (mayMailCode) await this.sendVerificationCode(existing, isContested ? null : passwordHash);
    });
    return { message: messages.registered };
  }

  async verifyCode(role: AccountRole, body: VerifyCodeBody, meta: RequestMeta): Promise<AuthResponse> {
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    if (!account || account.emailVerifiedAt) throw badCode();
    const code = await this.useCode(account.id, 'verify_email', body.code);
    return this.verifyAndStartSession(account, code, meta);
  }

  async verifyLink(role: AccountRole, body: VerifyLinkBody, meta: RequestMeta): Promise<AuthResponse> {
    const invalidLink = new AppError(
      'VALIDATION_FAILED',
      'This verification link is invalid or has expired. Ask for a new code.',
    );
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    if (!account || account.emailVerifiedAt) throw invalidLink;
    const code = await this.deps.repo.findNewestCode(account.id, 'verify_email');
    if (
      !code ||
      !isOpen(code) ||
      !code.linkTokenHash ||
      !safeEqual(code.linkTokenHash, sha256(body.token)) ||
      !(await this.deps.repo.consumeCode(code.id))
    ) {
      throw invalidLink;
    }
    return this.verifyAndStartSession(account, code, meta);
  }

  /**
   * The 60-second limit holds per (role, email) whether or not an account has it, and the
   * lookup and mail happen after the answer: status, body and timing are alike for every email.
   */
  async resendVerification(role: AccountRole, body: SendCodeBody): Promise<{ message: string }> {
    const wait = await this.claimVerificationSend(role, body.email);
    if (wait > 0) throw resendTooSoon(wait);
    this.deps.background.run('resend verification code', async () => {
      const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
      if (!account || account.emailVerifiedAt) return;
      const previous = await this.deps.repo.findNewestCode(account.id, 'verify_email');
      await this.sendVerificationCode(account, previous?.passwordHash ?? null);
    });
    return { message: messages.codeSent };
  }

  async login(role: AccountRole, body: LoginBody, meta: RequestMeta): Promise<AuthResponse> {
    const since = new Date(Date.now() - loginThrottle.windowSeconds * 1000);
    const failures = await this.deps.repo.countRecentLoginFailures(role, body.email, meta.ip, since);
    if (failures >= loginThrottle.maxFailures) {
      throw new AppError('RATE_LIMITED', 'Too many failed sign-in attempts. Wait 15 minutes or reset your password.', {
        retryAfterSeconds: loginThrottle.windowSeconds,
      });
    }
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    const isValid = account
      ? await verifyPassword(account.passwordHash, body.password)
      : await spendPasswordCheck(body.password).then(() => false);
    if (!account || !isValid) {
      await this.deps.repo.insertLoginFailure(role, body.email, meta.ip);
      throw badLogin();
    }
    if (!account.emailVerifiedAt) {
      if ((await this.claimVerificationSend(role, body.email)) === 0) {
        await this.sendVerificationCode(account, null);
      }
      throw new AppError('FORBIDDEN', 'Verify your email address first: we sent you a code.', {
        reason: 'EMAIL_NOT_VERIFIED',
        email: account.email,
        name: account.name,
      });
    }
    await this.deps.repo.deleteLoginFailures(role, body.email, meta.ip);
    return this.startSession(account, meta);
  }

  async logout(principal: Principal, query: LogoutQuery): Promise<{ message: string }> {
    if (query.type === 'all') {
      await this.deps.repo.revokeSessionsOfAccount(principal.accountId);
      this.deps.sessionCache.invalidateAccount(principal.accountId);
      this.announceEnded({ accountId: principal.accountId });
    } else {
      await this.deps.repo.revokeSession(principal.sessionId);
      this.deps.sessionCache.invalidateSession(principal.sessionId);
      this.announceEnded({ sessionIds: [principal.sessionId] });
    }
    return { message: messages.loggedOut };
  }

  /** Answers at once; looking the account up and mailing happen after, so timing tells nothing. */
  async forgotPassword(role: AccountRole, body: ForgotPasswordBody): Promise<{ message: string }> {
    this.deps.background.run('forgot-password', () => this.sendResetCode(role, body.email));
    return { message: messages.resetSent };
  }

  private async sendResetCode(role: AccountRole, email: string): Promise<void> {
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, email);
    if (account && !(await this.isResendTooSoon(account.id, 'reset_password'))) {
      const code = randomDigits(codeRules.length);
      await this.deps.repo.replaceCode({
        id: newId('otc-'),
        accountId: account.id,
        purpose: 'reset_password',
        codeHash: this.hashCode(code),
        linkTokenHash: null,
        passwordHash: null,
        expiresAt: new Date(Date.now() + codeRules.ttlSeconds * 1000),
      });
      this.deps.mailer.enqueue(passwordResetMail(this.mailContext(), mailRecipient(account), code));
    }
  }

  /** Sets a new password with an emailed code; every session of the account ends. */
  async forgotResetPassword(role: AccountRole, body: ForgotResetPasswordBody): Promise<{ message: string }> {
    if (isCommonPassword(body.password)) throw commonPassword('password');
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    if (!account) throw badCode();
    await this.useCode(account.id, 'reset_password', body.code);
    // The code reached the mailbox, so the address is proven as well, and whoever reads it may
    // end a contest over the password by choosing one.
    await this.deps.repo.markVerifiedWithNewPassword(account.id, await hashPassword(body.password));
    await this.deps.repo.revokeSessionsOfAccount(account.id);
    this.deps.sessionCache.invalidateAccount(account.id);
    this.announceEnded({ accountId: account.id });
    this.deps.mailer.enqueue(passwordChangedMail(this.mailContext(), mailRecipient(account)));
    return { message: messages.passwordReset };
  }

  /**
   * Changes the password of a signed-in account, proving the current one; every other session
   * ends. An account without a password (a contested registration, just verified) chooses its
   * first one here without a current one: its session came from a code that reached the mailbox.
   */
  async resetPassword(principal: Principal, body: ResetPasswordBody): Promise<{ message: string }> {
    const account = await this.deps.repo.findAccountById(principal.accountId);
    if (!account) throw unauthorized();
    const hasPassword = account.passwordHash !== null;
    if (account.passwordHash !== null) {
      if (body.currentPassword === undefined) throw currentPasswordProblem('Enter your current password.');
      if (!(await verifyPassword(account.passwordHash, body.currentPassword))) {
        throw currentPasswordProblem('Your current password is not correct.');
      }
    }
    if (isCommonPassword(body.newPassword)) throw commonPassword('newPassword');
    await this.deps.repo.updatePasswordHash(account.id, await hashPassword(body.newPassword));
    const revoked = await this.deps.repo.revokeSessionsOfAccount(account.id, principal.sessionId);
    for (const sessionId of revoked) this.deps.sessionCache.invalidateSession(sessionId);
    this.announceEnded({ sessionIds: revoked });
    this.deps.mailer.enqueue(passwordChangedMail(this.mailContext(), mailRecipient(account)));
    return { message: hasPassword ? messages.passwordChanged : messages.passwordSet };
  }

  /** Drops throttle records too old to hold anything back; for a periodic job. */
  async pruneThrottleRecords(): Promise<void> {
    const now = Date.now();
    await this.deps.repo.deleteLoginFailuresBefore(new Date(now - loginThrottle.windowSeconds * 1000));
    await this.deps.repo.deleteVerificationSendsBefore(new Date(now - codeRules.resendAfterSeconds * 1000));
  }

  /**
   * Checks the three credentials and that their session is live. Any failure is the same
   * 401 to the caller; the reason is only logged at debug level.
   */
  async authenticate(presented: PresentedCredentials): Promise<Principal> {
    // `verify` answers remembered triples itself, and the session cache is read next: a second
    // memory check here would only repeat both.
    let verified: VerifiedCredentials;
    try {
      verified = await this.credentials.verify(presented);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) {
        this.deps.logger.debug({ reason: error.message }, 'credentials refused');
        throw unauthorized();
      }
      throw error;
    }
    const session = this.deps.sessionCache.get(verified.sessionId) ?? (await this.loadSession(verified.sessionId));
    if (!isSessionOf(session, verified)) throw unauthorized();
    return toPrincipal(session);
  }

  /**
   * The same check as `authenticate`, answered without awaiting anything when these exact three
   * parts passed it before and their session is in the cache (so revocation and its TTL apply as
   * ever); undefined means "ask `authenticate`", which also gives every refusal its 401. Lets the
   * HTTP guard skip the promise and microtask work of the common case.
   */
  authenticateFromMemory(presented: PresentedCredentials): Principal | undefined {
    const verified = this.credentials.recall(presented);
    if (!verified) return undefined;
    const session = this.deps.sessionCache.get(verified.sessionId);
    return session && isSessionOf(session, verified) ? toPrincipal(session) : undefined;
  }

  private async loadSession(sessionId: string): Promise<CachedSession> {
    const ticket = this.deps.sessionCache.ticket();
    const row = await this.deps.repo.findSessionByIdIncludeAccount(sessionId);
    if (!row || row.revokedAt) throw unauthorized();
    const session: CachedSession = {
      sessionId: row.id,
      accountId: row.accountId,
      role: row.account.role,
      secretHash: row.secretHash,
      expiresAt: row.expiresAt,
      user: { id: row.account.id, name: row.account.name, email: row.account.email, role: row.account.role },
    };
    this.deps.sessionCache.set(session, ticket);
    return session;
  }

  /** Drops cached sessions of an account whose name or email changed, here and on other nodes. */
  forgetAccount(accountId: string): void {
    this.deps.sessionCache.invalidateAccount(accountId);
  }

  /** After an account is deleted: its cached sessions go, and live connections hear it. */
  endSessionsOfDeletedAccount(accountId: string): void {
    this.deps.sessionCache.invalidateAccount(accountId);
    this.announceEnded({ accountId });
  }

  private announceEnded(ended: EndedSessions): void {
    if ('sessionIds' in ended && ended.sessionIds.length === 0) return;
    this.deps.events.emit('sessions.ended', ended);
  }

  /** Verifies with a used code and signs in; a contested account is told to choose a password. */
  private async verifyAndStartSession(
    account: AccountRow,
    code: OneTimeCodeRow,
    meta: RequestMeta,
  ): Promise<AuthResponse> {
    const { hasPassword } = await this.deps.repo.markVerifiedWithCodePassword(account.id, code.passwordHash);
    const response = await this.startSession(account, meta);
    return hasPassword ? response : { ...response, passwordRequired: true };
  }

  private async startSession(account: AccountRow, meta: RequestMeta): Promise<AuthResponse> {
    const sessionId = newId('ses-');
    const expiresAt = new Date(Date.now() + sessionLifetimeSeconds * 1000);
    const tokens = await this.credentials.issue({ accountId: account.id, role: account.role, sessionId }, expiresAt);
    await this.deps.repo.insertSession({
      id: sessionId,
      accountId: account.id,
      secretHash: sha256(tokens.hashToken),
      expiresAt,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return { tokens, user: toUserDto(account) };
  }

  /** Checks a code against the newest open one; wrong tries count, the fifth voids it. */
  private async useCode(accountId: string, purpose: CodePurpose, code: string): Promise<OneTimeCodeRow> {
    const stored = await this.deps.repo.findNewestCode(accountId, purpose);
    if (!stored || !isOpen(stored)) throw badCode();
    if (!safeEqual(stored.codeHash, this.hashCode(code))) {
      await this.deps.repo.recordCodeFailure(stored.id, codeRules.maxAttempts);
      throw badCode();
    }
    if (!(await this.deps.repo.consumeCode(stored.id))) throw badCode();
    return stored;
  }

  private async sendVerificationCode(
    account: Pick<AccountRow, 'id' | 'email' | 'name' | 'role'>,
    passwordHash: string | null,
  ): Promise<void> {
    const code = randomDigits(codeRules.length);
    const linkToken = randomSecret(32);
    await this.deps.repo.replaceCode({
      id: newId('otc-'),
      accountId: account.id,
      purpose: 'verify_email',
      codeHash: this.hashCode(code),
      linkTokenHash: sha256(linkToken),
      passwordHash,
      expiresAt: new Date(Date.now() + codeRules.ttlSeconds * 1000),
    });
    this.deps.mailer.enqueue(verificationMail(this.mailContext(), mailRecipient(account), code, linkToken));
  }

  private async isResendTooSoon(accountId: string, purpose: CodePurpose): Promise<boolean> {
    return (await this.secondsUntilResend(accountId, purpose)) > 0;
  }

  /**
   * Claims the 60-second slot of (role, email) for a verification code; 0 when claimed, else
   * the seconds left. Keyed by a keyed hash of the email: most claims may name no account.
   */
  private claimVerificationSend(role: AccountRole, email: string): Promise<number> {
    return this.deps.repo.claimVerificationSend(role, hmacSha256(this.emailKey, email), codeRules.resendAfterSeconds);
  }

  private async secondsUntilResend(accountId: string, purpose: CodePurpose): Promise<number> {
    const newest = await this.deps.repo.findNewestCode(accountId, purpose);
    if (!newest) return 0;
    const elapsed = (Date.now() - newest.createdAt.getTime()) / 1000;
    return Math.max(0, Math.ceil(codeRules.resendAfterSeconds - elapsed));
  }

  /** Codes are keyed hashes: a leaked table cannot be reversed by trying all 10^6 codes. */
  private hashCode(code: string): string {
    return hmacSha256(this.codeKey, code);
  }

  private mailContext() {
    return { productName: this.deps.productName, publicUrl: this.deps.publicUrl };
  }
}

/** The session is the one the credentials name, still open, and their hash token is its secret. */
function isSessionOf(session: CachedSession, verified: VerifiedCredentials): boolean {
  return (
    session.accountId === verified.accountId &&
    session.role === verified.role &&
    session.expiresAt.getTime() > Date.now() &&
    safeEqual(session.secretHash, verified.hashTokenDigest)
  );
}

function toPrincipal(session: CachedSession): Principal {
  return { sessionId: session.sessionId, accountId: session.accountId, role: session.role, user: session.user };
}

function isOpen(code: OneTimeCodeRow): boolean {
  return !code.consumedAt && code.expiresAt.getTime() > Date.now();
}

function mailRecipient(account: Pick<AccountRow, 'email' | 'name' | 'role'>) {
  return { email: account.email, name: account.name, role: account.role === 'investor' ? 'investor' : 'user' } as const;
}

export function toUserDto(account: Pick<AccountRow, 'id' | 'name' | 'email' | 'role'>): UserDto {
  return { id: account.id, name: account.name, email: account.email, role: account.role };
}
