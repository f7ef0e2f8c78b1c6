import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import { type ChatRoom, chatPaths } from '@deckvalid/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import {
  ChatClients,
  collect,
  listen,
  openPrivateRoom,
  request,
  showInterest,
  withdrawInterest,
} from '../../../test/chat';
import { readyDeck } from '../../../test/decks';

/**
 * The Chat API over REST (spec §7) and who may do what (docs/chat.md): a founder and an investor
 * are tied while the investor's interest in one of the founder's decks is pending or accepted.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let pending: SignedUp;
let accepted: SignedUp;
let stranger: SignedUp;
let otherFounder: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, pending, accepted, stranger, otherFounder] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Paul Pending'),
    signUp(ctx, 'investor', 'Ada Accepted'),
    signUp(ctx, 'investor', 'Stan Stranger'),
    signUp(ctx, 'user', 'Olga Other'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  await showInterest(ctx, pending, deckId);
  const interest = await showInterest(ctx, accepted, deckId);
  const decided = await ctx.app.fastify.inject({
    method: 'PATCH',
    url: founderDeckPaths.interest(deckId, interest.id),
    headers: authHeaders(founder.tokens),
    payload: { status: 'accepted' },
  });
  expect(decided.statusCode).toBe(200);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

const roomsOf = async (caller: SignedUp) =>
  (await callAs(ctx, caller, 'GET', chatPaths.rooms)).json().rooms as ChatRoom[];

describe('private rooms', () => {
  it('opens one room per tied pair: asking again, from either side, answers the same room', async () => {
    const first = await callAs(ctx, pending, 'POST', chatPaths.privateRoom, { participantId: founder.user.id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().meta).toEqual({ created: true });
    const room = first.json().room as ChatRoom;
    expect(room).toMatchObject({ type: 'private', name: 'Farah Founder', unreadCount: 0, readOnly: false });
    expect(room.participants.map((participant) => [participant.name, participant.userType]).sort()).toEqual([
      ['Farah Founder', 'User'],
      ['Paul Pending', 'Investor'],
    ]);

    const again = await callAs(ctx, pending, 'POST', chatPaths.privateRoom, { participantId: founder.user.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ room: { id: room.id }, meta: { created: false } });
    const fromFounder = await callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: pending.user.id });
    expect(fromFounder.json()).toMatchObject({ room: { id: room.id, name: 'Paul Pending' }, meta: { created: false } });
  });

  it('makes exactly one room when both sides open it at once', async () => {
    const answers = await Promise.all([
      callAs(ctx, accepted, 'POST', chatPaths.privateRoom, { participantId: founder.user.id }),
      callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: accepted.user.id }),
    ]);
    expect(answers.map((answer) => answer.json().meta.created).sort()).toEqual([false, true]);
    expect(new Set(answers.map((answer) => answer.json().room.id)).size).toBe(1);
  });

  it('refuses accounts no interest ties, and oneself, with 403; a room is only ever made between tied accounts', async () => {
    const refusals = await Promise.all([
      callAs(ctx, stranger, 'POST', chatPaths.privateRoom, { participantId: founder.user.id }),
      callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: stranger.user.id }),
      callAs(ctx, otherFounder, 'POST', chatPaths.privateRoom, { participantId: pending.user.id }),
      callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: founder.user.id }),
      callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: 'usr-doesnotexist000000' }),
    ]);
    expect(refusals.map((reply) => reply.statusCode)).toEqual([403, 403, 403, 403, 403]);
    expect(await roomsOf(stranger)).toEqual([]);
    expect(await roomsOf(otherFounder)).toEqual([]);
  });

  it('validates the body', async () => {
    const reply = await callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: '' });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe('VALIDATION_FAILED');
    const extra = await callAs(ctx, founder, 'POST', chatPaths.privateRoom, {
      participantId: pending.user.id,
      role: 'admin',
    });
    expect(extra.statusCode).toBe(400);
  });
});

describe('group rooms', () => {
  it('lets a creator tied to every participant make one', async () => {
    const reply = await callAs(ctx, founder, 'POST', chatPaths.groupRoom, {
      name: '  Seed round  ',
      participantIds: [pending.user.id, accepted.user.id, pending.user.id],
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const room = reply.json().room as ChatRoom;
    expect(room).toMatchObject({ type: 'group', name: 'Seed round', readOnly: false });
    expect(room.participants).toHaveLength(3);
    expect((await roomsOf(accepted)).map((listed) => listed.id)).toContain(room.id);
  });

  it('refuses a group with anyone the creator is not tied to, and names no one in the answer', async () => {
    const reply = await callAs(ctx, founder, 'POST', chatPaths.groupRoom, {
      name: 'Mixed',
      participantIds: [pending.user.id, stranger.user.id],
    });
    expect(reply.statusCode).toBe(403);
    expect(reply.body).not.toContain(stranger.user.id);
    const blank = await callAs(ctx, founder, 'POST', chatPaths.groupRoom, {
      name: '   ',
      participantIds: [pending.user.id],
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/Name the group/);
    const empty = await callAs(ctx, founder, 'POST', chatPaths.groupRoom, { name: 'Nobody', participantIds: [] });
    expect(empty.statusCode).toBe(400);
  });
});

describe('reading a room', () => {
  it('shows a room only to its participants: anyone else gets the 404 of a missing room', async () => {
    const room = await openPrivateRoom(ctx, pending, founder.user.id);
    for (const outsider of [stranger, otherFounder, accepted]) {
      const messages = await callAs(ctx, outsider, 'GET', chatPaths.messages(room.id));
      const read = await callAs(ctx, outsider, 'PUT', chatPaths.read(room.id), {});
      expect([messages.statusCode, read.statusCode]).toEqual([404, 404]);
    }
    const missing = await callAs(ctx, founder, 'GET', chatPaths.messages('room-doesnotexist'));
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(
      (await callAs(ctx, stranger, 'GET', chatPaths.messages(room.id))).json() as Record<string, unknown>,
    );
  });

  it('refuses signed-out callers', async () => {
    const reply = await ctx.app.fastify.inject({ method: 'GET', url: chatPaths.rooms });
    expect(reply.statusCode).toBe(401);
  });

  it('pages 45 messages newest first, 20 at a time, and catches up after a seq oldest first', async () => {
    const room = await openPrivateRoom(ctx, accepted, founder.user.id);
    const socket = await clients.open(accepted.tokens);
    for (let index = 1; index <= 45; index++) {
      let ack = await request(socket, 'chat:message', { chatRoomId: room.id, content: `message ${index}` });
      // 45 sends outrun the send limit's burst (40): wait as told, as the web client does.
      if (ack.ok === false && ack.error.code === 'RATE_LIMITED') {
        const waitMs = (ack.error.retryAfterSeconds ?? 1) * 1000;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
        ack = await request(socket, 'chat:message', { chatRoomId: room.id, content: `message ${index}` });
      }
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
    }
    const first = (await callAs(ctx, founder, 'GET', chatPaths.messages(room.id))).json();
    expect(first.messages).toHaveLength(20);
    expect(first.messages[0]).toMatchObject({ content: 'message 45', seq: 45, senderId: accepted.user.id });
    expect(first.meta).toEqual({ hasMore: true, lastRev: 0 });
    const third = (await callAs(ctx, founder, 'GET', `${chatPaths.messages(room.id)}?page=3`)).json();
    expect(third.messages.map((message: { seq: number }) => message.seq)).toEqual([5, 4, 3, 2, 1]);
    expect(third.meta).toEqual({ hasMore: false, lastRev: 0 });
    const before = (await callAs(ctx, founder, 'GET', `${chatPaths.messages(room.id)}?before=26&limit=5`)).json();
    expect(before.messages.map((message: { seq: number }) => message.seq)).toEqual([25, 24, 23, 22, 21]);
    const after = (await callAs(ctx, founder, 'GET', `${chatPaths.messages(room.id)}?afterSeq=40`)).json();
    expect(after.messages.map((message: { seq: number }) => message.seq)).toEqual([41, 42, 43, 44, 45]);
    expect(after.meta).toEqual({ hasMore: false, lastRev: 0 });
    const both = await callAs(ctx, founder, 'GET', `${chatPaths.messages(room.id)}?afterSeq=1&before=3`);
    expect(both.statusCode).toBe(400);
  });

  it('counts unread messages from the read watermark, which only moves forward', async () => {
    const room = await openPrivateRoom(ctx, pending, founder.user.id);
    const socket = await clients.open(pending.tokens);
    const already = (await roomsOf(founder)).find((listed) => listed.id === room.id)?.lastSeq ?? 0;
    for (const content of ['one', 'two', 'three']) {
      expect((await request(socket, 'chat:message', { chatRoomId: room.id, content })).ok).toBe(true);
    }
    const listed = (await roomsOf(founder)).find((candidate) => candidate.id === room.id);
    expect(listed).toMatchObject({ unreadCount: 3 + already, lastMessage: { content: 'three' } });
    // The sender has read what they sent.
    expect((await roomsOf(pending)).find((candidate) => candidate.id === room.id)?.unreadCount).toBe(0);

    const partly = await callAs(ctx, founder, 'PUT', chatPaths.read(room.id), { seq: already + 2 });
    expect(partly.json()).toEqual({ chatRoomId: room.id, readSeq: already + 2, unreadCount: 1 });
    const backwards = await callAs(ctx, founder, 'PUT', chatPaths.read(room.id), { seq: 1 });
    expect(backwards.json()).toMatchObject({ readSeq: already + 2, unreadCount: 1 });
    const beyond = await callAs(ctx, founder, 'PUT', chatPaths.read(room.id), { seq: 10_000 });
    expect(beyond.json()).toMatchObject({ readSeq: already + 3, unreadCount: 0 });

    const history = (await callAs(ctx, pending, 'GET', chatPaths.messages(room.id))).json();
    expect(history.messages[0].readBy).toEqual([{ userId: founder.user.id, readAt: expect.any(String) }]);
  });
});

describe('when the tie ends', () => {
  it('keeps the room readable to both sides and refuses new messages at once', async () => {
    const investor = await signUp(ctx, 'investor', 'Wanda Withdrawn');
    await showInterest(ctx, investor, deckId);
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const socket = await clients.open(investor.tokens);
    const founderSocket = await clients.open(founder.tokens);
    expect((await request(socket, 'chat:message', { chatRoomId: room.id, content: 'Before' })).ok).toBe(true);

    const founderHears = collect(founderSocket, 'chat:rooms_changed');
    await withdrawInterest(ctx, investor, deckId);
    // Both sides are told at once, so an open conversation can close its input.
    await expect.poll(() => founderHears.length, { timeout: 10_000 }).toBeGreaterThan(0);

    const refused = await request(socket, 'chat:message', { chatRoomId: room.id, content: 'After' });
    expect(refused).toEqual({ ok: false, error: { code: 'FORBIDDEN', message: expect.stringMatching(/closed/) } });
    const founderRefused = await request(founderSocket, 'chat:message', { chatRoomId: room.id, content: 'Reply' });
    expect(founderRefused.ok).toBe(false);
    for (const side of [investor, founder]) {
      const listed = (await roomsOf(side)).find((candidate) => candidate.id === room.id);
      expect(listed?.readOnly).toBe(true);
      const history = (await callAs(ctx, side, 'GET', chatPaths.messages(room.id))).json();
      expect(history.messages.map((message: { content: string }) => message.content)).toEqual(['Before']);
    }
  });

  it('leaves the other side the history when an account is deleted', async () => {
    const leaving = await signUp(ctx, 'user', 'Dora Deleted');
    const investor = await signUp(ctx, 'investor', 'Ivy Investor');
    await showInterest(ctx, investor, (await readyDeck(ctx, leaving)).id);
    const room = await openPrivateRoom(ctx, investor, leaving.user.id);
    const socket = await clients.open(leaving.tokens);
    expect((await request(socket, 'chat:message', { chatRoomId: room.id, content: 'Bye' })).ok).toBe(true);
    const deleted = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers: authHeaders(leaving.tokens),
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode).toBe(204);
    const listed = (await roomsOf(investor)).find((candidate) => candidate.id === room.id);
    expect(listed).toMatchObject({ readOnly: true, participants: [{ id: investor.user.id }] });
    const history = (await callAs(ctx, investor, 'GET', chatPaths.messages(room.id))).json();
    expect(history.messages[0]).toMatchObject({ content: 'Bye', senderId: null, sender: null });
    const investorSocket = await clients.open(investor.tokens);
    expect((await request(investorSocket, 'chat:message', { chatRoomId: room.id, content: 'Hello?' })).ok).toBe(false);
  });
});
