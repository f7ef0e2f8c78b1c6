import {
  type AccountRole,
  type AuthResponse,
  type LoginBody,
  type LogoutQuery,
  loginThrottle,
  type UserDto,
} from '@deckvalid/contract/auth';
import type { EndedSessions } from '@/core/events';
import type { Authenticator, PresentedCredentials, Principal } from '@/core/identity/principal';
import { safeEqual, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { AuthAccount } from './auth.repository';
import { type AuthDeps, OneTimeCodes, unauthorized } from './auth.shared';
import { Credentials, InvalidCredentialsError, sessionLifetimeSeconds, type VerifiedCredentials } from './credentials';
import { spendPasswordCheck, verifyPassword } from './password';
import type { CachedSession } from './session-cache';

/** Where a request comes from; kept on the session and used by the login throttle. */
export type RequestMeta = { ip: string; userAgent: string | null };

const loggedOut = 'You are signed out.';

const badLogin = () => new AppError('UNAUTHORIZED', 'Email or password is incorrect.');

/**
 * Sign-in, sign-out and the life of a session: starting one, checking the credentials of every
 * call (the `Authenticator` the guard and the socket handshake use), and ending sessions, each
 * ending announced as `sessions.ended`.
 */
export class SessionsService implements Authenticator {
  private readonly credentials: Credentials;
  private readonly codes: OneTimeCodes;

  constructor(
    private readonly deps: Pick<
      AuthDeps,
      'repo' | 'events' | 'mailer' | 'sessionCache' | 'logger' | 'authSecret' | 'productName' | 'publicUrl'
    >,
  ) {
    this.credentials = new Credentials(deps.authSecret);
    this.codes = new OneTimeCodes(deps);
  }

  /** Signs in with email and password; an unverified account is sent a code instead (403). */
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
      if (await this.codes.claimVerificationMail(role, body.email)) {
        await this.codes.sendVerificationCode(account, null);
      }
      throw new AppError('FORBIDDEN', 'Verify your email address first: we sent you a code.', {
        reason: 'EMAIL_NOT_VERIFIED',
        email: account.email,
        name: account.name,
      });
    }
    await this.deps.repo.deleteLoginFailures(role, body.email, meta.ip);
    return this.start(account, meta);
  }

  /** Ends the caller's session, or with `type=all` every session of the account. */
  async logout(principal: Principal, query: LogoutQuery): Promise<{ message: string }> {
    if (query.type === 'all') {
      await this.revokeAll(principal.accountId);
    } else {
      await this.deps.repo.revokeSession(principal.sessionId);
      this.deps.sessionCache.invalidateSession(principal.sessionId);
      this.announceEnded({ sessionIds: [principal.sessionId] });
    }
    return { message: loggedOut };
  }

  /** Issues credentials for a new session of an account whose email is verified. */
  async start(account: AuthAccount, meta: RequestMeta): Promise<AuthResponse> {
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

  /** Ends every session of an account, here and in every process's cache and sockets. */
  async revokeAll(accountId: string): Promise<void> {
    await this.deps.repo.revokeSessionsOfAccount(accountId);
    this.deps.sessionCache.invalidateAccount(accountId);
    this.announceEnded({ accountId });
  }

  /** Ends every session of an account but the one that asked (a password change keeps its own). */
  async revokeAllExcept(accountId: string, keptSessionId: string): Promise<void> {
    const revoked = await this.deps.repo.revokeSessionsOfAccount(accountId, keptSessionId);
    for (const sessionId of revoked) this.deps.sessionCache.invalidateSession(sessionId);
    this.announceEnded({ sessionIds: revoked });
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

  /** Drops failed sign-ins too old to hold anything back; for a periodic job. */
  async pruneLoginFailures(): Promise<void> {
    await this.deps.repo.deleteLoginFailuresBefore(new Date(Date.now() - loginThrottle.windowSeconds * 1000));
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

  private announceEnded(ended: EndedSessions): void {
    if ('sessionIds' in ended && ended.sessionIds.length === 0) return;
    this.deps.events.emit('sessions.ended', ended);
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

/** The account as the API shows it. */
export function toUserDto(account: Pick<AuthAccount, 'id' | 'name' | 'email' | 'role'>): UserDto {
  return { id: account.id, name: account.name, email: account.email, role: account.role };
}
