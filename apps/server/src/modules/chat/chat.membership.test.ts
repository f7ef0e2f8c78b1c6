import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import { type ChatMessage, type ChatRoom, chatPaths, chatSocketEvents } from '@deckvalid/contract/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import {
  type Ack,
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
 * Who is in a room, and for how long (issue 17, item 6; docs/chat.md, "Membership"): when the
 * tie behind a membership ends, when a group's creator removes someone or someone leaves, that
 * account's sockets leave the room on the spot, nothing more of it reaches them, joins and typing
 * are refused, and its history stays readable up to the leave. Real socket clients on a
 * listening app, as a browser would see it.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

type RoomLeft = { chatRoomId: string; reason: string };

const roomsOf = async (caller: SignedUp) =>
  (await callAs(ctx, caller, 'GET', `${chatPaths.rooms}?limit=100`)).json().rooms as ChatRoom[];
const listed = async (caller: SignedUp, roomId: string) => (await roomsOf(caller)).find((room) => room.id === roomId);
const contentsOf = async (caller: SignedUp, url: string) => {
  const reply = await callAs(ctx, caller, 'GET', url);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json().messages as ChatMessage[]).map((message) => message.content);
};

async function createGroup(creator: SignedUp, name: string, members: SignedUp[]): Promise<ChatRoom> {
  const reply = await callAs(ctx, creator, 'POST', chatPaths.groupRoom, {
    name,
    participantIds: members.map((member) => member.user.id),
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().room as ChatRoom;
}

/** The founder declines a pending interest, as the founders' screen does. */
async function decline(founder: SignedUp, deckId: string, interestId: string) {
  const reply = await ctx.app.fastify.inject({
    method: 'PATCH',
    url: founderDeckPaths.interest(deckId, interestId),
    headers: authHeaders(founder.tokens),
    payload: { status: 'declined' },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

/** Sends and fails the test on a refusal. */
async function say(socket: Socket, chatRoomId: string, content: string): Promise<ChatMessage> {
  const ack = await request(socket, 'chat:message', { chatRoomId, content });
  if (!ack.ok) throw new Error(`the send was refused: ${ack.error.message}`);
  return ack.message as ChatMessage;
}

/** An account's socket that has `roomIds` open (joined), as the widget has its open conversation. */
async function inRooms(account: SignedUp, ...roomIds: string[]): Promise<Socket> {
  const socket = await clients.open(account.tokens);
  for (const chatRoomId of roomIds) {
    expect(await request(socket, 'chat:join', { chatRoomId })).toMatchObject({ ok: true });
  }
  return socket;
}

const refusedAs = (code: string): Partial<Ack> => ({ ok: false, error: expect.objectContaining({ code }) });

describe('when the tie behind a membership ends', () => {
  it('takes a withdrawn investor out of the founder’s groups and their private room at once: no messages, typing or joins after, history up to the leave', async () => {
    const [founder, leaving, staying] = await Promise.all([
      signUp(ctx, 'user', 'Farah Founder'),
      signUp(ctx, 'investor', 'Wanda Withdrawn'),
      signUp(ctx, 'investor', 'Sam Staying'),
    ]);
    const deck = await readyDeck(ctx, founder);
    await showInterest(ctx, leaving, deck.id);
    await showInterest(ctx, staying, deck.id);
    const group = await createGroup(founder, 'Seed round', [leaving, staying]);
    const privateRoom = await openPrivateRoom(ctx, leaving, founder.user.id);
    const founderSocket = await inRooms(founder, group.id);
    const leavingSocket = await inRooms(leaving, group.id);
    const stayingSocket = await inRooms(staying, group.id);
    const before = await say(founderSocket, group.id, 'Before');

    const left = collect<RoomLeft>(leavingSocket, chatSocketEvents.roomLeft);
    const overheard = collect<ChatMessage>(leavingSocket, 'chat:new_message');
    const overheardTyping = collect(leavingSocket, 'chat:user_typing');
    const stayingHears = collect<ChatMessage>(stayingSocket, 'chat:new_message');
    const stayingSeesTyping = collect(stayingSocket, 'chat:user_typing');
    await withdrawInterest(ctx, leaving, deck.id);
    await until(() => left.length === 2, 'chat:room_left for the group and the private room');
    expect(left).toEqual(
      expect.arrayContaining([
        { chatRoomId: group.id, reason: 'tie_ended' },
        { chatRoomId: privateRoom.id, reason: 'tie_ended' },
      ]),
    );

    // The founder goes on with those who stay: none of it reaches the one who left.
    await request(founderSocket, 'chat:typing', { chatRoomId: group.id, isTyping: true });
    await say(founderSocket, group.id, 'After');
    await until(
      () => stayingHears.some((message) => message.content === 'After') && stayingSeesTyping.length > 0,
      'the message and typing reaching those who stay',
    );
    expect(overheard.filter((message) => message.content === 'After')).toEqual([]);
    expect(overheardTyping).toEqual([]);

    // Joins, typing and sends are refused; the room still shows, so the refusal says why.
    expect(await request(leavingSocket, 'chat:join', { chatRoomId: group.id })).toMatchObject(refusedAs('FORBIDDEN'));
    expect((await request(leavingSocket, 'chat:typing', { chatRoomId: group.id, isTyping: true })).ok).toBe(false);
    expect(await request(leavingSocket, 'chat:message', { chatRoomId: group.id, content: 'Hello?' })).toMatchObject(
      refusedAs('FORBIDDEN'),
    );
    expect(await request(leavingSocket, 'chat:mark_read', { chatRoomId: group.id })).toMatchObject({ ok: false });

    // History up to the leave, in pages and in the catch-up alike.
    expect(await contentsOf(leaving, chatPaths.messages(group.id))).toEqual(['Before']);
    expect(await contentsOf(leaving, `${chatPaths.messages(group.id)}?afterSeq=0`)).toEqual(['Before']);
    expect(await listed(leaving, group.id)).toMatchObject({
      readOnly: true,
      leftReason: 'tie_ended',
      leftAt: expect.any(String),
      lastSeq: before.seq,
      lastMessage: { content: 'Before' },
      unreadCount: 0,
    });
    // Those who stay see the member gone, and keep talking.
    const founderView = await listed(founder, group.id);
    expect(founderView?.participants.map((participant) => participant.id).sort()).toEqual(
      [founder.user.id, staying.user.id].sort(),
    );
    expect(founderView).toMatchObject({ readOnly: false, leftAt: null, createdBy: founder.user.id });
    expect(await contentsOf(staying, chatPaths.messages(group.id))).toEqual(['After', 'Before']);
  });

  it('takes a declined investor out the same way', async () => {
    const [founder, declined, other] = await Promise.all([
      signUp(ctx, 'user', 'Fiona Founder'),
      signUp(ctx, 'investor', 'Dora Declined'),
      signUp(ctx, 'investor', 'Otto Other'),
    ]);
    const deck = await readyDeck(ctx, founder);
    const interest = await showInterest(ctx, declined, deck.id);
    await showInterest(ctx, other, deck.id);
    const group = await createGroup(founder, 'Diligence', [declined, other]);
    const founderSocket = await inRooms(founder, group.id);
    const declinedSocket = await inRooms(declined, group.id);
    const otherSocket = await clients.open(other.tokens);
    await say(founderSocket, group.id, 'Welcome');

    const left = collect<RoomLeft>(declinedSocket, chatSocketEvents.roomLeft);
    const overheard = collect<ChatMessage>(declinedSocket, 'chat:new_message');
    const otherHears = collect<ChatMessage>(otherSocket, 'chat:new_message');
    await decline(founder, deck.id, interest.id);
    await until(() => left.length === 1, 'chat:room_left');
    expect(left).toEqual([{ chatRoomId: group.id, reason: 'tie_ended' }]);
    await say(founderSocket, group.id, 'Terms for the others');
    await until(() => otherHears.some((message) => message.content === 'Terms for the others'), 'delivery');
    expect(overheard.filter((message) => message.content === 'Terms for the others')).toEqual([]);
    expect(await contentsOf(declined, chatPaths.messages(group.id))).toEqual(['Welcome']);
    expect(await request(declinedSocket, 'chat:join', { chatRoomId: group.id })).toMatchObject({ ok: false });
  });

  it('takes the investors out when the founder deletes the deck whose interests tied them', async () => {
    const [founder, investor, other] = await Promise.all([
      signUp(ctx, 'user', 'Della Deleter'),
      signUp(ctx, 'investor', 'Ian Interested'),
      signUp(ctx, 'investor', 'Oona Otherdeck'),
    ]);
    const [deleted, kept] = [await readyDeck(ctx, founder), await readyDeck(ctx, founder)];
    await showInterest(ctx, investor, deleted.id);
    await showInterest(ctx, other, kept.id);
    const group = await createGroup(founder, 'Bridge round', [investor, other]);
    const founderSocket = await inRooms(founder, group.id);
    const investorSocket = await inRooms(investor, group.id);
    const otherSocket = await clients.open(other.tokens);
    // The founder's sends are kept warm on the deleted deck's tie before it goes.
    await say(founderSocket, group.id, 'Before');

    const left = collect<RoomLeft>(investorSocket, chatSocketEvents.roomLeft);
    const overheard = collect<ChatMessage>(investorSocket, 'chat:new_message');
    const otherHears = collect<ChatMessage>(otherSocket, 'chat:new_message');
    const reply = await callAs(ctx, founder, 'DELETE', founderDeckPaths.pitchDeck(deleted.id));
    expect(reply.statusCode, reply.body).toBe(204);
    await until(() => left.length === 1, 'chat:room_left');
    expect(left).toEqual([{ chatRoomId: group.id, reason: 'tie_ended' }]);
    await say(founderSocket, group.id, 'After');
    await until(() => otherHears.some((message) => message.content === 'After'), 'delivery to the one still tied');
    expect(overheard.filter((message) => message.content === 'After')).toEqual([]);
    expect(await contentsOf(investor, chatPaths.messages(group.id))).toEqual(['Before']);
  });

  it('keeps a member whom another interest still ties to the group’s creator', async () => {
    const [founder, investor] = await Promise.all([
      signUp(ctx, 'user', 'Fred Founder'),
      signUp(ctx, 'investor', 'Tina Twice'),
    ]);
    const [first, second] = [await readyDeck(ctx, founder), await readyDeck(ctx, founder)];
    await showInterest(ctx, investor, first.id);
    await showInterest(ctx, investor, second.id);
    const group = await createGroup(founder, 'Both decks', [investor]);
    const founderSocket = await inRooms(founder, group.id);
    const investorSocket = await inRooms(investor, group.id);
    const left = collect<RoomLeft>(investorSocket, chatSocketEvents.roomLeft);
    const hears = collect<ChatMessage>(investorSocket, 'chat:new_message');
    const changed = collect(investorSocket, 'chat:rooms_changed');

    await withdrawInterest(ctx, investor, first.id);
    await until(() => changed.length > 0, 'chat:rooms_changed');
    await say(founderSocket, group.id, 'Still here?');
    await until(() => hears.some((message) => message.content === 'Still here?'), 'delivery');
    expect(left).toEqual([]);
    expect(await listed(investor, group.id)).toMatchObject({ readOnly: false, leftAt: null });
    expect(await request(investorSocket, 'chat:typing', { chatRoomId: group.id, isTyping: true })).toMatchObject({
      ok: true,
    });
  });

  it('takes the founder out of an investor’s group when their tie ends; the creator and the others stay', async () => {
    const [creator, leavingFounder, stayingFounder] = await Promise.all([
      signUp(ctx, 'investor', 'Inez Investor'),
      signUp(ctx, 'user', 'Lars Leaving'),
      signUp(ctx, 'user', 'Stella Staying'),
    ]);
    const leavingDeck = await readyDeck(ctx, leavingFounder);
    await showInterest(ctx, creator, leavingDeck.id);
    await showInterest(ctx, creator, (await readyDeck(ctx, stayingFounder)).id);
    const group = await createGroup(creator, 'Co-investors', [leavingFounder, stayingFounder]);
    const creatorSocket = await inRooms(creator, group.id);
    const leavingSocket = await inRooms(leavingFounder, group.id);
    const stayingSocket = await clients.open(stayingFounder.tokens);
    const left = collect<RoomLeft>(leavingSocket, chatSocketEvents.roomLeft);
    const creatorLeft = collect<RoomLeft>(creatorSocket, chatSocketEvents.roomLeft);
    const overheard = collect<ChatMessage>(leavingSocket, 'chat:new_message');
    const stayingHears = collect<ChatMessage>(stayingSocket, 'chat:new_message');

    await withdrawInterest(ctx, creator, leavingDeck.id);
    await until(() => left.length === 1, 'chat:room_left');
    expect(left).toEqual([{ chatRoomId: group.id, reason: 'tie_ended' }]);
    await say(creatorSocket, group.id, 'Just us now');
    await until(() => stayingHears.some((message) => message.content === 'Just us now'), 'delivery');
    expect(overheard).toEqual([]);
    expect(creatorLeft).toEqual([]);
    expect(await listed(creator, group.id)).toMatchObject({ leftAt: null, readOnly: false });
  });

  it('opens the private room again, with its history, when a new interest ties the two again', async () => {
    const [founder, investor] = await Promise.all([
      signUp(ctx, 'user', 'Rita Returning'),
      signUp(ctx, 'investor', 'Bert Back'),
    ]);
    const deck = await readyDeck(ctx, founder);
    await showInterest(ctx, investor, deck.id);
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const socket = await clients.open(investor.tokens);
    await say(socket, room.id, 'First round');
    const left = collect<RoomLeft>(socket, chatSocketEvents.roomLeft);
    await withdrawInterest(ctx, investor, deck.id);
    await until(() => left.length === 1, 'chat:room_left');
    expect(await listed(investor, room.id)).toMatchObject({ leftReason: 'tie_ended', readOnly: true });

    await showInterest(ctx, investor, deck.id);
    const reopened = await callAs(ctx, founder, 'POST', chatPaths.privateRoom, { participantId: investor.user.id });
    expect(reopened.json()).toMatchObject({ room: { id: room.id }, meta: { created: false } });
    expect(await listed(investor, room.id)).toMatchObject({ leftAt: null, leftReason: null, readOnly: false });
    expect(await request(socket, 'chat:join', { chatRoomId: room.id })).toMatchObject({ ok: true });
    await say(socket, room.id, 'Second round');
    expect(await contentsOf(investor, chatPaths.messages(room.id))).toEqual(['Second round', 'First round']);
  });
});

describe('removing a member and leaving a group', () => {
  let founder: SignedUp;
  let member: SignedUp;
  let other: SignedUp;
  let stranger: SignedUp;
  let deckId: string;

  beforeAll(async () => {
    [founder, member, other, stranger] = await Promise.all([
      signUp(ctx, 'user', 'Greta Group'),
      signUp(ctx, 'investor', 'Mo Member'),
      signUp(ctx, 'investor', 'Nina Next'),
      signUp(ctx, 'investor', 'Stan Stranger'),
    ]);
    deckId = (await readyDeck(ctx, founder)).id;
    await showInterest(ctx, member, deckId);
    await showInterest(ctx, other, deckId);
  });

  it('lets the group’s creator remove a member, who leaves at once; nobody else may', async () => {
    const group = await createGroup(founder, 'Round A', [member, other]);
    const founderSocket = await inRooms(founder, group.id);
    const memberSocket = await inRooms(member, group.id);
    const otherSocket = await clients.open(other.tokens);
    await say(founderSocket, group.id, 'Hello both');

    // Only the creator removes, and only members; to a stranger the room does not exist.
    expect((await callAs(ctx, other, 'DELETE', chatPaths.member(group.id, member.user.id))).statusCode).toBe(403);
    expect((await callAs(ctx, stranger, 'DELETE', chatPaths.member(group.id, member.user.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'DELETE', chatPaths.member(group.id, stranger.user.id))).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'DELETE', chatPaths.member(group.id, founder.user.id))).statusCode).toBe(403);

    const left = collect<RoomLeft>(memberSocket, chatSocketEvents.roomLeft);
    const overheard = collect<ChatMessage>(memberSocket, 'chat:new_message');
    const otherHears = collect<ChatMessage>(otherSocket, 'chat:new_message');
    const removed = await callAs(ctx, founder, 'DELETE', chatPaths.member(group.id, member.user.id));
    expect(removed.statusCode, removed.body).toBe(204);
    await until(() => left.length === 1, 'chat:room_left');
    expect(left).toEqual([{ chatRoomId: group.id, reason: 'removed' }]);

    await say(founderSocket, group.id, 'Only you now');
    await until(() => otherHears.some((message) => message.content === 'Only you now'), 'delivery');
    expect(overheard).toEqual([]);
    expect(await request(memberSocket, 'chat:message', { chatRoomId: group.id, content: 'Wait' })).toMatchObject(
      refusedAs('FORBIDDEN'),
    );
    expect(await request(memberSocket, 'chat:join', { chatRoomId: group.id })).toMatchObject(refusedAs('FORBIDDEN'));
    expect(await contentsOf(member, chatPaths.messages(group.id))).toEqual(['Hello both']);
    expect(await listed(member, group.id)).toMatchObject({ leftReason: 'removed', readOnly: true });
    // Removing them again changes nothing: they are not a member any more.
    expect((await callAs(ctx, founder, 'DELETE', chatPaths.member(group.id, member.user.id))).statusCode).toBe(404);
  });

  it('lets any member leave a group; a private room is left only when the tie ends', async () => {
    const group = await createGroup(founder, 'Round B', [member, other]);
    const memberSocket = await inRooms(member, group.id);
    const founderSocket = await inRooms(founder, group.id);
    const left = collect<RoomLeft>(memberSocket, chatSocketEvents.roomLeft);
    const typing = collect(memberSocket, 'chat:user_typing');

    const reply = await callAs(ctx, member, 'POST', chatPaths.leave(group.id));
    expect(reply.statusCode, reply.body).toBe(204);
    await until(() => left.length === 1, 'chat:room_left');
    expect(left).toEqual([{ chatRoomId: group.id, reason: 'left' }]);
    await request(founderSocket, 'chat:typing', { chatRoomId: group.id, isTyping: true });
    expect(await listed(member, group.id)).toMatchObject({ leftReason: 'left', readOnly: true });
    expect(typing).toEqual([]);
    // Leaving again is answered alike, and tells nobody anything.
    expect((await callAs(ctx, member, 'POST', chatPaths.leave(group.id))).statusCode).toBe(204);
    expect((await callAs(ctx, stranger, 'POST', chatPaths.leave(group.id))).statusCode).toBe(404);
    const founderView = await listed(founder, group.id);
    expect(founderView?.participants.map((participant) => participant.id)).not.toContain(member.user.id);

    const privateRoom = await openPrivateRoom(ctx, member, founder.user.id);
    expect((await callAs(ctx, member, 'POST', chatPaths.leave(privateRoom.id))).statusCode).toBe(409);
  });
});

describe('muting a room', () => {
  it('counts nothing unread for the one who muted it, until they unmute', async () => {
    const [founder, investor] = await Promise.all([
      signUp(ctx, 'user', 'Mia Muted'),
      signUp(ctx, 'investor', 'Chatty Charles'),
    ]);
    await showInterest(ctx, investor, (await readyDeck(ctx, founder)).id);
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const muted = await callAs(ctx, founder, 'PUT', chatPaths.mute(room.id), { muted: true });
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json()).toEqual({ chatRoomId: room.id, muted: true });
    const socket = await clients.open(investor.tokens);
    for (const content of ['one', 'two', 'three']) await say(socket, room.id, content);

    expect(await listed(founder, room.id)).toMatchObject({ muted: true, unreadCount: 0, lastSeq: 3 });
    // Only for them: the other side is not muted.
    expect(await listed(investor, room.id)).toMatchObject({ muted: false });
    const unmuted = await callAs(ctx, founder, 'PUT', chatPaths.mute(room.id), { muted: false });
    expect(unmuted.json()).toEqual({ chatRoomId: room.id, muted: false });
    expect(await listed(founder, room.id)).toMatchObject({ muted: false, unreadCount: 3 });

    const stranger = await signUp(ctx, 'user', 'Nosy Ned');
    expect((await callAs(ctx, stranger, 'PUT', chatPaths.mute(room.id), { muted: true })).statusCode).toBe(404);
    expect((await callAs(ctx, founder, 'PUT', chatPaths.mute(room.id), { muted: 'yes' })).statusCode).toBe(400);
  });
});

describe('the room list', () => {
  it('is paginated with page and limit, most recent activity first', async () => {
    const founder = await signUp(ctx, 'user', 'Paula Pages');
    const deck = await readyDeck(ctx, founder);
    const investors = await Promise.all(['Ann', 'Ben', 'Cai'].map((name) => signUp(ctx, 'investor', `${name} Paged`)));
    const opened: string[] = [];
    for (const investor of investors) {
      await showInterest(ctx, investor, deck.id);
      opened.push((await openPrivateRoom(ctx, investor, founder.user.id)).id);
    }
    const first = await callAs(ctx, founder, 'GET', `${chatPaths.rooms}?page=1&limit=2`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().meta).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const second = (await callAs(ctx, founder, 'GET', `${chatPaths.rooms}?page=2&limit=2`)).json();
    expect(second.meta).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    const ids = [...first.json().rooms, ...second.rooms].map((room: ChatRoom) => room.id);
    expect(ids).toEqual([...opened].reverse());
    expect((await callAs(ctx, founder, 'GET', `${chatPaths.rooms}?limit=101`)).statusCode).toBe(400);
    expect((await callAs(ctx, founder, 'GET', `${chatPaths.rooms}?page=0`)).statusCode).toBe(400);
  });
});
