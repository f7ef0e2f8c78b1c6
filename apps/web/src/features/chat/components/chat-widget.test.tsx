import { type ChatMessage, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    createdBy: null,
    participants: [
      { id: 'usr-1', role: 'user', name: 'Maya Founder', avatarUrl: null, userType: 'User' },
      { id: 'inv-1', role: 'investor', name: 'Ravi Rao', avatarUrl: null, userType: 'Investor' },
    ],
    lastMessageAt: '2026-01-01T10:02:00.000Z',
    lastMessage: { content: 'message 2', seq: 2, senderId: 'inv-1', createdAt: '2026-01-01T10:02:00.000Z' },
    lastSeq: 2,
    lastRev: 0,
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
    rev: 0,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
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

/** The membership calls the widget made (docs/api.md, Chat), with their bodies. */
const changes: { method: string; path: string; body: unknown }[] = [];

/** Answers the chat calls from `rooms` and `history`; records every request. */
function stubServer({ rooms, history }: { rooms: () => ChatRoom[]; history: (query: URLSearchParams) => unknown }) {
  const requests: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      requests.push(url);
      if (input.method !== 'GET') {
        const text = await input.text();
        changes.push({ method: input.method, path: url.pathname, body: text ? JSON.parse(text) : undefined });
        if (input.method === 'PUT') {
          return new Response(JSON.stringify({ chatRoomId: 'room-1', muted: true }), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          });
        }
        return new Response(null, { status: 204 });
      }
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

afterEach(() => {
  vi.unstubAllGlobals();
  sockets.length = 0;
  changes.length = 0;
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

    // A message heard twice (a reconnect's catch-up and the live event) shows once.
    socket.serverSends('chat:new_message', message(3));
    socket.serverSends('chat:new_message', message(3));
    expect(contents()).toEqual(['message 1', 'message 2', 'message 3']);

    // A drop and a reconnect: the room is joined again and everything after seq 3 is fetched,
    // overlapping nothing twice.
    socket.serverSends('disconnect', 'transport close');
    socket.serverSends('connect');
    await waitFor(() => expect(contents()).toEqual(['message 1', 'message 2', 'message 3', 'message 4']));
    expect(socket.sentOf('chat:join')).toEqual([{ chatRoomId: 'room-1' }, { chatRoomId: 'room-1' }]);
    expect(requests.some((url) => url.searchParams.get('afterSeq') === '3')).toBe(true);
  });

  it('follows edits and deletions live, ignores an older copy, and catches up on a change it missed', async () => {
    const requests = stubServer({
      rooms: () => [room()],
      history: (query) => {
        if (query.get('changedAfterRev') === '1') {
          const deleted = message(2, { content: '', deletedAt: '2026-01-01T10:05:00.000Z', rev: 2 });
          return { messages: [deleted], meta: { hasMore: false, lastRev: 3 } };
        }
        return { messages: [message(2), message(1)], meta: { hasMore: false, lastRev: 0 } };
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

    // The next change: shown at once, marked edited.
    socket.serverSends('chat:message_updated', message(1, { content: 'first, edited', rev: 1, editedAt: 'x' }));
    expect(contents()).toEqual(['first, edited', 'message 2']);
    expect(within(log).getAllByTestId('chat-message-edited')).toHaveLength(1);
    // A change past a hole (2 never arrived): shown, and the changes after 1 are fetched.
    socket.serverSends('chat:message_updated', message(1, { content: 'first, again', rev: 3, editedAt: 'x' }));
    await waitFor(() => expect(contents()).toEqual(['first, again', 'Message deleted']));
    expect(requests.some((url) => url.searchParams.get('changedAfterRev') === '1')).toBe(true);
    // An older copy arriving late changes nothing.
    socket.serverSends('chat:message_updated', message(1, { content: 'first, edited', rev: 1, editedAt: 'x' }));
    expect(contents()).toEqual(['first, again', 'Message deleted']);
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

describe('a conversation’s options (docs/chat.md, Membership)', () => {
  const founder = {
    id: 'usr-1',
    role: 'user' as const,
    name: 'Maya Founder',
    avatarUrl: null,
    userType: 'User' as const,
  };
  const ravi = {
    id: 'inv-1',
    role: 'investor' as const,
    name: 'Ravi Rao',
    avatarUrl: null,
    userType: 'Investor' as const,
  };
  const group = (overrides: Partial<ChatRoom> = {}) =>
    room({ type: 'group', name: 'Seed round', createdBy: 'usr-1', participants: [founder, ravi], ...overrides });

  async function openRoom(rooms: ChatRoom[]) {
    stubServer({ rooms: () => rooms, history: () => ({ messages: [], meta: { hasMore: false } }) });
    renderWidget();
    await screen.findByRole('button', { name: /Open Founder Chat/ });
    act(() => dispatchChatOpen('room-1'));
    return screen.findByTestId('chat-conversation');
  }

  /**
   * A menu item, once the menu is open. `hidden`: floating-ui hides a dropdown whose target has no
   * size, as everything in jsdom has none.
   */
  const menuItem = async (conversation: HTMLElement, name: string) => {
    const target = within(conversation).getByRole('button', { name: /^Options for/ });
    // A menu closing from its last click is still open until its transition ends.
    await waitFor(() => expect(target.getAttribute('aria-expanded')).not.toBe('true'));
    fireEvent.click(target);
    return within(conversation).findByRole('menuitem', { name, hidden: true });
  };

  it('mutes the room for me, and lets the creator remove a member after asking', async () => {
    const conversation = await openRoom([group()]);
    fireEvent.click(await menuItem(conversation, 'Mute conversation'));
    await waitFor(() =>
      expect(changes).toEqual([{ method: 'PUT', path: chatPaths.mute('room-1'), body: { muted: true } }]),
    );

    fireEvent.click(await menuItem(conversation, 'Remove Ravi Rao'));
    const confirm = await within(conversation).findByRole('alertdialog', { name: 'Remove member' });
    expect(confirm.textContent).toContain('Remove Ravi Rao from Seed round?');
    fireEvent.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(changes.at(-1)).toMatchObject({ method: 'DELETE', path: chatPaths.member('room-1', 'inv-1') }),
    );
    await waitFor(() => expect(within(conversation).queryByRole('alertdialog')).toBeNull());
  });

  it('leaves a group only once confirmed; a member who is not its creator removes nobody', async () => {
    const conversation = await openRoom([group({ createdBy: 'inv-1' })]);
    expect(await menuItem(conversation, 'Leave group')).toBeTruthy();
    expect(within(conversation).queryByRole('menuitem', { name: /^Remove/, hidden: true })).toBeNull();
    fireEvent.click(within(conversation).getByRole('menuitem', { name: 'Leave group', hidden: true }));
    const confirm = await within(conversation).findByRole('alertdialog', { name: 'Leave group' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(changes).toEqual([]);

    fireEvent.click(await menuItem(conversation, 'Leave group'));
    fireEvent.click(
      within(await within(conversation).findByRole('alertdialog')).getByRole('button', { name: 'Leave' }),
    );
    await waitFor(() =>
      expect(changes).toEqual([{ method: 'POST', path: chatPaths.leave('room-1'), body: undefined }]),
    );
  });

  it('offers nothing in a room I left, and says why I cannot write', async () => {
    const conversation = await openRoom([
      group({ readOnly: true, leftAt: '2026-01-01T11:00:00.000Z', leftReason: 'removed' }),
    ]);
    expect(within(conversation).queryByRole('button', { name: /^Options for/ })).toBeNull();
    expect(within(conversation).getByText(/You were removed from this group/)).toBeTruthy();
  });

  it('names a toast for a message without a sender (the copilot’s answer) after its room', async () => {
    const copilotRoom = room({ id: 'room-bot', name: 'Pitchlane Copilot', type: 'bot', unreadCount: 1 });
    stubServer({ rooms: () => [copilotRoom], history: () => ({ messages: [], meta: { hasMore: false } }) });
    const socket = renderWidget();
    act(() => socket.serverSends('connect'));
    // The launcher counts the room's unread message once the room list is in: the toast names
    // the room from that list.
    await screen.findByRole('button', { name: 'Open Founder Chat, 1 unread message' }, { timeout: 5_000 });
    expect(screen.queryByText('Pitchlane Copilot')).toBeNull();
    act(() =>
      socket.serverSends(
        'chat:new_message',
        message(3, {
          chatRoomId: 'room-bot',
          senderId: null,
          senderRole: null,
          sender: null,
          content: 'Here is the table.',
        }),
      ),
    );
    expect(await screen.findByText('Pitchlane Copilot', {}, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByText('Here is the table.')).toBeTruthy();
  });

  it('marks a muted room in the list and leaves it out of the unread total', async () => {
    stubServer({
      rooms: () => [room({ muted: true, unreadCount: 0 }), room({ id: 'room-2', name: 'Other', unreadCount: 2 })],
      history: () => ({ messages: [], meta: { hasMore: false } }),
    });
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Founder Chat, 2 unread messages' }));
    const muted = await screen.findByRole('img', { name: 'Muted' });
    expect(muted.closest('[data-room-id]')?.getAttribute('data-room-id')).toBe('room-1');
  });
});

describe('starting a conversation with New', () => {
  const ravi = {
    id: 'inv-1',
    role: 'investor' as const,
    name: 'Ravi Rao',
    avatarUrl: null,
    userType: 'Investor' as const,
    privateRoomId: null,
  };

  /** The contacts, the private room made on POST, and the room list that then holds it. */
  function stubStart(contacts: (typeof ravi)[]) {
    let rooms: ChatRoom[] = [];
    const posted: unknown[] = [];
    const json = (body: unknown, status = 200) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: Request) => {
        const url = new URL(input.url);
        if (url.pathname === chatPaths.contacts) {
          return json({ data: contacts, meta: { page: 1, limit: 100, total: contacts.length, hasMore: false } });
        }
        if (url.pathname === chatPaths.privateRoom && input.method === 'POST') {
          posted.push(JSON.parse(await input.text()));
          rooms = [room({ lastMessage: null, lastMessageAt: null, lastSeq: 0, readSeq: 0 })];
          return json({ room: rooms[0], meta: { created: true } }, 201);
        }
        if (url.pathname.endsWith('/messages')) return json({ messages: [], meta: { hasMore: false } });
        return json(roomsPage(rooms, url.searchParams));
      }),
    );
    return posted;
  }

  it('lists the people one is tied to and opens a private room with one of them, focus following', async () => {
    const posted = stubStart([ravi]);
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Founder Chat' }));
    await screen.findByText('No rooms yet.');
    fireEvent.click(screen.getByRole('button', { name: 'New conversation' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Back'));
    fireEvent.click(await screen.findByRole('button', { name: 'Message Ravi Rao, Investor' }));
    await waitFor(() => expect(posted).toEqual([{ participantId: 'inv-1' }]));
    await waitFor(() => expect(screen.getByTestId('chat-conversation-title').textContent).toBe('Ravi Rao'));
  });

  it('says when there is nobody to message yet', async () => {
    stubStart([]);
    renderWidget();
    fireEvent.click(await screen.findByRole('button', { name: 'Open Founder Chat' }));
    fireEvent.click(await screen.findByRole('button', { name: 'New conversation' }));
    expect((await screen.findByTestId('chat-contacts-empty')).textContent).toContain('Nobody to message yet');
  });
});
