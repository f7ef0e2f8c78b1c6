import type { ChatContact, ChatMessage, ChatRoom, ChatSearchHit } from '@deckvalid/contract/chat';
import { chatPaths } from '@deckvalid/contract/chat';
import { queryWordsOf } from '@deckvalid/contract/search';
import type { Socket } from 'socket.io-client';
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
import { until } from '../../../test/poll';

/**
 * Starting and finding conversations (issue 18, "Chat that can start things"): whom one may
 * start a conversation with, a group's creator renaming it and adding people, and full-text
 * search over the messages one may read (up to the leave in rooms one left).
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let ada: SignedUp;
let ben: SignedUp;
let cleo: SignedUp;
let stranger: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, ada, ben, cleo, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Ada Lovelace'),
    signUp(ctx, 'investor', 'Ben Okafor'),
    signUp(ctx, 'investor', 'Cleo Marsh'),
    signUp(ctx, 'investor', 'Stan Stranger'),
  ]);
  deckId = (await readyDeck(ctx, founder)).id;
  for (const investor of [ada, ben, cleo]) await showInterest(ctx, investor, deckId);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

async function createGroup(creator: SignedUp, name: string, members: SignedUp[]): Promise<ChatRoom> {
  const reply = await callAs(ctx, creator, 'POST', chatPaths.groupRoom, {
    name,
    participantIds: members.map((member) => member.user.id),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().room as ChatRoom;
}

async function say(socket: Socket, chatRoomId: string, content: string): Promise<ChatMessage> {
  const ack = await request(socket, 'chat:message', { chatRoomId, content });
  if (!ack.ok) throw new Error(`the send was refused: ${ack.error.message}`);
  return ack.message as ChatMessage;
}

const search = async (caller: SignedUp, q: string, extra = '') => {
  const reply = await callAs(ctx, caller, 'GET', `${chatPaths.search}?q=${encodeURIComponent(q)}${extra}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { data: ChatSearchHit[]; meta: { total: number; hasMore: boolean } };
};

describe('contacts', () => {
  it('lists the accounts an interest ties the caller to, by name, with their private room once opened', async () => {
    const room = await openPrivateRoom(ctx, founder, ben.user.id);
    const reply = await callAs(ctx, founder, 'GET', chatPaths.contacts);
    expect(reply.statusCode, reply.body).toBe(200);
    const contacts = reply.json().data as ChatContact[];
    expect(contacts.map((contact) => [contact.name, contact.userType, contact.privateRoomId])).toEqual([
      ['Ada Lovelace', 'Investor', null],
      ['Ben Okafor', 'Investor', room.id],
      ['Cleo Marsh', 'Investor', null],
    ]);
    expect(reply.json().meta).toEqual({ page: 1, limit: 20, total: 3, hasMore: false });
    const page2 = await callAs(ctx, founder, 'GET', `${chatPaths.contacts}?page=2&limit=2`);
    expect((page2.json().data as ChatContact[]).map((contact) => contact.name)).toEqual(['Cleo Marsh']);

    const ofInvestor = (await callAs(ctx, ada, 'GET', chatPaths.contacts)).json().data as ChatContact[];
    expect(ofInvestor.map((contact) => contact.name)).toEqual(['Farah Founder']);
    expect((await callAs(ctx, stranger, 'GET', chatPaths.contacts)).json().data).toEqual([]);
  });
});

describe('renaming a group and adding people', () => {
  it('lets the creator rename the group; members hear that their lists changed; nobody else renames', async () => {
    const group = await createGroup(founder, 'Seed round', [ada]);
    const adaSocket = await clients.open(ada.tokens);
    const changed = collect(adaSocket, 'chat:rooms_changed');
    const renamed = await callAs(ctx, founder, 'PATCH', chatPaths.room(group.id), { name: '  Series A  ' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().room).toMatchObject({ id: group.id, name: 'Series A' });
    await until(() => changed.length > 0, 'chat:rooms_changed after the rename');

    expect((await callAs(ctx, ada, 'PATCH', chatPaths.room(group.id), { name: 'Mine' })).statusCode).toBe(403);
    expect((await callAs(ctx, stranger, 'PATCH', chatPaths.room(group.id), { name: 'Mine' })).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'PATCH', chatPaths.room(group.id), { name: '   ' })).statusCode).toBe(400);
    const privateRoom = await openPrivateRoom(ctx, founder, ada.user.id);
    expect((await callAs(ctx, founder, 'PATCH', chatPaths.room(privateRoom.id), { name: 'Ada' })).statusCode).toBe(403);
  });

  it('lets the creator add people tied to them: they hear the room open, read its history, count nothing before as unread', async () => {
    const group = await createGroup(founder, 'Diligence', [ada]);
    const founderSocket = await clients.open(founder.tokens);
    await say(founderSocket, group.id, 'Before Ben joined');
    const benSocket = await clients.open(ben.tokens);
    const opened = collect<{ chatRoomId: string }>(benSocket, 'chat:room_opened');

    const added = await callAs(ctx, founder, 'POST', chatPaths.members(group.id), { participantIds: [ben.user.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect((added.json().room as ChatRoom).participants.map((participant) => participant.name).sort()).toEqual([
      'Ada Lovelace',
      'Ben Okafor',
      'Farah Founder',
    ]);
    await until(() => opened.some((event) => event.chatRoomId === group.id), 'chat:room_opened for the newcomer');
    const bensRooms = (await callAs(ctx, ben, 'GET', `${chatPaths.rooms}?limit=100`)).json().rooms as ChatRoom[];
    expect(bensRooms.find((room) => room.id === group.id)).toMatchObject({ unreadCount: 0, readOnly: false });
    const history = await callAs(ctx, ben, 'GET', chatPaths.messages(group.id));
    expect((history.json().messages as ChatMessage[]).map((message) => message.content)).toEqual(['Before Ben joined']);
    await say(benSocket, group.id, 'Hello from Ben');

    // Again: already a member. A stranger, an untied account, a member adding: refused.
    expect(
      (await callAs(ctx, founder, 'POST', chatPaths.members(group.id), { participantIds: [ben.user.id] })).statusCode,
    ).toBe(409);
    expect(
      (await callAs(ctx, founder, 'POST', chatPaths.members(group.id), { participantIds: [stranger.user.id] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await callAs(ctx, ada, 'POST', chatPaths.members(group.id), { participantIds: [cleo.user.id] })).statusCode,
    ).toBe(403);
    expect(
      (await callAs(ctx, stranger, 'POST', chatPaths.members(group.id), { participantIds: [cleo.user.id] })).statusCode,
    ).toBe(404);
    expect((await callAs(ctx, founder, 'POST', chatPaths.members(group.id), { participantIds: [] })).statusCode).toBe(
      400,
    );
  });

  it('adds back someone who was removed, with the room writable again', async () => {
    const group = await createGroup(founder, 'Board', [ada, cleo]);
    const removed = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: chatPaths.member(group.id, cleo.user.id),
      headers: authHeaders(founder.tokens),
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const added = await callAs(ctx, founder, 'POST', chatPaths.members(group.id), { participantIds: [cleo.user.id] });
    expect(added.statusCode, added.body).toBe(200);
    const cleosRoom = (
      (await callAs(ctx, cleo, 'GET', `${chatPaths.rooms}?limit=100`)).json().rooms as ChatRoom[]
    ).find((room) => room.id === group.id);
    expect(cleosRoom).toMatchObject({ leftAt: null, leftReason: null, readOnly: false });
  });
});

describe('message search', () => {
  it('finds words and word beginnings in the rooms one is in, newest first, paginated', async () => {
    const group = await createGroup(founder, 'Search party', [ada]);
    const founderSocket = await clients.open(founder.tokens);
    const old = await say(founderSocket, group.id, 'The runway is eighteen months at current burn');
    await say(founderSocket, group.id, 'Unrelated chatter');
    const newer = await say(founderSocket, group.id, 'Runway again, after the bridge');

    const hits = await search(ada, 'runway');
    expect(hits.data.map((hit) => hit.message.id)).toEqual([newer.id, old.id]);
    expect(hits.data[0]?.room).toEqual({ id: group.id, name: 'Search party', type: 'group' });
    expect(hits.data[1]?.message).toMatchObject({
      seq: old.seq,
      chatRoomId: group.id,
      sender: { name: 'Farah Founder' },
    });
    // A word's beginning, any case, every word required.
    expect((await search(ada, 'RUNW eight')).data.map((hit) => hit.message.id)).toEqual([old.id]);
    expect((await search(ada, 'runway zebra')).data).toEqual([]);
    const paged = await search(ada, 'runway', '&limit=1&page=2');
    expect(paged.data.map((hit) => hit.message.id)).toEqual([old.id]);
    expect(paged.meta).toMatchObject({ total: 2, hasMore: false });
    // Not a member: nothing, though the word is there.
    expect((await search(stranger, 'runway')).data).toEqual([]);
    expect((await search(ben, 'runway')).data).toEqual([]);
  });

  it('finds, in a room one left, only what was said before the leave', async () => {
    const group = await createGroup(founder, 'Leavers', [ada, cleo]);
    const founderSocket = await clients.open(founder.tokens);
    const before = await say(founderSocket, group.id, 'Quokka metrics before the leave');
    expect((await callAs(ctx, cleo, 'POST', chatPaths.leave(group.id))).statusCode).toBe(204);
    await say(founderSocket, group.id, 'Quokka metrics after the leave');
    expect((await search(cleo, 'quokka')).data.map((hit) => hit.message.id)).toEqual([before.id]);
    expect((await search(founder, 'quokka')).data).toHaveLength(2);
  });

  it('names a private room after the other person, and keeps it when their tie ends', async () => {
    const room = await openPrivateRoom(ctx, ben, founder.user.id);
    const benSocket = await clients.open(ben.tokens);
    await say(benSocket, room.id, 'Pelican term sheet');
    expect((await search(founder, 'pelican')).data[0]?.room).toEqual({
      id: room.id,
      name: 'Ben Okafor',
      type: 'private',
    });
    await withdrawInterest(ctx, ben, deckId);
    // The tie's end is applied after the withdrawal answers: poll the search until it shows.
    await expect.poll(async () => (await search(ben, 'pelican')).data.length, { timeout: 15_000 }).toBe(1);
    expect((await search(ben, 'pelican')).data[0]?.room.name).toBe('Farah Founder');
  });

  it('treats what people type as words, never as query syntax', async () => {
    expect(queryWordsOf("a&b | !c:* 'd' (e) <-> Ünïcode 42")).toEqual(['a', 'b', 'c', 'd', 'e', 'ünïcode', '42']);
    for (const q of ['&', '!:*', "'", '(', '<->', '\\', '%', '_']) expect((await search(ada, q)).data).toEqual([]);
    expect((await callAs(ctx, ada, 'GET', `${chatPaths.search}?q=`)).statusCode).toBe(400);
    expect((await callAs(ctx, ada, 'GET', `${chatPaths.search}?q=${'x'.repeat(201)}`)).statusCode).toBe(400);
    expect((await callAs(ctx, ada, 'GET', chatPaths.search)).statusCode).toBe(400);
  });
});
