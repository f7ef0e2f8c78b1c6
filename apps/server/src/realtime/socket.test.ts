import type { AddressInfo } from 'node:net';
import { chatLimits } from '@deckvalid/contract/chat';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { build, type TestContext } from '../../test/build';

let ctx: TestContext;
let baseUrl: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  ctx = await build();
  await ctx.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(ctx.app.fastify.server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await ctx.close();
});

/** Opens a socket and answers it once connected; a refused handshake rejects. */
function openLive(auth: Record<string, string>): Promise<Socket> {
  const socket = connect(`${baseUrl}/chats`, { auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

const disconnected = (socket: Socket) =>
  new Promise<string>((resolve) => {
    if (!socket.connected) resolve('already');
    socket.on('disconnect', (reason) => resolve(reason));
  });

function open(auth: Record<string, string>): Promise<{ connected: boolean; error?: string }> {
  const socket = connect(`${baseUrl}/chats`, { auth, transports: ['websocket'], reconnection: false });
  sockets.push(socket);
  return new Promise((resolve) => {
    socket.on('connect', () => resolve({ connected: true }));
    socket.on('connect_error', (error) => resolve({ connected: false, error: error.message }));
  });
}

describe('the /chats namespace handshake', () => {
  it('admits a socket with the three credentials and refuses one without or with a forged part', async () => {
    const founder = await signUp(ctx, 'user');
    const auth = {
      authorization: `Bearer ${founder.tokens.token}`,
      controlSignature: founder.tokens.controlSignature,
      hashToken: founder.tokens.hashToken,
    };
    expect(await open(auth)).toEqual({ connected: true });
    expect(await open({})).toEqual({ connected: false, error: 'UNAUTHORIZED' });
    expect(await open({ ...auth, hashToken: `${auth.hashToken}x` })).toEqual({
      connected: false,
      error: 'UNAUTHORIZED',
    });
  });

  it('refuses a socket whose session was ended by logout', async () => {
    const investor = await signUp(ctx, 'investor');
    const auth = {
      authorization: `Bearer ${investor.tokens.token}`,
      controlSignature: investor.tokens.controlSignature,
      hashToken: investor.tokens.hashToken,
    };
    await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/investors/logout?type=current',
      headers: {
        authorization: auth.authorization,
        'x-control-signature': auth.controlSignature,
        'x-hash-token': auth.hashToken,
      },
    });
    expect(await open(auth)).toEqual({ connected: false, error: 'UNAUTHORIZED' });
  });

  it('closes the live sockets of a session when it ends, and leaves the account’s other sessions connected', async () => {
    const founder = await signUp(ctx, 'user');
    const second = await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: founder.email, password: founder.password },
    });
    const other = second.json().tokens as typeof founder.tokens;
    const handshake = (tokens: typeof founder.tokens) => ({
      authorization: `Bearer ${tokens.token}`,
      controlSignature: tokens.controlSignature,
      hashToken: tokens.hashToken,
    });
    const ending = await openLive(handshake(founder.tokens));
    const staying = await openLive(handshake(other));
    const endingClosed = disconnected(ending);
    await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/users/logout?type=current',
      headers: {
        authorization: `Bearer ${founder.tokens.token}`,
        'x-control-signature': founder.tokens.controlSignature,
        'x-hash-token': founder.tokens.hashToken,
      },
    });
    expect(await endingClosed).toBe('io server disconnect');
    expect(staying.connected).toBe(true);

    const stayingClosed = disconnected(staying);
    await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/users/logout?type=all',
      headers: {
        authorization: `Bearer ${other.token}`,
        'x-control-signature': other.controlSignature,
        'x-hash-token': other.hashToken,
      },
    });
    expect(await stayingClosed).toBe('io server disconnect');
  });
});

describe('over-size events', () => {
  it('are refused in their acknowledgement well below Socket.IO’s buffer, and the socket stays', async () => {
    const founder = await signUp(ctx, 'user');
    const socket = await openLive({
      authorization: `Bearer ${founder.tokens.token}`,
      controlSignature: founder.tokens.controlSignature,
      hashToken: founder.tokens.hashToken,
    });
    // Just past the limit, and near the 1 MB buffer that drops a connection without an answer.
    for (const size of [chatLimits.eventPayloadChars + 1, 900 * 1024]) {
      const ack = await socket
        .timeout(10_000)
        .emitWithAck('chat:message', { chatRoomId: 'room-none', content: 'x'.repeat(size) });
      expect(ack, `${size} characters`).toMatchObject({ ok: false, error: { code: 'PAYLOAD_TOO_LARGE' } });
      expect(socket.connected).toBe(true);
    }
    // Nested anywhere counts the same: keys and strings alike.
    const nested = {
      chatRoomId: 'room-none',
      content: 'hi',
      extra: Array.from({ length: 70 }, () => 'y'.repeat(1_000)),
    };
    expect(await socket.timeout(10_000).emitWithAck('chat:message', nested)).toMatchObject({
      ok: false,
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    // A fair payload reaches its handler: this room does not exist for the caller.
    expect(
      await socket.timeout(10_000).emitWithAck('chat:message', { chatRoomId: 'room-none', content: 'hello' }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
