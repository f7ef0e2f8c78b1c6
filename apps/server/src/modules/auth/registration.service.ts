import {
  type AccountRole,
  type AuthResponse,
  codeRules,
  type RegisterBody,
  type SendCodeBody,
  type VerifyCodeBody,
  type VerifyLinkBody,
} from '@deckvalid/contract/auth';
import { safeEqual, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newAccountId } from '@/lib/ids';
import type { AuthAccount, OneTimeCode } from './auth.repository';
import { type AuthDeps, badCode, commonPassword, isOpen, OneTimeCodes } from './auth.shared';
import { hashPassword, isCommonPassword, verifyPassword } from './password';
import type { RequestMeta, SessionsService } from './sessions.service';

const messages = {
  registered: 'Check your email for a 6-digit code to verify your address.',
  codeSent: 'If that account is waiting for verification, a code is on its way (at most one a minute).',
} as const;

const resendTooSoon = (seconds: number) =>
  new AppError('RATE_LIMITED', `Wait ${seconds} seconds before asking for another code.`, {
    retryAfterSeconds: seconds,
  });

/**
 * Registration of founder and investor accounts and the proof of their email: by code, by link,
 * and the resend of a code. A verified account signs in at once, through `SessionsService`.
 */
export class RegistrationService {
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly deps: Pick<
      AuthDeps,
      'repo' | 'events' | 'background' | 'mailer' | 'authSecret' | 'productName' | 'publicUrl'
    > & {
      sessions: SessionsService;
    },
  ) {
    this.codes = new OneTimeCodes(deps);
  }

  /**
   * Answers alike whether or not the email is taken: a new account gets a code, a verified one a
   * notice by mail (at most one an hour: the notifications module's subscriber coalesces them).
   * A pending one gets a fresh code bound to the new password when both registrations chose the
   * same password, unless a code went out within the minute; otherwise its password becomes
   * contested, and verifying it will keep neither (see `markVerifiedWithCodePassword`).
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
    // one answer after the same work. None of it claims verify/send's limit (see OneTimeCodes).
    if (await this.deps.repo.insertAccountIfAbsent(account)) {
      this.deps.background.run('send verification code', async () => {
        // The new account gets its code whatever the claim; the claim holds back a resend.
        await this.codes.claimVerificationMail(role, body.email);
        await this.codes.sendVerificationCode(account, passwordHash);
      });
      return { message: messages.registered };
    }
    this.deps.background.run('answer a repeated registration', async () => {
      const existing = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
      if (!existing) return;
      if (existing.emailVerifiedAt) {
        this.deps.events.emit('registration.repeated', { accountId: existing.id, role });
        return;
      }
      const mayMailCode = await this.codes.claimVerificationMail(role, body.email);
      // Two passwords for one mailbox: either registrant may be the one who owns it, so neither
      // password may survive verification. Compared with the account's, which is the first
      // registration's: any later one that differs from it differs from some earlier one.
      const isContested =
        existing.passwordContestedAt !== null || !(await verifyPassword(existing.passwordHash, body.password));
      if (isContested) await this.deps.repo.markPasswordContested(existing.id);
      if (mayMailCode) await this.codes.sendVerificationCode(existing, isContested ? null : passwordHash);
    });
    return { message: messages.registered };
  }

  /** Verifies the email with the mailed 6-digit code and signs in. */
  async verifyCode(role: AccountRole, body: VerifyCodeBody, meta: RequestMeta): Promise<AuthResponse> {
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    if (!account || account.emailVerifiedAt) throw badCode();
    const code = await this.codes.use(account.id, 'verify_email', body.code);
    return this.verifyAndStartSession(account, code, meta);
  }

  /** Verifies the email with the mailed link's token and signs in. */
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
   * The 60-second limit holds per (role, email) whether or not an account has it, counting
   * verify/send calls only, and the lookup and mail happen after the answer: status, body and
   * timing are alike for every email. A code mailed within the minute (by the registration, a
   * sign-in or a resend) holds this one back unseen: 202, and nothing is sent, as for a stranger.
   */
  async resendVerification(role: AccountRole, body: SendCodeBody): Promise<{ message: string }> {
    const wait = await this.codes.claimVerificationRequest(role, body.email);
    if (wait > 0) throw resendTooSoon(wait);
    this.deps.background.run('resend verification code', async () => {
      const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
      if (!account || account.emailVerifiedAt) return;
      if (!(await this.codes.claimVerificationMail(role, body.email))) return;
      const previous = await this.deps.repo.findNewestCode(account.id, 'verify_email');
      await this.codes.sendVerificationCode(account, previous?.passwordHash ?? null);
    });
    return { message: messages.codeSent };
  }

  /** Drops resend claims too old to hold anything back; for a periodic job. */
  async pruneVerificationSends(): Promise<void> {
    await this.deps.repo.deleteVerificationSendsBefore(new Date(Date.now() - codeRules.resendAfterSeconds * 1000));
  }

  /** Verifies with a used code and signs in; a contested account is told to choose a password. */
  private async verifyAndStartSession(
    account: AuthAccount,
    code: OneTimeCode,
    meta: RequestMeta,
  ): Promise<AuthResponse> {
    const { hasPassword } = await this.deps.repo.markVerifiedWithCodePassword(account.id, code.passwordHash);
    const response = await this.deps.sessions.start(account, meta);
    return hasPassword ? response : { ...response, passwordRequired: true };
  }
}
