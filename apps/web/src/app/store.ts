import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { createAuthPersistence } from '@/features/auth/auth-persistence';
import { type AuthRootState, type AuthState, authReducer, initialAuthState, logout } from '@/features/auth/auth-slice';
import { api, connectApiSession } from '@/shared/api/api';

connectApiSession({
  selectSession: (state) => {
    const { role, tokens } = (state as AuthRootState).auth;
    return { role, tokens };
  },
  logout,
});

const rootReducer = combineReducers({ auth: authReducer, [api.reducerPath]: api.reducer });

export type RootState = ReturnType<typeof rootReducer>;

/**
 * Builds the store; `auth` is the session restored at start-up (restore-session.ts), so the first
 * render already knows who is signed in and guards never flash a sign-in redirect.
 */
export function createAppStore(auth: AuthState = initialAuthState) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth },
    middleware: (getDefault) => getDefault().prepend(createAuthPersistence()).concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
