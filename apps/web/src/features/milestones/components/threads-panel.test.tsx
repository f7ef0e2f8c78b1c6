import type { Thread, ThreadMessage } from '@deckvalid/contract/milestones';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { ThreadsPanel } from './threads-panel';

const thread = (id: string, title: string, createdBy: Thread['createdBy']): Thread => ({
  id,
  milestoneId: 'mst-1',
  taskId: 'tsk-a',
  title,
  createdBy,
  audience: 'members',
  messageCount: 2,
  lastMessageAt: '2026-11-03T10:00:00.000Z',
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
});

const founder = { id: 'usr-1', name: 'Farah', role: 'user' as const };
const investor = { id: 'inv-1', name: 'Ines', role: 'investor' as const };
const threads = [thread('thr-1', 'Customs forms', founder), thread('thr-2', 'Which broker?', investor)];

// The server answers newest first.
const messages: ThreadMessage[] = [
  {
    id: 'tms-2',
    threadId: 'thr-1',
    author: investor,
    text: 'Here is the scan.',
    attachments: [
      {
        key: 'attachments/inv-1/upl-1.pdf',
        name: 'scan.pdf',
        contentType: 'application/pdf',
        size: 2048,
        url: 'http://localhost/api/v1/storage/attachments/inv-1/upl-1.pdf?signature=x',
      },
    ],
    createdAt: '2026-11-03T10:00:00.000Z',
    editedAt: '2026-11-03T11:00:00.000Z',
  },
  {
    id: 'tms-1',
    threadId: 'thr-1',
    author: founder,
    text: 'Forms went out.',
    attachments: [],
    createdAt: '2026-11-02T10:00:00.000Z',
    editedAt: null,
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; path: string; body: unknown };

function stubApi({ list = threads }: { list?: Thread[] } = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
      if (request.method === 'DELETE') return new Response(null, { status: 204 });
      if (request.method === 'POST' && pathname.endsWith('/messages')) {
        return json({ message: { ...messages[0], id: 'tms-3' } }, 201);
      }
      if (request.method === 'POST' && pathname.endsWith('/threads')) {
        return json({ thread: thread('thr-3', 'New one', investor) }, 201);
      }
      if (pathname.endsWith('/messages')) {
        return json({ data: messages, meta: { page: 1, limit: 30, total: 2, hasMore: false } });
      }
      if (pathname.endsWith('/threads')) return json({ data: list });
      return json({ error: { code: 'NOT_FOUND', message: 'Not here.' } }, 404);
    }),
  );
  return sent;
}

/** The panel's side of the API (a prop named `role`, which is not an ARIA role). */
const investorSide = 'investor' as const;
const founderSide = 'founder' as const;

function renderPanel(taskId: string | null = 'tsk-a', side: typeof investorSide | typeof founderSide = investorSide) {
  const viewer = side === 'founder' ? founder : investor;
  const store = createAppStore({
    isAuthenticated: true,
    role: viewer.role,
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: viewer.id, name: viewer.name },
  });
  render(
    <AppProviders store={store}>
      <ThreadsPanel milestoneId="mst-1" taskId={taskId} role={side} viewerId={viewer.id} />
    </AppProviders>,
  );
}

beforeAll(() => {
  // Mantine's autosize listens for web fonts loading; jsdom has no FontFaceSet.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ThreadsPanel', () => {
  it('says so when there are no threads, and starts one through the investor API', async () => {
    const sent = stubApi({ list: [] });
    renderPanel(null);
    expect(await screen.findByText(/No threads yet/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: 'New thread title' }), { target: { value: ' Budget ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/v1/investors/milestones/mst-1/threads',
        body: { title: 'Budget' },
      }),
    );
  });

  it('lets the founder start a thread with the mentors, and marks the threads with the mentors', async () => {
    const withMentors = { ...thread('thr-4', 'Pricing page', founder), audience: 'mentors' as const };
    const sent = stubApi({ list: [...threads, withMentors] });
    renderPanel('tsk-a', founderSide);
    const list = await screen.findByRole('list', { name: 'Threads' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => within(row).queryByText('Mentors') !== null)).toEqual([false, false, true]);
    fireEvent.click(screen.getByRole('radio', { name: 'With mentors' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'New thread title' }), { target: { value: 'Churn slide' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/v1/milestones/tasks/tsk-a/threads',
        body: { title: 'Churn slide', audience: 'mentors' },
      }),
    );
  });

  it('offers an investor no choice of audience', async () => {
    stubApi();
    renderPanel();
    await screen.findByRole('list', { name: 'Threads' });
    expect(screen.queryByRole('radio', { name: 'With mentors' })).toBeNull();
  });

  it("offers rename and delete on the investor's own thread only, and deletes after a confirmation", async () => {
    const sent = stubApi();
    renderPanel();
    await screen.findByRole('list', { name: 'Threads' });
    expect(screen.queryByRole('button', { name: 'Delete “Customs forms”' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Which broker?”' }));
    expect(sent.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Delete thread' }));
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'DELETE')?.path).toBe('/api/v1/investors/threads/thr-2'),
    );
  });

  it('shows a thread oldest first with authors, edited marks and file links, and sends with Ctrl+Enter', async () => {
    const sent = stubApi();
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Customs forms' }));
    const list = await screen.findByRole('list', { name: 'Messages' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Message from Farah', 'Message from Ines']);
    expect(within(items[1] as HTMLElement).getByText(/edited/)).toBeTruthy();
    const link = within(items[1] as HTMLElement).getByRole('link', { name: /scan\.pdf \(2 KB\)/ });
    expect(link.getAttribute('href')).toBe(messages[0]?.attachments[0]?.url);
    expect(link.getAttribute('target')).toBe('_blank');
    // Only the viewer's own message can be edited or deleted.
    expect(within(items[0] as HTMLElement).queryByRole('button', { name: 'Edit message' })).toBeNull();
    expect(within(items[1] as HTMLElement).getByRole('button', { name: 'Edit message' })).toBeTruthy();

    const composer = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(composer, { target: { value: 'Thanks!' } });
    fireEvent.keyDown(composer, { key: 'Enter', ctrlKey: true });
    await waitFor(() =>
      expect(sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: '/api/v1/investors/threads/thr-1/messages',
        body: { text: 'Thanks!', attachments: [] },
      }),
    );
  });

  it('refuses an empty message without calling the API', async () => {
    const sent = stubApi();
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Customs forms' }));
    await screen.findByRole('list', { name: 'Messages' });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message or attach a file.')).toBeTruthy();
    expect(sent.some((call) => call.method === 'POST')).toBe(false);
  });
});
