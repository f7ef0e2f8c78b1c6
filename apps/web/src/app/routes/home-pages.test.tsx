import type { FounderInterest, InterestStatusCounts, InvestorInterestWithDeck } from '@deckvalid/contract/interests';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { ReadingActivity } from '@deckvalid/contract/reading-activity';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/features/auth/auth-slice';
import { saveStoredTokens } from '@/shared/lib/token-storage';
import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { createAppStore } from '../store';

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

type Answer = { status: number; body?: unknown };

/** Answers each request by path; unknown paths are a test mistake and answer 404. */
function stubFetch(answer: (url: URL, method: string) => Answer | undefined) {
  const requests: { method: string; url: URL }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requests.push({ method: input.method, url });
      const { status, body } = answer(url, input.method) ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: `No stub for ${url.pathname}` } },
      };
      return new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

function renderAt(entry: string, auth: AuthState) {
  const store = createAppStore(auth);
  const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: [entry] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

const serverError: Answer = { status: 500, body: { error: { code: 'INTERNAL', message: 'Something broke.' } } };
const pageOf = <Item,>(data: Item[], total = data.length) => ({
  data,
  meta: { page: 1, limit: 100, total, hasMore: data.length < total },
});

function makeDeck(id: string, status: FounderPitchDeck['status'], title: string): FounderPitchDeck {
  return {
    id,
    company: `${title} Inc`,
    title,
    pitch: 'A pitch.',
    sector: 'Climate',
    stage: 'Seed',
    amountSought: 1_000_000,
    location: 'Lisbon',
    website: null,
    status,
    pageCount: status === 'ready' ? 8 : null,
    fileSize: 100_000,
    createdAt: '2026-01-10T10:00:00.000Z',
    readyAt: status === 'ready' ? '2026-01-10T10:01:00.000Z' : null,
    failureReason: status === 'failed' ? 'The file is password-protected.' : null,
    fontSizes: null,
    interestCount: 0,
    viewCount: 0,
    fileUrl: null,
    thumbnailUrl: null,
  } as FounderPitchDeck;
}

const decks = [
  makeDeck('d-1', 'ready', 'Tidewater seed'),
  makeDeck('d-2', 'ready', 'Ledgerleaf pre-seed'),
  makeDeck('d-3', 'processing', 'Quillwork A'),
  makeDeck('d-4', 'failed', 'Mendwell seed'),
];

const pendingInterest: FounderInterest = {
  id: 'int-1',
  status: 'pending',
  note: 'Loved the traction slide.',
  createdAt: '2026-01-11T10:00:00.000Z',
  updatedAt: '2026-01-11T10:00:00.000Z',
  investor: { id: 'inv-9', name: 'Nora Nilsen', email: 'nora@fund.example', firm: 'Fjord Capital' },
  pitchDeck: { id: 'd-1', title: 'Tidewater seed', company: 'Tidewater seed Inc' },
};

const week = ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-10', '2026-01-11'];
const activity: ReadingActivity = {
  timeZone: 'UTC',
  totalSeconds: 5_040,
  viewerCount: 3,
  days: week.map((date, index) => ({ date, seconds: index === 6 ? 3_600 : index === 2 ? 1_440 : 0, viewers: 1 })),
  recentReaders: [
    {
      investor: { id: 'inv-9', name: 'Nora Nilsen', firm: 'Fjord Capital' },
      pitchDeck: { id: 'd-1', title: 'Tidewater seed', company: 'Tidewater seed Inc' },
      lastReadAt: new Date(Date.now() - 2 * 3_600_000).toISOString(),
      totalSeconds: 750,
    },
    {
      investor: { id: 'inv-8', name: 'Sam Solo', firm: null },
      pitchDeck: { id: 'd-2', title: 'Ledgerleaf pre-seed', company: 'Ledgerleaf pre-seed Inc' },
      lastReadAt: new Date(Date.now() - 3 * 86_400_000).toISOString(),
      totalSeconds: 45,
    },
  ],
};

const founderPaths = {
  decks: '/api/v1/users/pitchdecks',
  interests: '/api/v1/users/me/interests',
  activity: '/api/v1/users/me/reading-activity',
};

beforeEach(() => {
  saveStoredTokens('user', founderTokens);
  saveStoredTokens('investor', investorTokens);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/founder home', () => {
  it("shows the founder's decks by status, pending interests in place, the week and recent readers", async () => {
    const requests = stubFetch((url) => {
      if (url.pathname === founderPaths.decks) return { status: 200, body: pageOf(decks) };
      if (url.pathname === founderPaths.interests) return { status: 200, body: pageOf([pendingInterest]) };
      if (url.pathname === founderPaths.activity) return { status: 200, body: { activity } };
      return undefined;
    });
    renderAt('/founder', asFounder);

    const deckSection = await screen.findByTestId('home-decks');
    expect(within(screen.getByTestId('home-decks-ready')).getByTestId('home-decks-count').textContent).toBe('2');
    expect(within(screen.getByTestId('home-decks-processing')).getByTestId('home-decks-count').textContent).toBe('1');
    expect(within(screen.getByTestId('home-decks-failed')).getByTestId('home-decks-count').textContent).toBe('1');
    expect(within(deckSection).getByRole('link', { name: 'Tidewater seed' }).getAttribute('href')).toBe(
      '/founder/view/d-1',
    );
    expect(
      within(deckSection)
        .getByRole('link', { name: /Submit a deck/ })
        .getAttribute('href'),
    ).toBe('/founder/submit');
    expect(screen.queryByRole('link', { name: /Submit your first deck/ })).toBeNull();

    const row = await screen.findByTestId('interest-row');
    expect(row.textContent).toContain('Nora Nilsen');
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(screen.getByTestId('home-interests-count').textContent).toContain('1');

    expect((await screen.findByTestId('home-week-time')).textContent).toBe('1 h 24 min');
    expect(screen.getByTestId('home-week-viewers').textContent).toBe('3');
    const bars = screen.getAllByTestId('home-week-bar');
    expect(bars).toHaveLength(7);
    expect(bars.map((bar) => bar.getAttribute('data-seconds'))).toEqual(['0', '0', '1440', '0', '0', '0', '3600']);

    const readers = screen.getAllByTestId('home-reader');
    expect(readers.map((reader) => reader.textContent)).toEqual([
      expect.stringMatching(/Nora Nilsen · Fjord Capital.*Read Tidewater seed\s*for 12 min 30 s/),
      expect.stringMatching(/Sam Solo · Independent investor.*Read Ledgerleaf pre-seed\s*for 45 s/),
    ]);
    expect(
      within(readers[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/founder/view/d-1');

    // Pending only, and the days counted in the browser's own zone.
    const interestCall = requests.find((request) => request.url.pathname === founderPaths.interests);
    expect(interestCall?.url.searchParams.get('status')).toBe('pending');
    const activityCall = requests.find((request) => request.url.pathname === founderPaths.activity);
    expect(activityCall?.url.searchParams.get('timeZone')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('accepting in place PATCHes the interest and the pending list refreshes without it', async () => {
    let isAnswered = false;
    const requests = stubFetch((url, method) => {
      if (url.pathname === founderPaths.decks) return { status: 200, body: pageOf(decks) };
      if (url.pathname === founderPaths.interests)
        return { status: 200, body: pageOf(isAnswered ? [] : [pendingInterest]) };
      if (url.pathname === founderPaths.activity) return { status: 200, body: { activity } };
      if (method === 'PATCH' && url.pathname === '/api/v1/users/pitchdecks/d-1/interests/int-1') {
        isAnswered = true;
        return {
          status: 200,
          body: { interest: { ...pendingInterest, status: 'accepted', updatedAt: '2026-01-12T10:00:00.000Z' } },
        };
      }
      return undefined;
    });
    renderAt('/founder', asFounder);
    const row = await screen.findByTestId('interest-row');
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    // The founder-interest row may ask to confirm; the accept itself never does.
    expect(await screen.findByTestId('home-interests-empty')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'PATCH')).toHaveLength(1);
  });

  it('a founder without decks or readers gets the first-deck invitation and an empty state per section', async () => {
    stubFetch((url) => {
      if (url.pathname === founderPaths.decks || url.pathname === founderPaths.interests)
        return { status: 200, body: pageOf([]) };
      if (url.pathname === founderPaths.activity)
        return {
          status: 200,
          body: {
            activity: {
              ...activity,
              totalSeconds: 0,
              viewerCount: 0,
              days: week.map((date) => ({ date, seconds: 0, viewers: 0 })),
              recentReaders: [],
            },
          },
        };
      return undefined;
    });
    renderAt('/founder', asFounder);
    const invitation = await screen.findByTestId('home-decks-empty');
    expect(
      within(invitation)
        .getByRole('link', { name: /Submit your first deck/ })
        .getAttribute('href'),
    ).toBe('/founder/submit');
    expect(await screen.findByTestId('home-interests-empty')).toBeTruthy();
    expect(await screen.findByTestId('home-week-empty')).toBeTruthy();
    expect(screen.getByTestId('home-week-time').textContent).toBe('0 s');
    expect(await screen.findByTestId('home-readers-empty')).toBeTruthy();
  });

  it('shows each section loading on its own', async () => {
    // The reading call never answers; the others do.
    vi.stubGlobal(
      'fetch',
      vi.fn((input: Request) => {
        const { pathname } = new URL(input.url);
        if (pathname === founderPaths.activity) return new Promise<Response>(() => {});
        const body = pathname === founderPaths.decks ? pageOf(decks) : pageOf([]);
        return Promise.resolve(
          new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } }),
        );
      }),
    );
    renderAt('/founder', asFounder);
    expect(await screen.findByLabelText('Loading reading activity')).toBeTruthy();
    expect(screen.getByLabelText('Loading recent readers')).toBeTruthy();
    expect(await screen.findByTestId('home-decks')).toBeTruthy();
    expect(await screen.findByTestId('home-interests-empty')).toBeTruthy();
    expect(screen.getByLabelText('Loading reading activity')).toBeTruthy();
  });

  it('one failing call leaves the other sections readable, and Try again asks again', async () => {
    let isActivityBroken = true;
    const requests = stubFetch((url) => {
      if (url.pathname === founderPaths.decks) return serverError;
      if (url.pathname === founderPaths.interests) return { status: 200, body: pageOf([pendingInterest]) };
      if (url.pathname === founderPaths.activity)
        return isActivityBroken ? serverError : { status: 200, body: { activity } };
      return undefined;
    });
    renderAt('/founder', asFounder);
    const deckError = await screen.findByTestId('home-decks-error');
    expect(deckError.textContent).toContain("We couldn't load your decks");
    expect(await screen.findByTestId('interest-row')).toBeTruthy();
    const week = await screen.findByTestId('home-week');
    await within(week).findByText("We couldn't load your reading figures");
    expect(within(screen.getByTestId('home-readers')).getByText("We couldn't load your recent readers")).toBeTruthy();

    isActivityBroken = false;
    fireEvent.click(within(week).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('home-week-time')).textContent).toBe('1 h 24 min');
    // One call feeds both reading sections: the readers come back with it.
    expect(await screen.findAllByTestId('home-reader')).toHaveLength(2);
    expect(requests.filter((request) => request.url.pathname === founderPaths.activity).length).toBeGreaterThanOrEqual(
      2,
    );
    expect(screen.getByTestId('home-decks-error')).toBeTruthy();
  });
});

const investorInterest = (
  id: string,
  status: InvestorInterestWithDeck['status'],
  title: string,
): InvestorInterestWithDeck => ({
  id,
  pitchDeckId: `deck-${id}`,
  status,
  note: null,
  createdAt: '2026-01-10T10:00:00.000Z',
  updatedAt: '2026-01-11T10:00:00.000Z',
  pitchDeck: { id: `deck-${id}`, title, company: `${title} Ltd` },
});

function investorAnswers(interests: (status: string | null) => Answer): (url: URL) => Answer | undefined {
  return (url) => {
    if (url.pathname === '/api/v1/investors/me/interests') return interests(url.searchParams.get('status'));
    if (url.pathname === '/api/v1/investors/info')
      return {
        status: 200,
        body: {
          info: {
            firm: 'Northwind',
            title: null,
            thesis: null,
            sectors: [],
            stages: [],
            chequeSizeMin: null,
            chequeSizeMax: null,
            places: [],
            location: null,
            website: null,
          },
        },
      };
    if (url.pathname === '/api/v1/investors/pitchdecks') return { status: 200, body: pageOf([]) };
    return undefined;
  };
}

describe('/investor home', () => {
  const counts: InterestStatusCounts = { pending: 1, accepted: 2, declined: 0, withdrawn: 1 };
  const all = [
    investorInterest('i-1', 'accepted', 'Tidewater seed'),
    investorInterest('i-2', 'pending', 'Ledgerleaf pre-seed'),
    investorInterest('i-3', 'accepted', 'Quillwork A'),
    investorInterest('i-4', 'withdrawn', 'Mendwell seed'),
  ];

  it('keeps the search first and shows the interests by status, each opening its decks', async () => {
    const requests = stubFetch(
      investorAnswers((status) => ({
        status: 200,
        body: { ...pageOf(all.filter((row) => !status || row.status === status)), counts },
      })),
    );
    renderAt('/investor', asInvestor);
    const strip = await screen.findByTestId('home-my-interests');
    const accepted = await within(strip).findByTestId('home-my-interests-accepted');
    expect(accepted.textContent).toBe('Accepted2');
    expect((within(strip).getByTestId('home-my-interests-declined') as HTMLButtonElement).disabled).toBe(true);
    // Nothing is listed until a status is chosen: the strip stays one line above the search.
    expect(within(strip).queryAllByTestId('home-my-interest')).toHaveLength(0);
    const search = screen.getByLabelText('Search decks');
    expect(strip.compareDocumentPosition(search) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    fireEvent.click(accepted);
    // The rows come first and their deck links with the same render or the next one: on a loaded
    // machine the test can look between the two.
    await waitFor(() =>
      expect(
        within(strip)
          .getAllByRole('link')
          .map((link) => [link.textContent, link.getAttribute('href')]),
      ).toEqual([
        ['Tidewater seed', '/investor/pitchdecks/deck-i-1'],
        ['Quillwork A', '/investor/pitchdecks/deck-i-3'],
      ]),
    );
    expect(within(strip).getAllByTestId('home-my-interest')).toHaveLength(2);
    expect(accepted.getAttribute('aria-pressed')).toBe('true');
    expect(requests.some((request) => request.url.searchParams.get('status') === 'accepted')).toBe(true);

    fireEvent.click(accepted);
    await waitFor(() => expect(accepted.getAttribute('aria-pressed')).toBe('false'));
  });

  it('says so when the investor has no interests yet', async () => {
    stubFetch(
      investorAnswers(() => ({
        status: 200,
        body: { ...pageOf([]), counts: { pending: 0, accepted: 0, declined: 0, withdrawn: 0 } },
      })),
    );
    renderAt('/investor', asInvestor);
    expect((await screen.findByTestId('home-my-interests-empty')).textContent).toContain(
      "You haven't shown interest in a deck yet.",
    );
    expect(screen.getByLabelText('Search decks')).toBeTruthy();
  });

  it('shows the strip loading, then its error with a retry, while the search works', async () => {
    let answers: Answer[] = [serverError];
    let release: (() => void) | null = null;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const handler = investorAnswers(() => answers.shift() ?? { status: 200, body: { ...pageOf(all), counts } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        if (url.pathname === '/api/v1/investors/me/interests') await gate;
        const { status, body } = handler(url) ?? serverError;
        return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      }),
    );
    renderAt('/investor', asInvestor);
    expect(await screen.findByLabelText('Loading your interests')).toBeTruthy();
    expect(screen.getByLabelText('Search decks')).toBeTruthy();
    (release as (() => void) | null)?.();
    const error = await screen.findByTestId('home-my-interests-error');
    expect(error.textContent).toContain("We couldn't load your interests.");
    answers = [];
    fireEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect((await screen.findByTestId('home-my-interests-pending')).textContent).toBe('Pending1');
  });
});
