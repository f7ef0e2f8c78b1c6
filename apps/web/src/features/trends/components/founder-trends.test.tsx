import { shiftDay, type Trends, type TrendsTotals } from '@deckvalid/contract/trends';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { formatReadingTime } from '../trends-model';
import { FounderTrends } from './founder-trends';

const founderTokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };

const totals = (views: number): TrendsTotals => ({
  views,
  readers: 1,
  readingSeconds: views * 60,
  interestsShown: 0,
  interestsAccepted: 0,
  tasksDone: 0,
  linkViews: 1,
  linkReadingSeconds: 95,
});

/** An answer for the asked range: as many days as it spans, `views` views over it. */
function trendsFor(from: string, to: string, views: number, hasDecks = true): Trends {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  return {
    from,
    to,
    previousFrom: shiftDay(from, -days),
    previousTo: shiftDay(from, -1),
    pitchDeckId: null,
    days: Array.from({ length: days }, (_, index) => ({
      date: shiftDay(from, index),
      views: index === days - 1 ? views : 0,
      readers: 0,
      readingSeconds: 0,
      interestsShown: 0,
      interestsAccepted: 0,
      interestsDeclined: 0,
      interestsWithdrawn: 0,
      tasksDone: 0,
      linkViews: 0,
      linkReadingSeconds: 0,
    })),
    current: totals(views),
    previous: totals(views > 2 ? 2 : 0),
    decks: hasDecks
      ? [
          {
            pitchDeckId: 'dck-a',
            title: 'Seed round',
            company: 'Tidewater',
            current: totals(views),
            previous: totals(2),
            change: {
              views: 50,
              readers: 0,
              readingSeconds: -10,
              interestsShown: null,
              interestsAccepted: 0,
              tasksDone: 0,
              linkViews: 0,
              linkReadingSeconds: 0,
            },
          },
        ]
      : [],
  };
}

function stubTrendsApi(hasDecks = true) {
  const fetchMock = vi.fn(async (input: Request) => {
    const url = new URL(input.url);
    const from = url.searchParams.get('from') ?? '';
    const to = url.searchParams.get('to') ?? '';
    const days = Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
    // More days, more views: the figures follow the range.
    return new Response(JSON.stringify({ trends: trendsFor(from, to, days, hasDecks) }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderTrends() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: founderTokens,
    user: { id: 'usr-1', name: 'Fay Founder' },
  });
  const router = createMemoryRouter([{ path: '/founder/trends', element: <FounderTrends /> }], {
    initialEntries: ['/founder/trends'],
  });
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the founder trends page', () => {
  it('asks for 30 days first and changes its figures when another range is picked', async () => {
    const fetchMock = stubTrendsApi();
    renderTrends();
    const views = async () =>
      (await screen.findByTestId('trends-total-views')).querySelector('[data-testid="trends-total-value"]')
        ?.textContent;
    await waitFor(async () => expect(await views()).toBe('30'));
    // Visits through share links stand apart from investors' views, their time as reading time.
    const linkTile = screen.getByTestId('trends-total-linkReadingSeconds');
    expect(linkTile.textContent).toContain('Link reading time');
    expect(linkTile.querySelector('[data-testid="trends-total-value"]')?.textContent).toBe(formatReadingTime(95));
    fireEvent.click(screen.getByText('7 days'));
    await waitFor(async () => expect(await views()).toBe('7'));
    const asked = fetchMock.mock.calls.map(([request]) => new URL((request as Request).url).searchParams.get('from'));
    expect(asked).toContain(shiftDay(new Date().toISOString().slice(0, 10), -6));
  });

  it('shows each deck’s change with an arrow and words, not colour alone', async () => {
    stubTrendsApi();
    renderTrends();
    const row = await screen.findByTestId('trends-deck-row');
    expect(row.querySelector('[data-direction="up"]')?.textContent).toBe('+50%');
    expect(row.querySelector('[data-direction="down"]')?.textContent).toBe('−10%');
    expect(row.querySelector('[data-direction="new"]')?.getAttribute('aria-label')).toContain('new');
  });

  it('greets a founder without decks with a way to submit one', async () => {
    stubTrendsApi(false);
    renderTrends();
    expect(await screen.findByTestId('trends-empty')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Submit a pitch deck' }).getAttribute('href')).toBe('/founder/submit');
  });
});
