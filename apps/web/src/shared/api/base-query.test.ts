import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { configureStore } from '@reduxjs/toolkit';
import { createApi } from '@reduxjs/toolkit/query/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type AuthRootState, authReducer, loginSucceeded, logout } from '@/features/auth/auth-slice';
import { setNavigate } from '@/shared/lib/navigation';
import { readStoredTokens, saveStoredTokens } from '@/shared/lib/token-storage';
import { type ApiExtraOptions, createBaseQuery, roleOfUrl } from './base-query';

// A real HTTP server stands in for the API: the base query's fetch is the runtime's own.
type Seen = { method: string; url: string; headers: IncomingHttpHeaders };
let server: Server;
let origin: string;
const seen: Seen[] = [];

const unauthorized = { error: { code: 'UNAUTHORIZED', message: 'Your session has ended. Sign in again.' } };

beforeAll(async () => {
  server = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers });
    const path = (request.url ?? '').split('?')[0];
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (path === '/api/v1/chats/slow-expired') {
      setTimeout(() => json(401, unauthorized), 150);
    } else if (path === '/slow') {
      setTimeout(() => json(200, { ok: true }), 600);
    } else if (path === '/broken-json') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"oops":');
    } else if (path?.endsWith('/expired') || path === '/api/v1/chats/rooms') {
      json(401, unauthorized);
    } else if (path === '/api/v1/users/login') {
      json(401, { error: { code: 'UNAUTHORIZED', message: 'Email or password is incorrect.' } });
    } else {
      json(200, { ok: true });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const founderTokens = { token: 'founder.jwt', controlSignature: 'founder-sig', hashToken: 'founder-hash' };
const investorTokens = { token: 'investor.jwt', controlSignature: 'investor-sig', hashToken: 'investor-hash' };
const storedFounderTokens = { token: 'stored.jwt', controlSignature: 'stored-sig', hashToken: 'stored-hash' };

function makeStore({ baseUrl = origin, timeoutMs = 200 } = {}) {
  const testApi = createApi({
    reducerPath: 'api',
    baseQuery: createBaseQuery({
      baseUrl,
      timeoutMs,
      selectSession: (state) => (state as AuthRootState).auth,
      logout,
    }),
    endpoints: (build) => ({
      get: build.query<unknown, string>({ query: (url) => url }),
      publicPost: build.mutation<unknown, string>({
        query: (url) => ({ url, method: 'POST', body: { email: 'a@b.co', password: 'x' } }),
        extraOptions: { isPublic: true } satisfies ApiExtraOptions,
      }),
      asInvestor: build.query<unknown, string>({
        query: (url) => url,
        extraOptions: { role: 'investor' } satisfies ApiExtraOptions,
      }),
    }),
  });
  const store = configureStore({
    reducer: { auth: authReducer, api: testApi.reducer },
    middleware: (getDefault) => getDefault().concat(testApi.middleware),
  });
  return { store, testApi };
}

let navigations: string[] = [];
let unregister: () => void = () => {};

beforeEach(() => {
  seen.length = 0;
  navigations = [];
  unregister = setNavigate((to) => navigations.push(to));
});

afterEach(() => {
  unregister();
});

describe('roleOfUrl', () => {
  it('tells the role by REST root', () => {
    expect(roleOfUrl('/api/v1/investors/info')).toBe('investor');
    expect(roleOfUrl('/api/v1/users/me')).toBe('user');
    expect(roleOfUrl('/api/users/profile')).toBe('user');
    expect(roleOfUrl('/api/v1/chats/rooms')).toBeNull();
  });
});

describe('base query credentials', () => {
  it("adds the active session's three headers on a call of its role", async () => {
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    const result = await store.dispatch(testApi.endpoints.get.initiate('/api/users/profile'));
    expect(result.data).toEqual({ ok: true });
    expect(seen[0]?.headers.authorization).toBe('Bearer founder.jwt');
    expect(seen[0]?.headers['x-control-signature']).toBe('founder-sig');
    expect(seen[0]?.headers['x-hash-token']).toBe('founder-hash');
  });

  it("falls back to the stored tokens of the call's role when another role is active", async () => {
    saveStoredTokens('investor', investorTokens);
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    await store.dispatch(testApi.endpoints.get.initiate('/api/v1/investors/info'));
    expect(seen[0]?.headers.authorization).toBe('Bearer investor.jwt');
    expect(seen[0]?.headers['x-hash-token']).toBe('investor-hash');
  });

  it('uses stored tokens when signed out, and extraOptions.role when the URL does not tell', async () => {
    saveStoredTokens('user', storedFounderTokens);
    saveStoredTokens('investor', investorTokens);
    const { store, testApi } = makeStore();
    await store.dispatch(testApi.endpoints.get.initiate('/api/v1/users/me'));
    await store.dispatch(testApi.endpoints.asInvestor.initiate('/api/v1/ai/chat'));
    expect(seen[0]?.headers.authorization).toBe('Bearer stored.jwt');
    expect(seen[1]?.headers.authorization).toBe('Bearer investor.jwt');
  });

  it('sends no credentials on public calls', async () => {
    saveStoredTokens('user', storedFounderTokens);
    const { store, testApi } = makeStore();
    await store.dispatch(testApi.endpoints.publicPost.initiate('/api/v1/users/register'));
    expect(seen[0]?.headers.authorization).toBeUndefined();
    expect(seen[0]?.headers['x-hash-token']).toBeUndefined();
  });
});

describe('base query 401 handling', () => {
  it('a 401 on a founder call clears founder storage, logs out and goes to /login', async () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    const result = await store.dispatch(testApi.endpoints.get.initiate('/api/v1/users/expired'));
    expect(result.error).toMatchObject({ status: 401, data: unauthorized });
    expect(readStoredTokens('user')).toBeNull();
    expect(readStoredTokens('investor')).toEqual(investorTokens);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: false, role: 'none', tokens: null });
    expect(navigations).toEqual(['/login']);
  });

  it('a 401 on an investor call goes to /login/investor', async () => {
    saveStoredTokens('investor', investorTokens);
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'investor', tokens: investorTokens, user: { id: 'inv-1', name: 'Ravi' } }));
    await store.dispatch(testApi.endpoints.get.initiate('/api/v1/investors/expired'));
    expect(readStoredTokens('investor')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(navigations).toEqual(['/login/investor']);
  });

  it('a 401 on a chat-room call goes to /login/investor and signs the active role out', async () => {
    saveStoredTokens('user', founderTokens);
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    await store.dispatch(testApi.endpoints.get.initiate('/api/v1/chats/rooms'));
    expect(seen[0]?.headers.authorization).toBe('Bearer founder.jwt');
    expect(readStoredTokens('user')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(navigations).toEqual(['/login/investor']);
  });

  it('a 401 that answers a session already ended changes nothing: no sign-out, no redirect', async () => {
    // A founder signs out while the chat's room list is in flight with their tokens, then signs
    // in as an investor: the founder's late 401 must neither sign the investor out nor send the
    // page to a sign-in screen (it sent a founder who had just signed out to /login/investor).
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    const late = store.dispatch(testApi.endpoints.get.initiate('/api/v1/chats/slow-expired'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    store.dispatch(logout('user'));
    saveStoredTokens('investor', investorTokens);
    store.dispatch(loginSucceeded({ role: 'investor', tokens: investorTokens, user: { id: 'inv-1', name: 'Ravi' } }));
    const result = await late;
    expect(seen[0]?.headers.authorization).toBe('Bearer founder.jwt');
    expect(result.error).toMatchObject({ status: 401 });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'investor' });
    expect(readStoredTokens('investor')).toEqual(investorTokens);
    expect(navigations).toEqual([]);
  });

  it('a 401 on a public call (wrong password) changes nothing', async () => {
    saveStoredTokens('user', founderTokens);
    const { store, testApi } = makeStore();
    store.dispatch(loginSucceeded({ role: 'user', tokens: founderTokens, user: { id: 'usr-1', name: 'Maya' } }));
    const result = await store.dispatch(testApi.endpoints.publicPost.initiate('/api/v1/users/login'));
    expect(result.error).toMatchObject({ status: 401 });
    expect(readStoredTokens('user')).toEqual(founderTokens);
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(navigations).toEqual([]);
  });
});

describe('base query transport errors', () => {
  it('ends a slow call with TIMEOUT_ERROR', async () => {
    const { store, testApi } = makeStore({ timeoutMs: 100 });
    const result = await store.dispatch(testApi.endpoints.get.initiate('/slow'));
    expect(result.error).toMatchObject({ status: 'TIMEOUT_ERROR' });
  });

  it('reports an unreachable server as FETCH_ERROR', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { store, testApi } = makeStore({ baseUrl: `http://127.0.0.1:${port}` });
    const result = await store.dispatch(testApi.endpoints.get.initiate('/anything'));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR' });
    expect(navigations).toEqual([]);
  });

  it('reports an unreadable body as PARSING_ERROR', async () => {
    const { store, testApi } = makeStore();
    const result = await store.dispatch(testApi.endpoints.get.initiate('/broken-json'));
    expect(result.error).toMatchObject({ status: 'PARSING_ERROR', originalStatus: 200 });
  });
});
