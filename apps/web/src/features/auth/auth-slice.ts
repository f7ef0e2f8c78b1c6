import type { Role, Tokens } from '@deckvalid/contract/auth';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { type AuthState, type AuthUser, initialAuthState } from './auth-state';

export { type AuthRole, type AuthState, type AuthUser, initialAuthState } from './auth-state';

export type LoginSucceededPayload = { role: Role; tokens: Tokens; user: AuthUser };

const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    /** Login or verified registration: authenticated as `role`; the listener persists the tokens. */
    loginSucceeded(_state, action: PayloadAction<LoginSucceededPayload>) {
      const { role, tokens, user } = action.payload;
      return { isAuthenticated: true, role, tokens, user };
    },
    /**
     * Makes a stored session the active one (start-up restore, the landing page's chooser). The
     * user is unknown until `me` answers; the session gate shows the loading screen meanwhile.
     */
    sessionRestored(_state, action: PayloadAction<{ role: Role; tokens: Tokens }>) {
      return { isAuthenticated: true, role: action.payload.role, tokens: action.payload.tokens, user: null };
    },
    /** The answer of `me` (or a profile rename) for the active session. */
    userLoaded(state, action: PayloadAction<AuthUser>) {
      if (!state.isAuthenticated) return;
      const previous = state.user;
      // A rename answers without the picture: the avatar keeps the one it shows for this person.
      const keptPicture = previous?.id === action.payload.id ? previous.pictureUrl : undefined;
      state.user = { pictureUrl: keptPicture, ...action.payload };
    },
    /** The founder's profile picture, read from the profile (at start and after an upload). */
    userPictureChanged(state, action: PayloadAction<string | null>) {
      if (state.isAuthenticated && state.user) state.user.pictureUrl = action.payload;
    },
    /**
     * Signs out `role` (its stored tokens are cleared by the listener), or every role when none
     * is given. Signing out a role that is not the active one leaves the active session alone:
     * a 401 on a founder call must not end an investor's session in the same tab.
     */
    logout(state, action: PayloadAction<Role | undefined>) {
      const role = action.payload;
      if (role === undefined || state.role === 'none' || state.role === role) return initialAuthState;
      return state;
    },
  },
});

export const { loginSucceeded, sessionRestored, userLoaded, userPictureChanged, logout } = authSlice.actions;
export const authReducer = authSlice.reducer;

/** The slice's place in the root state, so features can select without importing the store. */
export type AuthRootState = { auth: AuthState };

export const selectAuth = (state: AuthRootState) => state.auth;

/**
 * The account role whose restored session still needs its `me` check (a session came back from
 * storage, its user not yet read), or null when none does: start-up and SessionGate ask the same.
 */
export function roleToCheck(auth: AuthState): Role | null {
  if (!auth.isAuthenticated || auth.user !== null || auth.role === 'none') return null;
  return auth.role;
}
export const selectIsAuthenticated = (state: AuthRootState) => state.auth.isAuthenticated;
export const selectRole = (state: AuthRootState) => state.auth.role;
export const selectUser = (state: AuthRootState) => state.auth.user;
