import { type AiChatResponse, type AiReply, type AiStoredReply, copilotName } from '@deckvalid/contract/ai';
import { aiPaths } from '@deckvalid/contract/api-paths';
import { type ChatMessage, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { markPageShown } from '@/app/page-shown';
import { AppProviders } from '@/app/providers';
import { SessionChat } from '@/app/session-chat';
import { createAppStore } from '@/app/store';
import { copilotComposerMaxHeightPx } from './copilot-composer';

type Listener = (...args: unknown[]) => void;

/** The part of a socket.io client the chat uses; connected at once, it acknowledges everything. */
class FakeSocket {
  connected = false;
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
  emit(_event: string, _payload: unknown, ack?: (answer: unknown) => void) {
    ack?.({ ok: true });
    return this;
  }
  timeout() {
    return {
      emit: (_event: string, _payload: unknown, ack: (error: null, answer: unknown) => void) => ack(null, { ok: true }),
    };
  }
  serverSends(event: string, ...args: unknown[]) {
    if (event === 'connect') this.connected = true;
    act(() => {
      for (const listener of this.listeners.get(event) ?? []) listener(...args);
    });
  }
}

const sockets: FakeSocket[] = [];
vi.mock('@/features/chat/chat-socket', () => ({
  createChatSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const tokens = { token: 't', controlSignature: 'c', hashToken: 'h' };
const investor = { id: 'inv-1', name: 'Theo Brandt', email: 'theo@example.com' };
const founder = { id: 'usr-1', name: 'Ada Park', email: 'ada@example.com' };

function botRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    id: 'room-bot',
    name: copilotName,
    type: 'bot',
    createdBy: investor.id,
    participants: [{ id: investor.id, role: 'investor', name: investor.name, avatarUrl: null, userType: 'Investor' }],
    lastMessageAt: null,
    lastMessage: null,
    lastSeq: 0,
    lastRev: 0,
    unreadCount: 0,
    readSeq: 0,
    readOnly: false,
    muted: false,
    leftAt: null,
    leftReason: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function message(seq: number, content: string, isCopilot: boolean): ChatMessage {
  return {
    id: `msg-${seq}`,
    chatRoomId: 'room-bot',
    seq,
    senderId: isCopilot ? null : investor.id,
    senderRole: isCopilot ? null : 'investor',
    content,
    type: 'text',
    createdAt: new Date(Date.UTC(2026, 10, 20, 10, seq)).toISOString(),
    clientId: null,
    readBy: [],
    sender: isCopilot ? null : { id: investor.id, name: investor.name, role: 'investor' },
    rev: 0,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
  };
}

const comparison: AiReply = {
  text: 'Harbor Lights asks $2M [1]; Tidewater asks $1.5M [2]. Harbor Lights has $1.2M ARR [1].',
  citations: [
    { pitchDeckId: 'dck-harbor', page: 10, quote: 'We are raising $2M to reach 40 ports.' },
    { pitchDeckId: 'dck-tide', page: 7, quote: 'Raising $1.5M seed.' },
  ],
  table: {
    columns: ['', 'Harbor Lights', 'Tidewater'],
    rows: [
      ['Stage', 'Seed', 'Seed'],
      ['Amount asked', '$2M [1]', '$1.5M [2]'],
    ],
  },
  examples: [
    { label: 'Summarise Harbor Lights' },
    { label: 'What is Tidewater’s ARR?' },
    { label: 'Show interest in Harbor Lights' },
    { label: 'A fourth one' },
  ],
  engine: 'builtin',
};

const proposal: AiReply = {
  text: 'Shall I show your interest in Harbor Lights with the note “Keen”? Confirm to send it.',
  citations: [],
  examples: [],
  action: {
    id: 'act-1',
    kind: 'show_interest',
    pitchDeckId: 'dck-harbor',
    note: 'Keen',
    expiresAt: '2099-01-01T00:00:00.000Z',
  },
  engine: 'builtin',
};

type Reply = { status: number; body: unknown };
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

/**
 * A fake server for the widget and the copilot: `rooms` and `history` answer the chat reads,
 * `answers` the asks in turn (a reply, or a failure status), `stored` the replies read back,
 * `decide` the action calls. Every request is recorded with its body.
 */
function stubServer({
  rooms,
  history = [],
  answers = [],
  stored = [],
  decide = () => ({ status: 200, body: {} }),
}: {
  rooms: ChatRoom[];
  history?: ChatMessage[];
  answers?: (AiReply | number)[];
  stored?: AiStoredReply[];
  decide?: (path: string) => Reply;
}) {
  const requests: { method: string; path: string; search: string; body: unknown }[] = [];
  let seq = history.length;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      const text = input.method === 'GET' ? '' : await input.text();
      const body = text ? JSON.parse(text) : undefined;
      requests.push({ method: input.method, path: url.pathname, search: url.search, body });
      if (url.pathname === chatPaths.rooms) {
        return json(200, { rooms, meta: { page: 1, limit: 100, total: rooms.length, hasMore: false } });
      }
      if (url.pathname === chatPaths.botRoom) {
        const room = botRoom();
        rooms.push(room);
        return json(201, { room, meta: { created: true } });
      }
      if (url.pathname === chatPaths.messages('room-bot')) {
        return json(200, { messages: [...history].reverse(), meta: { hasMore: false } });
      }
      if (url.pathname === aiPaths.chat) {
        const next = answers.shift();
        if (next === undefined || typeof next === 'number') {
          return json(next ?? 503, { error: { code: 'UNAVAILABLE', message: 'The copilot failed.' } });
        }
        const question = message(++seq, body.messages.at(-1).content, false);
        const answer = message(++seq, next.text || '…', true);
        const reply: AiChatResponse = { reply: next, messages: { question, answer } };
        return json(200, reply);
      }
      if (url.pathname === aiPaths.replies) return json(200, { replies: stored });
      if (url.pathname.startsWith('/api/v1/ai/actions/')) {
        const answer = decide(url.pathname);
        return json(answer.status, answer.body);
      }
      return json(200, { data: [], meta: { page: 1, limit: 20, total: 0, hasMore: false } });
    }),
  );
  return requests;
}

function renderChat(role: 'investor' | 'user') {
  const user = role === 'investor' ? investor : founder;
  const store = createAppStore({ isAuthenticated: true, role, tokens, user });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={['/home']}>
        <Routes>
          <Route
            path="/home"
            element={<SessionChat title={role === 'investor' ? 'Investor Chat' : 'Founder Chat'} />}
          />
          <Route path="/investor/pitchdecks/:id" element={<p>Deck page</p>} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** Opens the widget as an investor whose bot room exists, and opens that room. */
async function openCopilotRoom() {
  renderChat('investor');
  fireEvent.click(await screen.findByRole('button', { name: /^Open Investor Chat/ }));
  const panel = await screen.findByRole('dialog', { name: 'Investor Chat' });
  fireEvent.click(await within(panel).findByRole('button', { name: new RegExp(copilotName) }));
  return within(await screen.findByTestId('copilot-conversation'));
}

async function ask(conversation: ReturnType<typeof within>, question: string) {
  const input = await conversation.findByLabelText('Ask Pitchlane Copilot');
  fireEvent.change(input, { target: { value: question } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

beforeAll(() => {
  markPageShown();
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

describe('the copilot in the chat widget', () => {
  it('offers investors the start card, which opens their copilot room, labelled AI Chat', async () => {
    const requests = stubServer({ rooms: [] });
    renderChat('investor');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Investor Chat' }));
    const card = await screen.findByTestId('copilot-start-card');
    expect(card.textContent).toContain('Start AI Copilot chat');
    expect(card.textContent).toContain('Compare decks, ask for summaries, and manage interests.');

    fireEvent.click(card);
    const conversation = await screen.findByTestId('copilot-conversation');
    expect(within(conversation).getByTestId('chat-conversation-title').textContent).toBe(copilotName);
    expect(within(conversation).getByText('AI Chat')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST' && request.path === chatPaths.botRoom)).toBe(true);
    // Listed at once, labelled, and the card is gone now that the room exists.
    const row = screen.getByRole('button', { name: new RegExp(copilotName) });
    expect(within(row).getByText('AI Chat')).toBeTruthy();
    expect(screen.queryByTestId('copilot-start-card')).toBeNull();
  });

  it('shows founders no card and no copilot', async () => {
    stubServer({ rooms: [] });
    renderChat('user');
    fireEvent.click(await screen.findByRole('button', { name: 'Open Founder Chat' }));
    await screen.findByText('No rooms yet.');
    expect(screen.queryByTestId('copilot-start-card')).toBeNull();
    expect(screen.queryByText('Start AI Copilot chat')).toBeNull();
  });

  it('asks over HTTP with the conversation so far, and shows citations, the table and three follow-ups', async () => {
    const history = [message(1, 'Find seed decks', false), message(2, 'Two seed decks match.', true)];
    const requests = stubServer({ rooms: [botRoom({ lastSeq: 2 })], history, answers: [comparison, comparison] });
    const conversation = await openCopilotRoom();
    await conversation.findByText('Two seed decks match.');

    await ask(conversation, 'Compare Harbor Lights and Tidewater');
    await waitFor(() => expect(conversation.getAllByTestId('copilot-answer')).toHaveLength(2));
    const asked = requests.find((request) => request.path === aiPaths.chat);
    expect(asked?.body).toEqual({
      roomId: 'room-bot',
      messages: [
        { role: 'user', content: 'Find seed decks' },
        { role: 'assistant', content: 'Two seed decks match.' },
        { role: 'user', content: 'Compare Harbor Lights and Tidewater' },
      ],
    });

    const answer = within(conversation.getAllByTestId('copilot-answer').at(-1) as HTMLElement);
    const source = answer.getAllByRole('link', { name: 'Source 1: page 10' })[0] as HTMLAnchorElement;
    expect(source.getAttribute('href')).toBe('/investor/pitchdecks/dck-harbor?page=10');
    expect(answer.getAllByRole('link', { name: 'Source 2: page 7' })).toHaveLength(2);
    const table = answer.getByTestId('copilot-table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['', 'Harbor Lights', 'Tidewater']);
    expect(within(table).getByRole('rowheader', { name: 'Amount asked' })).toBeTruthy();
    const tryNext = within(answer.getByRole('group', { name: 'Try next' }));
    expect(tryNext.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Summarise Harbor Lights',
      'What is Tidewater’s ARR?',
      'Show interest in Harbor Lights',
    ]);
    // The history's answer is read back; the new one's structure came with the ask.
    const reads = requests.filter((request) => request.path === aiPaths.replies);
    expect(reads.map((request) => new URLSearchParams(request.search).get('messageIds'))).toEqual(['msg-2']);

    fireEvent.click(tryNext.getByRole('button', { name: 'Summarise Harbor Lights' }));
    await waitFor(() => expect(requests.filter((request) => request.path === aiPaths.chat)).toHaveLength(2));
    const second = requests.filter((request) => request.path === aiPaths.chat)[1]?.body as {
      messages: { content: string }[];
    };
    expect(second.messages.at(-1)?.content).toBe('Summarise Harbor Lights');

    // A citation leads to the viewer at that page, and the panel makes way for it.
    fireEvent.click(source);
    expect(await screen.findByText('Deck page')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('runs a proposed action only on Confirm, says it is done, and says a 409 in words', async () => {
    let decided = false;
    const requests = stubServer({
      rooms: [botRoom()],
      answers: [proposal, proposal],
      decide: (path) => {
        if (decided) {
          return {
            status: 409,
            body: {
              error: {
                code: 'CONFLICT',
                message: 'This proposal was already confirmed.',
                details: { status: 'confirmed' },
              },
            },
          };
        }
        decided = true;
        expect(path).toBe(aiPaths.confirmAction('act-1'));
        return {
          status: 200,
          body: {
            action: { ...proposal.action, status: 'confirmed' },
            interest: {
              id: 'int-1',
              status: 'pending',
              note: 'Keen',
              createdAt: '2026-11-20T10:00:00.000Z',
              updatedAt: '2026-11-20T10:00:00.000Z',
            },
          },
        };
      },
    });
    const conversation = await openCopilotRoom();
    await ask(conversation, 'Show interest in Harbor Lights with the note Keen');
    const action = await conversation.findByTestId('copilot-action');
    expect(action.textContent).toContain('Show interest in this deck');
    expect(requests.some((request) => request.path.startsWith('/api/v1/ai/actions/'))).toBe(false);

    fireEvent.click(within(action).getByRole('button', { name: 'Confirm' }));
    expect(await within(action).findByText('Done: your interest is sent.')).toBeTruthy();
    expect(within(action).queryByRole('button', { name: 'Confirm' })).toBeNull();
    expect(action.getAttribute('data-status')).toBe('confirmed');

    // The same proposal again (decided meanwhile elsewhere): the server's 409 is said in words.
    await ask(conversation, 'Show interest in Harbor Lights with the note Keen');
    await waitFor(() => expect(conversation.getAllByTestId('copilot-action')).toHaveLength(2));
    const again = conversation.getAllByTestId('copilot-action')[1] as HTMLElement;
    fireEvent.click(within(again).getByRole('button', { name: 'Confirm' }));
    expect((await within(again).findByRole('alert')).textContent).toBe('This proposal was already confirmed.');
    expect(again.getAttribute('data-status')).toBe('confirmed');
  });

  it('says sorry when the ask fails, offers to ask again, and shows an empty answer as an ellipsis', async () => {
    const requests = stubServer({ rooms: [botRoom()], answers: [503, { ...comparison, text: '', citations: [] }] });
    const conversation = await openCopilotRoom();
    await ask(conversation, 'Compare Harbor Lights and Tidewater');
    const failure = await conversation.findByTestId('copilot-failure');
    expect(failure.textContent).toContain("Sorry, I couldn't reply just now.");
    // The question stays on screen, so it can be asked again as it was.
    expect(conversation.getByTestId('copilot-question').textContent).toBe('Compare Harbor Lights and Tidewater');

    fireEvent.click(within(failure).getByRole('button', { name: 'Try again' }));
    const answer = await conversation.findByTestId('copilot-answer-text');
    expect(answer.textContent).toBe('…');
    expect(conversation.queryByTestId('copilot-failure')).toBeNull();
    expect(requests.filter((request) => request.path === aiPaths.chat)).toHaveLength(2);
  });

  it('shows the stored conversation after a reload, reading each answer’s citations and action back', async () => {
    const history = [message(1, 'Show interest in Harbor Lights', false), message(2, proposal.text, true)];
    const requests = stubServer({
      rooms: [botRoom({ lastSeq: 2 })],
      history,
      stored: [{ messageId: 'msg-2', reply: proposal, actionStatus: 'cancelled' }],
    });
    const conversation = await openCopilotRoom();
    const action = await conversation.findByTestId('copilot-action');
    expect(action.getAttribute('data-status')).toBe('cancelled');
    expect(action.textContent).toContain('Cancelled: nothing was changed.');
    const read = requests.find((request) => request.path === aiPaths.replies);
    expect(new URLSearchParams(read?.search).get('messageIds')).toBe('msg-2');
  });

  it('ignores blank questions, counts towards the 4,000-character limit and grows to 140 px', async () => {
    const requests = stubServer({ rooms: [botRoom()] });
    const conversation = await openCopilotRoom();
    const input = (await conversation.findByLabelText('Ask Pitchlane Copilot')) as HTMLTextAreaElement;
    expect(input.style.maxHeight).toBe(`${copilotComposerMaxHeightPx}px`);
    expect(copilotComposerMaxHeightPx).toBe(140);

    fireEvent.change(input, { target: { value: '   \n ' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect((conversation.getByRole('button', { name: 'Ask' }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(input, { target: { value: 'x'.repeat(4_001) } });
    expect(conversation.getByTestId('copilot-counter').textContent).toBe(
      'Keep a question to 4,000 characters (4,001 now).',
    );
    fireEvent.keyDown(input, { key: 'Enter' });
    fireEvent.change(input, { target: { value: 'Find seed decks' } });
    expect(conversation.getByTestId('copilot-counter').textContent).toBe('15 / 4,000');
    expect(requests.some((request) => request.path === aiPaths.chat)).toBe(false);
  });
});
