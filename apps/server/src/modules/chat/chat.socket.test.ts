import { type ChatMessage, chatLimits, chatPaths, chatRateLimits } from '@deckvalid/contract/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { type Ack, ChatClients, collect, listen, openPrivateRoom, request, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { until } from '../../../test/poll';

/** The /chats namespace's chat events (spec §7) with real socket.io clients. */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let roomId: string;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, investor, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
    signUp(ctx, 'investor', 'Stan Stranger'),
  ]);
  await showInterest(ctx, investor, (await readyDeck(ctx, founder)).id);
  roomId = (await openPrivateRoom(ctx, investor, founder.user.id)).id;
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const history = async (caller: SignedUp, query = '') =>
  (
    await ctx.app.fastify.inject({
      method: 'GET',
      url: `${chatPaths.messages(roomId)}${query}`,
      headers: authHeaders(caller.tokens),
    })
  ).json() as { messages: ChatMessage[]; meta: { hasMore: boolean } };

/** The message an acknowledgement carries; fails the test on a refusal. */
function messageOf(ack: Ack): ChatMessage {
  if (!ack.ok) throw new Error(`the send was refused: ${ack.error.message}`);
  return ack.message as ChatMessage;
}

describe('joining, typing and leaving', () => {
  it('announces presence and typing to the sockets that have the room open, not to the typist', async () => {
    const founderSocket = await clients.open(founder.tokens);
    const investorSocket = await clients.open(investor.tokens);
    const joined = collect(founderSocket, 'chat:joined');
    const userJoined = collect<{ chatRoomId: string; userId: string }>(founderSocket, 'chat:user_joined');
    const typing = collect<Record<string, unknown>>(founderSocket, 'chat:user_typing');
    const ownTyping = collect(investorSocket, 'chat:user_typing');
    const left = collect(founderSocket, 'chat:user_left');

    expect(await request(founderSocket, 'chat:join', { chatRoomId: roomId })).toEqual({ ok: true, chatRoomId: roomId });
    await until(() => joined.length === 1, 'chat:joined');
    expect(await request(investorSocket, 'joinRoom', roomId)).toMatchObject({ ok: true });
    await until(() => userJoined.length === 1, 'chat:user_joined');
    expect(userJoined[0]).toMatchObject({ chatRoomId: roomId, userId: investor.user.id, userName: 'Ivo Investor' });

    // Who is typing comes from the session, whatever the payload claims.
    await request(investorSocket, 'chat:typing', { chatRoomId: roomId, isTyping: true, userId: founder.user.id });
    await until(() => typing.length === 1, 'chat:user_typing');
    expect(typing[0]).toEqual({
      chatRoomId: roomId,
      userId: investor.user.id,
      userName: 'Ivo Investor',
      isTyping: true,
    });
    expect(ownTyping).toEqual([]);

    await request(investorSocket, 'chat:leave', { chatRoomId: roomId });
    await until(() => left.length === 1, 'chat:user_left');
  });

  it('refuses to join a room the account is not in, and typing in a room not joined', async () => {
    const outsider = await clients.open(stranger.tokens);
    expect(await request(outsider, 'chat:join', { chatRoomId: roomId })).toEqual({
      ok: false,
      error: { code: 'NOT_FOUND', message: 'This conversation does not exist.' },
    });
    expect((await request(outsider, 'chat:typing', { chatRoomId: roomId, isTyping: true })).ok).toBe(false);
    expect((await request(outsider, 'chat:message', { chatRoomId: roomId, content: 'Hi' })).ok).toBe(false);
    expect((await request(outsider, 'chat:mark_read', { chatRoomId: roomId })).ok).toBe(false);
  });
});

describe('sending', () => {
  it('acknowledges the stored message and delivers it to every participant as chat:new_message and chat:message', async () => {
    const founderSocket = await clients.open(founder.tokens);
    const founderOtherTab = await clients.open(founder.tokens);
    const investorSocket = await clients.open(investor.tokens);
    const strangerSocket = await clients.open(stranger.tokens);
    const received = collect<ChatMessage>(founderSocket, 'chat:new_message');
    const legacy = collect<ChatMessage>(founderSocket, 'chat:message');
    const otherTab = collect<ChatMessage>(founderOtherTab, 'chat:new_message');
    const overheard = collect(strangerSocket, 'chat:new_message');

    const ack = await request(investorSocket, 'chat:message', {
      chatRoomId: roomId,
      content: '  Can we talk Tuesday?  ',
      type: 'text',
      clientId: 'tmp-1',
    });
    expect(ack).toMatchObject({
      ok: true,
      message: { chatRoomId: roomId, content: 'Can we talk Tuesday?', senderId: investor.user.id, clientId: 'tmp-1' },
    });
    await until(() => received.length === 1 && legacy.length === 1 && otherTab.length === 1, 'delivery');
    expect(received[0]).toEqual(messageOf(ack));
    expect(overheard).toEqual([]);
  });

  it('tells a compact socket each message once and leaves the receipt a send implies to it', async () => {
    const full = await clients.open(founder.tokens);
    const compact = await clients.open(founder.tokens, { events: 'compact' });
    const investorSocket = await clients.open(investor.tokens);
    const heard = (socket: Socket) => ({
      messages: collect<ChatMessage>(socket, 'chat:new_message'),
      legacy: collect<ChatMessage>(socket, 'chat:message'),
      reads: collect<{ userId: string }>(socket, 'chat:messages_read'),
    });
    const onFull = heard(full);
    const onCompact = heard(compact);
    await request(full, 'chat:message', { chatRoomId: roomId, content: 'Question' });
    // The reply covers the question: a receipt the full socket hears and the compact one derives.
    await request(investorSocket, 'chat:message', { chatRoomId: roomId, content: 'Answer' });
    await until(
      () => onFull.reads.some((read) => read.userId === investor.user.id) && onFull.legacy.length === 2,
      'the full socket’s frames',
    );
    await until(() => onCompact.messages.length === 2, 'the compact socket’s messages');
    expect(onCompact.legacy).toEqual([]);
    expect(onCompact.reads).toEqual([]);
    // A read that is not a send reaches every socket: nothing else tells of it.
    await request(investorSocket, 'chat:message', { chatRoomId: roomId, content: 'One more' });
    await request(compact, 'chat:mark_read', { chatRoomId: roomId });
    await until(() => onCompact.reads.length === 1, 'the explicit receipt');
    expect(onCompact.reads[0]?.userId).toBe(founder.user.id);
  });

  it('refuses blank and oversized messages and stores nothing', async () => {
    const socket = await clients.open(investor.tokens);
    const before = (await history(investor)).messages[0]?.seq ?? 0;
    const blank = await request(socket, 'chat:message', { chatRoomId: roomId, content: ' \n\t ' });
    expect(blank).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Write a message.',
        details: { fields: [{ path: 'content', message: 'Write a message.' }] },
      },
    });
    const long = await request(socket, 'chat:message', {
      chatRoomId: roomId,
      content: 'x'.repeat(chatLimits.messageLength + 1),
    });
    expect(long).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED', message: /4,000 characters/ } });
    const exactly = await request(socket, 'chat:message', {
      chatRoomId: roomId,
      content: 'y'.repeat(chatLimits.messageLength),
    });
    expect(exactly.ok).toBe(true);
    const after = await history(investor);
    expect(after.messages[0]?.seq).toBe(before + 1);
  });

  it('stores a retried send once, whether the retries come one after another or at once', async () => {
    const socket = await clients.open(investor.tokens);
    const listener = await clients.open(founder.tokens);
    const delivered = collect<ChatMessage>(listener, 'chat:new_message');
    const payload = { chatRoomId: roomId, content: 'Only once', clientId: 'tmp-retry-1' };
    const first = await request(socket, 'chat:message', payload);
    const second = await request(socket, 'chat:message', payload);
    expect(second).toEqual(first);
    const racing = await Promise.all(
      Array.from({ length: 5 }, () => request(socket, 'chat:message', { ...payload, clientId: 'tmp-retry-2' })),
    );
    expect(new Set(racing.map((ack) => messageOf(ack).id)).size).toBe(1);
    const stored = (await history(founder, '?limit=10')).messages.filter((message) =>
      ['tmp-retry-1', 'tmp-retry-2'].includes(message.clientId ?? ''),
    );
    expect(stored).toHaveLength(2);
    await until(() => delivered.length >= 2, 'delivery');
    expect(delivered.filter((message) => message.clientId?.startsWith('tmp-retry'))).toHaveLength(2);
  });

  it('numbers concurrent senders’ messages without gaps or repeats', async () => {
    const a = await clients.open(investor.tokens);
    const b = await clients.open(founder.tokens);
    const acks = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        request(index % 2 ? a : b, 'chat:message', { chatRoomId: roomId, content: `burst ${index}` }),
      ),
    );
    const seqs = acks.map((ack) => messageOf(ack).seq).sort((x, y) => x - y);
    const first = seqs[0] as number;
    expect(seqs).toEqual(Array.from({ length: 30 }, (_, index) => first + index));
  });
});

describe('reading', () => {
  it('broadcasts chat:messages_read for the messages a watermark move covers, and derives readBy from it', async () => {
    const investorSocket = await clients.open(investor.tokens);
    const founderSocket = await clients.open(founder.tokens);
    await request(founderSocket, 'chat:mark_read', { chatRoomId: roomId });
    const reads = collect<{ chatRoomId: string; messageIds: string[]; userId: string; readAt: string }>(
      investorSocket,
      'chat:messages_read',
    );
    const sent: ChatMessage[] = [];
    for (const content of ['r1', 'r2']) {
      sent.push(messageOf(await request(investorSocket, 'chat:message', { chatRoomId: roomId, content })));
    }
    expect(sent.every((message) => message.readBy.length === 0)).toBe(true);

    const ack = await request(founderSocket, 'chat:mark_read', { chatRoomId: roomId });
    expect(ack).toMatchObject({ ok: true, chatRoomId: roomId, unreadCount: 0 });
    // The investor's own sends also moved their watermark (over the founder's earlier messages).
    const founderReads = () => reads.filter((read) => read.userId === founder.user.id);
    await until(() => founderReads().length === 1, 'chat:messages_read');
    expect(founderReads()[0]).toMatchObject({ chatRoomId: roomId, messageIds: sent.map((message) => message.id) });
    // Nothing new to cover: no second broadcast.
    await request(founderSocket, 'chat:mark_read', { chatRoomId: roomId });
    const newest = (await history(investor, '?limit=2')).messages;
    expect(newest.map((message) => message.readBy.map((receipt) => receipt.userId))).toEqual([
      [founder.user.id],
      [founder.user.id],
    ]);
    expect(founderReads()).toHaveLength(1);
  });
  it('counts what a sender replied to as read: their send covers the others’ messages before it', async () => {
    const founderSocket = await clients.open(founder.tokens);
    const investorSocket = await clients.open(investor.tokens);
    await request(investorSocket, 'chat:mark_read', { chatRoomId: roomId });
    const reads = collect<{ userId: string; messageIds: string[] }>(founderSocket, 'chat:messages_read');
    const asked = [
      messageOf(await request(founderSocket, 'chat:message', { chatRoomId: roomId, content: 'Question 1' })),
      messageOf(await request(founderSocket, 'chat:message', { chatRoomId: roomId, content: 'Question 2' })),
    ];
    const reply = messageOf(await request(investorSocket, 'chat:message', { chatRoomId: roomId, content: 'Answers' }));
    await until(() => reads.some((read) => read.userId === investor.user.id), 'the reply’s receipt');
    expect(reads.find((read) => read.userId === investor.user.id)?.messageIds).toEqual(asked.map((m) => m.id));
    const newest = (await history(founder, '?limit=3')).messages;
    expect(newest.map((message) => [message.id, message.readBy.map((receipt) => receipt.userId)])).toEqual([
      [reply.id, []],
      [asked[1]?.id, [investor.user.id]],
      [asked[0]?.id, [investor.user.id]],
    ]);
  });
});

describe('catching up', () => {
  it('covers every message exactly once: a history fetched before a burst plus the events during it equal a fresh fetch', async () => {
    const listener = await clients.open(founder.tokens);
    const sender = await clients.open(investor.tokens);
    // Subscribe first, then fetch: the order the widget follows.
    const live = collect<ChatMessage>(listener, 'chat:new_message');
    // From both sides, after their send buckets (chatRateLimits) refilled from the tests above:
    // 20 each fits a full bucket.
    await new Promise((resolve) =>
      setTimeout(resolve, (chatRateLimits.sendBurst / chatRateLimits.sendsPerSecond) * 1_000),
    );
    const burst = Array.from({ length: 40 }, (_, index) =>
      request(index % 2 ? sender : listener, 'chat:message', {
        chatRoomId: roomId,
        content: `race ${index}`,
        clientId: `tmp-race-${index}`,
      }),
    );
    const fetched = await history(founder, '?limit=100');
    await Promise.all(burst);
    await until(() => live.filter((message) => message.content.startsWith('race ')).length === 40, 'the burst');

    const held = new Map<number, string>();
    for (const message of [...fetched.messages, ...live]) held.set(message.seq, message.id);
    const fresh = await history(founder, '?limit=100');
    const newest = fresh.messages[0]?.seq as number;
    const oldestHeld = Math.min(...fetched.messages.map((message) => message.seq));
    const expected = fresh.messages.filter((message) => message.seq >= oldestHeld);
    expect(new Map(expected.map((message) => [message.seq, message.id]))).toEqual(
      new Map([...held].filter(([seq]) => seq >= oldestHeld && seq <= newest)),
    );
    // A client that held everything up to some seq asks for the rest and gets each message once.
    const caughtUp = await history(founder, `?afterSeq=${newest - 40}&limit=100`);
    expect(caughtUp.messages.map((message) => message.seq)).toEqual(
      Array.from({ length: 40 }, (_, index) => newest - 39 + index),
    );
  });
});
