import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at the OWASP minimum (m = 19 MiB, t = 2, p = 1). @node-rs/argon2 hashes on its own
 * thread pool, so a login never blocks the event loop.
 */
// `algorithm: 2` is Algorithm.Argon2id; the package exports it as an ambient const enum.
const argon2Options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, argon2Options);
}

let dummyHash: Promise<string> | undefined;

/**
 * False for an account without a password (a contested registration, until its owner chooses
 * one), after the same argon2 work as a real check: no password must look like a wrong one.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    await spendPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * Verifies against a throwaway hash so that a login for an unknown email costs the same time
 * as one for a real account: the answer's timing must not tell whether the account exists.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(await dummyHash, password);
}

let commonPasswords: Set<string> | undefined;

function loadCommonPasswords(): Set<string> {
  const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
  return new Set(
    text
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))
      .map((line) => line.toLowerCase()),
  );
}

/** True for one of the 10,000 most common passwords, compared without regard to case. */
export function isCommonPassword(password: string): boolean {
  commonPasswords ??= loadCommonPasswords();
  return commonPasswords.has(password.toLowerCase());
}
