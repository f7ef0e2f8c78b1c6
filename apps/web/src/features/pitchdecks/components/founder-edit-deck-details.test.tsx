import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FounderEditDeckDetails } from './founder-edit-deck-details';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

const deck: FounderPitchDeck = {
  id: 'dck-1',
  company: 'Clinicpay',
  title: 'Seed round',
  pitch: 'Payroll for clinics',
  sector: 'Fintech',
  stage: 'Seed',
  amountSought: 1_500_000,
  location: 'Berlin',
  website: 'https://clinicpay.example',
  status: 'ready',
  pageCount: 8,
  fileSize: 2048,
  createdAt: '2026-01-01T00:00:00.000Z',
  readyAt: '2026-01-01T00:01:00.000Z',
  failureReason: null,
  liveVersion: 1,
  latestVersion: { number: 1, status: 'ready', failureReason: null, uploadedAt: '2026-01-01T00:00:00.000Z' },
  fontSizes: null,
  interestCount: 0,
  viewCount: 0,
  fileUrl: null,
  thumbnailUrl: null,
};

function renderEditor() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <FounderEditDeckDetails deck={deck} />
    </AppProviders>,
  );
}

async function openDialog() {
  fireEvent.click(screen.getByRole('button', { name: 'Edit details' }));
  return screen.findByRole('dialog', { name: 'Edit deck details' });
}

describe('FounderEditDeckDetails', () => {
  it('starts from the deck’s details, refuses what creation refuses with the same words, then saves', async () => {
    const fetchMock = vi.fn(async (request: Request) =>
      json({ pitchDeck: { ...deck, ...(await request.clone().json()) } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderEditor();
    const dialog = await openDialog();
    const title = within(dialog).getByLabelText(/Title/) as HTMLInputElement;
    expect(title.value).toBe('Seed round');

    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount sought/), { target: { value: '500' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await within(dialog).findByText('Enter a title.')).toBeTruthy();
    expect(within(dialog).getByText('Enter at least $1,000.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();

    fireEvent.change(title, { target: { value: 'Series A' } });
    fireEvent.change(within(dialog).getByLabelText(/Amount sought/), { target: { value: '4000000' } });
    fireEvent.change(within(dialog).getByLabelText(/Website/), { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('PUT');
    expect(new URL(request.url).pathname).toBe('/api/v1/users/pitchdecks/dck-1');
    expect(await request.clone().json()).toEqual({
      company: 'Clinicpay',
      title: 'Series A',
      pitch: 'Payroll for clinics',
      sector: 'Fintech',
      stage: 'Seed',
      amountSought: 4_000_000,
      location: 'Berlin',
      website: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows the server’s field messages under the fields and keeps the dialog', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(
          {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Check the details.',
              details: { fields: [{ path: 'location', message: 'Use at most 120 characters for a location.' }] },
            },
          },
          400,
        ),
      ),
    );
    renderEditor();
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save details' }));
    expect(await within(dialog).findByText('Use at most 120 characters for a location.')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Edit deck details' })).toBeTruthy();
  });
});
