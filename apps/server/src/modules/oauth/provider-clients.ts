import * as client from 'openid-client';
import type { GithubProviderConfig, OAuthProviderConfig, OidcProviderConfig } from '@/config';
import { isLoopbackHttp } from '@/config';

/** Who the provider says signed in: its stable subject, and the email it vouches for (or not). */
export type ProviderPerson = {
  subject: string;
  email: string | null;
  /** True only when the provider says it verified `email`. */
  isEmailVerified: boolean;
  /** A display name for a new account; null when the provider gave none. */
  name: string | null;
};

/** What one sign-in needs of a provider: the URL to send the browser to, and the checked answer. */
export type AuthorizationChecks = { state: string; codeVerifier: string; nonce: string };

/** The query the provider sent the browser back with (code or error, state, and `iss` if it sends one). */
export type ProviderAnswer = { code: string; state: string; iss?: string | undefined };

/**
 * A provider call that did not succeed: unreachable, a discovery document that does not match,
 * a refused code, an ID token that fails its checks. The service answers a 4xx sentence for it;
 * `cause` keeps openid-client's error for the log.
 */
export class ProviderFailure extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderFailure';
  }
}

export interface ProviderClient {
  readonly id: string;
  readonly name: string;
  authorizationUrl(checks: AuthorizationChecks): Promise<URL>;
  /** Exchanges the code (PKCE, state and, for OpenID Connect, nonce and ID token checked) and reads the person. */
  finish(answer: ProviderAnswer, checks: AuthorizationChecks): Promise<ProviderPerson>;
}

/** How long one call to a provider may take before the sign-in is given up. */
const providerTimeoutSeconds = 10;

const oidcScope = 'openid email profile';

/** openid-client speaks plain http only to a loopback issuer on 127.0.0.1 (config.ts allows no other). */
function requestOptions(url: string) {
  return isLoopbackHttp(url)
    ? { execute: [client.allowInsecureRequests], timeout: providerTimeoutSeconds }
    : { timeout: providerTimeoutSeconds };
}

/** The URL openid-client reads the authorization response from: our redirect URL with the provider's query. */
function callbackUrl(redirectUrl: string, answer: ProviderAnswer): URL {
  const url = new URL(redirectUrl);
  url.searchParams.set('code', answer.code);
  url.searchParams.set('state', answer.state);
  if (answer.iss !== undefined) url.searchParams.set('iss', answer.iss);
  return url;
}

async function calling<T>(what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw new ProviderFailure(what, { cause: error });
  }
}

/** Providers that send `email_verified` as a string ("true") exist; anything else is not verified. */
const isTrue = (value: unknown) => value === true || value === 'true';
const stringOrNull = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);

/** An OpenID Connect provider found by discovery; the discovery document is fetched once and kept. */
class OidcProviderClient implements ProviderClient {
  readonly id: string;
  readonly name: string;
  private configuration: Promise<client.Configuration> | undefined;

  constructor(
    private readonly config: OidcProviderConfig,
    private readonly redirectUrl: string,
  ) {
    this.id = config.id;
    this.name = config.name;
  }

  private discover(): Promise<client.Configuration> {
    if (!this.configuration) {
      const found = client.discovery(
        new URL(this.config.issuer),
        this.config.clientId,
        this.config.clientSecret,
        undefined,
        requestOptions(this.config.issuer),
      );
      this.configuration = found;
      // A failed discovery is tried again by the next sign-in rather than remembered.
      found.catch(() => {
        if (this.configuration === found) this.configuration = undefined;
      });
    }
    return this.configuration;
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    const configuration = await calling(`discovery of ${this.config.issuer}`, () => this.discover());
    return client.buildAuthorizationUrl(configuration, {
      redirect_uri: this.redirectUrl,
      scope: oidcScope,
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
    });
  }

  async finish(answer: ProviderAnswer, checks: AuthorizationChecks): Promise<ProviderPerson> {
    const configuration = await calling(`discovery of ${this.config.issuer}`, () => this.discover());
    const tokens = await calling('code exchange', () =>
      client.authorizationCodeGrant(configuration, callbackUrl(this.redirectUrl, answer), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      }),
    );
    const claims = tokens.claims();
    if (!claims) throw new ProviderFailure('no ID token');
    let email = stringOrNull(claims.email);
    let isEmailVerified = isTrue(claims.email_verified);
    let name = stringOrNull(claims.name);
    // Some issuers keep email and name for the userinfo endpoint; it must name the same subject.
    if (!email || claims.email_verified === undefined) {
      const info = await calling('userinfo', () =>
        client.fetchUserInfo(configuration, tokens.access_token, claims.sub),
      );
      email = stringOrNull(info.email);
      isEmailVerified = isTrue(info.email_verified);
      name ??= stringOrNull(info.name);
    }
    return { subject: claims.sub, email, isEmailVerified, name };
  }
}

/** GitHub's answers as far as they are read. */
type GithubUser = { id?: unknown; login?: unknown; name?: unknown };
type GithubEmail = { email?: unknown; primary?: unknown; verified?: unknown };

/**
 * GitHub speaks OAuth 2 without OpenID Connect: its fixed endpoints, no ID token and no nonce, then
 * its REST API for the user (`/user`, whose numeric id is the subject) and the primary verified
 * email (`/user/emails`, readable with the `user:email` scope).
 */
class GithubProviderClient implements ProviderClient {
  readonly id: string;
  readonly name: string;
  private readonly configuration: client.Configuration;

  constructor(
    private readonly config: GithubProviderConfig,
    private readonly redirectUrl: string,
  ) {
    this.id = config.id;
    this.name = config.name;
    this.configuration = new client.Configuration(
      {
        issuer: new URL(config.authorizeUrl).origin,
        authorization_endpoint: config.authorizeUrl,
        token_endpoint: config.tokenUrl,
      },
      config.clientId,
      config.clientSecret,
    );
    this.configuration.timeout = providerTimeoutSeconds;
    if ([config.authorizeUrl, config.tokenUrl, config.apiUrl].some(isLoopbackHttp)) {
      client.allowInsecureRequests(this.configuration);
    }
  }

  async authorizationUrl(checks: AuthorizationChecks): Promise<URL> {
    return client.buildAuthorizationUrl(this.configuration, {
      redirect_uri: this.redirectUrl,
      scope: 'read:user user:email',
      state: checks.state,
      code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      // A person signed in to GitHub with several accounts is asked which one.
      prompt: 'select_account',
    });
  }

  async finish(answer: ProviderAnswer, checks: AuthorizationChecks): Promise<ProviderPerson> {
    const tokens = await calling('code exchange', () =>
      client.authorizationCodeGrant(this.configuration, callbackUrl(this.redirectUrl, answer), {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
      }),
    );
    const user = (await this.read('/user', tokens.access_token)) as GithubUser;
    const emails = (await this.read('/user/emails', tokens.access_token)) as unknown;
    if ((typeof user.id !== 'number' && typeof user.id !== 'string') || !Array.isArray(emails)) {
      throw new ProviderFailure('unexpected GitHub answer');
    }
    const primary = (emails as GithubEmail[]).find((entry) => entry.primary === true);
    return {
      subject: String(user.id),
      email: stringOrNull(primary?.email),
      isEmailVerified: primary?.verified === true,
      name: stringOrNull(user.name) ?? stringOrNull(user.login),
    };
  }

  private async read(path: string, accessToken: string): Promise<unknown> {
    const response = await calling(`GitHub ${path}`, () =>
      client.fetchProtectedResource(
        this.configuration,
        accessToken,
        new URL(`${this.config.apiUrl}${path}`),
        'GET',
        undefined,
        new Headers({ accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28' }),
      ),
    );
    if (!response.ok) throw new ProviderFailure(`GitHub ${path} answered ${response.status}`);
    return calling(`GitHub ${path} body`, () => response.json());
  }
}

/** One client per configured provider, by id. */
export function createProviderClients(
  providers: OAuthProviderConfig[],
  redirectUrl: string,
): Map<string, ProviderClient> {
  return new Map(
    providers.map((provider) => [
      provider.id,
      provider.kind === 'github'
        ? new GithubProviderClient(provider, redirectUrl)
        : new OidcProviderClient(provider, redirectUrl),
    ]),
  );
}
