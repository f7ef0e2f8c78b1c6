import { configureStore } from '@reduxjs/toolkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredTokens, saveStoredTokens } from '@/shared/lib/token-storage';
import { createAuthPersistence } from './auth-persistence';
import {
  authReducer,
  initialAuthState,
  loginSucceeded,
  logout,
  roleToCheck,
  sessionRestored,
  userLoaded,
} from './auth-slice';

const founderTokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };
const investorTokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };
const founder = { id: 'usr-1', name: 'Maya Founder', email: 'maya@example.com' };

function makeStore() {
  return configureStore({
    reducer: { auth: authReducer },
    middleware: (getDefault) => getDefault().prepend(createAuthPersistence()),
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('auth reducer', () => {
  it('starts signed out with role none', () => {
    expect(authReducer(undefined, { type: '@@init' })).toEqual({
      isAuthenticated: false,
      role: 'none',
      tokens: null,
      user: null,
    });
  });

  it('login success sets authenticated, role, tokens and user', () => {
    const state = authReducer(initialAuthState, loginSucceeded({ role: 'user', tokens: founderTokens, user: founder }));
    expect(state).toEqual({ isAuthenticated: true, role: 'user', tokens: founderTokens, user: founder });
  });

  it('a restored session is authenticated without a user until me answers', () => {
    const restored = authReducer(initialAuthState, sessionRestored({ role: 'investor', tokens: investorTokens }));
    expect(restored).toMatchObject({ isAuthenticated: true, role: 'investor', user: null });
    const named = authReducer(restored, userLoaded({ id: 'inv-1', name: 'Ravi' }));
    expect(named.user).toEqual({ id: 'inv-1', name: 'Ravi' });
  });

  it('ignores a user answer that arrives after sign-out', () => {
    expect(authReducer(initialAuthState, userLoaded({ id: 'usr-1', name: 'Late' }))).toEqual(initialAuthState);
  });

  it('logout of the active role, or with no role, resets to signed out', () => {
    const signedIn = authReducer(
      initialAuthState,
      loginSucceeded({ role: 'user', tokens: founderTokens, user: founder }),
    );
    expect(authReducer(signedIn, logout('user'))).toEqual(initialAuthState);
    expect(authReducer(signedIn, logout())).toEqual(initialAuthState);
  });

  it('logout of another role leaves the active session alone', () => {
    const signedIn = authReducer(
      initialAuthState,
      loginSucceeded({ role: 'user', tokens: founderTokens, user: founder }),
    );
    expect(authReducer(signedIn, logout('investor'))).toBe(signedIn);
  });
});

describe('auth persistence', () => {
  it("login success persists the tokens under that role's key only", () => {
    const store = makeStore();
    store.dispatch(loginSucceeded({ role: 'investor', tokens: investorTokens, user: { id: 'inv-1', name: 'Ravi' } }));
    expect(JSON.parse(localStorage.getItem('investor_tokens') ?? 'null')).toEqual(investorTokens);
    expect(localStorage.getItem('user_tokens')).toBeNull();
    expect(localStorage.getItem('mentor_tokens')).toBeNull();
  });

  it("logout(role) clears that role's key and keeps the others", () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    const store = makeStore();
    store.dispatch(logout('user'));
    expect(readStoredTokens('user')).toBeNull();
    expect(readStoredTokens('investor')).toEqual(investorTokens);
  });

  it('logout() clears all three keys', () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    saveStoredTokens('mentor', investorTokens);
    makeStore().dispatch(logout());
    expect(localStorage.getItem('user_tokens')).toBeNull();
    expect(localStorage.getItem('investor_tokens')).toBeNull();
    expect(localStorage.getItem('mentor_tokens')).toBeNull();
  });

  it('a failing storage is logged and the session still starts', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new Error('quota');
    });
    const store = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: founder }));
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(log).toHaveBeenCalledWith('Failed to save auth tokens', expect.any(Error));
  });

  it('a failing clear is logged and the state still resets', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('denied');
    });
    const store = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: founder }));
    store.dispatch(logout('user'));
    expect(store.getState().auth).toEqual(initialAuthState);
    expect(log).toHaveBeenCalledWith('Failed to clear auth tokens', expect.any(Error));
  });
});

describe('roleToCheck', () => {
  it('names the role of a restored session whose user is not read yet, and nothing after', () => {
    const restored = authReducer(initialAuthState, sessionRestored({ role: 'investor', tokens: investorTokens }));
    expect(roleToCheck(restored)).toBe('investor');
    const read = authReducer(restored, userLoaded({ id: 'inv-1', name: 'Ravi' }));
    expect(roleToCheck(read)).toBeNull();
  });

  it('asks nothing when signed out, and checks a restored mentor session like the others', () => {
    expect(roleToCheck(initialAuthState)).toBeNull();
    expect(roleToCheck(authReducer(initialAuthState, sessionRestored({ role: 'mentor', tokens: founderTokens })))).toBe(
      'mentor',
    );
  });
});
