import type { InvestorInterest } from '@deckvalid/contract/interests';
import { sharedDeckPaths } from '@deckvalid/contract/links';
import type { InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/features/auth/auth-slice';
import { saveStoredTokens } from '@/shared/lib/token-storage';
import { AppProviders } from '../providers';
import { createRoutes } from '../router';
import { createAppStore } from '../store';

vi.mock('react-pdf', async () => (await import('@/test/react-pdf-stand-in')).reactPdfStandIn(3));
vi.mock('@/shared/pdf/pdf-setup', () => ({ getPdfOptions: () => ({}) }));

const tokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };
const asInvestor: AuthState = {
  isAuthenticated: true,
  role: 'investor',
  tokens,
  user: { id: 'inv-1', name: 'Ravi Investor', email: 'ravi@example.com' },
};

function makeDeck(overrides: Partial<InvestorPitchDeck> = {}): InvestorPitchDeck {
  return {
    id: 'pd-1',
    company: 'Voltgrid',
    title: 'Grid batteries for small towns',
    pitch: 'Community storage that pays for itself in four years.',
    sector: 'Climate',
    stage: 'Seed',
    amountSought: 1_500_000,
    location: 'Austin, TX',
    website: 'https://voltgrid.example',
    status: 'ready',
    pageCount: 12,
    fileSize: 2_400_000,
    createdAt: '2026-01-10T10:00:00.000Z',
    readyAt: '2026-01-10T10:01:00.000Z',
    version: 1,
    founder: { id: 'usr-1', name: 'Maya Founder' },
    myInterest: null,
    fileUrl: '/api/v1/storage/decks/pd-1.pdf?expires=1&signature=x',
    thumbnailUrl: null,
    excerpt: null,
    thesisFit: null,
    ...overrides,
  };
}

type Answer = { status: number; body?: unknown };
type Recorded = { method: string; url: URL; body: unknown; headers: Headers; keepalive: boolean };

/** The browser's fetch, answered per request; RTK Query passes a Request, the keepalive send a URL. */
function stubFetch(answer: (method: string, url: URL, body: unknown) => Answer) {
  const requests: Recorded[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(new URL(input, window.location.origin), init);
      const text = await request.clone().text();
      const body = text ? JSON.parse(text) : undefined;
      const url = new URL(request.url);
      requests.push({
        method: request.method,
        url,
        body,
        headers: request.headers,
        keepalive: init?.keepalive ?? request.keepalive,
      });
      const { status, body: answerBody } = answer(request.method, url, body);
      return new Response(answerBody === undefined ? null : JSON.stringify(answerBody), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

/** Saved info that names no thesis criteria: browse stays unranked. */
const northwindInfo = {
  investorId: 'inv-1',
  firm: 'Northwind',
  title: null,
  thesis: null,
  sectors: [],
  stages: [],
  chequeSizeMin: null,
  chequeSizeMax: null,
  location: null,
  website: null,
  places: [],
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Answers for the investor area's own calls (me, info); null leaves the request to the test. */
function areaAnswer(url: URL): Answer | null {
  if (url.pathname === '/api/v1/investors/me')
    return { status: 200, body: { user: { ...asInvestor.user, role: 'investor' } } };
  if (url.pathname === '/api/v1/investors/info') return { status: 200, body: { info: northwindInfo } };
  if (url.pathname === '/api/v1/investors/me/interests')
    return { status: 200, body: { ...page([]), counts: { pending: 0, accepted: 0, declined: 0, withdrawn: 0 } } };
  if (url.pathname === sharedDeckPaths.sharedDecks) return { status: 200, body: { data: [] } };
  return null;
}

function renderAt(entry: string) {
  const store = createAppStore(asInvestor);
  const router = createMemoryRouter(createRoutes({ prefetch: false }), { initialEntries: [entry] });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, router };
}

/** First renders load lazy route chunks; a busy shared machine needs more than the default second. */
const slow = { timeout: 5_000 };

const page = (data: InvestorPitchDeck[], total = data.length) => ({
  data,
  meta: { page: 1, limit: 12, total, hasMore: false },
});

beforeEach(() => {
  saveStoredTokens('investor', tokens);
  // Mantine's autosizing Textarea listens for font loads; jsdom has no document.fonts.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('/investor deck search', () => {
  it('lists decks as cards with the investor’s interest and highlighted excerpt', async () => {
    const deck = makeDeck({
      myInterest: { id: 'int-1', status: 'pending', note: null, updatedAt: '2026-01-11T00:00:00.000Z' },
      excerpt: '…towns need «battery» storage…',
    });
    stubFetch((_method, url) => areaAnswer(url) ?? { status: 200, body: page([deck]) });
    renderAt('/investor');

    const card = await screen.findByTestId('deck-card', {}, slow);
    expect(card.getAttribute('href')).toBe('/investor/pitchdecks/pd-1');
    expect(within(card).getByText('Voltgrid')).toBeTruthy();
    expect(within(card).getByText('Grid batteries for small towns')).toBeTruthy();
    expect(within(card).getByText('Climate')).toBeTruthy();
    expect(within(card).getByText('Seed')).toBeTruthy();
    expect(within(card).getByText('$1.5M')).toBeTruthy();
    expect(within(card).getByText('12 pages')).toBeTruthy();
    expect(within(card).getByTestId('deck-card-interest').textContent).toBe('Pending');
    expect(card.querySelector('mark')?.textContent).toBe('battery');
    expect(screen.getByTestId('investor-welcome').textContent).toContain('Welcome, Ravi.');
  });

  it('prompts to set a thesis when the info names none, and offers no thesis filter', async () => {
    const requests = stubFetch((_method, url) => areaAnswer(url) ?? { status: 200, body: page([makeDeck()]) });
    renderAt('/investor?thesis=match');
    await screen.findByTestId('deck-card', {}, slow);
    expect(screen.getByTestId('thesis-prompt').textContent).toContain('Set your thesis');
    expect(screen.queryByRole('switch', { name: /^Matches my thesis/ })).toBeNull();
    // A shared link asking for thesis matches lists every deck, newest first, rather than a refusal.
    const listed = requests.filter((request) => request.url.pathname === '/api/v1/investors/pitchdecks');
    expect(listed.map((request) => request.url.searchParams.get('matchesThesis'))).toEqual([null]);
    expect(listed[0]?.url.searchParams.get('sort')).toBe('newest');
  });

  it('ranks by fit for an investor with a thesis and filters to matches with the switch', async () => {
    const thesisInfo = { ...northwindInfo, sectors: ['Climate'], stages: ['Seed'] };
    const fit = {
      isMatch: true,
      score: 2,
      of: 2,
      reasons: [
        { kind: 'sector' as const, label: 'Climate' },
        { kind: 'stage' as const, label: 'Seed' },
      ],
    };
    const requests = stubFetch((_method, url) =>
      url.pathname === '/api/v1/investors/info'
        ? { status: 200, body: { info: thesisInfo } }
        : (areaAnswer(url) ?? { status: 200, body: page([makeDeck({ thesisFit: fit })]) }),
    );
    const { router } = renderAt('/investor');
    const card = await screen.findByTestId('deck-card', {}, slow);
    expect(within(card).getByTestId('thesis-fit').textContent).toBe('Matches your thesis: Climate · Seed');
    expect(screen.queryByTestId('thesis-prompt')).toBeNull();
    expect(screen.getByTestId('investor-welcome').textContent).toContain('Decks that fit your thesis come first');
    const listed = () => requests.filter((request) => request.url.pathname === '/api/v1/investors/pitchdecks');
    // Asked once, ranked: not first newest and then again by fit.
    expect(listed().map((request) => request.url.searchParams.get('sort'))).toEqual(['relevance']);

    // jsdom names the switch by its whole label, description included.
    fireEvent.click(screen.getByRole('switch', { name: /^Matches my thesis/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?thesis=match'));
    await waitFor(() => expect(listed().at(-1)?.url.searchParams.get('matchesThesis')).toBe('true'));
  });

  it('says when no deck meets the whole thesis, and shows every deck again on request', async () => {
    const thesisInfo = { ...northwindInfo, places: ['Lisbon'] };
    stubFetch((_method, url) => {
      if (url.pathname === '/api/v1/investors/info') return { status: 200, body: { info: thesisInfo } };
      const isThesisOnly = url.searchParams.get('matchesThesis') === 'true';
      return areaAnswer(url) ?? { status: 200, body: page(isThesisOnly ? [] : [makeDeck()]) };
    });
    const { router } = renderAt('/investor?thesis=match');
    const empty = await screen.findByTestId('deck-list-empty', {}, slow);
    expect(empty.textContent).toContain('No decks match your whole thesis yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Show every deck' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByTestId('deck-card', {}, slow)).toBeTruthy();
  });

  it('searches after typing settles and keeps the term in the URL', async () => {
    const requests = stubFetch((_method, url) => areaAnswer(url) ?? { status: 200, body: page([makeDeck()]) });
    const { router } = renderAt('/investor');
    await screen.findByTestId('deck-card', {}, slow);

    fireEvent.change(screen.getByLabelText('Search decks'), { target: { value: 'battery' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=battery'), { timeout: 2_000 });
    await waitFor(() => expect(requests.some((request) => request.url.searchParams.get('q') === 'battery')).toBe(true));
    const searched = requests.find((request) => request.url.searchParams.get('q') === 'battery');
    expect(searched?.url.searchParams.get('sort')).toBe('relevance');
    expect(searched?.headers.get('Authorization')).toBe('Bearer i.jwt');
  });

  it('says "Searching…" instead of the previous count while a new term is typed and loads', async () => {
    let releaseBattery: () => void = () => {};
    const batteryAnswered = new Promise<void>((resolve) => {
      releaseBattery = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        const answer =
          areaAnswer(url) ??
          (url.searchParams.get('q') === 'battery'
            ? { status: 200, body: page([makeDeck({ id: 'pd-2', company: 'Cellwise' })], 1) }
            : { status: 200, body: page([makeDeck(), makeDeck({ id: 'pd-3', company: 'Tidewatt' })], 2) });
        if (url.searchParams.get('q') === 'battery') await batteryAnswered;
        return new Response(JSON.stringify(answer.body), {
          status: answer.status,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    renderAt('/investor');
    const count = await screen.findByTestId('deck-list-count', {}, slow);
    expect(count.textContent).toBe('2 decks');

    fireEvent.change(screen.getByLabelText('Search decks'), { target: { value: 'battery' } });
    // Typing, then loading: the two cards shown are the earlier search's, and the count says so.
    expect(screen.getByTestId('deck-list-count').textContent).toBe('Searching…');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(screen.getAllByTestId('deck-card')).toHaveLength(2);
    expect(screen.getByTestId('deck-list-count').textContent).toBe('Searching…');

    releaseBattery();
    await waitFor(() => expect(screen.getByTestId('deck-list-count').textContent).toBe('1 deck for “battery”'));
  });

  it('reads filters from the URL and offers to clear them when nothing matches', async () => {
    const requests = stubFetch((_method, url) => areaAnswer(url) ?? { status: 200, body: page([]) });
    const { router } = renderAt('/investor?q=quantum&sector=Climate&stage=Seed');

    expect(await screen.findByText('No decks match your search', {}, slow)).toBeTruthy();
    const listRequest = requests.find((request) => request.url.pathname === '/api/v1/investors/pitchdecks');
    expect(listRequest?.url.searchParams.get('sector')).toBe('Climate');
    expect(listRequest?.url.searchParams.get('stage')).toBe('Seed');
    expect((screen.getByLabelText('Search decks') as HTMLInputElement).value).toBe('quantum');

    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect((screen.getByLabelText('Search decks') as HTMLInputElement).value).toBe('');
  });

  it('moves a page past the end of the list back to the last page that has decks', async () => {
    stubFetch((_method, url) => {
      const answer = areaAnswer(url);
      if (answer) return answer;
      // One deck: every page after the first is empty.
      return { status: 200, body: page(url.searchParams.get('page') === '1' ? [makeDeck()] : [], 1) };
    });
    const { router } = renderAt('/investor?page=3');

    expect(await screen.findByTestId('deck-card', {}, slow)).toBeTruthy();
    expect(router.state.location.search).toBe('');
    expect(screen.queryByTestId('deck-list-empty')).toBeNull();
  });

  it('says what went wrong when the list fails', async () => {
    stubFetch(
      (_method, url) =>
        areaAnswer(url) ?? {
          status: 500,
          body: { error: { code: 'INTERNAL', message: 'Something broke on our side. Try again in a moment.' } },
        },
    );
    renderAt('/investor');
    expect(await screen.findByText('Something broke on our side. Try again in a moment.', {}, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});

describe('/investor/pitchdecks/:id', () => {
  function deckServer(initial: InvestorPitchDeck) {
    let deck = initial;
    let interestAnswer: (method: string, body: unknown) => Answer = (method, body) => {
      const status = method === 'POST' ? 'pending' : 'withdrawn';
      const note =
        method === 'POST' ? ((body as { note: string | null }).note ?? null) : (deck.myInterest?.note ?? null);
      const interest: InvestorInterest = {
        id: 'int-1',
        pitchDeckId: deck.id,
        status,
        note,
        createdAt: '2026-01-11T00:00:00.000Z',
        updatedAt: new Date().toISOString(),
      };
      deck = { ...deck, myInterest: { id: interest.id, status, note, updatedAt: interest.updatedAt } };
      return { status: 200, body: { interest } };
    };
    const requests = stubFetch((method, url, body) => {
      const area = areaAnswer(url);
      if (area) return area;
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}`) return { status: 200, body: { pitchDeck: deck } };
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}/interests`) return interestAnswer(method, body);
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}/views`) return { status: 204 };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    });
    return {
      requests,
      failInterestWith(answer: Answer) {
        interestAnswer = () => answer;
      },
    };
  }

  it('shows the viewer, the details and lets the investor show interest with a note', async () => {
    const { requests } = deckServer(makeDeck());
    renderAt('/investor/pitchdecks/pd-1');

    expect(await screen.findByRole('heading', { name: 'Grid batteries for small towns' }, slow)).toBeTruthy();
    expect(await screen.findByTestId('deck-viewer', {}, slow)).toBeTruthy();
    expect(screen.getByText('Maya Founder')).toBeTruthy();
    expect(screen.queryByTestId('my-interest-status')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Show interest' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Love the unit economics.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send interest' }));

    await waitFor(() => expect(screen.getByTestId('my-interest-status').textContent).toBe('Pending'), slow);
    const post = requests.find((request) => request.method === 'POST' && request.url.pathname.endsWith('/interests'));
    expect(post?.body).toEqual({ note: 'Love the unit economics.' });
    expect(screen.getByRole('button', { name: 'Withdraw interest' })).toBeTruthy();
  });

  it('withdraws after confirming, then offers to show interest again', async () => {
    const { requests } = deckServer(
      makeDeck({ myInterest: { id: 'int-1', status: 'accepted', note: null, updatedAt: '2026-01-11T00:00:00.000Z' } }),
    );
    renderAt('/investor/pitchdecks/pd-1');

    await waitFor(() => expect(screen.getByTestId('my-interest-status').textContent).toBe('Accepted'), slow);
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw interest' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));

    await waitFor(() => expect(screen.getByTestId('my-interest-status').textContent).toBe('Withdrawn'), slow);
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(patch?.body).toEqual({ status: 'withdrawn' });
    expect(await screen.findByRole('button', { name: 'Show interest again' })).toBeTruthy();
  });

  it('a declined interest shows its state and no move', async () => {
    deckServer(
      makeDeck({ myInterest: { id: 'int-1', status: 'declined', note: null, updatedAt: '2026-01-11T00:00:00.000Z' } }),
    );
    renderAt('/investor/pitchdecks/pd-1');
    await waitFor(() => expect(screen.getByTestId('my-interest-status').textContent).toBe('Declined'), slow);
    expect(screen.queryByRole('button', { name: /interest/i })).toBeNull();
  });

  it('shows a refused move in words', async () => {
    const server = deckServer(
      makeDeck({ myInterest: { id: 'int-1', status: 'pending', note: null, updatedAt: '2026-01-11T00:00:00.000Z' } }),
    );
    server.failInterestWith({
      status: 409,
      body: { error: { code: 'CONFLICT', message: 'The founder already answered this interest.' } },
    });
    renderAt('/investor/pitchdecks/pd-1');
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw interest' }, slow));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Yes, withdraw' }));
    expect(await within(dialog).findByText('The founder already answered this interest.')).toBeTruthy();
  });

  it('tells an investor back on a deck what changed since the version they read', async () => {
    const deck = makeDeck({ version: 2, readVersions: [1] });
    const requests = stubFetch((_method, url) => {
      const area = areaAnswer(url);
      if (area) return area;
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}`) return { status: 200, body: { pitchDeck: deck } };
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}/compare`) {
        return {
          status: 200,
          body: {
            comparison: {
              from: 1,
              to: 2,
              pages: [{ kind: 'added', toPage: 5 }],
              unchangedPages: 11,
              score: { before: 58, after: 64 },
              sections: [],
              figures: [
                { key: 'arr', label: 'ARR', before: null, after: null, summary: 'ARR USD 1.2M → USD 1.6M, p. 4' },
              ],
            },
          },
        };
      }
      if (url.pathname === `/api/v1/investors/pitchdecks/${deck.id}/views`) return { status: 204 };
      return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } };
    });
    renderAt('/investor/pitchdecks/pd-1');
    const news = await screen.findByTestId('since-you-read', {}, slow);
    expect(news.textContent).toContain('New since you read it: version 2');
    expect(news.textContent).toContain('You read version 1.');
    fireEvent.click(within(news).getByRole('button', { name: 'What changed' }));
    const dialog = await screen.findByRole('dialog', {}, slow);
    expect(await within(dialog).findByText(/ARR USD 1\.2M → USD 1\.6M, p\. 4/, {}, slow)).toBeTruthy();
    expect(requests.some(({ url }) => url.pathname.endsWith('/compare') && url.search === '?from=1&to=2')).toBe(true);
  });

  it('says nothing of versions to an investor who read only the live one', async () => {
    deckServer(makeDeck({ readVersions: [] }));
    renderAt('/investor/pitchdecks/pd-1');
    await screen.findByRole('heading', { name: 'Grid batteries for small towns' }, slow);
    expect(screen.queryByTestId('since-you-read')).toBeNull();
  });

  it('says so when the deck does not exist', async () => {
    stubFetch(
      (_method, url) =>
        areaAnswer(url) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such deck.' } } },
    );
    renderAt('/investor/pitchdecks/nope');
    expect(await screen.findByText("This deck isn't available", {}, slow)).toBeTruthy();
    expect(
      within(screen.getByTestId('deck-not-found')).getByRole('link', { name: 'Browse decks' }).getAttribute('href'),
    ).toBe('/investor');
  });

  it('says so on the report of a deck that does not exist, with the way to other decks', async () => {
    stubFetch(
      (_method, url) =>
        areaAnswer(url) ?? { status: 404, body: { error: { code: 'NOT_FOUND', message: 'No such deck.' } } },
    );
    renderAt('/analysis/nope');
    expect(await screen.findByText("This deck isn't available", {}, slow)).toBeTruthy();
    expect(
      within(screen.getByTestId('deck-not-found')).getByRole('link', { name: 'Browse decks' }).getAttribute('href'),
    ).toBe('/investor');
    expect(screen.getByRole('link', { name: /Back to decks/ })).toBeTruthy();
  });

  it('sends the reading time of the session when the page is left', async () => {
    const { requests } = deckServer(makeDeck());
    const { router } = renderAt('/investor/pitchdecks/pd-1');
    await waitFor(() => expect(screen.getByTestId('deck-viewer-page-indicator').textContent).toBe('Page 1 / 3'), slow);
    // Real seconds are too slow for a test: wait a little, then leave the page.
    await new Promise((resolve) => setTimeout(resolve, 60));
    await act(async () => {
      await router.navigate('/investor');
    });

    await waitFor(() => expect(requests.some((request) => request.url.pathname.endsWith('/views'))).toBe(true));
    const view = requests.find((request) => request.url.pathname.endsWith('/views'));
    const body = view?.body as { sessionId: string; pages: { page: number; seconds: number }[] };
    expect(view?.keepalive).toBe(true);
    expect(view?.headers.get('Authorization')).toBe('Bearer i.jwt');
    expect(view?.headers.get('X-Control-Signature')).toBe('i-sig');
    expect(body.sessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(body.pages[0]?.page).toBe(1);
    expect(body.pages[0]?.seconds).toBeGreaterThan(0);
  });
});
