import { chatPaths, chatRateLimits } from '@deckvalid/contract/chat';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ChatClients, listen, openPrivateRoom, request, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';

/**
 * One account against the others (issue 17, item 7): a flood of sends is refused past the
 * account's bucket without touching another account's sends, an account holds a bounded number
 * of sockets, and it creates a bounded number of group rooms a day. Limits are shared through
 * Redis in CI's second pass, and kept in memory in the first.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let flooder: SignedUp;
let bystander: SignedUp;
let floodRoom: string;
let bystanderRoom: string;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, flooder, bystander] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Flo Flooder'),
    signUp(ctx, 'investor', 'Bea Bystander'),
  ]);
  const deck = await readyDeck(ctx, founder);
  await showInterest(ctx, flooder, deck.id);
  await showInterest(ctx, bystander, deck.id);
  floodRoom = (await openPrivateRoom(ctx, flooder, founder.user.id)).id;
  bystanderRoom = (await openPrivateRoom(ctx, bystander, founder.user.id)).id;
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

describe('chat limits per account', () => {
  it("refuses a flood of sends past the account's burst with a retry time, and leaves others' sends alone", async () => {
    const socket = await clients.open(flooder.tokens);
    const other = await clients.open(bystander.tokens);
    const flood = chatRateLimits.sendBurst + 20;
    const content = 'x'.repeat(4_000);
    const acks = await Promise.all(
      Array.from({ length: flood }, (_, index) =>
        request(socket, 'chat:message', { chatRoomId: floodRoom, content, clientId: `tmp-flood-${index}` }),
      ),
    );
    const refused = acks.filter((ack) => !ack.ok);
    // The bucket refills during the burst on a slow machine: at least the excess beyond it, less what flowed in.
    expect(acks.filter((ack) => ack.ok).length).toBeGreaterThanOrEqual(chatRateLimits.sendBurst);
    expect(refused.length).toBeGreaterThan(0);
    for (const ack of refused) {
      expect(ack).toMatchObject({ ok: false, error: { code: 'RATE_LIMITED', retryAfterSeconds: expect.any(Number) } });
    }
    const stored = await ctx.sql<{ count: string }>(
      'select count(*)::text as count from chat_messages where room_id = $1',
      [floodRoom],
    );
    expect(Number(stored[0]?.count)).toBe(acks.length - refused.length);

    // Another account, meanwhile, sends as usual.
    const ack = await request(other, 'chat:message', { chatRoomId: bystanderRoom, content: 'Still here' });
    expect(ack.ok).toBe(true);
  });

  it('holds at most the allowed sockets per account open, and takes a new one once one closes', async () => {
    clients.closeAll();
    const open = [];
    for (let index = 0; index < chatRateLimits.socketsPerAccount; index++)
      open.push(await clients.open(founder.tokens));
    const extra = connect(`${baseUrl}/chats`, {
      auth: {
        authorization: `Bearer ${founder.tokens.token}`,
        controlSignature: founder.tokens.controlSignature,
        hashToken: founder.tokens.hashToken,
      },
      transports: ['websocket'],
      reconnection: false,
    });
    const refusal = await new Promise<Error & { data?: { retryAfterSeconds?: number } }>((resolve, reject) => {
      extra.once('connect', () => reject(new Error('a socket beyond the limit was let in')));
      extra.once('connect_error', resolve);
    });
    extra.disconnect();
    expect(refusal.message).toBe('RATE_LIMITED');
    expect(refusal.data?.retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not affected.
    await clients.open(bystander.tokens);

    open[0]?.disconnect();
    await expect
      .poll(
        async () => {
          try {
            const socket = await clients.open(founder.tokens);
            return socket.connected;
          } catch {
            return false;
          }
        },
        { timeout: 5_000 },
      )
      .toBe(true);
  });

  it('refuses group rooms past the daily number with a retry time', async () => {
    const create = (index: number) =>
      ctx.app.fastify.inject({
        method: 'POST',
        url: chatPaths.groupRoom,
        headers: authHeaders(flooder.tokens),
        payload: { name: `Room ${index}`, participantIds: [founder.user.id] },
      });
    for (let index = 0; index < chatRateLimits.groupRoomsPerDay; index++) {
      expect((await create(index)).statusCode).toBe(201);
    }
    const refused = await create(chatRateLimits.groupRoomsPerDay);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      error: { code: 'RATE_LIMITED', details: { retryAfterSeconds: expect.any(Number) } },
    });
    expect(refused.headers['retry-after']).toBeDefined();
    // The founder still creates their own.
    const own = await ctx.app.fastify.inject({
      method: 'POST',
      url: chatPaths.groupRoom,
      headers: authHeaders(founder.tokens),
      payload: { name: 'Founder room', participantIds: [flooder.user.id] },
    });
    expect(own.statusCode).toBe(201);
  });
});
