import { type AddressInfo, createServer } from 'node:net';
import { authApiRoot, linkedIdentityPaths, oauthPaths } from '@deckvalid/contract/api-paths';
import type { AccountRole, AuthResponse } from '@deckvalid/contract/auth';
import {
  linkedIdentitiesResponseSchema,
  oauthCallbackResponseSchema,
  oauthProvidersResponseSchema,
  oauthRefusalReasons,
} from '@deckvalid/contract/oauth';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, strongPassword, uniqueEmail } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { expectContractShape } from '../../../test/contract-shape';
import { type GithubPerson, startGithubServer, type TestGithubServer } from '../../../test/github-server';
import { authorize, startOidcProvider, type TestOidcProvider, type TestPerson } from '../../../test/oidc-provider';

/**
 * Sign-in through a real OpenID Connect provider (oidc-provider on 127.0.0.1, as `testidp`) and a
 * local server shaped like GitHub's, end to end through the product's calls: the browser's part
 * (the provider's redirects) is played by `authorize`.
 */
const redirectUrl = 'http://localhost:8080/oauth/callback';
let ctx: TestContext;
let oidc: TestOidcProvider;
let github: TestGithubServer;
let counter = 0;

/** A loopback port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  [oidc, github] = await Promise.all([startOidcProvider({ redirectUrl }), startGithubServer()]);
  const downPort = await closedPort();
  ctx = await build({
    oauth: {
      redirectUrl,
      providers: [
        {
          kind: 'oidc',
          id: 'testidp',
          name: 'Test IdP',
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
        },
        {
          // Nothing listens here: the provider cannot be reached.
          kind: 'oidc',
          id: 'downidp',
          name: 'Down IdP',
          issuer: `http://127.0.0.1:${downPort}`,
          clientId: 'down-client',
          clientSecret: 'down-secret',
        },
        {
          kind: 'github',
          id: 'github',
          name: 'GitHub',
          authorizeUrl: github.authorizeUrl,
          tokenUrl: github.tokenUrl,
          apiUrl: github.apiUrl,
          clientId: github.clientId,
          clientSecret: github.clientSecret,
        },
      ],
    },
  });
});

afterAll(async () => {
  await ctx.close();
  await Promise.all([oidc.close(), github.close()]);
});

/** A person unknown to the product, with a verified email unless told otherwise. */
function newPerson(overrides: Partial<TestPerson> = {}): TestPerson {
  counter += 1;
  return {
    sub: `sub-${counter}-${Date.now()}`,
    email: uniqueEmail('idp'),
    emailVerified: true,
    name: 'Ida Provider',
    ...overrides,
  };
}

function newGithubPerson(overrides: Partial<GithubPerson> = {}): GithubPerson {
  counter += 1;
  return {
    id: 1000 + counter,
    login: `octo${counter}`,
    name: 'Octo Cat',
    emails: [
      { email: uniqueEmail('gh-secondary'), primary: false, verified: true },
      { email: uniqueEmail('gh'), primary: true, verified: true },
    ],
    ...overrides,
  };
}

async function start(provider: string, role: AccountRole): Promise<string> {
  const reply = await ctx.app.fastify.inject({ method: 'GET', url: oauthPaths.start(provider, role) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().url as string;
}

/** Posts what the provider sent the browser back with, as the callback page does. */
function callback(provider: string, back: URL, overrides: Record<string, string> = {}) {
  const query = Object.fromEntries(back.searchParams);
  return ctx.app.fastify.inject({
    method: 'POST',
    url: oauthPaths.callback(provider),
    payload: {
      state: query.state,
      ...(query.code ? { code: query.code } : {}),
      ...(query.iss ? { iss: query.iss } : {}),
      ...(query.error ? { error: query.error } : {}),
      ...(query.error_description ? { errorDescription: query.error_description } : {}),
      ...overrides,
    },
  });
}

function exchange(provider: string, exchangeCode: string) {
  return ctx.app.fastify.inject({ method: 'POST', url: oauthPaths.exchange(provider), payload: { exchangeCode } });
}

/** The whole round trip: start, the provider's redirects, callback, exchange. */
async function signIn(provider: string, role: AccountRole): Promise<LightMyRequestResponse> {
  const back = await authorize(await start(provider, role), redirectUrl);
  const answered = await callback(provider, back);
  if (answered.statusCode !== 200) return answered;
  expectContractShape(answered.json(), oauthCallbackResponseSchema);
  expect(answered.json().role).toBe(role);
  return exchange(provider, answered.json().exchangeCode);
}

function expectRefusal(reply: LightMyRequestResponse, status: number, reason: string, words: RegExp) {
  expect(reply.statusCode, reply.body).toBe(status);
  expect(reply.json().error.details?.reason).toBe(reason);
  expect(reply.json().error.message).toMatch(words);
}

async function accountCount(email: string): Promise<number> {
  const [row] = await ctx.sql<{ count: number }>('select count(*)::int as count from accounts where email = $1', [
    email,
  ]);
  return row?.count ?? 0;
}

async function me(role: AccountRole, session: AuthResponse) {
  return ctx.app.fastify.inject({
    method: 'GET',
    url: `${authApiRoot[role]}/me`,
    headers: authHeaders(session.tokens),
  });
}

describe('providers', () => {
  it('lists the enabled providers by id and name', async () => {
    const reply = await ctx.app.fastify.inject({ method: 'GET', url: oauthPaths.providers });
    expect(reply.statusCode).toBe(200);
    expectContractShape(reply.json(), oauthProvidersResponseSchema);
    expect(reply.json().providers).toEqual([
      { id: 'testidp', name: 'Test IdP' },
      { id: 'downidp', name: 'Down IdP' },
      { id: 'github', name: 'GitHub' },
    ]);
  });

  it('starts with PKCE (S256), state and, for OpenID Connect, a nonce, to the product’s redirect URL', async () => {
    const url = new URL(await start('testidp', 'user'));
    expect(url.origin).toBe(oidc.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(redirectUrl);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('state')).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get('nonce')).toMatch(/^[\w-]{43}$/);
    const stored = await ctx.sql<{ state_hash: string }>('select state_hash from oauth_states');
    expect(stored.map((row) => row.state_hash)).not.toContain(url.searchParams.get('state'));
    const githubUrl = new URL(await start('github', 'investor'));
    expect(githubUrl.toString().startsWith(github.authorizeUrl)).toBe(true);
    expect(githubUrl.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('refuses a provider that is not configured, at every step, with 404', async () => {
    const started = await ctx.app.fastify.inject({ method: 'GET', url: oauthPaths.start('google', 'user') });
    expect(started.statusCode).toBe(404);
    expect(started.json().error.message).toMatch(/not offered/);
    const called = await ctx.app.fastify.inject({
      method: 'POST',
      url: oauthPaths.callback('google'),
      payload: { code: 'c', state: 's' },
    });
    expect(called.statusCode).toBe(404);
    expect((await exchange('google', 'x')).statusCode).toBe(404);
  });
});

describe('signing in', () => {
  it('makes a verified founder account on a first OpenID Connect sign-in, and signs the same one in again', async () => {
    const person = newPerson({ name: 'Ada\u0000 Park' });
    oidc.signInAs(person);
    const first = await signIn('testidp', 'user');
    expect(first.statusCode, first.body).toBe(200);
    const session = first.json() as AuthResponse;
    expect(session.user).toMatchObject({ email: person.email, role: 'user', name: 'Ada Park' });
    expect(session.user.id).toMatch(/^usr-/);
    expect((await me('user', session)).json().user.id).toBe(session.user.id);
    const [row] = await ctx.sql<{ email_verified_at: Date | null; password_hash: string | null }>(
      'select email_verified_at, password_hash from accounts where id = $1',
      [session.user.id],
    );
    expect(row?.email_verified_at).not.toBeNull();
    expect(row?.password_hash).toBeNull();

    // The identity, not the email, decides: a changed email still signs the same account in.
    oidc.signInAs({ ...person, email: uniqueEmail('changed') });
    const again = await signIn('testidp', 'user');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().user.id).toBe(session.user.id);
  });

  it('makes an investor account from GitHub’s primary verified email', async () => {
    const person = newGithubPerson();
    github.signInAs(person);
    const reply = await signIn('github', 'investor');
    expect(reply.statusCode, reply.body).toBe(200);
    const session = reply.json() as AuthResponse;
    expect(session.user).toMatchObject({ email: person.emails[1]?.email, role: 'investor', name: 'Octo Cat' });
    expect((await me('investor', session)).statusCode).toBe(200);
  });

  it('links a first sign-in to the verified account of that role with the same email', async () => {
    const founder = await signUp(ctx, 'user', 'Verified Founder');
    oidc.signInAs(newPerson({ email: founder.email }));
    const reply = await signIn('testidp', 'user');
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().user.id).toBe(founder.user.id);
    // The password still signs in, and settings show the provider beside it.
    const login = await ctx.app.fastify.inject({
      method: 'POST',
      url: `${authApiRoot.user}/login`,
      payload: { email: founder.email, password: strongPassword },
    });
    expect(login.statusCode).toBe(200);
    const listed = await ctx.app.fastify.inject({
      method: 'GET',
      url: linkedIdentityPaths.user.list,
      headers: authHeaders(founder.tokens),
    });
    expectContractShape(listed.json(), linkedIdentitiesResponseSchema);
    expect(listed.json()).toMatchObject({
      hasPassword: true,
      identities: [{ provider: 'testidp', name: 'Test IdP', email: founder.email }],
    });
  });

  it('does not link to an unverified registration of the email: a new account replaces it, and says nothing of it', async () => {
    const email = uniqueEmail('pending');
    const registered = await ctx.app.fastify.inject({
      method: 'POST',
      url: `${authApiRoot.investor}/register`,
      payload: { name: 'Someone Else', email, password: strongPassword },
    });
    expect(registered.statusCode).toBe(202);
    const [pending] = await ctx.sql<{ id: string }>('select id from accounts where email = $1', [email]);
    oidc.signInAs(newPerson({ email, name: 'Mailbox Owner' }));
    const reply = await signIn('testidp', 'investor');
    expect(reply.statusCode, reply.body).toBe(200);
    const session = reply.json() as AuthResponse;
    expect(session.user.id).not.toBe(pending?.id);
    expect(session.user.name).toBe('Mailbox Owner');
    expect(Object.keys(reply.json()).sort()).toEqual(['tokens', 'user']);
    expect(await accountCount(email)).toBe(1);
    // The registrant's password, never proved, signs nobody in.
    const login = await ctx.app.fastify.inject({
      method: 'POST',
      url: `${authApiRoot.investor}/login`,
      payload: { email, password: strongPassword },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('refusals: a 4xx with a sentence, and nobody signed in', () => {
  it('a callback replayed with the same code and state', async () => {
    oidc.signInAs(newPerson());
    const back = await authorize(await start('testidp', 'user'), redirectUrl);
    expect((await callback('testidp', back)).statusCode).toBe(200);
    expectRefusal(await callback('testidp', back), 400, oauthRefusalReasons.expired, /already used/);
  });

  it('a provider that cannot be reached: says so and to try again, not that it refused', async () => {
    const reply = await ctx.app.fastify.inject({ method: 'GET', url: oauthPaths.start('downidp', 'user') });
    expectRefusal(reply, 503, oauthRefusalReasons.providerUnreachable, /could not reach Down IdP.*try again/i);
    expect(reply.json().error.details.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('a used code under a fresh state: the provider refuses it', async () => {
    oidc.signInAs(newPerson());
    const back = await authorize(await start('testidp', 'user'), redirectUrl);
    expect((await callback('testidp', back)).statusCode).toBe(200);
    const fresh = new URL(await start('testidp', 'user'));
    const reply = await callback('testidp', back, { state: fresh.searchParams.get('state') ?? '' });
    expectRefusal(reply, 400, oauthRefusalReasons.providerRefused, /did not confirm/);
  });

  it('a state the server never made, and one started for another provider', async () => {
    oidc.signInAs(newPerson());
    const back = await authorize(await start('testidp', 'user'), redirectUrl);
    expectRefusal(
      await callback('testidp', back, { state: 'x'.repeat(43) }),
      400,
      oauthRefusalReasons.expired,
      /not started here/,
    );
    expectRefusal(await callback('github', back), 400, oauthRefusalReasons.expired, /not started here/);
    // Either wrong use spent the state: the right call after it is refused too.
    expectRefusal(await callback('testidp', back), 400, oauthRefusalReasons.expired, /already used/);
  });

  it('a state older than ten minutes', async () => {
    const person = newPerson();
    oidc.signInAs(person);
    const back = await authorize(await start('testidp', 'investor'), redirectUrl);
    await ctx.sql("update oauth_states set expires_at = now() - interval '1 second' where consumed_at is null");
    expectRefusal(await callback('testidp', back), 400, oauthRefusalReasons.expired, /longer than 10 minutes/);
    expect(await accountCount(person.email)).toBe(0);
  });

  it('an email the provider has not verified', async () => {
    const person = newPerson({ emailVerified: false });
    oidc.signInAs(person);
    expectRefusal(await signIn('testidp', 'user'), 403, oauthRefusalReasons.emailUnverified, /no verified email/);
    const githubPerson = newGithubPerson({
      emails: [{ email: uniqueEmail('gh-unverified'), primary: true, verified: false }],
    });
    github.signInAs(githubPerson);
    expectRefusal(await signIn('github', 'user'), 403, oauthRefusalReasons.emailUnverified, /Verify your email/);
    expect(await accountCount(person.email)).toBe(0);
  });

  it('the person saying no at the provider (access_denied), and another provider error', async () => {
    oidc.denyNext();
    const back = await authorize(await start('testidp', 'user'), redirectUrl);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expectRefusal(await callback('testidp', back), 400, oauthRefusalReasons.providerRefused, /was cancelled/);
    github.denyNext();
    const githubBack = await authorize(await start('github', 'investor'), redirectUrl);
    expectRefusal(await callback('github', githubBack), 400, oauthRefusalReasons.providerRefused, /cancelled/);
    const other = new URL(await start('testidp', 'user'));
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: oauthPaths.callback('testidp'),
      payload: { state: other.searchParams.get('state'), error: 'server_error' },
    });
    expectRefusal(reply, 400, oauthRefusalReasons.providerRefused, /could not sign you in/);
  });

  it('a founder identity signing in as an investor, and the reverse', async () => {
    const person = newPerson();
    oidc.signInAs(person);
    expect((await signIn('testidp', 'user')).statusCode).toBe(200);
    expectRefusal(await signIn('testidp', 'investor'), 403, oauthRefusalReasons.wrongRole, /founder account/);
    const githubPerson = newGithubPerson();
    github.signInAs(githubPerson);
    expect((await signIn('github', 'investor')).statusCode).toBe(200);
    expectRefusal(await signIn('github', 'user'), 403, oauthRefusalReasons.wrongRole, /investor account/);
    expect(await accountCount(person.email)).toBe(1);
  });

  it('an exchange code used twice, late, or at another provider', async () => {
    oidc.signInAs(newPerson());
    const back = await authorize(await start('testidp', 'user'), redirectUrl);
    const { exchangeCode } = (await callback('testidp', back)).json();
    expect((await exchange('testidp', exchangeCode)).statusCode).toBe(200);
    expectRefusal(await exchange('testidp', exchangeCode), 400, oauthRefusalReasons.expired, /already completed/);

    const late = (await callback('testidp', await authorize(await start('testidp', 'user'), redirectUrl))).json();
    await ctx.sql("update oauth_exchange_codes set expires_at = now() - interval '1 second' where consumed_at is null");
    expectRefusal(await exchange('testidp', late.exchangeCode), 400, oauthRefusalReasons.expired, /took too long/);

    const elsewhere = (await callback('testidp', await authorize(await start('testidp', 'user'), redirectUrl))).json();
    expectRefusal(await exchange('github', elsewhere.exchangeCode), 400, oauthRefusalReasons.expired, /Start again/);
    expectRefusal(await exchange('testidp', 'not-a-code'), 400, oauthRefusalReasons.expired, /Start again/);
  });
});

describe('linked providers in account settings', () => {
  it('unlinks a provider unless it is the last way to sign in', async () => {
    const person = newPerson();
    oidc.signInAs(person);
    const session = (await signIn('testidp', 'user')).json() as AuthResponse;
    const headers = authHeaders(session.tokens);
    const unlink = (provider: string) =>
      ctx.app.fastify.inject({ method: 'DELETE', url: linkedIdentityPaths.user.unlink(provider), headers });

    const refused = await unlink('testidp');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/only way to sign in/);

    // Link GitHub to the same account through its email, then either may go, but not both.
    github.signInAs(newGithubPerson({ emails: [{ email: person.email, primary: true, verified: true }] }));
    expect((await signIn('github', 'user')).json().user.id).toBe(session.user.id);
    const listed = await ctx.app.fastify.inject({ method: 'GET', url: linkedIdentityPaths.user.list, headers });
    expect(listed.json().identities.map((identity: { provider: string }) => identity.provider)).toEqual([
      'testidp',
      'github',
    ]);
    expect(listed.json().hasPassword).toBe(false);
    expect((await unlink('testidp')).statusCode).toBe(204);
    expect((await unlink('testidp')).statusCode).toBe(404);
    expect((await unlink('github')).statusCode).toBe(409);

    // Unlinked, the provider's person is a stranger again: a first sign-in links by email anew.
    expect((await signIn('testidp', 'user')).json().user.id).toBe(session.user.id);
  });
});
