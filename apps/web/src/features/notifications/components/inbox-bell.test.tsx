import { EventEmitter } from 'node:events';
import type { InboxNotification, InboxPage } from '@deckvalid/contract/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Socket } from 'socket.io-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { publishSessionSocket } from '@/shared/lib/session-socket';
import { InboxBell } from './inbox-bell';
import { InboxList } from './inbox-list';

const approval = (id: string, readAt: string | null = null): InboxNotification => ({
  id,
  kind: 'approval.given',
  title: `Theo Brandt approved “Task ${id}”`,
  message: 'A task in “Flight readiness”.',
  link: `/founder/milestones/mst-1?task=${id}`,
  pitchDeckId: 'dek-1',
  actor: { id: 'inv-1', name: 'Theo Brandt' },
  count: 1,
  readAt,
  at: new Date().toISOString(),
});

/** A fake inbox: pages of `items` (newest first), marks that change them; `hold` keeps GETs waiting. */
function stubInbox(items: InboxNotification[], { hold = false } = {}) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      calls.push(`${input.method} ${url.pathname}${url.search}`);
      if (hold && input.method === 'GET') await new Promise(() => undefined);
      if (input.method === 'PUT' && url.pathname.endsWith('/notifications/read')) {
        for (const item of items) item.readAt ??= new Date().toISOString();
      } else if (input.method === 'PUT') {
        const id = url.pathname.split('/').at(-2);
        for (const item of items) if (item.id === id) item.readAt ??= new Date().toISOString();
      }
      const unreadCount = items.filter((item) => item.readAt === null).length;
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 20);
      const kind = url.searchParams.get('kind');
      const shown = items.filter(
        (item) => (url.searchParams.get('unread') !== 'true' || item.readAt === null) && (!kind || item.kind === kind),
      );
      const body: InboxPage | { unreadCount: number } =
        input.method === 'PUT'
          ? { unreadCount }
          : {
              data: shown.slice((page - 1) * limit, page * limit),
              meta: { page, limit, total: shown.length, hasMore: page * limit < shown.length },
              unreadCount,
            };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

function renderBell() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/founder']}>
        <Routes>
          <Route path="/founder" element={<InboxBell seeAllPath="/founder/inbox" />} />
          <Route path="/founder/milestones/:id" element={<p>Milestone page</p>} />
          <Route path="/founder/inbox" element={<p>Inbox page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.title = '';
});

describe('InboxBell', () => {
  it('counts the unread on the bell and in the tab title', async () => {
    stubInbox([approval('t1'), approval('t2'), approval('t3', '2026-11-01T00:00:00Z')]);
    document.title = 'Home · Pitchlane';
    renderBell();
    await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    expect(document.title).toBe('(2) Home · Pitchlane');
  });

  it('reads the count again when the session socket says the inbox changed elsewhere', async () => {
    const items = [approval('t1'), approval('t2')];
    stubInbox(items);
    const socket = new EventEmitter();
    publishSessionSocket(socket as unknown as Socket);
    try {
      renderBell();
      await screen.findByRole('button', { name: 'Notifications, 2 unread' });
      // Read in another tab (or by reading the chat room it told of): nothing new, one fewer unread.
      items[0] = approval('t1', '2026-11-26T00:00:00Z');
      act(() => {
        socket.emit('notifications:changed', { unreadCount: 1 });
      });
      await screen.findByRole('button', { name: 'Notifications, 1 unread' });
    } finally {
      publishSessionSocket(null);
    }
  });

  it('shows a loading line while the inbox loads', async () => {
    stubInbox([], { hold: true });
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Loading notifications…')).toBeTruthy();
    vi.unstubAllGlobals();
  });

  it('lists newest first, marks one read by opening it and all read at once', async () => {
    const items = Array.from({ length: 25 }, (_, index) => approval(`t${index + 1}`));
    const calls = stubInbox(items);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 25 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Theo Brandt approved “Task t1”');
    expect(within(dialog).getAllByTestId('inbox-item')).toHaveLength(20);
    // By their text: jsdom leaves Mantine's buttons in the popover out of the role tree.
    fireEvent.click(await within(dialog).findByText('Show older'));
    await waitFor(() => expect(within(dialog).getAllByTestId('inbox-item')).toHaveLength(25));

    fireEvent.click(await within(dialog).findByText('Mark all read'));
    await screen.findByRole('button', { name: 'Notifications' });
    expect(calls).toContain('PUT /api/v1/notifications/read');
  });

  it('shows how many pieces of news an item folds together', async () => {
    stubInbox([{ ...approval('t1'), count: 3 }, approval('t2')]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('Theo Brandt approved “Task t1”');
    expect(
      within(dialog)
        .getAllByTestId('inbox-item-count')
        .map((badge) => badge.textContent),
    ).toEqual(['3 updates']);
  });

  it('opens the object of a notification and marks it read', async () => {
    const calls = stubInbox([approval('t1')]);
    renderBell();
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    fireEvent.click(await screen.findByRole('link', { name: /Theo Brandt approved “Task t1”/ }));
    await screen.findByText('Milestone page');
    await waitFor(() => expect(calls).toContain('PUT /api/v1/notifications/t1/read'));
  });

  it('says there is nothing yet on an empty inbox', async () => {
    stubInbox([]);
    renderBell();
    fireEvent.click(screen.getByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('Nothing here yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });
});

describe('InboxList', () => {
  function renderList(at: string) {
    const store = createAppStore({
      isAuthenticated: true,
      role: 'user',
      tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
      user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
    });
    render(
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[at]}>
          <Routes>
            <Route path="/founder/inbox" element={<InboxList />} />
          </Routes>
        </MemoryRouter>
      </AppProviders>,
    );
  }

  const deckReady = (id: string, readAt: string | null = null): InboxNotification => ({
    ...approval(id, readAt),
    kind: 'deck.ready',
    title: `Your deck ${id} is ready`,
    link: `/founder/view/${id}`,
  });

  it('lists every notification, then only the unread ones, asking the server for each', async () => {
    const calls = stubInbox([
      deckReady('d1'),
      approval('t1', '2026-11-01T00:00:00Z'),
      deckReady('d2', '2026-11-01T00:00:00Z'),
    ]);
    renderList('/founder/inbox');
    const list = await screen.findByRole('list', { name: 'Notifications' });
    expect(within(list).getAllByTestId('inbox-item')).toHaveLength(3);
    expect(screen.getByText('1 unread · kept for 90 days.')).toBeTruthy();

    fireEvent.click(screen.getByText('Unread'));
    await waitFor(() => expect(screen.getAllByTestId('inbox-item')).toHaveLength(1));
    expect(calls.some((call) => call.includes('unread=true'))).toBe(true);

    // Each links to what it is about.
    expect(screen.getAllByTestId('inbox-item')[0]?.getAttribute('href')).toBe('/founder/view/d1');
  });

  it('shows one kind when the address names it (the kind filter writes it there)', async () => {
    const calls = stubInbox([deckReady('d1'), approval('t1'), deckReady('d2', '2026-11-01T00:00:00Z')]);
    renderList('/founder/inbox?kind=deck.ready');
    await waitFor(() =>
      expect(screen.getAllByTestId('inbox-item').map((item) => item.textContent)).toEqual([
        expect.stringContaining('Your deck d1 is ready'),
        expect.stringContaining('Your deck d2 is ready'),
      ]),
    );
    expect(calls.some((call) => call.includes('kind=deck.ready'))).toBe(true);
    expect((screen.getByPlaceholderText('Every kind') as HTMLInputElement).value).toBe('Deck ready');
  });

  it('says so when a filter matches nothing', async () => {
    stubInbox([deckReady('d1', '2026-11-01T00:00:00Z')]);
    renderList('/founder/inbox?unread=1');
    expect(await screen.findByText('Nothing matches these filters')).toBeTruthy();
  });
});
