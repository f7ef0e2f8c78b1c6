import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FounderDeleteDeckButton } from './founder-delete-deck-button';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function renderButton(onDeleted: () => void) {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <FounderDeleteDeckButton deckId="dck-1" title="Seed round" interestCount={2} onDeleted={onDeleted} />
    </AppProviders>,
  );
}

describe('FounderDeleteDeckButton', () => {
  it('asks first, says what goes with the deck, then deletes it', async () => {
    const fetchMock = vi.fn(async (_request: Request) => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const onDeleted = vi.fn();
    renderButton(onDeleted);

    fireEvent.click(screen.getByRole('button', { name: 'Delete deck' }));
    expect(await screen.findByText(/the interests of 2 investors/)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete deck') as HTMLElement,
    );
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    const request = fetchMock.mock.calls[0]?.[0] as Request;
    expect(request.method).toBe('DELETE');
    expect(new URL(request.url).pathname).toBe('/api/v1/users/pitchdecks/dck-1');
  });

  it('shows the server’s words and keeps the dialog when deleting fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ error: { code: 'NOT_FOUND', message: 'This pitch deck does not exist.' } }, 404)),
    );
    const onDeleted = vi.fn();
    renderButton(onDeleted);
    fireEvent.click(screen.getByRole('button', { name: 'Delete deck' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(
      [...dialog.querySelectorAll('button')].find((button) => button.textContent === 'Delete deck') as HTMLElement,
    );
    expect(await screen.findByText('This pitch deck does not exist.')).toBeTruthy();
    expect(onDeleted).not.toHaveBeenCalled();
  });
});
