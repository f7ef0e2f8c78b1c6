import type { AccountRole } from '@deckvalid/contract/auth';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { NotificationSettingsSection } from './notification-settings-section';

type Call = { method: string; path: string; body: unknown };

/** A fake server: answers GET with `settings`, PUT with them changed (or `putStatus` with an error). */
function stubServer(settings: Record<string, boolean>, putStatus = 200) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const text = await input.text();
      const body = text ? (JSON.parse(text) as Record<string, boolean>) : null;
      calls.push({ method: input.method, path: new URL(input.url).pathname, body });
      if (input.method === 'PUT' && putStatus !== 200) {
        const error = { code: 'INTERNAL', message: 'Something broke on our side. Try again in a moment.' };
        return new Response(JSON.stringify({ error }), {
          status: putStatus,
          headers: { 'content-type': 'application/json' },
        });
      }
      if (input.method === 'PUT') Object.assign(settings, body);
      return new Response(JSON.stringify({ notifications: settings }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderSection(role: AccountRole) {
  const store = createAppStore({
    isAuthenticated: true,
    role,
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: role === 'user' ? 'usr-1' : 'inv-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter>
        <NotificationSettingsSection accountRole={role} />
      </MemoryRouter>
    </AppProviders>,
  );
  return screen.getByTestId('notification-settings');
}

afterEach(() => vi.unstubAllGlobals());

describe('NotificationSettingsSection', () => {
  it("shows the founder's one switch as the server has it, and saves a flip", async () => {
    const calls = stubServer({ interestShown: true });
    const section = renderSection('user');
    expect(within(section).getByRole('heading', { name: 'Email notifications' })).toBeTruthy();
    const toggle = await within(section).findByRole('switch', { name: 'When an investor shows interest' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    expect(within(section).queryByRole('switch', { name: /accepts or declines/ })).toBeNull();

    fireEvent.click(toggle);
    expect((toggle as HTMLInputElement).checked).toBe(false);
    await waitFor(() => expect(section.textContent).toContain('Saved: no more of these mails.'));
    expect(calls.at(-1)).toEqual({
      method: 'PUT',
      path: '/api/v1/users/notifications',
      body: { interestShown: false },
    });
    // Settles as the server has it. On a slow machine the last render can come after the
    // 'Saved' line, so it is waited for; a switch that stays on still fails here.
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });

  it('lists one switch per kind of the role (issue 18): decisions and the chat digest too', async () => {
    stubServer({
      interestShown: true,
      deliverableDecisions: true,
      approvalDecisions: false,
      meetInvitations: true,
      chatDigest: true,
    });
    const section = renderSection('user');
    const approvals = await within(section).findByRole('switch', {
      name: 'When an investor approves a task or asks for changes',
    });
    expect((approvals as HTMLInputElement).checked).toBe(false);
    for (const name of [
      'When an investor accepts or sends back a deliverable',
      'Chat messages I have not read (at most one mail an hour)',
    ]) {
      expect((within(section).getByRole('switch', { name }) as HTMLInputElement).checked).toBe(true);
    }
  });

  it("shows the investor's switch off when the server says so", async () => {
    stubServer({ interestDecided: false });
    const section = renderSection('investor');
    const toggle = await within(section).findByRole('switch', {
      name: 'When a founder accepts or declines my interest',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
  });

  it("lists the investor's weekly thesis mail with what it holds, and saves its flip", async () => {
    const calls = stubServer({ interestDecided: true, meetInvitations: true, chatDigest: true, thesisMatches: true });
    const section = renderSection('investor');
    const toggle = await within(section).findByRole('switch', {
      name: 'New decks that match my thesis (one mail a week)',
    });
    expect(section.textContent).toContain('Each Monday, the decks that went live last week and meet your whole thesis');
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        method: 'PUT',
        path: '/api/v1/investors/notifications',
        body: { thesisMatches: false },
      }),
    );
  });

  it('puts the switch back and says why when the save fails', async () => {
    stubServer({ interestShown: true }, 500);
    const section = renderSection('user');
    const toggle = await within(section).findByRole('switch', { name: 'When an investor shows interest' });
    fireEvent.click(toggle);
    const alert = await within(section).findByRole('alert');
    expect(alert.textContent).toContain("We couldn't save this setting");
    expect((toggle as HTMLInputElement).checked).toBe(true);
  });
});
