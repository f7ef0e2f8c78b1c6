import { copilotName } from '@deckvalid/contract/ai';
import { type ChatMessage, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, request } from '../../../test/chat';
import { until } from '../../../test/poll';
import { principal } from '../../../test/principals';

/**
 * The investor's copilot room (docs/chat.md, "The copilot room"): one per investor, made on first
 * ask, refused to founders, hidden from everyone else, and written only through the copilot's
 * exchange (question and answer together, the answer with no sender).
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let investor: SignedUp;
let other: SignedUp;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, investor, other] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
    signUp(ctx, 'investor', 'Ola Other'),
  ]);
});

afterAll(async () => {
  clients.closeAll();
  await ctx?.close();
});

const openBot = (who: SignedUp) =>
  ctx.app.fastify.inject({ method: 'POST', url: chatPaths.botRoom, headers: authHeaders(who.tokens) });

describe('POST /api/v1/chats/rooms/private/bot', () => {
  it('makes the investor one room titled with the copilot name, then answers the same one', async () => {
    const first = await openBot(investor);
    expect(first.statusCode, first.body).toBe(201);
    const room = first.json().room as ChatRoom;
    expect(first.json().meta).toEqual({ created: true });
    expect(room).toMatchObject({ type: 'bot', name: copilotName, createdBy: investor.user.id, readOnly: false });
    expect(room.participants.map((participant) => participant.id)).toEqual([investor.user.id]);
    const again = await openBot(investor);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ room: { id: room.id }, meta: { created: false } });
  });

  it('gives one room when two first asks race', async () => {
    const [a, b] = await Promise.all([openBot(other), openBot(other)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect(a.json().room.id).toBe(b.json().room.id);
  });

  it('refuses founders with 403', async () => {
    const reply = await openBot(founder);
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error.code).toBe('FORBIDDEN');
  });

  it('hides the room from other investors and refuses chat sends to it', async () => {
    const roomId = (await openBot(investor)).json().room.id as string;
    const stranger = await ctx.app.fastify.inject({
      method: 'GET',
      url: chatPaths.messages(roomId),
      headers: authHeaders(other.tokens),
    });
    expect(stranger.statusCode).toBe(404);
    const socket = await clients.open(investor.tokens);
    const ack = await request(socket, 'chat:message', { chatRoomId: roomId, content: 'hello bot' });
    expect(ack).toMatchObject({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringContaining('copilot') } });
  });
});

describe('leaving the copilot room', () => {
  it('is refused in words true of the copilot room, and muting it works', async () => {
    const roomId = (await openBot(investor)).json().room.id as string;
    const left = await ctx.app.fastify.inject({
      method: 'POST',
      url: chatPaths.leave(roomId),
      headers: authHeaders(investor.tokens),
    });
    expect(left.statusCode).toBe(409);
    expect(left.json().error.message).toBe(
      'Your copilot conversation cannot be left: it is yours alone and keeps what you asked. Mute it to silence it.',
    );
    const muted = await ctx.app.fastify.inject({
      method: 'PUT',
      url: chatPaths.mute(roomId),
      headers: authHeaders(investor.tokens),
      payload: { muted: true },
    });
    expect(muted.statusCode, muted.body).toBeLessThan(300);
  });
});

describe('the copilot exchange', () => {
  it('stores question and answer as the next two messages, the answer with no sender, and tells every tab', async () => {
    const room = (await openBot(investor)).json().room as ChatRoom;
    const socket = await clients.open(investor.tokens);
    const heard = collect<ChatMessage>(socket, 'chat:new_message');
    const asInvestor = principal(investor.user.id, 'investor');
    const stored = await ctx.app.services.chatBots.storeExchange(asInvestor, room.id, {
      question: 'What is new?',
      answerId: 'msg-answer-test-1',
      answer: 'Nothing new since yesterday.',
    });
    expect(stored.question).toMatchObject({
      seq: room.lastSeq + 1,
      senderId: investor.user.id,
      content: 'What is new?',
    });
    expect(stored.answer).toMatchObject({
      id: 'msg-answer-test-1',
      seq: room.lastSeq + 2,
      senderId: null,
      sender: null,
    });
    await until(() => heard.length === 2, 'both messages on the socket');
    const list = await ctx.app.fastify.inject({
      method: 'GET',
      url: chatPaths.rooms,
      headers: authHeaders(investor.tokens),
    });
    const listed = (list.json().rooms as ChatRoom[]).find((entry) => entry.id === room.id);
    // Asked and answered in one call: nothing of it is unread.
    expect(listed).toMatchObject({ unreadCount: 0, lastMessage: { content: 'Nothing new since yesterday.' } });
    const otherPrincipal = principal(other.user.id, 'investor');
    await expect(
      ctx.app.services.chatBots.storeExchange(otherPrincipal, room.id, {
        question: 'x',
        answerId: 'msg-answer-test-2',
        answer: 'y',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
