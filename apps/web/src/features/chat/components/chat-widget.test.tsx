import { type ChatMessage, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { dispatchChatOpen } from '@/shared/lib/chat-open-event';
import { ChatWidget } from './chat-widget';

type Listener = (...args: unknown[]) => void;
type Answer = (payload: unknown) => unknown;

/** The part of a socket.io client the chat uses, driven by the test as the server would. */
class FakeSocket {
  connected = false;
  sent: { event: string; payload: unknown }[] = [];
  answers: Record<string, Answer> = {
    'chat:join': (payload) => ({ ok: true, ...(payload as object) }),
    'chat:leave': (payload) => ({ ok: true, ...(payload as object) }),
    'chat:typing': () => ({ ok: true }),
  };
  private listeners = new Map<string, Set<Listener>>();

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }
  removeAllListeners() {
    this.listeners.clear();
    return this;
  }
  disconnect() {
    this.connected = false;
    return this;
  }
  emit(event: string, payload: unknown, ack?: (answer: unknown) => void) {
    this.sent.push({ event, payload });
    ack?.(this.answers[event]?.(payload) ?? { ok: true });
    return this;
  }
  timeout() {
    return {
      emit: (event: string, payload: unknown, ack: (error: Error | null, answer?: unknown) => void) => {
        this.sent.push({ event, payload });
        ack(null, this.answers[event]?.(payload) ?? { ok: true });
      },
    };
  }
  /** Fires a server event (or connect / disconnect) inside act. */
  serverSends(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    if (event === 'disconnect') this.connected = false;
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    });
  }
  sentOf(event: string) {
    return this.sent.filter((entry) => entry.event === event).map((entry) => entry.payload);
  }
}

const sockets: FakeSocket[] = [];
vi.mock('../chat-socket', () => ({
  createChatSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const me = { id: 'usr-1', name: 'Maya Founder' };
const tokens = { token: 't', controlSignature: 'c', hashToken: 'h' };

function room(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 'room-1',
    name: 'Ravi Rao',
    type: 'private',
    participants: [
      { id: 'usr-1', role: 'user', name: 'Maya Founder', avatarUrl: null, userType: 'User' },
      { id: 'inv-1', role: 'investor', name: 'Ravi Rao', avatarUrl: null, userType: 'Investor' },
    ],
    lastMessageAt: '2026-01-01T10:02:00.000Z',
    lastMessage: { content: 'message 2', seq: 2, senderId: 'inv-1', createdAt: '2026-01-01T10:02:00.000Z' },
    lastSeq: 2,
    unreadCount: 0,
    readSeq: 2,
    readOnly: false,
    muted: false,
    leftAt: null,
    leftReason: null,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `msg-${seq}`,
    chatRoomId: 'room-1',
    seq,
    senderId: 'inv-1',
    senderRole: 'investor',
    content: `message ${seq}`,
    type: 'text',
    createdAt: `2026-01-01T10:0${seq}:00.000Z`,
    clientId: null,
    readBy: [],
    sender: { id: 'inv-1', name: 'Ravi Rao', role: 'investor' },
    ...overrides,
  };
}

/** One page of the room list, as the server answers it (docs/api.md). */
function roomsPage(all: ChatRoom[], query: URLSearchParams) {
  const page = Number(query.get('page') ?? 1);
  const limit = Number(query.get('limit') ?? 20);
  return {
    rooms: all.slice((page - 1) * limit, page * limit),
    meta: { page, limit, total: all.length, hasMore: page * limit < all.length },
  };
}

/** Answers the chat calls from `rooms` and `history`; records every request. */
function stubServer({ rooms, history }: { rooms: () => ChatRoom[]; history: (query: URLSearchParams) => unknown }) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requests.push(url);
      const body = url.pathname.endsWith('/messages')
        ? history(url.searchParams)
        : roomsPage(rooms(), url.searchParams);
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return requests;
}

function renderWidget() {
  const store = createAppStore({ isAuthenticated: true, role: 'user', tokens, user: me });
  render(
    <AppProviders store={store}>
      <ChatWidget title="Founder Chat" tokens={tokens} me={me} />
    </AppProviders>,
  );
  const socket = sockets.at(-1);
  if (!socket) throw new Error('no socket opened');
  return socket;
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
  sockets.length = 0;
});

describe('ChatWidget', () => {
  it('names the unread total on the launcher, capped at 99+, and shows the connection', async () => {
    stubServer({
      rooms: () => [room({ unreadCount: 120 })],
      history: () => ({ messages: [], meta: { hasMore: false } }),
    });
    const socket = renderWidget();
    const launcher = await screen.findByRole('button', { name: 'Open Founder Chat, 120 unread messages' });
    expect(screen.getByTestId('chat-unread-badge').textContent).toBe('99+');

    fireEvent.click(launcher);
    const panel = await screen.findByRole('dialog', { name: 'Founder Chat' });
    expect(within(panel).getByTestId('chat-connection').textContent).toBe('Disconnected');
    socket.serverSends('connect');
    expect(within(panel).getByTestId('chat-connection').textContent).toBe('Connected');
    expect(within(panel).getByText('Select a conversation')).toBeTruthy();

    fireEvent.keyDown(within(panel).getByRole('searchbox'), { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reads the paginated room list page after page, so the unread total counts every room', async () => {
    const many = Array.from({ length: 101 }, (_, index) =>
      room({ id: `room-${index}`, name: `Person ${index}`, unreadCount: index === 100 ? 3 : 0 }),
    );
    const requests = stubServer({ rooms: () => many, history: () => ({ messages: [], meta: { hasMore: false } }) });
    renderWidget();
    // The one unread room is on the second page.
    expect(await screen.findByRole('button', { name: 'Open Founder Chat, 3 unread messages' })).toBeTruthy();
    const pages = requests
      .filter((url) => url.pathname === chatPaths.rooms)
      .map((url) => [url.searchParams.get('page'), url.searchParams.get('limit')]);
    expect(pages.slice(0, 2)).toEqual([
      ['1', '100'],
      ['2', '100'],
    ]);
  });

  it('reads the rooms again when the account is taken out of one', async () => {
    const requests = stubServer({ rooms: () => [room()], history: () => ({ messages: [], meta: { hasMore: false } }) });
    const socket = renderWidget();
    await screen.findByRole('button', { name: 'Open Founder Chat' });
    const listReads = () => requests.filter((url) => url.pathname === chatPaths.rooms).length;
    await waitFor(() => expect(listReads()).toBe(1));
    socket.serverSends('chat:room_left', { chatRoomId: 'room-1', reason: 'removed' });
    await waitFor(() => expect(listReads()).toBe(2));
  });

  it("says 'No rooms yet.' for an empty list", async () => {
    stubServer({ rooms: () => [], history: () => ({ messages: [], meta: { hasMore: false } }) });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Founder Chat' }));
    expect(await screen.findByText('No rooms yet.')).toBeTruthy();
  });

  it('opens on chat:open, holds each message once, and catches up after a reconnect', async () => {
    const requests = stubServer({
      rooms: () => [room()],
      history: (query) => {
        if (query.get('afterSeq') === '3') return { messages: [message(3), message(4)], meta: { hasMore: false } };
        return { messages: [message(2), message(1)], meta: { hasMore: false } };
      },
    });
    const socket = renderWidget();
    socket.serverSends('connect');
    await screen.findByRole('button', { name: 'Open Founder Chat' });

    act(() => dispatchChatOpen('room-1'));
    const log = await screen.findByRole('log', { name: 'Messages with Ravi Rao' });
    const contents = () =>
      within(log)
        .queryAllByTestId('chat-message-content')
        .map((node) => node.textContent);
    await waitFor(() => expect(contents()).toEqual(['message 1', 'message 2']));
    expect(socket.sentOf('chat:join')).toEqual([{ chatRoomId: 'room-1' }]);

    // The same message under both event names shows once.
    socket.serverSends('chat:new_message', message(3));
    socket.serverSends('chat:message', message(3));
    expect(contents()).toEqual(['message 1', 'message 2', 'message 3']);

    // A drop and a reconnect: the room is joined again and everything after seq 3 is fetched,
    // overlapping nothing twice.
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    await waitFor(() => expect(contents()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']));
    expect(socket.sentOf('chat:join')).toEqual([{ chatRoomId: 'room-1' }, { chatRoomId: 'room-1' }]);
    expect(requests.some((url) => url.searchParams.get('afterSeq') === '3')).toBe(true);
  });

  it("shows a send as 'Sent' at once and replaces it with the acknowledged message", async () => {
    stubServer({
      rooms: () => [room()],
      history: () => ({ messages: [message(2), message(1)], meta: { hasMore: false } }),
    });
    const socket = renderWidget();
    socket.answers['chat:message'] = (payload) => {
      const { content, clientId } = payload as { content: string; clientId: string };
      return { ok: true, message: message(3, { content, clientId, senderId: 'usr-1', sender: null }) };
    };
    socket.serverSends('connect');
    await screen.findByRole('button', { name: 'Open Founder Chat' });
    act(() => dispatchChatOpen('room-1'));
    const log = await screen.findByRole('log', { name: 'Messages with Ravi Rao' });
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(2));

    const input = screen.getByRole('textbox', { name: 'Message Ravi Rao' });
    fireEvent.change(input, { target: { value: '  Hello Ravi  ' } });
    fireEvent.keyDown(input, { key: 'Enter' });

    const [sent] = socket.sentOf('chat:message') as { clientId: string; content: string }[];
    expect(sent?.content).toBe('Hello Ravi');
    expect(sent?.clientId).toMatch(/^tmp-/);
    await waitFor(() => expect(within(log).getAllByTestId('chat-message')).toHaveLength(3));
    const mine = within(log).getAllByTestId('chat-message').at(-1);
    expect(mine?.getAttribute('data-seq')).toBe('3');
    expect(within(mine as HTMLElement).getByTestId('chat-message-status').textContent).toBe('Sent');

    // Ravi reads it: 'Seen'.
    socket.serverSends('chat:messages_read', {
      chatRoomId: 'room-1',
      messageIds: ['msg-3'],
      userId: 'inv-1',
      readAt: '2026-01-01T10:05:00.000Z',
      readSeq: 3,
    });
    expect(within(mine as HTMLElement).getByTestId('chat-message-status').textContent).toBe('Seen');
  });
});
