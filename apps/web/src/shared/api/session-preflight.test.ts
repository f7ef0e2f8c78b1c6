import type { MeResponse } from '@deckvalid/contract/auth';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAppStore } from '@/app/store';
import { authApi } from '@/features/auth/auth-api';
import { startPreflight, takePreflight } from './session-preflight';

const tokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };
const me: MeResponse = {
  user: { id: 'usr-1', name: 'Maya Lind', email: 'maya@example.com', role: 'user' },
} as MeResponse;
const meUrl = `${window.location.origin}/api/v1/users/me`;

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  // Whatever a test left pending is taken, so the next one starts with none.
  takePreflight(new Request(meUrl));
  vi.unstubAllGlobals();
});

describe('the session preflight', () => {
  it('answers the same call with the same credentials once, from the request it already made', async () => {
    const fetchMock = vi.fn(async () => json(me));
    vi.stubGlobal('fetch', fetchMock);
    startPreflight('/api/v1/users/me', tokens);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const same = new Request(meUrl, { headers: { authorization: 'Bearer f.jwt' } });
    const answer = takePreflight(same);
    expect(await (await answer)?.json()).toEqual(me);
    expect(takePreflight(same)).toBeUndefined();
  });

  it('is not another session’s answer, nor another call’s', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(me)),
    );
    startPreflight('/api/v1/users/me', tokens);
    expect(takePreflight(new Request(`${window.location.origin}/api/v1/users/profile`))).toBeUndefined();
    expect(takePreflight(new Request(meUrl, { method: 'POST' }))).toBeUndefined();
    expect(takePreflight(new Request(meUrl, { headers: { authorization: 'Bearer someone.else' } }))).toBeUndefined();
    // Asked once with other credentials, it is dropped: nobody else may take it later.
    expect(takePreflight(new Request(meUrl, { headers: { authorization: 'Bearer f.jwt' } }))).toBeUndefined();
  });

  it('lets the app’s session check take it instead of asking the server again', async () => {
    const fetchMock = vi.fn(async () => json(me));
    vi.stubGlobal('fetch', fetchMock);
    startPreflight('/api/v1/users/me', tokens);
    const store = createAppStore({ isAuthenticated: true, role: 'user', tokens, user: null });
    const result = await store.dispatch(authApi.endpoints.me.initiate('user'));
    expect(result.data).toEqual(me);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
