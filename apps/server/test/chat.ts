import type { AddressInfo } from 'node:net';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { Tokens } from '@deckvalid/contract/auth';
import { type ChatEventMode, type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import type { FieldError } from '@deckvalid/contract/errors';
import { io as connect, type Socket } from 'socket.io-client';
import { expect } from 'vitest';
import type { SignedUp } from './accounts';
import { authHeaders, type TestContext } from './build';

/** An investor shows interest in a deck (pending): the tie chat needs. */
export async function showInterest(ctx: TestContext, investor: SignedUp, pitchDeckId: string) {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: investorDeckPaths.interests(pitchDeckId),
    headers: authHeaders(investor.tokens),
    payload: { note: 'Keen to talk.' },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().interest as { id: string };
}

/** The founder decides an interest in their deck (200 expected). */
export async function decideInterest(
  ctx: TestContext,
  founder: SignedUp,
  pitchDeckId: string,
  interestId: string,
  status: 'accepted' | 'declined',
) {
  const reply = await ctx.app.fastify.inject({
    method: 'PATCH',
    url: founderDeckPaths.interest(pitchDeckId, interestId),
    headers: authHeaders(founder.tokens),
    payload: { status },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

export async function withdrawInterest(ctx: TestContext, investor: SignedUp, pitchDeckId: string) {
  const reply = await ctx.app.fastify.inject({
    method: 'PATCH',
    url: investorDeckPaths.interests(pitchDeckId),
    headers: authHeaders(investor.tokens),
    payload: { status: 'withdrawn' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

export async function openPrivateRoom(ctx: TestContext, caller: SignedUp, participantId: string) {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: chatPaths.privateRoom,
    headers: authHeaders(caller.tokens),
    payload: { participantId },
  });
  expect([200, 201], reply.body).toContain(reply.statusCode);
  return reply.json().room as ChatRoom;
}

/** The app listening on a free port, for socket clients. */
export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.fastify.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.fastify.server.address() as AddressInfo).port}`;
}

/** A connected /chats socket with the account's credentials; closed by `closeAll`. */
export class ChatClients {
  private readonly sockets: Socket[] = [];

  constructor(private readonly baseUrl: () => string) {}

  /** `events` is the handshake's event mode (contract `chatEventModes`); unset means the default. */
  async open(tokens: Tokens, { events }: { events?: ChatEventMode } = {}): Promise<Socket> {
    const socket = connect(`${this.baseUrl()}/chats`, {
      auth: {
        authorization: `Bearer ${tokens.token}`,
        controlSignature: tokens.controlSignature,
        hashToken: tokens.hashToken,
        ...(events ? { events } : {}),
      },
      transports: ['websocket'],
      reconnection: false,
    });
    this.sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    return socket;
  }

  closeAll(): void {
    for (const socket of this.sockets) socket.disconnect();
    this.sockets.length = 0;
  }
}

export type Ack =
  | { ok: true; [key: string]: unknown }
  | {
      ok: false;
      error: { code: string; message: string; details?: { fields: FieldError[] }; retryAfterSeconds?: number };
    };

/** Emits and waits for the server's acknowledgement. */
export function request(socket: Socket, event: string, payload: unknown): Promise<Ack> {
  return socket.timeout(10_000).emitWithAck(event, payload) as Promise<Ack>;
}

/** Collects every payload of one event a socket receives from now on. */
export function collect<Payload>(socket: Socket, event: string): Payload[] {
  const received: Payload[] = [];
  socket.on(event, (payload: Payload) => received.push(payload));
  return received;
}
