import {
  addChatMembersBodySchema,
  type ChatMessagesResponse,
  type ChatRoom,
  chatContactsQuerySchema,
  chatMessagesQuerySchema,
  chatPaths,
  chatSearchQuerySchema,
  createGroupRoomBodySchema,
  markChatReadBodySchema,
  openPrivateRoomBodySchema,
  renameChatRoomBodySchema,
  sendChatMessagePayloadSchema,
} from '@deckvalid/contract/chat';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import fc from 'fast-check';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ChatClients, listen, openPrivateRoom, request, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { edgeIntegers, hostileText, querySyntaxText } from '../../../test/hostile-text';

/**
 * Random bodies, queries and socket payloads: exactly what the contract accepts goes through, the
 * rest is a validation error in the usual shape; never a 5xx, never an unacknowledged event.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let investor: SignedUp;
let room: ChatRoom;
let socket: Socket;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  await showInterest(ctx, investor, (await readyDeck(ctx, founder)).id);
  room = await openPrivateRoom(ctx, investor, founder.user.id);
  socket = await clients.open(investor.tokens);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: unknown, caller?: SignedUp) =>
  ctx.app.fastify.inject({
    method,
    url,
    headers: {
      ...authHeaders((caller ?? investor).tokens),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });

const expectRefusal = (reply: { statusCode: number; body: string; json: () => unknown }) => {
  expect(reply.statusCode, reply.body).toBe(400);
  expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
};

describe('random input to the chat calls', () => {
  it('POST private and group rooms: 400 unless the contract accepts the body', async () => {
    const anyBody = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          participantId: fc.oneof(fc.constant(founder.user.id), fc.string(), hostileText(), fc.jsonValue()),
          extra: fc.oneof(fc.jsonValue(), hostileText()),
        },
        { requiredKeys: [] },
      ),
      fc.record(
        {
          name: fc.oneof(fc.string({ maxLength: 100 }), hostileText(), fc.jsonValue()),
          participantIds: fc.oneof(fc.array(fc.string(), { maxLength: 3 }), fc.jsonValue()),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(anyBody, fc.boolean(), async (body, group) => {
        const reply = await call('POST', group ? chatPaths.groupRoom : chatPaths.privateRoom, body);
        const schema = group ? createGroupRoomBodySchema : openPrivateRoomBodySchema;
        // Accepted bodies then meet the policy (200/201 with the tied founder, 403 otherwise).
        if (schema.safeParse(body).success) expect([200, 201, 403], reply.body).toContain(reply.statusCode);
        else expectRefusal(reply);
      }),
      { numRuns: 80 },
    );
  });

  it('GET messages and PUT read: 400 unless the contract accepts the query or body', async () => {
    // Seqs past int4 (2^31 and up) once reached the database and failed there with a 500.
    const queryValue = fc.oneof(
      fc.integer({ min: -5, max: 200 }).map(String),
      edgeIntegers.map(String),
      fc.string({ maxLength: 6 }),
    );
    const query = fc.record(
      { page: queryValue, limit: queryValue, before: queryValue, afterSeq: queryValue },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (parameters) => {
        const reply = await call('GET', `${chatPaths.messages(room.id)}?${new URLSearchParams(parameters)}`);
        if (chatMessagesQuerySchema.safeParse(parameters).success) expect(reply.statusCode, reply.body).toBe(200);
        else expectRefusal(reply);
      }),
      { numRuns: 80 },
    );
    const readBody = fc.oneof(fc.jsonValue(), fc.record({ seq: fc.oneof(fc.integer(), edgeIntegers, fc.jsonValue()) }));
    await fc.assert(
      fc.asyncProperty(readBody, async (body) => {
        const reply = await call('PUT', chatPaths.read(room.id), body);
        if (markChatReadBodySchema.safeParse(body).success) expect(reply.statusCode, reply.body).toBe(200);
        else expectRefusal(reply);
      }),
      { numRuns: 60 },
    );
  });

  it('socket chat:message: acknowledged either way, stored only when the contract accepts it', async () => {
    const payload = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          chatRoomId: fc.oneof(fc.constant(room.id), fc.string(), fc.jsonValue()),
          content: fc.oneof(fc.string({ maxLength: 50 }), fc.constant('   '), hostileText(), fc.jsonValue()),
          type: fc.oneof(fc.constant('text'), fc.string()),
          clientId: fc.oneof(
            fc.uuid().map((id) => `tmp-${id}`),
            fc.string({ maxLength: 80 }),
          ),
        },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(payload, async (body) => {
        const ack = await request(socket, 'chat:message', body);
        const parsed = sendChatMessagePayloadSchema.safeParse(body);
        if (parsed.success && parsed.data.chatRoomId === room.id) expect(ack.ok).toBe(true);
        else if (!parsed.success) {
          expect(ack).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
          // The refusal names the field, as an HTTP 400 does.
          expect(ack.ok === false && ack.error.details?.fields.length).toBeGreaterThan(0);
        } else expect(ack).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
      }),
      { numRuns: 80 },
    );
  });

  it('refuse with 400 naming the field: a seq past int4 in a query, a lone surrogate in a room name', async () => {
    for (const query of [`afterSeq=${2 ** 31}`, `before=${2 ** 31}`, `afterSeq=${2 ** 53}`]) {
      const reply = await call('GET', `${chatPaths.messages(room.id)}?${query}`);
      expectRefusal(reply);
      expect(reply.json().error.details.fields[0].path).toBe(query.split('=')[0]);
    }
    const read = await call('PUT', chatPaths.read(room.id), { seq: 2 ** 31 });
    expectRefusal(read);
    expect(read.json().error.details.fields[0].path).toBe('seq');
    const group = await call('POST', chatPaths.groupRoom, { name: 'Deal \ud800', participantIds: [founder.user.id] });
    expectRefusal(group);
    expect(group.json().error.details.fields[0]).toMatchObject({
      path: 'name',
      message: expect.stringMatching(/broken character/),
    });
  });

  it('socket chat:message with a lone surrogate or NUL: a refused ack naming content, nothing stored', async () => {
    for (const content of ['refused-high \ud800', '\udc00 refused-low', 'refused-nul a\u0000b']) {
      const ack = await request(socket, 'chat:message', { chatRoomId: room.id, content });
      expect(ack).toMatchObject({
        ok: false,
        error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'content' }] } },
      });
    }
    const stored = (await call('GET', chatPaths.messages(room.id))).json() as ChatMessagesResponse;
    expect(stored.messages.filter((message) => message.content.includes('refused-'))).toEqual([]);
    const typed = await request(socket, 'chat:typing', { chatRoomId: '\ud800', isTyping: true });
    expect(typed).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED', details: { fields: [{ path: 'chatRoomId' }] } },
    });
  });

  it('GET search: any text, query syntax included, is a 200 with matches or a 400; never a 5xx', async () => {
    // A message holding the syntax itself, so a search that mistook it for operators would show.
    const ack = await request(socket, 'chat:message', {
      chatRoomId: room.id,
      content: "deal & 'term' | !sheet:* <-> (50%)",
    });
    expect(ack.ok).toBe(true);
    const query = fc.record(
      {
        q: querySyntaxText(),
        page: fc.oneof(
          fc.integer({ min: -2, max: 5 }).map(String),
          edgeIntegers.map(String),
          fc.string({ maxLength: 4 }),
        ),
        limit: fc.oneof(fc.integer({ min: -2, max: 120 }).map(String), fc.string({ maxLength: 4 })),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(query, async (parameters) => {
        const search = new URLSearchParams(parameters);
        const reply = await call('GET', `${chatPaths.search}?${search}`);
        // What the server receives: a URL cannot carry a lone surrogate, which encoding made U+FFFD.
        const received = Object.fromEntries(new URLSearchParams(search.toString()));
        if (chatSearchQuerySchema.safeParse(received).success) expect(reply.statusCode, reply.body).toBe(200);
        else expectRefusal(reply);
      }),
      { numRuns: 120 },
    );
    // The words around the syntax still find the message; the syntax alone finds nothing and fails nothing.
    const found = await call('GET', `${chatPaths.search}?q=${encodeURIComponent("deal&'term'|!sheet:*")}`);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().data).toHaveLength(1);
    for (const q of ['&', ':*', '<->', "'", '\\', '!!!', '%_']) {
      const reply = await call('GET', `${chatPaths.search}?q=${encodeURIComponent(q)}`);
      expect(reply.statusCode, `${q}: ${reply.body}`).toBe(200);
      expect(reply.json().data).toEqual([]);
    }
  });

  it('GET contacts, PATCH a group, POST members: 400 unless the contract accepts the input', async () => {
    const groupReply = await call(
      'POST',
      chatPaths.groupRoom,
      { name: 'Fuzzed', participantIds: [investor.user.id] },
      founder,
    );
    expect(groupReply.statusCode, groupReply.body).toBe(201);
    const groupId = groupReply.json().room.id as string;
    const queryValue = fc.oneof(
      fc.integer({ min: -5, max: 200 }).map(String),
      edgeIntegers.map(String),
      fc.string({ maxLength: 6 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.record({ page: queryValue, limit: queryValue }, { requiredKeys: [] }), async (parameters) => {
        const reply = await call('GET', `${chatPaths.contacts}?${new URLSearchParams(parameters)}`);
        if (chatContactsQuerySchema.safeParse(parameters).success) expect(reply.statusCode, reply.body).toBe(200);
        else expectRefusal(reply);
      }),
      { numRuns: 60 },
    );
    const renameBody = fc.oneof(
      fc.jsonValue(),
      fc.record({ name: fc.oneof(hostileText(100), fc.jsonValue()) }, { requiredKeys: [] }),
    );
    await fc.assert(
      fc.asyncProperty(renameBody, async (body) => {
        const reply = await call('PATCH', chatPaths.room(groupId), body, founder);
        if (renameChatRoomBodySchema.safeParse(body).success) {
          expect(reply.statusCode, reply.body).toBe(200);
          // Stored as the contract trimmed it, not as a replacement character.
          expect(reply.json().room.name).toBe(renameChatRoomBodySchema.parse(body).name);
        } else expectRefusal(reply);
      }),
      { numRuns: 80 },
    );
    const membersBody = fc.oneof(
      fc.jsonValue(),
      fc.record(
        { participantIds: fc.oneof(fc.array(fc.oneof(hostileText(), fc.string()), { maxLength: 3 }), fc.jsonValue()) },
        { requiredKeys: [] },
      ),
    );
    await fc.assert(
      fc.asyncProperty(membersBody, async (body) => {
        const reply = await call('POST', chatPaths.members(groupId), body, founder);
        // Accepted bodies then meet the policy: nobody random is tied to the founder (403).
        if (addChatMembersBodySchema.safeParse(body).success)
          expect([403, 409], reply.body).toContain(reply.statusCode);
        else expectRefusal(reply);
      }),
      { numRuns: 80 },
    );
  });
});
