import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialAuthState } from '@/features/auth/auth-slice';
import { rememberPendingOAuth } from '@/features/oauth/oauth-pending';
import { readStoredTokens } from '@/shared/lib/token-storage';
import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { createAppStore } from '../store';

const tokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };

function renderAt(entry: string) {
  const store = createAppStore(initialAuthState);
  const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: [entry] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

/** The server, answered per path; every request is kept with its body. */
function stubServer(answer: (path: string) => { status: number; body: unknown }) {
  const requests: { path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const path = new URL(input.url).pathname;
      requests.push({ path, body: input.method === 'POST' ? await input.clone().json() : null });
      const { status, body } = answer(path);
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('/oauth/callback', () => {
  it('posts the provider’s answer, exchanges the code once, stores the session like a password sign-in and goes home', async () => {
    rememberPendingOAuth({ provider: 'google', role: 'investor' });
    const requests = stubServer((path) => {
      if (path === '/api/v1/oauth/google/callback')
        return { status: 200, body: { exchangeCode: 'x1', role: 'investor' } };
      if (path === '/api/v1/oauth/google/exchange') {
        return {
          status: 200,
          body: { tokens, user: { id: 'inv-1', name: 'Ravi', email: 'ravi@example.com', role: 'investor' } },
        };
      }
      return { status: 200, body: { data: [], meta: { page: 1, limit: 20, total: 0, hasMore: false } } };
    });
    const { router, store } = renderAt('/oauth/callback?code=c-1&state=s-1&iss=https%3A%2F%2Faccounts.google.com');
    await waitFor(() => expect(router.state.location.pathname).toBe('/investor'));
    expect(requests.filter((request) => request.path.startsWith('/api/v1/oauth/'))).toEqual([
      {
        path: '/api/v1/oauth/google/callback',
        body: { state: 's-1', code: 'c-1', iss: 'https://accounts.google.com' },
      },
      { path: '/api/v1/oauth/google/exchange', body: { exchangeCode: 'x1' } },
    ]);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'investor', tokens });
    expect(readStoredTokens('investor')).toEqual(tokens);
  });

  it('lands a refusal on the role’s sign-in page with the server’s sentence, signing nobody in', async () => {
    rememberPendingOAuth({ provider: 'github', role: 'user' });
    const sentence = 'The sign-in with GitHub was cancelled. Try again, or sign in another way.';
    stubServer((path) =>
      path === '/api/v1/oauth/github/callback'
        ? {
            status: 400,
            body: {
              error: { code: 'VALIDATION_FAILED', message: sentence, details: { reason: 'OAUTH_PROVIDER_REFUSED' } },
            },
          }
        : { status: 200, body: { providers: [{ id: 'github', name: 'GitHub' }] } },
    );
    const { router, store } = renderAt('/oauth/callback?error=access_denied&state=s-2');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByTestId('form-error')).textContent).toContain(sentence);
    expect(await screen.findByRole('button', { name: 'Continue with GitHub' })).toBeTruthy();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(readStoredTokens('user')).toBeNull();
  });

  it('refuses a callback this tab did not start, on the founder sign-in page', async () => {
    const requests = stubServer(() => ({ status: 200, body: { providers: [] } }));
    const { router } = renderAt('/oauth/callback?code=c&state=s');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect((await screen.findByTestId('form-error')).textContent).toContain('not started in this browser tab');
    expect(requests.some((request) => request.path.includes('/callback'))).toBe(false);
  });
});
