import type { FounderInterest } from '@deckvalid/contract/interests';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FounderDeckInterests, FounderInterestList } from './founder-interest-list';

const interestNumbered = (index: number, status: FounderInterest['status'] = 'pending'): FounderInterest => ({
  id: `int-${index}`,
  status,
  note: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  investor: { id: `inv-${index}`, name: `Investor ${index}`, email: `i${index}@fund.example`, firm: null },
  pitchDeck: { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' },
});

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('FounderInterestList', () => {
  it('returns to the last page that has rows when a decision empties the page being read', async () => {
    // Three pending interests, two per page; accepting the one on page 2 leaves two, all on page 1.
    const pendingIds = new Set([1, 2, 3]);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        if (request.method === 'PATCH') {
          const id = Number(url.pathname.split('int-')[1]);
          pendingIds.delete(id);
          return json({ interest: interestNumbered(id, 'accepted') });
        }
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const rows = [...pendingIds].map((id) => interestNumbered(id));
        const data = rows.slice((page - 1) * limit, page * limit);
        return json({ data, meta: { page, limit, total: rows.length, hasMore: page * limit < rows.length } });
      }),
    );
    const store = createAppStore({
      isAuthenticated: true,
      role: 'user',
      tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
      user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
    });
    render(
      <AppProviders store={store}>
        <MemoryRouter>
          <FounderInterestList deckPath={(id) => `/founder/view/${id}`} pageSize={2} />
        </MemoryRouter>
      </AppProviders>,
    );

    fireEvent.click(await screen.findByRole('button', { name: '2' }));
    const lastRow = await screen.findByRole('article', { name: /Investor 3/ });
    fireEvent.click(within(lastRow).getByRole('button', { name: 'Accept' }));

    await waitFor(() => expect(screen.getAllByTestId('interest-row')).toHaveLength(2));
    expect(screen.queryByTestId('empty-state')).toBeNull();
    expect(screen.getByText('2 interests')).toBeTruthy();
  });
});

describe('FounderDeckInterests', () => {
  it('pages a deck’s interests instead of stopping at the first page', async () => {
    const rows = Array.from({ length: 3 }, (_, index) => interestNumbered(index + 1));
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        const limit = Number(url.searchParams.get('limit'));
        const data = rows.slice((page - 1) * limit, page * limit);
        return json({ data, meta: { page, limit, total: rows.length, hasMore: page * limit < rows.length } });
      }),
    );
    const store = createAppStore({
      isAuthenticated: true,
      role: 'user',
      tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
      user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
    });
    render(
      <AppProviders store={store}>
        <MemoryRouter>
          <FounderDeckInterests deckId="deck-1" pageSize={2} />
        </MemoryRouter>
      </AppProviders>,
    );
    await screen.findByRole('article', { name: /Investor 1/ });
    expect(screen.queryByRole('article', { name: /Investor 3/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '2' }));
    await screen.findByRole('article', { name: /Investor 3/ });
  });
});
