import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { LinkedProvidersSection } from './linked-providers-section';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

function renderSection() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'inv-1', name: 'Ravi', email: 'ravi@example.com' },
  });
  render(
    <AppProviders store={store}>
      <LinkedProvidersSection accountRole="investor" />
    </AppProviders>,
  );
}

const google = { provider: 'google', name: 'Google', email: 'ravi@example.com', linkedAt: '2026-01-01T00:00:00.000Z' };
const github = { provider: 'github', name: 'GitHub', email: 'ravi@example.com', linkedAt: '2026-01-02T00:00:00.000Z' };

describe('LinkedProvidersSection', () => {
  it('lists linked providers and unlinks one, then reads the list again', async () => {
    let identities = [google, github];
    const fetchMock = vi.fn(async (request: Request) => {
      if (request.method === 'DELETE') {
        identities = identities.filter((identity) => !request.url.endsWith(`/${identity.provider}`));
        return new Response(null, { status: 204 });
      }
      return json({ identities, hasPassword: false });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderSection();
    expect(await screen.findByText('Google')).toBeTruthy();
    expect(screen.getByText('GitHub')).toBeTruthy();
    const [unlinkGoogle] = screen.getAllByRole('button', { name: 'Unlink' });
    fireEvent.click(unlinkGoogle as HTMLElement);
    await waitFor(() => expect(screen.queryByText('Google')).toBeNull());
    const deleted = fetchMock.mock.calls.map(([request]) => request).find((request) => request.method === 'DELETE');
    expect(new URL(deleted?.url ?? '').pathname).toBe('/api/v1/investors/oauth-identities/google');
    // GitHub is now the only way in of an account without a password: its Unlink is held back.
    expect((screen.getByRole('button', { name: 'Unlink' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/This is your only way to sign in/)).toBeTruthy();
  });

  it('shows the server’s sentence when it refuses', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (request: Request) =>
        request.method === 'DELETE'
          ? json({ error: { code: 'CONFLICT', message: 'This is your only way to sign in.' } }, 409)
          : json({ identities: [google], hasPassword: true }),
      ),
    );
    renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Unlink' }));
    expect((await screen.findByTestId('form-error')).textContent).toContain('This is your only way to sign in.');
  });
});
