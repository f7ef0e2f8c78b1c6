import { createListenerMiddleware } from '@reduxjs/toolkit';
import { clearStoredTokens, saveStoredTokens } from '@/shared/lib/token-storage';
import { loginSucceeded, logout } from './auth-slice';

/**
 * Keeps localStorage in step with the auth slice (spec §4): a login persists the tokens under
 * the role's key, a logout clears that role's key or all three. Reducers stay pure; this
 * listener is the only writer. One instance per store.
 */
export function createAuthPersistence() {
  const listener = createListenerMiddleware();
  listener.startListening({
    actionCreator: loginSucceeded,
    effect: ({ payload }) => saveStoredTokens(payload.role, payload.tokens),
  });
  listener.startListening({
    actionCreator: logout,
    effect: ({ payload }) => clearStoredTokens(payload),
  });
  return listener.middleware;
}
