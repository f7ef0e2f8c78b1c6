import type { AccountRole, Tokens } from '@deckvalid/contract/auth';
import type { AuthUser } from './auth-slice';

/**
 * Navigation state the verification page needs (spec §2, §5): the account's role, email and
 * name; `token` only when the page was opened from the emailed link.
 */
export type VerificationState = { type: AccountRole; email: string; username: string; token?: string };

/** The state if it has type (user, investor or mentor), email and username; null otherwise. */
export function verificationStateOf(state: unknown): VerificationState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { type, email, username, token } = state as Record<string, unknown>;
  if (type !== 'user' && type !== 'investor' && type !== 'mentor') return null;
  if (typeof email !== 'string' || !email || typeof username !== 'string' || !username) return null;
  return typeof token === 'string' && token ? { type, email, username, token } : { type, email, username };
}

/**
 * The emailed link opens /verification?type=&email=&username=&token= (the server's mail
 * template); the page turns those into navigation state so the token leaves the address bar.
 */
export function verificationStateFromSearch(search: string): VerificationState | null {
  const params = new URLSearchParams(search);
  if (!params.has('type') && !params.has('email')) return null;
  return verificationStateOf({
    type: params.get('type'),
    email: params.get('email'),
    username: params.get('username'),
    token: params.get('token') ?? undefined,
  });
}

/**
 * A session a verification issued to an account with no password yet (`passwordRequired`): kept
 * off the store and storage until the person chooses one, so closing the page leaves no session
 * without a password behind (forgot-password still sets one later).
 */
export type SessionAwaitingPassword = { role: AccountRole; tokens: Tokens; user: AuthUser };
