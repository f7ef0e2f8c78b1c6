/**
 * The token of a mentor invitation opened by someone not signed in as a mentor, kept while they
 * sign in or create a mentor account: the mentor home sends them back to the invitation once they
 * arrive. sessionStorage, as a share link's viewer token and a pending provider sign-in: this tab
 * only, gone when it closes (the token is a credential to the invitation, not to an account).
 */
const storageKey = 'pitchlane.mentor-invitation';

export function rememberPendingInvitation(token: string): void {
  try {
    window.sessionStorage.setItem(storageKey, token);
  } catch {
    // Storage refused: the person opens the mail's link again once signed in.
  }
}

/** The remembered token, or null. */
export function readPendingInvitation(): string | null {
  try {
    return window.sessionStorage.getItem(storageKey) || null;
  } catch {
    return null;
  }
}

/**
 * Forgets the token: once the invitation is answered, and once the mentor home has sent the
 * mentor back to it (a single time: the home is theirs again after that, answered or not).
 */
export function clearPendingInvitation(): void {
  try {
    window.sessionStorage.removeItem(storageKey);
  } catch {
    // Nothing stored to clear.
  }
}
