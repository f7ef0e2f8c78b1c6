import type { Role, Tokens, UserDto } from '@deckvalid/contract/auth';

// The session's shape apart from its reducer: start-up (restore-session.ts, the session preflight)
// reads it before Redux is loaded.

/** The active role; 'none' while signed out (spec §3). */
export type AuthRole = Role | 'none';

/**
 * The signed-in person as the screens need them; filled by login, or by `me` after a restore.
 * `pictureUrl` is the founder's profile picture for the header avatar (signed; null for none),
 * which login and `me` do not carry: the app fills it from the profile (userPictureChanged).
 */
export type AuthUser = Pick<UserDto, 'id' | 'name'> & { email?: string; pictureUrl?: string | null };

/** Authentication state of spec §3. Tokens are persisted by auth-persistence.ts, not here. */
export type AuthState = {
  isAuthenticated: boolean;
  role: AuthRole;
  tokens: Tokens | null;
  user: AuthUser | null;
};

export const initialAuthState: AuthState = { isAuthenticated: false, role: 'none', tokens: null, user: null };
