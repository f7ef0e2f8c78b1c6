import type { ChatMessage } from '@deckvalid/contract/chat';
import { describe, expect, it } from 'vitest';
import {
  type ChatAction,
  type ChatState,
  chatActions,
  chatReducer,
  initialChatState,
  selectThread,
  selectTypingNames,
} from './chat-slice';

function message(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    id: `msg-${seq}`,
    chatRoomId: 'room-1',
    seq,
    senderId: 'inv-1',
    senderRole: 'investor',
    content: `message ${seq}`,
    type: 'text',
    createdAt: '2026-01-01T10:00:00.000Z',
    clientId: null,
    readBy: [],
    sender: { id: 'inv-1', name: 'Ravi', role: 'investor' },
    rev: 0,
    editedAt: null,
    deletedAt: null,
    replyTo: null,
    reactions: [],
    ...overrides,
  };
}

const reduce = (actions: ChatAction[], state: ChatState = initialChatState) => actions.reduce(chatReducer, state);
const opened = (messages: ChatMessage[] = [], hasMore = false) =>
  reduce([
    chatActions.historyRequested({ roomId: 'room-1' }),
    chatActions.historyLoaded({ roomId: 'room-1', messages, hasMore, lastRev: 0 }),
  ]);

describe('chat slice', () => {
  it('shows an optimistic message until the stored copy with its clientId arrives, then that copy once', () => {
    const queued = chatReducer(
      opened([message(1)]),
      chatActions.messageQueued({
        clientId: 'tmp-1',
        chatRoomId: 'room-1',
        content: 'Hello',
        createdAt: '2026-01-01T10:01:00.000Z',
        status: 'sending',
        error: null,
      }),
    );
    expect(selectThread(queued, 'room-1').pending.map((p) => p.clientId)).toEqual(['tmp-1']);

    const stored = message(2, { content: 'Hello', clientId: 'tmp-1', senderId: 'usr-1' });
    // The broadcast and the acknowledgement both bring it: held once, the optimistic copy gone.
    const state = reduce(
      [
        chatActions.messagesReceived({ roomId: 'room-1', messages: [stored] }),
        chatActions.messagesReceived({ roomId: 'room-1', messages: [stored] }),
      ],
      queued,
    );
    const thread = selectThread(state, 'room-1');
    expect(thread.pending).toEqual([]);
    expect(thread.messages.map((m) => m.seq)).toEqual([1, 2]);
  });

  it('keeps a refused send with the server’s sentence, and sends it again on retry', () => {
    const pending = {
      clientId: 'tmp-9',
      chatRoomId: 'room-1',
      content: 'Still there?',
      createdAt: '2026-01-01T10:01:00.000Z',
      status: 'sending' as const,
      error: null,
    };
    const failed = reduce(
      [
        chatActions.messageQueued(pending),
        chatActions.messageFailed({ roomId: 'room-1', clientId: 'tmp-9', error: 'This conversation is closed.' }),
      ],
      opened(),
    );
    expect(selectThread(failed, 'room-1').pending[0]).toMatchObject({
      status: 'failed',
      error: 'This conversation is closed.',
    });
    const retried = chatReducer(failed, chatActions.messageRetried({ roomId: 'room-1', clientId: 'tmp-9' }));
    expect(selectThread(retried, 'room-1').pending[0]).toMatchObject({ status: 'sending', error: null });
  });

  it('ignores live messages for a room never opened, so its first page is not cut short', () => {
    const state = chatReducer(
      initialChatState,
      chatActions.messagesReceived({ roomId: 'room-2', messages: [message(9)] }),
    );
    expect(state.threads['room-2']).toBeUndefined();
  });

  it('puts another participant’s receipt on the messages named', () => {
    const state = chatReducer(
      opened([message(1), message(2)]),
      chatActions.receiptsReceived({
        roomId: 'room-1',
        messageIds: ['msg-2'],
        userId: 'inv-2',
        readAt: '2026-01-01T11:00:00.000Z',
      }),
    );
    const [first, second] = selectThread(state, 'room-1').messages;
    expect(first?.readBy).toEqual([]);
    expect(second?.readBy).toEqual([{ userId: 'inv-2', readAt: '2026-01-01T11:00:00.000Z' }]);
  });

  it('reads a live message as its sender’s receipt for what others sent before it', () => {
    const founder = { senderId: 'usr-1', sender: { id: 'usr-1', name: 'Ada', role: 'user' as const } };
    const state = chatReducer(
      opened([message(1, founder), message(2), message(3, founder), message(4, founder)]),
      chatActions.messagesReceived({
        roomId: 'room-1',
        messages: [message(5, { createdAt: '2026-01-01T12:00:00.000Z' })],
      }),
    );
    const readBy = selectThread(state, 'room-1').messages.map((held) => held.readBy.map((r) => r.userId));
    // Ravi's own message 2 stops the walk: what stood before it he had read when he sent it.
    expect(readBy).toEqual([[], [], ['inv-1'], ['inv-1'], []]);
    expect(selectThread(state, 'room-1').messages[3]?.readBy[0]?.readAt).toBe('2026-01-01T12:00:00.000Z');
  });

  it('loads older pages before the newest and remembers whether there are more', () => {
    const state = reduce(
      [
        chatActions.olderRequested({ roomId: 'room-1' }),
        chatActions.olderLoaded({ roomId: 'room-1', messages: [message(2), message(1)], hasMore: false }),
      ],
      opened([message(4), message(3)], true),
    );
    const thread = selectThread(state, 'room-1');
    expect(thread.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    expect(thread).toMatchObject({ hasOlder: false, isLoadingOlder: false });
  });

  it('tracks who is typing per room', () => {
    const state = reduce([
      chatActions.typingChanged({ roomId: 'room-1', userId: 'a', userName: 'Ravi', isTyping: true }),
      chatActions.typingChanged({ roomId: 'room-1', userId: 'b', userName: 'Maya', isTyping: true }),
      chatActions.typingChanged({ roomId: 'room-1', userId: 'a', userName: 'Ravi', isTyping: false }),
    ]);
    expect(selectTypingNames(state, 'room-1')).toEqual(['Maya']);
    expect(selectTypingNames(state, 'room-2')).toEqual([]);
  });

  it('shows one presence notice per person and move within 2000 ms', () => {
    const notice = (at: number, kind: 'joined' | 'left' = 'joined') =>
      chatActions.noticeAdded({ roomId: 'room-1', userId: 'inv-1', kind, text: `Ravi ${kind}`, at });
    const state = reduce([notice(1_000), notice(2_500), notice(2_600, 'left'), notice(3_000)], opened([message(1)]));
    expect(selectThread(state, 'room-1').notices.map((n) => [n.kind, n.at, n.afterSeq])).toEqual([
      ['joined', 1_000, 1],
      ['left', 2_600, 1],
      ['joined', 3_000, 1],
    ]);
  });
});
