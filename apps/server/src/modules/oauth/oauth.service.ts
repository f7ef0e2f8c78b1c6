import type { AccountRole, AuthResponse, Role } from '@deckvalid/contract/auth';
import { emailSchema } from '@deckvalid/contract/auth';
import {
  type LinkedIdentitiesResponse,
  type OAuthCallbackBody,
  type OAuthCallbackResponse,
  type OAuthExchangeBody,
  type OAuthProvidersResponse,
  type OAuthStartResponse,
  oauthLimits,
  oauthRefusalReasons,
} from '@deckvalid/contract/oauth';
import { unstorableTextProblem } from '@deckvalid/contract/text';
import type { Logger } from 'pino';
import type { Principal } from '@/core/identity/principal';
import { hmacSha256, randomSecret, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newAccountId, newId } from '@/lib/ids';
import type { RequestMeta } from '@/modules/auth/sessions.service';
import { canLinkTo, canSignInAs, canUnlink } from './oauth.policy';
import type { OAuthRepository } from './oauth.repository';
import {
  type AuthorizationChecks,
  type ProviderClient,
  ProviderFailure,
  type ProviderPerson,
} from './provider-clients';

/** An account as sign-in through a provider reads it (the accounts module's store answers it). */
export type OAuthAccount = {
  id: string;
  role: Role;
  email: string;
  name: string;
  passwordHash: string | null;
  emailVerifiedAt: Date | null;
};

/**
 * The account reads and the one write this module needs, answered by the accounts module's
 * repository (wired in app.ts), which stays the accounts table's only writer. Declared by shape.
 */
export type OAuthAccountStore = {
  findById(id: string): Promise<OAuthAccount | undefined>;
  findByRoleAndEmail(role: Role, email: string): Promise<OAuthAccount | undefined>;
  insertVerifiedReplacingPending(account: {
    id: string;
    role: AccountRole;
    email: string;
    name: string;
  }): Promise<OAuthAccount | undefined>;
};

/** Session creation exactly as password sign-in does it (the auth module's SessionsService). */
export type SessionStarter = {
  start(account: OAuthAccount, meta: RequestMeta): Promise<AuthResponse>;
};

const roleWords: Record<AccountRole, string> = { user: 'founder', investor: 'investor', mentor: 'mentor' };

const refusal = (code: 'VALIDATION_FAILED' | 'FORBIDDEN' | 'CONFLICT', reason: string, message: string) =>
  new AppError(code, message, { reason });

const notOffered = () => new AppError('NOT_FOUND', 'Signing in with that provider is not offered here.');

const staleSignIn = () =>
  refusal(
    'VALIDATION_FAILED',
    oauthRefusalReasons.expired,
    'This sign-in was already used or was not started here. Start again from the sign-in page.',
  );

const lateSignIn = () =>
  refusal(
    'VALIDATION_FAILED',
    oauthRefusalReasons.expired,
    `This sign-in took longer than ${oauthLimits.stateSeconds / 60} minutes. Start again from the sign-in page.`,
  );

const spentExchange = () =>
  refusal(
    'VALIDATION_FAILED',
    oauthRefusalReasons.expired,
    'This sign-in was already completed or took too long to finish. Start again from the sign-in page.',
  );

/** The longest name a new account takes from a provider, as registration allows. */
const maxNameLength = 100;

/**
 * Sign-in through external identity providers (issue 21): start (the provider's URL), callback
 * (the provider's answer checked, the identity linked or an account made, a one-time exchange
 * code answered) and exchange (that code, once, within a minute, for the usual session), and the
 * linked providers of an account (list, unlink).
 *
 * The PKCE verifier and the nonce of a sign-in are derived from its state with a key from
 * AUTH_SECRET rather than stored: the state comes back with the callback, so nothing secret is
 * kept at rest, and the stored state hash alone finishes no sign-in.
 */
export class OAuthService {
  private readonly flowKey: string;

  constructor(
    private readonly deps: {
      repo: OAuthRepository;
      accounts: OAuthAccountStore;
      sessions: SessionStarter;
      providers: Map<string, ProviderClient>;
      authSecret: string;
      logger: Logger;
    },
  ) {
    this.flowKey = hmacSha256(deps.authSecret, 'oauth sign-in checks');
  }

  /** The enabled providers, in the order they are configured. */
  listProviders(): OAuthProvidersResponse {
    return { providers: [...this.deps.providers.values()].map(({ id, name }) => ({ id, name })) };
  }

  /** Starts a sign-in as `role`: remembers its state for ten minutes and answers the provider's URL. */
  async start(providerId: string, role: AccountRole): Promise<OAuthStartResponse> {
    const provider = this.providerOf(providerId);
    const state = randomSecret(32);
    const url = await this.askProvider(provider, () => provider.authorizationUrl(this.checksOf(state)));
    await this.deps.repo.insertState({
      stateHash: sha256(state),
      provider: provider.id,
      role,
      expiresAt: new Date(Date.now() + oauthLimits.stateSeconds * 1000),
    });
    return { url: url.toString() };
  }

  /**
   * Finishes the provider's part: the state is used up whatever follows, so neither it nor the
   * provider's code signs anyone in twice. Answers an exchange code for the account it resolves to.
   */
  async callback(providerId: string, body: OAuthCallbackBody): Promise<OAuthCallbackResponse> {
    const provider = this.providerOf(providerId);
    const started = await this.deps.repo.consumeState(sha256(body.state));
    if (!started || started.provider !== provider.id) throw staleSignIn();
    if (started.expiresAt.getTime() <= Date.now()) throw lateSignIn();
    if (body.error !== undefined || body.code === undefined) {
      this.deps.logger.info(
        { provider: provider.id, error: body.error, description: body.errorDescription },
        'identity provider refused a sign-in',
      );
      throw refusal(
        'VALIDATION_FAILED',
        oauthRefusalReasons.providerRefused,
        body.error === 'access_denied'
          ? `The sign-in with ${provider.name} was cancelled. Try again, or sign in another way.`
          : `${provider.name} could not sign you in. Try again, or sign in another way.`,
      );
    }
    const code = body.code;
    const person = await this.askProvider(provider, () =>
      provider.finish({ code, state: body.state, iss: body.iss }, this.checksOf(body.state)),
    );
    const account = await this.resolveAccount(provider, started.role, person);
    const exchangeCode = randomSecret(32);
    await this.deps.repo.insertExchangeCode({
      codeHash: sha256(exchangeCode),
      accountId: account.id,
      provider: provider.id,
      expiresAt: new Date(Date.now() + oauthLimits.exchangeCodeSeconds * 1000),
    });
    return { exchangeCode, role: started.role };
  }

  /** Turns an exchange code into the session a password sign-in would start, once and in time. */
  async exchange(providerId: string, body: OAuthExchangeBody, meta: RequestMeta): Promise<AuthResponse> {
    const provider = this.providerOf(providerId);
    const code = await this.deps.repo.consumeExchangeCode(sha256(body.exchangeCode));
    if (!code || code.provider !== provider.id || code.expiresAt.getTime() <= Date.now()) throw spentExchange();
    const account = await this.deps.accounts.findById(code.accountId);
    if (!account) throw spentExchange();
    return this.deps.sessions.start(account, meta);
  }

  /** The providers linked to the caller's account, and whether it has a password besides. */
  async listIdentities(principal: Principal): Promise<LinkedIdentitiesResponse> {
    const [identities, account] = await Promise.all([
      this.deps.repo.findIdentitiesByAccountId(principal.accountId),
      this.deps.accounts.findById(principal.accountId),
    ]);
    return {
      identities: identities.map((identity) => ({
        provider: identity.provider,
        name: this.deps.providers.get(identity.provider)?.name ?? identity.provider,
        email: identity.email,
        linkedAt: identity.createdAt.toISOString(),
      })),
      hasPassword: account?.passwordHash != null,
    };
  }

  /** Unlinks a provider, unless it is the account's last way to sign in. */
  async unlink(principal: Principal, providerId: string): Promise<void> {
    const account = await this.deps.accounts.findById(principal.accountId);
    const hasPassword = account?.passwordHash != null;
    const outcome = await this.deps.repo.deleteIdentityIf(principal.accountId, providerId, (identities) =>
      canUnlink({ hasPassword }, identities, providerId),
    );
    if (outcome === 'missing') throw new AppError('NOT_FOUND', 'That provider is not linked to your account.');
    if (outcome === 'refused') {
      throw new AppError(
        'CONFLICT',
        'This is your only way to sign in. Choose a password or link another provider before unlinking it.',
      );
    }
  }

  /** Drops started sign-ins and exchange codes past use; for a periodic job. */
  async pruneExpired(): Promise<void> {
    await this.deps.repo.deleteExpiredBefore(new Date(Date.now() - 60 * 60_000));
  }

  /**
   * The account a provider's person signs in: the one its identity is linked to; else, on a first
   * sign-in with a verified email, that role's verified account of the email (linked now), or a new
   * verified account (replacing an unverified registration of the email; docs/decisions.md).
   */
  private async resolveAccount(
    provider: ProviderClient,
    role: AccountRole,
    person: ProviderPerson,
  ): Promise<OAuthAccount> {
    const linked = await this.linkedAccount(provider, role, person.subject);
    if (linked) return linked;
    const email = emailSchema.safeParse(person.email ?? '');
    if (!person.isEmailVerified || !email.success) {
      throw refusal(
        'FORBIDDEN',
        oauthRefusalReasons.emailUnverified,
        `Your ${provider.name} account has no verified email address. Verify your email with ${provider.name} first, or sign up with your email and a password.`,
      );
    }
    const existing = await this.deps.accounts.findByRoleAndEmail(role, email.data);
    const account =
      existing && canLinkTo(existing)
        ? existing
        : ((await this.deps.accounts.insertVerifiedReplacingPending({
            id: newAccountId(role),
            role,
            email: email.data,
            name: nameFor(person, email.data),
          })) ?? (await this.deps.accounts.findByRoleAndEmail(role, email.data)));
    if (!account || !canLinkTo(account)) throw staleSignIn();
    const isLinked = await this.deps.repo.insertIdentityIfAbsent({
      id: newId('oid-'),
      accountId: account.id,
      provider: provider.id,
      subject: person.subject,
      email: email.data,
    });
    if (isLinked) return account;
    // Linked by a concurrent callback of the same person, or the account holds another identity of this provider.
    const raced = await this.linkedAccount(provider, role, person.subject);
    if (raced) return raced;
    throw new AppError(
      'CONFLICT',
      `Your ${roleWords[role]} account is linked to another ${provider.name} account. Sign in with that one, or unlink it in your account settings first.`,
    );
  }

  /** The account the identity is linked to, refused when it is of the other role. */
  private async linkedAccount(
    provider: ProviderClient,
    role: AccountRole,
    subject: string,
  ): Promise<OAuthAccount | undefined> {
    const identity = await this.deps.repo.findIdentityByProviderAndSubject(provider.id, subject);
    if (!identity) return undefined;
    const account = await this.deps.accounts.findById(identity.accountId);
    if (!account) return undefined;
    if (!canSignInAs(account, role)) {
      const linkedWords = account.role === 'investor' ? 'investor' : 'founder';
      throw refusal(
        'FORBIDDEN',
        oauthRefusalReasons.wrongRole,
        `This ${provider.name} account signs in to a ${linkedWords} account, not to a ${roleWords[role]} account. Use the ${linkedWords} sign-in, or another ${provider.name} account.`,
      );
    }
    await this.deps.repo.touchIdentity(identity.id);
    return account;
  }

  private providerOf(providerId: string): ProviderClient {
    const provider = this.deps.providers.get(providerId);
    if (!provider) throw notOffered();
    return provider;
  }

  /** The checks of a sign-in, derived from its state (see the class comment). */
  private checksOf(state: string): AuthorizationChecks {
    return {
      state,
      codeVerifier: hmacSha256(this.flowKey, `pkce ${state}`),
      nonce: hmacSha256(this.flowKey, `nonce ${state}`),
    };
  }

  /** A provider call; its failures are a 4xx sentence for the person and a log line for us. */
  private async askProvider<T>(provider: ProviderClient, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof ProviderFailure)) throw error;
      this.deps.logger.warn(
        { provider: provider.id, step: error.message, err: error.cause },
        'identity provider call failed',
      );
      if (isUnreachable(error.cause)) {
        throw new AppError(
          'UNAVAILABLE',
          `We could not reach ${provider.name}. Try again in a moment, or sign in another way.`,
          { reason: oauthRefusalReasons.providerUnreachable, retryAfterSeconds: unreachableRetrySeconds },
        );
      }
      throw refusal(
        'VALIDATION_FAILED',
        oauthRefusalReasons.providerRefused,
        `${provider.name} did not confirm this sign-in. Start again, or sign in another way.`,
      );
    }
  }
}

/** When a sign-in through a provider that could not be reached is worth trying again. */
const unreachableRetrySeconds = 30;

/** Network failures: the provider never answered, as opposed to answering no. */
const unreachableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * Whether a provider call failed because the provider could not be reached: somewhere in the
 * error's causes (fetch wraps the socket's error in "fetch failed") a network code or a timeout.
 */
function isUnreachable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 6; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && unreachableCodes.has(code)) return true;
    if (cause.name === 'TimeoutError' || cause.name === 'AbortError') return true;
    if (cause instanceof AggregateError && cause.errors.some((inner) => isUnreachable(inner))) return true;
    cause = cause.cause;
  }
  return false;
}

/**
 * The name a new account takes: the provider's, made storable (no control characters, no lone
 * surrogates, at most 100 characters), else the email's local part.
 */
function nameFor(person: ProviderPerson, email: string): string {
  // Code points, so a lone surrogate stands alone and is dropped; control characters become spaces.
  const codePoints = [...(person.name ?? '')]
    .filter((character) => !isLoneSurrogate(character))
    .map((character) => (isControl(character) ? ' ' : character));
  const cleaned = codePoints.join('').trim().replace(/\s+/g, ' ');
  const name = [...cleaned].slice(0, maxNameLength).join('').trim();
  return name && unstorableTextProblem(name) === null ? name : (email.split('@')[0] ?? email);
}

const isLoneSurrogate = (character: string) => {
  const unit = character.charCodeAt(0);
  return character.length === 1 && unit >= 0xd800 && unit <= 0xdfff;
};

const isControl = (character: string) => {
  const unit = character.charCodeAt(0);
  return unit < 0x20 || (unit >= 0x7f && unit <= 0x9f);
};
