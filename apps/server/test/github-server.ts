import { createHash, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Who the next GitHub authorization signs in as: the user and their email list. */
export type GithubPerson = {
  id: number;
  login: string;
  name?: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
};

export type TestGithubServer = {
  /** OAUTH_GITHUB_AUTHORIZE_URL, _TOKEN_URL and _API_URL for this server. */
  authorizeUrl: string;
  tokenUrl: string;
  apiUrl: string;
  clientId: string;
  clientSecret: string;
  signInAs: (person: GithubPerson) => void;
  /** The next authorization is refused with `access_denied`. */
  denyNext: () => void;
  close: () => Promise<void>;
};

/**
 * A small OAuth 2 server shaped like GitHub's on 127.0.0.1: /login/oauth/authorize approves at once
 * (or refuses), /login/oauth/access_token checks the client, the code (once) and PKCE and, like
 * GitHub, answers refusals with 200 and an `error` field; /api/user and /api/user/emails answer
 * for the access token.
 */
export async function startGithubServer(): Promise<TestGithubServer> {
  const clientId = 'github-test-client';
  const clientSecret = `secret-${randomUUID()}`;
  const codes = new Map<string, { person: GithubPerson; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, GithubPerson>();
  let current: GithubPerson | undefined;
  let isDenyingNext = false;

  const json = (response: http.ServerResponse, status: number, body: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  const readForm = async (request: http.IncomingMessage) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    return new URLSearchParams(text);
  };

  const server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      if (isDenyingNext || !current || url.searchParams.get('client_id') !== clientId) {
        isDenyingNext = false;
        back.searchParams.set('error', 'access_denied');
        back.searchParams.set('error_description', 'The user has denied your application access.');
      } else {
        const code = randomUUID();
        codes.set(code, {
          person: current,
          challenge: url.searchParams.get('code_challenge') ?? '',
          redirectUri: back.origin + back.pathname,
        });
        back.searchParams.set('code', code);
      }
      response.writeHead(302, { location: back.toString() });
      response.end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = await readForm(request);
      if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret) {
        json(response, 200, { error: 'incorrect_client_credentials' });
        return;
      }
      const code = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (!code || code.challenge !== challenge || code.redirectUri !== form.get('redirect_uri')) {
        json(response, 200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect or expired.',
        });
        return;
      }
      const accessToken = `gho_${randomUUID().replaceAll('-', '')}`;
      tokens.set(accessToken, code.person);
      json(response, 200, { access_token: accessToken, token_type: 'bearer', scope: 'read:user,user:email' });
      return;
    }
    const person = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /i, ''));
    if (request.method === 'GET' && url.pathname === '/api/user') {
      if (!person) return json(response, 401, { message: 'Bad credentials' });
      return json(response, 200, { id: person.id, login: person.login, name: person.name ?? null });
    }
    if (request.method === 'GET' && url.pathname === '/api/user/emails') {
      if (!person) return json(response, 401, { message: 'Bad credentials' });
      return json(
        response,
        200,
        person.emails.map((entry) => ({ ...entry, visibility: entry.primary ? 'private' : null })),
      );
    }
    json(response, 404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    authorizeUrl: `${base}/login/oauth/authorize`,
    tokenUrl: `${base}/login/oauth/access_token`,
    apiUrl: `${base}/api`,
    clientId,
    clientSecret,
    signInAs: (next) => {
      current = next;
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
