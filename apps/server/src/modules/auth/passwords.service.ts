import {
  type AccountRole,
  codeRules,
  type ForgotPasswordBody,
  type ForgotResetPasswordBody,
  type ResetPasswordBody,
} from '@deckvalid/contract/auth';
import type { Principal } from '@/core/identity/principal';
import { randomDigits } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import { passwordChangedMail, passwordResetMail } from '@/modules/mail/mail.templates';
import type { CodePurpose } from './auth.repository';
import {
  type AuthDeps,
  badCode,
  commonPassword,
  mailContext,
  mailRecipient,
  OneTimeCodes,
  unauthorized,
} from './auth.shared';
import { hashPassword, isCommonPassword, verifyPassword } from './password';
import type { SessionsService } from './sessions.service';

const messages = {
  resetSent: 'If an account uses that email, a reset code is on its way.',
  passwordReset: 'Your password was changed. Sign in with the new one.',
  passwordChanged: 'Your password was changed. Your other sessions were signed out.',
  passwordSet: 'Your password is set. Use it to sign in from now on.',
} as const;

/** 400, not 401: a 401 would sign the web client out. */
const currentPasswordProblem = (message: string) =>
  new AppError('VALIDATION_FAILED', message, { fields: [{ path: 'currentPassword', message }] });

/**
 * Passwords: a forgotten one replaced with a mailed code, a known one changed, and the first one
 * chosen after a contested registration was verified. Every change ends the other sessions.
 */
export class PasswordsService {
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly deps: Pick<
      AuthDeps,
      'repo' | 'background' | 'mailer' | 'authSecret' | 'productName' | 'publicUrl'
    > & {
      sessions: SessionsService;
    },
  ) {
    this.codes = new OneTimeCodes(deps);
  }

  /** Answers at once; looking the account up and mailing happen after, so timing tells nothing. */
  async forgotPassword(role: AccountRole, body: ForgotPasswordBody): Promise<{ message: string }> {
    this.deps.background.run('forgot-password', () => this.sendResetCode(role, body.email));
    return { message: messages.resetSent };
  }

  /** Sets a new password with an emailed code; every session of the account ends. */
  async forgotResetPassword(role: AccountRole, body: ForgotResetPasswordBody): Promise<{ message: string }> {
    if (isCommonPassword(body.password)) throw commonPassword('password');
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, body.email);
    if (!account) throw badCode();
    await this.codes.use(account.id, 'reset_password', body.code);
    // The code reached the mailbox, so the address is proven as well, and whoever reads it may
    // end a contest over the password by choosing one.
    await this.deps.repo.markVerifiedWithNewPassword(account.id, await hashPassword(body.password));
    await this.deps.sessions.revokeAll(account.id);
    this.deps.mailer.enqueue(passwordChangedMail(mailContext(this.deps), mailRecipient(account)));
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
    await this.deps.sessions.revokeAllExcept(account.id, principal.sessionId);
    this.deps.mailer.enqueue(passwordChangedMail(mailContext(this.deps), mailRecipient(account)));
    return { message: hasPassword ? messages.passwordChanged : messages.passwordSet };
  }

  private async sendResetCode(role: AccountRole, email: string): Promise<void> {
    const account = await this.deps.repo.findAccountByRoleAndEmail(role, email);
    if (account && !(await this.isResendTooSoon(account.id, 'reset_password'))) {
      const code = randomDigits(codeRules.length);
      await this.deps.repo.replaceCode({
        id: newId('otc-'),
        accountId: account.id,
        purpose: 'reset_password',
        codeHash: this.codes.hash(code),
        linkTokenHash: null,
        passwordHash: null,
        expiresAt: new Date(Date.now() + codeRules.ttlSeconds * 1000),
      });
      this.deps.mailer.enqueue(passwordResetMail(mailContext(this.deps), mailRecipient(account), code));
    }
  }

  private async isResendTooSoon(accountId: string, purpose: CodePurpose): Promise<boolean> {
    const newest = await this.deps.repo.findNewestCode(accountId, purpose);
    if (!newest) return false;
    const elapsed = (Date.now() - newest.createdAt.getTime()) / 1000;
    return Math.ceil(codeRules.resendAfterSeconds - elapsed) > 0;
  }
}
