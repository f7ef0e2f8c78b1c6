import type { Role, Tokens } from '@deckvalid/contract/auth';

// Type-only contract imports: its schemas pull zod into the first chunk, and this file is in it.
const allRoles: readonly Role[] = ['user', 'investor', 'mentor'];

function isNonEmptyString(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

/** The stored object, if it has the three credentials (spec §3); anything else reads as absent. */
function parseTokens(raw: string): Tokens | null {
  const value: unknown = JSON.parse(raw);
  if (typeof value !== 'object' || value === null) return null;
  const { token, controlSignature, hashToken } = value as Record<string, unknown>;
  if (!isNonEmptyString(token) || !isNonEmptyString(controlSignature) || !isNonEmptyString(hashToken)) return null;
  return { token, controlSignature, hashToken };
}

/** One localStorage key per role (spec §3, §9): each role's session is stored separately. */
export const tokenStorageKeys: Record<Role, string> = {
  user: 'user_tokens',
  investor: 'investor_tokens',
  mentor: 'mentor_tokens',
};

/** The part of the Web Storage API the helpers use; tests pass their own. */
export type TokenStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * localStorage, or null where reading the property itself throws (Safari private mode, a
 * sandboxed iframe, storage disabled by policy).
 */
function browserStorage(): TokenStore | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/**
 * The stored tokens of a role, or null when the key is absent or unreadable (invalid JSON,
 * missing fields, storage that throws). Read failures are silent by spec §8: a broken entry
 * just means "not signed in".
 */
export function readStoredTokens(role: Role, storage: TokenStore | null = browserStorage()): Tokens | null {
  try {
    const raw = storage?.getItem(tokenStorageKeys[role]);
    if (!raw) return null;
    return parseTokens(raw);
  } catch {
    return null;
  }
}

/** Persists a role's tokens; a failing storage is only logged (spec §8), the session goes on in memory. */
export function saveStoredTokens(role: Role, tokens: Tokens, storage: TokenStore | null = browserStorage()): void {
  try {
    if (!storage) throw new Error('localStorage is not available');
    const { token, controlSignature, hashToken } = tokens;
    storage.setItem(tokenStorageKeys[role], JSON.stringify({ token, controlSignature, hashToken }));
  } catch (err) {
    console.error('Failed to save auth tokens', err);
  }
}

/** Removes one role's tokens, or all three when no role is given; failures are only logged (spec §8). */
export function clearStoredTokens(role?: Role, storage: TokenStore | null = browserStorage()): void {
  try {
    if (!storage) throw new Error('localStorage is not available');
    for (const each of role ? [role] : allRoles) storage.removeItem(tokenStorageKeys[each]);
  } catch (err) {
    console.error('Failed to clear auth tokens', err);
  }
}

/** The roles that have readable tokens stored, in the order user, investor, mentor. */
export function readStoredRoles(storage: TokenStore | null = browserStorage()): Role[] {
  return allRoles.filter((role) => readStoredTokens(role, storage) !== null);
}
