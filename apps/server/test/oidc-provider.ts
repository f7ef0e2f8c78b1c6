import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

/** The person the next sign-in at the test provider is: what it tells the product about them. */
export type TestPerson = {
  sub: string;
  email: string;
  emailVerified: boolean;
  name?: string;
};

export type TestOidcProvider = {
  /** http://127.0.0.1:<port>: loopback, so the product allows plain http to it. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next authorization signs in as (approved at once, no page shown). */
  signInAs: (person: TestPerson) => void;
  /** The next authorization is refused with `access_denied`, as when the person clicks "Cancel". */
  denyNext: () => void;
  close: () => Promise<void>;
};

/**
 * A real OpenID Connect provider (`oidc-provider`, the certified implementation) on 127.0.0.1 for
 * one test file: one confidential client whose redirect URL is the product's, PKCE required, ID
 * tokens signed with a key made here, and an interaction that approves at once as the person set
 * with `signInAs` (or refuses, after `denyNext`), so a test follows redirects with `authorize`.
 */
export async function startOidcProvider({
  redirectUrl,
}: {
  /**
   * The product's /oauth/callback; a function when it is known only after the provider is up (a
   * browser test starts the product with this issuer in its environment, then learns its port).
   */
  redirectUrl: string | (() => string);
}): Promise<TestOidcProvider> {
  const people = new Map<string, TestPerson>();
  let current: TestPerson | undefined;
  let isDenyingNext = false;
  const clientId = 'pitchlane-test';
  const clientSecret = `secret-${randomUUID()}`;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'test-key' };

  // Built at the first request, when the redirect URL is surely known.
  const createProvider = () =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [typeof redirectUrl === 'string' ? redirectUrl : redirectUrl()],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          // openid-client's default for a client with a secret.
          token_endpoint_auth_method: 'client_secret_post',
        },
      ],
      // biome-ignore lint/suspicious/noExplicitAny: oidc-provider's JWK type is narrower than jose's export
      jwks: { keys: [signingKey as any] },
      cookies: { keys: [randomUUID()] },
      pkce: { required: () => true },
      // Short lives, said outright (oidc-provider notes each default it falls back on).
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
      findAccount: (_ctx, sub) => {
        const person = people.get(sub);
        if (!person) return undefined;
        return {
          accountId: sub,
          claims: () => ({
            sub,
            email: person.email,
            email_verified: person.emailVerified,
            ...(person.name ? { name: person.name } : {}),
          }),
        };
      },
    });
  let built: { provider: Provider; handle: ReturnType<Provider['callback']> } | undefined;
  const providerOf = () => {
    if (!built) {
      const provider = createProvider();
      built = { provider, handle: provider.callback() };
    }
    return built;
  };

  // The interaction: approve as `current` (login, then consent to the scopes asked), or refuse.
  const interact = async (request: http.IncomingMessage, response: http.ServerResponse) => {
    const { provider } = providerOf();
    const details = await provider.interactionDetails(request, response);
    if (isDenyingNext || !current) {
      isDenyingNext = false;
      await provider.interactionFinished(
        request,
        response,
        { error: 'access_denied', error_description: 'The person declined.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(
        request,
        response,
        { login: { accountId: current.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const grant = new provider.Grant({ accountId: current.sub, clientId });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const grantId = await grant.save();
    await provider.interactionFinished(request, response, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  server.on('request', (request, response) => {
    if (request.url?.startsWith('/interaction/')) {
      interact(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
      return;
    }
    providerOf().handle(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    signInAs: (person) => {
      people.set(person.sub, person);
      current = person;
    },
    denyNext: () => {
      isDenyingNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Follows an authorization URL through the provider's redirects, keeping its cookies as a browser
 * would, until the provider sends the browser back to `redirectUrl`; answers that URL (with `code`
 * and `state`, or `error`). A fresh cookie jar per call: every authorization starts signed out.
 */
export async function authorize(url: string, redirectUrl: string): Promise<URL> {
  const cookies = new Map<string, string>();
  let next = new URL(url);
  for (let hop = 0; hop < 20; hop += 1) {
    if (next.toString().startsWith(redirectUrl)) return next;
    const response = await fetch(next, {
      redirect: 'manual',
      headers: { cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; ') },
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (pair && index > 0) cookies.set(pair.slice(0, index), pair.slice(index + 1));
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${next} with ${response.status}: ${await response.text()}`);
    await response.body?.cancel();
    next = new URL(location, next);
  }
  throw new Error('too many redirects');
}
