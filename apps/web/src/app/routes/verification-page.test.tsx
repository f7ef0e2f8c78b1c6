import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readStoredTokens, saveStoredTokens } from '@/shared/lib/token-storage';
import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { createAppStore } from '../store';

const verifiedTokens = { token: 'v.jwt', controlSignature: 'v-sig', hashToken: 'v-hash' };
const verifiedUser = { id: 'usr-7', name: 'Sam Founder', email: 'sam@example.com', role: 'user' };

function renderAt(entry: string) {
  const store = createAppStore();
  const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: [entry] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

/** The browser's fetch, answered per path; records every request the app sends. */
function stubFetch(answer: (url: URL) => { status: number; body?: unknown }) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input);
      const { status, body } = answer(new URL(input.url));
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('verification of an account two sign-ups gave different passwords', () => {
  it('asks for a password under the verified session, and only then signs in and goes home', async () => {
    const requests = stubFetch((url) => {
      if (url.pathname === '/api/v1/users/verify') {
        return { status: 200, body: { tokens: verifiedTokens, user: verifiedUser, passwordRequired: true } };
      }
      if (url.pathname === '/api/v1/users/reset-password') {
        return { status: 200, body: { message: 'Your password is set. Use it to sign in from now on.' } };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } };
    });
    const token = 'a'.repeat(32);
    const { router, store } = renderAt(`/verification?type=user&email=sam%40example.com&username=Sam&token=${token}`);

    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeTruthy();
    // No session without a password is kept: leaving now leaves nothing signed in.
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(readStoredTokens('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/verification');

    const submit = screen.getByRole('button', { name: 'Set password and continue' });
    fireEvent.click(submit);
    expect(await screen.findByText('Use at least 8 characters.')).toBeTruthy();
    expect(requests.filter((request) => request.url.endsWith('/reset-password'))).toHaveLength(0);

    fireEvent.change(screen.getByLabelText(/^New password/), { target: { value: 'chosen-after-verify-1' } });
    fireEvent.click(submit);
    await waitFor(() => expect(router.state.location.pathname).toBe('/founder'));
    const chosen = requests.find((request) => new URL(request.url).pathname === '/api/v1/users/reset-password');
    expect(await chosen?.clone().json()).toEqual({ newPassword: 'chosen-after-verify-1' });
    expect(chosen?.headers.get('authorization')).toBe(`Bearer ${verifiedTokens.token}`);
    expect(chosen?.headers.get('x-control-signature')).toBe(verifiedTokens.controlSignature);
    expect(chosen?.headers.get('x-hash-token')).toBe(verifiedTokens.hashToken);
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'user', user: { name: 'Sam Founder' } });
    expect(readStoredTokens('user')).toEqual(verifiedTokens);
  });
});

describe('a verification link opened again', () => {
  const usedLink = `/verification?type=user&email=Sam%40example.com&username=Sam&token=${'b'.repeat(32)}`;
  const invalidLink = {
    status: 400,
    body: {
      error: {
        code: 'VALIDATION_FAILED',
        message: 'This verification link is invalid or has expired. Ask for a new code.',
      },
    },
  };

  afterEach(() => localStorage.clear());

  it('by the signed-in owner says the email is already verified and goes home', async () => {
    saveStoredTokens('user', verifiedTokens);
    stubFetch((url) => {
      if (url.pathname === '/api/v1/users/verify') return invalidLink;
      if (url.pathname === '/api/v1/users/me') return { status: 200, body: { user: verifiedUser } };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } };
    });
    const { router, store } = renderAt(usedLink);
    await waitFor(() => expect(router.state.location.pathname).toBe('/founder'));
    expect(await screen.findByText('Email already verified')).toBeTruthy();
    expect(screen.queryByText(/invalid or has expired/)).toBeNull();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'user' });
  });

  it('by anyone else shows the same refusal as a wrong link, telling nothing about the account', async () => {
    saveStoredTokens('user', verifiedTokens);
    stubFetch((url) => {
      if (url.pathname === '/api/v1/users/verify') return invalidLink;
      // This browser's session belongs to another founder.
      if (url.pathname === '/api/v1/users/me') {
        return { status: 200, body: { user: { ...verifiedUser, email: 'someone-else@example.com' } } };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } };
    });
    const { router } = renderAt(usedLink);
    expect(await screen.findByText(/invalid or has expired/)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/verification');
  });

  it('with no session in the browser asks nothing more of the server', async () => {
    const requests = stubFetch((url) =>
      url.pathname === '/api/v1/users/verify' ? invalidLink : { status: 500, body: {} },
    );
    renderAt(usedLink);
    expect(await screen.findByText(/invalid or has expired/)).toBeTruthy();
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/users/verify']);
  });
});
