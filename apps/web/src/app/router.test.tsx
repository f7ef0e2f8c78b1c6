import { mentorFounderPaths } from '@deckvalid/contract/mentors';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AuthState, initialAuthState, userLoaded } from '@/features/auth/auth-slice';
import { restoreSession } from '@/features/auth/restore-session';
import { api } from '@/shared/api/api';
import { readStoredTokens, saveStoredTokens } from '@/shared/lib/token-storage';
import { AppProviders } from './providers';
import { createRoutes } from './router';
import { createAppStore } from './store';

const founderTokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };
const investorTokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };

const asFounder: AuthState = {
  isAuthenticated: true,
  role: 'user',
  tokens: founderTokens,
  user: { id: 'usr-1', name: 'Maya Founder', email: 'maya@example.com' },
};
const asInvestor: AuthState = {
  isAuthenticated: true,
  role: 'investor',
  tokens: investorTokens,
  user: { id: 'inv-1', name: 'Ravi Investor', email: 'ravi@example.com' },
};

const asMentor: AuthState = {
  isAuthenticated: true,
  role: 'mentor',
  tokens: { token: 'm.jwt', controlSignature: 'm-sig', hashToken: 'm-hash' },
  user: { id: 'mtr-1', name: 'Tomás Mentor', email: 'tomas@example.com' },
};

type Entry = string | { pathname: string; search?: string; state?: unknown };

function renderAt(entry: Entry, auth: AuthState = initialAuthState) {
  const store = createAppStore(auth);
  const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: [entry] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

async function expectPath(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
}

/** The browser's fetch, answered per path; records every request the app sends. */
const emptyPage = { data: [], meta: { page: 1, limit: 100, total: 0, hasMore: false } };

/** What the founder home's calls answer for a founder with nothing yet; undefined for other calls. */
function founderHomeAnswer(url: URL): { status: number; body: unknown } | undefined {
  if (url.pathname === '/api/v1/users/me/reading-activity') {
    return {
      status: 200,
      body: { activity: { timeZone: 'UTC', totalSeconds: 0, viewerCount: 0, days: [], recentReaders: [] } },
    };
  }
  if (url.pathname === '/api/v1/users/pitchdecks' || url.pathname === '/api/v1/users/me/interests') {
    return { status: 200, body: emptyPage };
  }
  return undefined;
}

function stubFetch(answer: (url: URL, request: Request) => { status: number; body?: unknown }) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      requests.push(input);
      const { status, body } = answer(new URL(input.url), input);
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

describe('guards', () => {
  it('sends a signed-out visitor of a founder route to /login, remembering the origin', async () => {
    const { router } = renderAt('/founder/pitchdecks?sort=new');
    await expectPath(router, '/login');
    expect(router.state.location.state).toMatchObject({
      from: { pathname: '/founder/pitchdecks', search: '?sort=new' },
    });
    expect(await screen.findByRole('heading', { name: 'Founder sign in' })).toBeTruthy();
  });

  it('sends a signed-out visitor of an investor route to /login/investor', async () => {
    const { router } = renderAt('/investor/company/acme');
    await expectPath(router, '/login/investor');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/investor/company/acme' } });
    expect(await screen.findByRole('heading', { name: 'Investor sign in' })).toBeTruthy();
  });

  it('sends a signed-out visitor of the mentor area to /login/mentor, remembering the origin', async () => {
    const { router } = renderAt('/mentor/inbox');
    await expectPath(router, '/login/mentor');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/mentor/inbox' } });
    expect(await screen.findByRole('heading', { name: 'Mentor sign in' })).toBeTruthy();
  });

  it('sends a founder who opens the mentor area to their own home', async () => {
    stubFetch(
      (url) => founderHomeAnswer(url) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No.' } } },
    );
    const { router } = renderAt('/mentor', asFounder);
    await expectPath(router, '/founder');
  });

  it('signs a mentor in from an invitation and brings them back to it', async () => {
    const mentorTokens = { token: 'm.jwt', controlSignature: 'm-sig', hashToken: 'm-hash' };
    stubFetch((url) => {
      if (url.pathname === '/api/v1/mentors/login') {
        return {
          status: 200,
          body: {
            tokens: mentorTokens,
            user: { id: 'mtr-1', name: 'Noor', email: 'noor@example.com', role: 'mentor' },
          },
        };
      }
      if (url.pathname === mentorFounderPaths.preview) {
        return {
          status: 200,
          body: { invitation: { founder: { name: 'Maya Chen' }, note: null, expiresAt: '2026-12-13T09:00:00.000Z' } },
        };
      }
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } };
    });
    const { router } = renderAt('/mentor/invitation?token=tok-1');
    fireEvent.click(await screen.findByRole('link', { name: 'Sign in as a mentor' }));
    await expectPath(router, '/login/mentor');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'noor@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'harbor-velvet-orbit-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPath(router, '/mentor/invitation');
    expect(router.state.location.search).toBe('?token=tok-1');
    expect(await screen.findByRole('button', { name: 'Accept invitation' })).toBeTruthy();
    expect(readStoredTokens('mentor')).toEqual(mentorTokens);
  });

  it('treats /analysis as an investor route', async () => {
    const { router } = renderAt('/analysis/deck-9');
    await expectPath(router, '/login/investor');
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/analysis/deck-9' } });
  });

  it.each([
    ['a founder on an investor route', '/investor/profile', asFounder, '/founder'],
    ['an investor on a founder route', '/founder/submit', asInvestor, '/investor'],
  ])('sends %s to their own home', async (_label, path, auth, home) => {
    const { router } = renderAt(path, auth);
    await expectPath(router, home);
  });

  it("sends a founder on /analysis to that deck's Report tab on their side", async () => {
    const { router } = renderAt('/analysis/deck-1', asFounder);
    await expectPath(router, '/founder/view/deck-1');
    expect(router.state.location.search).toBe('?tab=report');
  });

  it('sends a signed-in person away from sign-in to their home', async () => {
    const { router } = renderAt('/login', asFounder);
    await expectPath(router, '/founder');
  });

  it('sends a signed-in person from sign-in back to a remembered origin of their own area', async () => {
    const { router } = renderAt(
      { pathname: '/login/investor', state: { from: { pathname: '/analysis/d-2' } } },
      asInvestor,
    );
    await expectPath(router, '/analysis/d-2');
  });
});

describe('route table', () => {
  const sessions = { founder: asFounder, investor: asInvestor, 'signed out': initialAuthState };
  it.each([
    ['/founder/dashboard', 'founder', '/founder'],
    ['/founder/no/such/page', 'founder', '/founder'],
    ['/dashboard', 'founder', '/founder'],
    ['/dashboard', 'investor', '/investor'],
    ['/user/dashboard', 'investor', '/investor'],
    ['/dashboard/reports/7', 'founder', '/founder'],
    ['/dashboard', 'signed out', '/login'],
    ['/user/dashboard', 'signed out', '/login'],
    ['/no-such-page', 'signed out', '/'],
    // Spec §2 sends an unknown path to /, and / sends a signed-in person home (issue 18).
    ['/no/such/page', 'founder', '/founder'],
  ] as const)('%s as %s goes to %s', async (path, who, target) => {
    const { router } = renderAt(path, sessions[who]);
    await expectPath(router, target);
  });

  it.each([
    ['/founder/milestones/m-1', asFounder, '/api/v1/milestones/m-1'],
    ['/investor/milestones/m-1', asInvestor, '/api/v1/investors/milestones/m-1'],
    ['/mentor/milestones/m-1', asMentor, '/api/v1/mentors/milestones/m-1'],
  ] as const)('%s of an unknown milestone says it was not found', async (path, session, apiPath) => {
    const requests = stubFetch((url) =>
      url.pathname.includes('/milestones/')
        ? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'This milestone does not exist.' } } }
        : { status: 200, body: emptyPage },
    );
    renderAt(path, session);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Milestone not found');
    expect(requests.some((request) => new URL(request.url).pathname === apiPath)).toBe(true);
  });

  it('a founder without decks sees "No decks yet" with a way to submit one', async () => {
    stubFetch(() => ({ status: 200, body: { data: [], meta: { page: 1, limit: 12, total: 0, hasMore: false } } }));
    renderAt('/founder/pitchdecks', asFounder);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pitch decks' })).toBeTruthy();
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No decks yet');
    expect(
      within(empty)
        .getByRole('link', { name: /Submit a deck/ })
        .getAttribute('href'),
    ).toBe('/founder/submit');
  });

  it('an unknown deck id on /founder/view says the deck was not found', async () => {
    stubFetch(() => ({ status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such pitch deck.' } } }));
    renderAt('/founder/view/deck-3', asFounder);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Deck not found');
  });

  it('the analysis page has a back action to /investor', async () => {
    const { router } = renderAt('/analysis/deck-5', asInvestor);
    fireEvent.click(await screen.findByRole('link', { name: 'Back to decks' }));
    await expectPath(router, '/investor');
  });

  it('the founder home greets by name, offers the first deck, and has the shell pieces', async () => {
    stubFetch((url) => founderHomeAnswer(url) ?? { status: 200, body: emptyPage });
    renderAt('/founder', asFounder);
    expect((await screen.findByTestId('founder-welcome')).textContent).toBe('Welcome, Maya');
    expect((await screen.findByRole('link', { name: /Submit your first deck/ })).getAttribute('href')).toBe(
      '/founder/submit',
    );
    const nav = screen.getByRole('navigation', { name: 'Founder navigation' });
    for (const label of ['Home', 'Pitch decks', 'Submit deck', 'My investors', 'Milestones', 'Trends']) {
      expect(within(nav).getByRole('link', { name: label })).toBeTruthy();
    }
    expect(screen.getByTestId('chat-launcher-slot')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });
});

describe('verification route', () => {
  it('shows the landing page without navigation state', async () => {
    const { router } = renderAt('/verification');
    expect(await screen.findByRole('link', { name: "I'm a founder" })).toBeTruthy();
    expect(screen.getByRole('link', { name: "I'm an investor" }).getAttribute('href')).toBe('/signup/investor');
    expect(router.state.location.pathname).toBe('/verification');
  });

  it('shows the code form with the email when the state is complete', async () => {
    renderAt({ pathname: '/verification', state: { type: 'user', email: 'sam@example.com', username: 'Sam' } });
    expect(await screen.findByRole('group', { name: 'Verification code' })).toBeTruthy();
    expect(screen.getByTestId('verification-email').textContent).toBe('sam@example.com');
    expect(screen.getByRole('button', { name: 'Resend code' }).hasAttribute('disabled')).toBe(true);
  });

  it("moves the emailed link's query parameters into navigation state", async () => {
    const { router } = renderAt('/verification?type=investor&email=ravi%40example.com&username=Ravi');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.state).toEqual({ type: 'investor', email: 'ravi@example.com', username: 'Ravi' });
    expect(await screen.findByRole('heading', { name: 'Verify your investor email' })).toBeTruthy();
  });

  it('verifies with the link token by itself and goes to the verified role home', async () => {
    const requests = stubFetch((url) =>
      url.pathname === '/api/v1/investors/verify'
        ? {
            status: 200,
            body: { tokens: investorTokens, user: { id: 'inv-9', name: 'Ravi', email: 'r@x.io', role: 'investor' } },
          }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } },
    );
    const token = 'a'.repeat(32);
    const { router, store } = renderAt(`/verification?type=investor&email=r%40x.io&username=Ravi&token=${token}`);
    await expectPath(router, '/investor');
    const verify = requests.find((request) => new URL(request.url).pathname === '/api/v1/investors/verify');
    expect(new URL(verify?.url ?? 'http://x').searchParams.get('service')).toBe('email');
    expect(await verify?.clone().json()).toEqual({ email: 'r@x.io', token });
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'investor' });
    expect(readStoredTokens('investor')).toEqual(investorTokens);
  });
});

describe('sign-in flow', () => {
  it('validates inline and focuses the first invalid field', async () => {
    const requests = stubFetch(() => ({ status: 500 }));
    renderAt('/login');
    const email = await screen.findByLabelText(/^Email/);
    const submit = screen.getByRole('button', { name: 'Sign in' });
    submit.focus();
    fireEvent.click(submit);
    expect(await screen.findByText('Enter a valid email address.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(document.activeElement).toBe(email);

    fireEvent.change(email, { target: { value: 'maya@example.com' } });
    submit.focus();
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Password/)));
    expect(screen.queryByText('Enter a valid email address.')).toBeNull();
    // Only the provider list (for the "Continue with…" buttons) was asked for: no sign-in went out.
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/oauth/providers']);
  });

  it("shows the server's message in words on a wrong password", async () => {
    stubFetch(() => ({
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Email or password is incorrect.' } },
    }));
    const { router } = renderAt('/login');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'maya@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'wrong-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByTestId('form-error')).textContent).toContain('Email or password is incorrect.');
    expect(screen.queryByText('UNAUTHORIZED')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('signs in and returns to the remembered founder page, persisting the tokens', async () => {
    const requests = stubFetch((url) =>
      url.pathname === '/api/v1/users/login'
        ? {
            status: 200,
            body: {
              tokens: founderTokens,
              user: { id: 'usr-1', name: 'Maya Founder', email: 'maya@example.com', role: 'user' },
            },
          }
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } },
    );
    const { router, store } = renderAt('/founder/milestones');
    await expectPath(router, '/login');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: ' maya@example.com ' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'demo-founder-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPath(router, '/founder/milestones');
    const login = requests.find((request) => new URL(request.url).pathname === '/api/v1/users/login');
    expect(await login?.clone().json()).toEqual({
      email: 'maya@example.com',
      password: 'demo-founder-pass-2026',
    });
    expect(store.getState().auth).toMatchObject({
      isAuthenticated: true,
      role: 'user',
      user: { name: 'Maya Founder' },
    });
    expect(readStoredTokens('user')).toEqual(founderTokens);
  });

  it('sends an unverified investor to /verification with type, email and username', async () => {
    stubFetch(() => ({
      status: 403,
      body: {
        error: {
          code: 'FORBIDDEN',
          message: 'Verify your email address first: we sent you a code.',
          details: { reason: 'EMAIL_NOT_VERIFIED', email: 'new@fund.com', name: 'New Investor' },
        },
      },
    }));
    const { router } = renderAt('/login/investor');
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'new@fund.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'a-long-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPath(router, '/verification');
    expect(router.state.location.state).toEqual({ type: 'investor', email: 'new@fund.com', username: 'New Investor' });
  });

  it('puts VALIDATION_FAILED field messages under the matching field', async () => {
    stubFetch(() => ({
      status: 400,
      body: {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'This password is too common.',
          details: { fields: [{ path: 'password', message: 'This password is too common.' }] },
        },
      },
    }));
    renderAt('/signup');
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'Sam Rivera' } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: 'sam@example.com' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('This password is too common.')).toBeTruthy();
    expect(screen.queryByTestId('form-error')).toBeNull();
    expect(document.activeElement).toBe(password);
  });
});

describe('landing chooser and sign-out', () => {
  /** What a cold load of `path` starts with: the session main.tsx restores from storage. */
  const coldAt = (path: string) => renderAt(path, restoreSession(path));
  const answerFounderMe = () =>
    stubFetch(
      (url) =>
        founderHomeAnswer(url) ??
        (url.pathname === '/api/v1/users/me'
          ? {
              status: 200,
              body: { user: { id: 'usr-1', name: 'Maya Founder', email: 'maya@example.com', role: 'user' } },
            }
          : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } }),
    );

  it('sends a visitor with one stored session from / to that role home, not to the chooser', async () => {
    saveStoredTokens('user', founderTokens);
    answerFounderMe();
    const { router } = coldAt('/');
    await expectPath(router, '/founder');
    expect((await screen.findByTestId('founder-welcome')).textContent).toBe('Welcome, Maya');
    expect(screen.queryByText('Authentication Detected')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Sign in' })).toBeNull();
  });

  it('sends a signed-in person who opens / in the app to their home', async () => {
    const { router } = renderAt('/', asInvestor);
    await expectPath(router, '/investor');
  });

  it('sends a signed-in person who opens /verification in a new tab home, not to the landing page', async () => {
    saveStoredTokens('user', founderTokens);
    answerFounderMe();
    const { router } = coldAt('/verification');
    await expectPath(router, '/founder');
    expect(await screen.findByTestId('founder-welcome')).toBeTruthy();
    expect(screen.queryByRole('link', { name: "I'm a founder" })).toBeNull();
  });

  it('shows the chooser with both buttons when both roles are stored, and continuing restores that session', async () => {
    saveStoredTokens('user', founderTokens);
    saveStoredTokens('investor', investorTokens);
    answerFounderMe();
    const { router, store } = coldAt('/');
    expect(await screen.findByText('Authentication Detected')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Continue as Investor' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue as Founder' }));
    await expectPath(router, '/founder');
    expect((await screen.findByTestId('founder-welcome')).textContent).toBe('Welcome, Maya');
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, role: 'user', tokens: founderTokens });
  });

  it('has no chooser when nothing is stored', async () => {
    renderAt('/');
    expect(await screen.findByRole('link', { name: "I'm a founder" })).toBeTruthy();
    expect(screen.queryByText('Authentication Detected')).toBeNull();
  });

  it("Sign out tells the server, clears the session and goes to the role's sign-in, /login/investor", async () => {
    saveStoredTokens('investor', investorTokens);
    const emptyPage = { data: [], meta: { page: 1, limit: 20, total: 0, hasMore: false } };
    const requests = stubFetch((url) =>
      url.pathname.endsWith('/logout')
        ? { status: 200, body: { message: 'Signed out.' } }
        : { status: 200, body: { ...emptyPage, counts: {} } },
    );
    const { router, store } = renderAt('/investor/milestones', asInvestor);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    // Investors sign out to their own sign-in page, as after a 401 (docs/decisions.md, Screens).
    await expectPath(router, '/login/investor');
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    const logoutCall = requests.find((request) => new URL(request.url).pathname === '/api/v1/investors/logout');
    expect(new URL(logoutCall?.url ?? 'http://x').searchParams.get('type')).toBe('current');
    expect(logoutCall?.headers.get('authorization')).toBe('Bearer i.jwt');
    expect(readStoredTokens('investor')).toBeNull();
    expect(router.state.location.pathname).toBe('/login/investor');
    await waitFor(() => expect(router.state.location.state).toBeNull());
  });

  it('signing in again right after signing out keeps the new session', async () => {
    saveStoredTokens('user', founderTokens);
    stubFetch((url) =>
      url.pathname === '/api/v1/users/login'
        ? {
            status: 200,
            body: { tokens: founderTokens, user: { id: 'usr-1', name: 'Maya Founder', email: 'm@x.io', role: 'user' } },
          }
        : (founderHomeAnswer(url) ?? { status: 200, body: { message: 'Signed out.' } }),
    );
    const { router, store } = renderAt('/founder', asFounder);
    fireEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    await expectPath(router, '/login');
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    fireEvent.change(await screen.findByLabelText(/^Email/), { target: { value: 'm@x.io' } });
    fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: 'demo-founder-pass-2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await expectPath(router, '/founder');
    expect(await screen.findByTestId('founder-welcome')).toBeTruthy();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(readStoredTokens('user')).toEqual(founderTokens);
  });
});

describe('header avatar', () => {
  const profileOf = (pictureUrl: string | null) => ({
    profile: {
      id: 'usr-1',
      name: 'Maya Founder',
      email: 'maya@example.com',
      headline: null,
      bio: null,
      company: null,
      location: null,
      website: null,
      pictureUrl,
      createdAt: '2026-01-05T10:00:00.000Z',
    },
  });
  const avatarImage = () => screen.getByTestId('user-menu-avatar').querySelector('img')?.getAttribute('src');

  it("shows the founder's profile picture, and a new one once the profile is refreshed after an upload", async () => {
    let pictureUrl = 'https://files.example/picture-1.png?sig=a';
    stubFetch(
      (url) =>
        founderHomeAnswer(url) ??
        (url.pathname === '/api/users/profile'
          ? { status: 200, body: profileOf(pictureUrl) }
          : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Nothing here.' } } }),
    );
    const { store } = renderAt('/founder', asFounder);
    await waitFor(() => expect(avatarImage()).toBe('https://files.example/picture-1.png?sig=a'));

    // What PUT /api/users/profile/picture does on success: the profile is fetched again.
    pictureUrl = 'https://files.example/picture-2.png?sig=b';
    store.dispatch(api.util.invalidateTags(['FounderProfile']));
    await waitFor(() => expect(avatarImage()).toBe('https://files.example/picture-2.png?sig=b'));
    // A rename afterwards (userLoaded without a picture) keeps it.
    store.dispatch(userLoaded({ id: 'usr-1', name: 'Maya Renamed', email: 'maya@example.com' }));
    await waitFor(() => expect(screen.getByTestId('user-menu').textContent).toContain('Maya Renamed'));
    expect(avatarImage()).toBe('https://files.example/picture-2.png?sig=b');
  });

  it('shows the person icon for a founder without a picture', async () => {
    stubFetch((url) => founderHomeAnswer(url) ?? { status: 200, body: profileOf(null) });
    renderAt('/founder', asFounder);
    expect(await screen.findByTestId('founder-welcome')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('user-menu-avatar').querySelector('svg')).toBeTruthy());
    expect(avatarImage()).toBeUndefined();
  });
});
