import type { FounderInterest } from '@deckvalid/contract/interests';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FounderInterestRow } from './founder-interest-row';

const pending: FounderInterest = {
  id: 'int-1',
  status: 'pending',
  note: 'Loved the unit economics slide.',
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  investor: { id: 'inv-1', name: 'Ravi Rao', email: 'ravi@fund.example', firm: 'North Fund' },
  pitchDeck: { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' },
};

function renderRow(interest: FounderInterest) {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <FounderInterestRow interest={interest} deckPath={(id) => `/founder/view/${id}`} />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByTestId('interest-row');
}

afterEach(() => vi.unstubAllGlobals());

describe('FounderInterestRow', () => {
  it('shows investor, deck, note and status, with Accept and Decline while pending', () => {
    const row = renderRow(pending);
    expect(row.textContent).toContain('Ravi Rao');
    expect(row.textContent).toContain('North Fund');
    expect(within(row).getByTestId('interest-note').textContent).toBe('Loved the unit economics slide.');
    expect(within(row).getByRole('link', { name: 'Seed round' }).getAttribute('href')).toBe('/founder/view/deck-1');
    expect(within(row).getByTestId('interest-status').textContent).toBe('Pending');
    expect(within(row).getByRole('button', { name: 'Accept' })).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Decline' })).toBeTruthy();
  });

  it('offers no decision once settled', () => {
    const row = renderRow({ ...pending, status: 'withdrawn' });
    expect(within(row).getByTestId('interest-status').textContent).toBe('Withdrawn');
    expect(within(row).queryByRole('button')).toBeNull();
    expect(row.textContent).toContain('The investor withdrew their interest.');
  });

  it('accepting PATCHes the status and shows the answer at once', async () => {
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const text = await input.text();
        calls.push({ method: input.method, url: new URL(input.url).pathname, body: text ? JSON.parse(text) : null });
        const interest = { ...pending, status: 'accepted', updatedAt: '2026-01-02T10:00:00.000Z' };
        return new Response(JSON.stringify({ interest }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const row = renderRow(pending);
    fireEvent.click(within(row).getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(within(row).getByTestId('interest-status').textContent).toBe('Accepted'));
    expect(calls[0]).toEqual({
      method: 'PATCH',
      url: '/api/v1/users/pitchdecks/deck-1/interests/int-1',
      body: { status: 'accepted' },
    });
    expect(within(row).queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('a refused decision is reported in words and the buttons stay', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({ error: { code: 'CONFLICT', message: 'The investor withdrew this interest.' } }),
            { status: 409, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    const row = renderRow(pending);
    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, decline' }));
    expect(await screen.findByText('The investor withdrew this interest.')).toBeTruthy();
    expect(within(row).getByTestId('interest-status').textContent).toBe('Pending');
  });

  it('declining asks first: keeping it pending sends nothing, confirming sends the decline', async () => {
    const calls: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        calls.push(JSON.parse(await input.text()));
        const interest = { ...pending, status: 'declined', updatedAt: '2026-01-02T10:00:00.000Z' };
        return new Response(JSON.stringify({ interest }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    const row = renderRow(pending);
    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: "Decline Ravi Rao's interest?" });
    expect(dialog.textContent).toContain('cannot be undone');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep pending' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);
    expect(within(row).getByTestId('interest-status').textContent).toBe('Pending');

    fireEvent.click(within(row).getByRole('button', { name: 'Decline' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, decline' }));
    await waitFor(() => expect(within(row).getByTestId('interest-status').textContent).toBe('Declined'));
    expect(calls).toEqual([{ status: 'declined' }]);
  });
});
