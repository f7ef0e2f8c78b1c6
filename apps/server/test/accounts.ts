import { authApiRoot } from '@deckvalid/contract/api-paths';
import type { AccountRole, AuthResponse, Tokens } from '@deckvalid/contract/auth';
import { expect } from 'vitest';
import type { TestContext } from './build';
import { codeOf } from './smtp-sink';

let counter = 0;

/** A unique address per call, so tests never collide on one database. */
export function uniqueEmail(label = 'person'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now()}.${counter}@example.test`;
}

export const strongPassword = 'velvet-orbit-harbor-42';

export type SignedUp = AuthResponse & { email: string; password: string; tokens: Tokens };

/**
 * Registers through the API (with a fresh email unless given), reads the code from the SMTP sink
 * and verifies: a signed-in account.
 */
export async function signUp(
  ctx: TestContext,
  role: AccountRole,
  name = 'Test Person',
  { email = uniqueEmail(role) }: { email?: string } = {},
): Promise<SignedUp> {
  const root = authApiRoot[role];
  const registered = await ctx.app.fastify.inject({
    method: 'POST',
    url: `${root}/register`,
    payload: { name, email, password: strongPassword },
  });
  expect(registered.statusCode).toBe(202);
  const mail = await ctx.sink.waitFor(
    (message) => message.to.includes(email) && /verification code/.test(message.subject),
  );
  const verified = await ctx.app.fastify.inject({
    method: 'POST',
    url: `${root}/verify/code`,
    payload: { email, code: codeOf(mail) },
  });
  expect(verified.statusCode).toBe(200);
  return { ...(verified.json() as AuthResponse), email, password: strongPassword };
}
