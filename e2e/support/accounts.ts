import { authApiRoot } from '@deckvalid/contract/api-paths';
import type { AccountRole, AuthResponse } from '@deckvalid/contract/auth';
import { codeOf } from '../../apps/server/test/smtp-sink';
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

/** Signs in through the form and waits for the role's home. */
export async function signIn(
  context: BrowserContext,
  account: { email: string; password: string },
  role: AccountRole,
): Promise<Page> {
  const page = await context.newPage();
  await page.goto(role === 'user' ? '/login' : '/login/investor');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Generous: a CI machine running the browser files beside each other can take seconds to sign in.
  await page.waitForURL((url) => url.pathname === (role === 'user' ? '/founder' : '/investor'), { timeout: 30_000 });
  return page;
}
