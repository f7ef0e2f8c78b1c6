import { authApiRoot } from '@deckvalid/contract/api-paths';
import type { AccountRole, AuthResponse } from '@deckvalid/contract/auth';
import { codeOf } from '../../apps/server/test/smtp-sink';
import { paths } from '../../apps/web/src/config/paths';
import type { BrowserContext, Page } from './browser';
import type { RunningServer } from './server';

let counter = 0;

export const e2ePassword = 'harbor-velvet-orbit-42';

export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}.${Date.now()}.${counter}@example.test`;
}

/** The three credential headers the web sends with a signed-in call. */
export function authHeaders(tokens: AuthResponse['tokens']): Record<string, string> {
  return {
    authorization: `Bearer ${tokens.token}`,
    'x-control-signature': tokens.controlSignature,
    'x-hash-token': tokens.hashToken,
  };
}

/**
 * Calls the API as a signed-in account, the way a test builds its world without clicking; a JSON
 * body only when one is given (a GET has none). Throws with the answer when it is not a success.
 */
export async function callApi<Answer = Record<string, unknown>>(
  server: RunningServer,
  account: { tokens: AuthResponse['tokens'] },
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  body?: object,
): Promise<Answer> {
  const reply = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: { ...authHeaders(account.tokens), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${text}`);
  return (text ? JSON.parse(text) : {}) as Answer;
}

/** Registers and verifies through the API (the UI flow has its own test): a ready account. */
export async function createAccount(server: RunningServer, role: AccountRole, name: string) {
  const email = uniqueEmail(role);
  const root = `${server.baseUrl}${authApiRoot[role]}`;
  const post = (path: string, body: object) =>
    fetch(`${root}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/register', { name, email, password: e2ePassword });
  if (registered.status !== 202) throw new Error(`register answered ${registered.status}`);
  const mail = await server.sink.waitFor((m) => m.to.includes(email) && /verification code/.test(m.subject));
  const verified = await post('/verify/code', { email, code: codeOf(mail) });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}`);
  return { email, password: e2ePassword, name, ...((await verified.json()) as AuthResponse) };
}

/** Each role's sign-in page and the home it lands on. */
const signInPages: Record<AccountRole, { login: string; home: string }> = {
  user: { login: paths.login, home: paths.founder.home },
  investor: { login: paths.loginInvestor, home: paths.investor.home },
  mentor: { login: paths.loginMentor, home: paths.mentor.home },
};

/** Signs in through the form and waits for the role's home. */
export async function signIn(
  context: BrowserContext,
  account: { email: string; password: string },
  role: AccountRole,
): Promise<Page> {
  const page = await context.newPage();
  const { login, home } = signInPages[role];
  await page.goto(login);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Generous: a CI machine running the browser files beside each other can take seconds to sign in.
  await page.waitForURL((url) => url.pathname === home, { timeout: 30_000 });
  return page;
}
