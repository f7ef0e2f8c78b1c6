import type { AddressInfo } from 'node:net';
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
});
