import type { AccountRole } from '@deckvalid/contract/auth';

/**
 * What the browser must remember across the provider's pages: which provider and role a sign-in
 * was started for. The provider sends everyone back to the one /oauth/callback, which names
 * neither. Kept in sessionStorage: this tab only, gone when it closes; the secrets stay on the server.
 */
export type PendingOAuth = { provider: string; role: AccountRole };

const storageKey = 'oauth_pending';

export function rememberPendingOAuth(pending: PendingOAuth): void {
  try {
    window.sessionStorage.setItem(storageKey, JSON.stringify(pending));
  } catch {
    // Storage refused (private mode quotas): the callback page then asks to start again.
  }
}

/** The pending sign-in, read once: a reload of the callback page does not replay it. */
export function takePendingOAuth(): PendingOAuth | null {
  try {
    const raw = window.sessionStorage.getItem(storageKey);
    window.sessionStorage.removeItem(storageKey);
    if (!raw) return null;
    const value = JSON.parse(raw) as Partial<PendingOAuth>;
    if (
      typeof value.provider !== 'string' ||
      (value.role !== 'user' && value.role !== 'investor' && value.role !== 'mentor')
    )
      return null;
    return { provider: value.provider, role: value.role };
  } catch {
    return null;
  }
}

/** The location state a refused sign-in lands on the sign-in page with. */
export type OAuthProblemState = { oauthProblem: string };

/** Reads the refusal sentence out of a location state, whatever shape the state has. */
export function oauthProblemOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('oauthProblem' in state)) return null;
  const problem = (state as { oauthProblem: unknown }).oauthProblem;
  return typeof problem === 'string' && problem !== '' ? problem : null;
}
