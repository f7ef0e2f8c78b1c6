import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { InvestorInfoForm, placeErrorsOnField } from './investor-info-form';

type Call = { method: string; body: Record<string, unknown> | null };

const savedInfo = {
  investorId: 'inv-1',
  firm: 'Harbour Ventures',
  title: null,
  thesis: null,
  sectors: ['Fintech'],
  stages: ['Seed'],
  chequeSizeMin: 500_000,
  chequeSizeMax: 2_000_000,
  location: null,
  website: null,
  places: ['Germany', 'Berlin'],
  updatedAt: '2026-11-28T00:00:00.000Z',
};

/** A fake server holding `stored` (null: no info yet); a save answers what was sent, as stored. */
function stubServer(stored: typeof savedInfo | null) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const body = text ? (JSON.parse(text) as Record<string, unknown>) : null;
      calls.push({ method: input.method, body });
      const info = input.method === 'GET' ? stored : { ...savedInfo, ...body };
      return new Response(JSON.stringify({ info }), {
        status: input.method === 'POST' ? 201 : 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderForm() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'inv-1', name: 'Ravi', email: 'ravi@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <InvestorInfoForm />
      </MemoryRouter>
    </AppProviders>,
  );
}

// The thesis textarea grows with its text and listens for web fonts loading, which jsdom lacks.
beforeAll(() => {
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => undefined, removeEventListener: () => undefined },
    });
  }
});

afterEach(() => vi.unstubAllGlobals());

describe('InvestorInfoForm thesis fields', () => {
  it('shows the saved ticket size and places in labelled fields, and saves them back', async () => {
    const calls = stubServer(savedInfo);
    renderForm();
    const places = await screen.findByRole('combobox', { name: 'Places you invest in' });
    const field = places.closest('.mantine-TagsInput-root') ?? document.body;
    expect(within(field as HTMLElement).getByText('Germany')).toBeTruthy();
    expect(within(field as HTMLElement).getByText('Berlin')).toBeTruthy();
    expect((screen.getByLabelText('Ticket size from (USD)') as HTMLInputElement).value).toBe('$500,000');
    expect((screen.getByLabelText('Ticket size to (USD)') as HTMLInputElement).value).toBe('$2,000,000');
    fireEvent.change(screen.getByLabelText('Ticket size from (USD)'), { target: { value: '250000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      chequeSizeMin: 250_000,
      chequeSizeMax: 2_000_000,
      places: ['Germany', 'Berlin'],
    });
  });

  it('refuses a range the wrong way round before sending, naming the field', async () => {
    const calls = stubServer(null);
    renderForm();
    fireEvent.change(await screen.findByLabelText(/^Firm/), { target: { value: 'Harbour Ventures' } });
    fireEvent.change(screen.getByLabelText('Ticket size from (USD)'), { target: { value: '3000000' } });
    fireEvent.change(screen.getByLabelText('Ticket size to (USD)'), { target: { value: '1000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save investor info' }));
    expect(await screen.findByText('The smallest cheque cannot be larger than the largest.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('shows a bad place on the places field', () => {
    expect(placeErrorsOnField({ 'places.2': 'A place needs letters.', 'places.4': 'Later.', firm: 'Enter.' })).toEqual({
      places: 'A place needs letters.',
      firm: 'Enter.',
    });
  });
});
