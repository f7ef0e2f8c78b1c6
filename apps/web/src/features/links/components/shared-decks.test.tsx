import type { SharedDeck } from '@deckvalid/contract/links';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { SharedDecks } from './shared-decks';

const kept: SharedDeck = {
  pitchDeck: { id: 'pd-1', title: 'Tallyo seed round', company: 'Tallyo', pageCount: 12 },
  founderName: 'Ada Founder',
  firstSeenAt: '2026-11-20T10:00:00.000Z',
  lastSeenAt: '2026-11-21T10:00:00.000Z',
  totalSeconds: 200,
  furthestPage: 5,
};

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

function renderWith(data: SharedDeck[]) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => json({ data })),
  );
  const store = createAppStore({
    isAuthenticated: true,
    role: 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'inv-1', name: 'Rita', email: 'rita@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <SharedDecks deckPath={(id) => `/investor/pitch-deck/${id}`} />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('SharedDecks', () => {
  it('lists each kept deck with a link to it and what was read', async () => {
    renderWith([kept]);
    const title = await screen.findByRole('link', { name: 'Tallyo seed round' });
    expect(title.getAttribute('href')).toBe('/investor/pitch-deck/pd-1');
    expect(screen.getByRole('heading', { name: 'Shared with you by link' })).toBeTruthy();
    expect(screen.getByText(/read 3 min 20 s · up to page 5 of 12/)).toBeTruthy();
  });

  it('shows nothing at all when no deck was kept', async () => {
    const store = renderWith([]);
    // Answered, not still loading: an empty answer must not leave a heading over nothing.
    await waitFor(() =>
      expect(Object.values(store.getState().api.queries).map((query) => query?.status)).toContain('fulfilled'),
    );
    expect(screen.queryByTestId('shared-decks')).toBeNull();
  });
});
