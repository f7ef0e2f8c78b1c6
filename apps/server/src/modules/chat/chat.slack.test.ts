import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { type ChatMessage, type ChatRoom, chatPaths, chatSocketEvents } from '@deckvalid/contract/chat';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, openPrivateRoom, request, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { until } from '../../../test/poll';

/**
 * What Slack users expect of a conversation (docs/chat.md, "Edits, deletions, reactions"): the
 * author edits and deletes their messages, anyone replies to one, members react, and `@Name`
 * reaches the member named, muted room or not. Over REST and the socket, with the policy's
 * refusals, and the catch-up of changes a reconnecting client relies on.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let room: ChatRoom;
let otherRoom: ChatRoom;
let founderSocket: Socket;
let investorSocket: Socket;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, investor, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Farah Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
    signUp(ctx, 'investor', 'Stan Stranger'),
  ]);
  const deck = await readyDeck(ctx, founder);
  await showInterest(ctx, investor, deck.id);
  await showInterest(ctx, stranger, deck.id);
  room = await openPrivateRoom(ctx, investor, founder.user.id);
  // The stranger's own room with the founder: they are a stranger to `room` only.
  otherRoom = await openPrivateRoom(ctx, stranger, founder.user.id);
  founderSocket = await clients.open(founder.tokens, { events: 'compact' });
  investorSocket = await clients.open(investor.tokens, { events: 'compact' });
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

/** Sends over the socket and answers the stored message; fails the test on a refusal. */
async function send(socket: Socket, content: string, extra: Record<string, unknown> = {}): Promise<ChatMessage> {
  const ack = await request(socket, 'chat:message', { chatRoomId: room.id, content, ...extra });
  if (!ack.ok) throw new Error(`the send was refused: ${ack.error.message}`);
  return ack.message as ChatMessage;
}

const history = async (caller: SignedUp, query = '') => {
  const reply = await callAs(ctx, caller, 'GET', `${chatPaths.messages(room.id)}${query}`);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as { messages: ChatMessage[]; meta: { hasMore: boolean; lastRev: number } };
};

const inHistory = async (caller: SignedUp, id: string) =>
  (await history(caller, '?limit=100')).messages.find((message) => message.id === id);

describe('editing and deleting', () => {
  it('lets the author edit; every member hears the message as edited, and history agrees', async () => {
    const heard = collect<ChatMessage>(investorSocket, chatSocketEvents.messageUpdated);
    const sent = await send(founderSocket, 'The round closes Friday');
    const edited = await callAs(ctx, founder, 'PATCH', chatPaths.message(room.id, sent.id), {
      content: '  The round closes Monday  ',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const message = edited.json().message as ChatMessage;
    expect(message).toMatchObject({ id: sent.id, seq: sent.seq, content: 'The round closes Monday', deletedAt: null });
    expect(message.editedAt).not.toBeNull();
    expect(message.rev).toBeGreaterThan(0);
    await until(() => heard.some((copy) => copy.id === sent.id), 'chat:message_updated');
    expect(heard.find((copy) => copy.id === sent.id)).toMatchObject({
      content: 'The round closes Monday',
      rev: message.rev,
    });
    expect(await inHistory(investor, sent.id)).toMatchObject({ content: 'The round closes Monday', rev: message.rev });
  });

  it('refuses an edit or a deletion by anyone but the author, and hides the room from a stranger', async () => {
    const sent = await send(founderSocket, 'Only I may change this');
    const path = chatPaths.message(room.id, sent.id);
    const table: [SignedUp, 'PATCH' | 'DELETE', number][] = [
      [investor, 'PATCH', 403],
      [investor, 'DELETE', 403],
      [stranger, 'PATCH', 404],
      [stranger, 'DELETE', 404],
    ];
    for (const [caller, method, status] of table) {
      const reply = await callAs(ctx, caller, method, path, method === 'PATCH' ? { content: 'Hijacked' } : undefined);
      expect(reply.statusCode, `${caller.user.name} ${method}`).toBe(status);
    }
    const anonymous = await ctx.app.fastify.inject({ method: 'DELETE', url: path });
    expect(anonymous.statusCode).toBe(401);
    // A message id of another room is not this room's message.
    const elsewhere = await callAs(ctx, founder, 'DELETE', chatPaths.message(otherRoom.id, sent.id));
    expect(elsewhere.statusCode).toBe(404);
    // The socket applies the same policy.
    const ack = await request(investorSocket, chatSocketEvents.editMessage, {
      chatRoomId: room.id,
      messageId: sent.id,
      content: 'Hijacked',
    });
    expect(ack).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    expect(await inHistory(founder, sent.id)).toMatchObject({ content: 'Only I may change this', editedAt: null });
  });

  it('keeps a deleted message in its place without its text or reactions, live and in history', async () => {
    const heard = collect<ChatMessage>(investorSocket, chatSocketEvents.messageUpdated);
    const sent = await send(founderSocket, 'Oops, wrong room');
    await callAs(ctx, investor, 'PUT', chatPaths.reactions(room.id, sent.id), { emoji: '👀', reacted: true });
    const ack = await request(founderSocket, chatSocketEvents.deleteMessage, {
      chatRoomId: room.id,
      messageId: sent.id,
    });
    expect(ack.ok).toBe(true);
    await until(() => heard.some((copy) => copy.id === sent.id && copy.deletedAt !== null), 'the deletion');
    const held = await inHistory(investor, sent.id);
    expect(held).toMatchObject({ seq: sent.seq, content: '', reactions: [] });
    expect(held?.deletedAt).not.toBeNull();
    // Gone is gone: no edit, no reaction, no second deletion told.
    const edit = await callAs(ctx, founder, 'PATCH', chatPaths.message(room.id, sent.id), { content: 'Back' });
    expect(edit.statusCode).toBe(409);
    const react = await callAs(ctx, investor, 'PUT', chatPaths.reactions(room.id, sent.id), {
      emoji: '👍',
      reacted: true,
    });
    expect(react.statusCode).toBe(409);
  });
});

describe('replies', () => {
  it('shows what a reply answers, on the acknowledgement, live and in history', async () => {
    const heard = collect<ChatMessage>(founderSocket, 'chat:new_message');
    const question = await send(founderSocket, 'Can you share the cohort data before our call?');
    const reply = await send(investorSocket, 'Yes, sending tonight', { replyToId: question.id });
    const expected = {
      id: question.id,
      seq: question.seq,
      senderName: 'Farah Founder',
      excerpt: 'Can you share the cohort data before our call?',
      isDeleted: false,
    };
    expect(reply.replyTo).toEqual(expected);
    await until(() => heard.some((message) => message.id === reply.id), 'the reply, live');
    expect(heard.find((message) => message.id === reply.id)?.replyTo).toEqual(expected);
    expect((await inHistory(founder, reply.id))?.replyTo).toEqual(expected);
  });

  it('refuses a reply to a message of another room', async () => {
    const elsewhere = await request(founderSocket, 'chat:message', {
      chatRoomId: otherRoom.id,
      content: 'For the other investor',
    });
    if (!elsewhere.ok) throw new Error(elsewhere.error.message);
    const ack = await request(investorSocket, 'chat:message', {
      chatRoomId: room.id,
      content: 'Answering something I cannot see',
      replyToId: (elsewhere.message as ChatMessage).id,
    });
    expect(ack).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('reactions', () => {
  it('counts who reacted with each emoji, toggles on and off, and tells the others once per change', async () => {
    const heard = collect<ChatMessage>(founderSocket, chatSocketEvents.messageUpdated);
    const sent = await send(founderSocket, 'We signed our first enterprise customer');
    const react = (caller: SignedUp, emoji: string, reacted: boolean) =>
      callAs(ctx, caller, 'PUT', chatPaths.reactions(room.id, sent.id), { emoji, reacted });

    const first = await react(investor, '🎉', true);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message.reactions).toEqual([{ emoji: '🎉', count: 1, accountIds: [investor.user.id] }]);
    const both = await react(founder, '🎉', true);
    expect(both.json().message.reactions).toEqual([
      { emoji: '🎉', count: 2, accountIds: [investor.user.id, founder.user.id] },
    ]);
    await until(() => heard.filter((copy) => copy.id === sent.id).length === 2, 'two reactions told');
    // On again is no change: the same answer, nothing told, no new change number.
    const again = await react(investor, '🎉', true);
    expect(again.json().message.rev).toBe(both.json().message.rev);
    // Over the socket too, and off.
    const off = await request(investorSocket, chatSocketEvents.react, {
      chatRoomId: room.id,
      messageId: sent.id,
      emoji: '🎉',
      reacted: false,
    });
    expect(off).toMatchObject({ ok: true });
    await until(() => heard.filter((copy) => copy.id === sent.id).length === 3, 'the reaction taken back');
    expect(heard.filter((copy) => copy.id === sent.id).map((copy) => copy.reactions[0]?.count)).toEqual([1, 2, 1]);
    expect((await inHistory(investor, sent.id))?.reactions).toEqual([
      { emoji: '🎉', count: 1, accountIds: [founder.user.id] },
    ]);
  });

  it('refuses a non-member, an emoji outside the set, and a missing message', async () => {
    const sent = await send(founderSocket, 'React to this');
    const path = chatPaths.reactions(room.id, sent.id);
    expect((await callAs(ctx, stranger, 'PUT', path, { emoji: '👍', reacted: true })).statusCode).toBe(404);
    const strangerAck = await request(await clients.open(stranger.tokens), chatSocketEvents.react, {
      chatRoomId: room.id,
      messageId: sent.id,
      emoji: '👍',
      reacted: true,
    });
    expect(strangerAck).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect((await callAs(ctx, investor, 'PUT', path, { emoji: '🦄', reacted: true })).statusCode).toBe(400);
    const missing = chatPaths.reactions(room.id, 'msg-missing');
    expect((await callAs(ctx, investor, 'PUT', missing, { emoji: '👍', reacted: true })).statusCode).toBe(404);
    expect((await inHistory(founder, sent.id))?.reactions).toEqual([]);
  });
});

describe('the catch-up of changes', () => {
  it('answers every message changed after a change number, as it is now, in the order of the changes', async () => {
    const first = await send(founderSocket, 'First draft');
    const second = await send(investorSocket, 'Noted');
    const { meta } = await history(investor);
    // While the investor is away: an edit, a reaction, the edit again, a deletion.
    await callAs(ctx, founder, 'PATCH', chatPaths.message(room.id, first.id), { content: 'Second draft' });
    await callAs(ctx, founder, 'PUT', chatPaths.reactions(room.id, second.id), { emoji: '👍', reacted: true });
    await callAs(ctx, founder, 'PATCH', chatPaths.message(room.id, first.id), { content: 'Final draft' });
    await callAs(ctx, investor, 'DELETE', chatPaths.message(room.id, second.id));

    const changes = await history(investor, `?changedAfterRev=${meta.lastRev}`);
    expect(changes.messages.map((message) => [message.id, message.content])).toEqual([
      [first.id, 'Final draft'],
      [second.id, ''],
    ]);
    expect(changes.meta.lastRev).toBe(meta.lastRev + 4);
    const revs = changes.messages.map((message) => message.rev);
    expect(revs).toEqual([meta.lastRev + 3, meta.lastRev + 4]);
    // What the catch-up gives is what history holds: a reconnecting client lands where the others are.
    for (const message of changes.messages) expect(await inHistory(founder, message.id)).toEqual(message);
    // The room list carries the newest change number, read at every reconnect.
    const rooms = (await callAs(ctx, investor, 'GET', chatPaths.rooms)).json().rooms as ChatRoom[];
    expect(rooms.find((listed) => listed.id === room.id)?.lastRev).toBe(meta.lastRev + 4);
    // One way of paging at a time.
    const both = await callAs(ctx, investor, 'GET', `${chatPaths.messages(room.id)}?changedAfterRev=0&afterSeq=0`);
    expect(both.statusCode).toBe(400);
  });
});

describe('mentions', () => {
  const inbox = (who: SignedUp) => inboxOf(ctx, who);

  it("reaches the mentioned member's inbox even in a room they muted, never a non-member named", async () => {
    const muted = await callAs(ctx, investor, 'PUT', chatPaths.mute(room.id), { muted: true });
    expect(muted.statusCode).toBe(200);
    const sent = await send(founderSocket, 'Thanks @Ivo Investor, and @Stan Stranger (not in this room)');
    await until(
      async () => (await inbox(investor)).data.some((notification) => notification.kind === 'chat.mention'),
      'the mention in the inbox',
    );
    const mention = (await inbox(investor)).data.find((notification) => notification.kind === 'chat.mention');
    expect(mention).toMatchObject({
      title: 'Farah Founder mentioned you',
      actor: { id: founder.user.id, name: 'Farah Founder' },
      link: `/investor?chat=${encodeURIComponent(room.id)}`,
      readAt: null,
    });
    // The message's text stays in the chat: the same words go by mail.
    expect(mention?.message).not.toContain('Thanks');
    await ctx.app.background.drain();
    expect((await inbox(stranger)).data.some((notification) => notification.kind === 'chat.mention')).toBe(false);
    expect((await inbox(founder)).data.some((notification) => notification.kind === 'chat.mention')).toBe(false);
    // The mail goes by its own switch.
    const mails = await ctx.sql<{ subject: string }>(
      "select subject from mail_outbox where account_id = $1 and kind = 'chatMentions'",
      [investor.user.id],
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain('Farah Founder mentioned you');
    expect(sent.content).toContain('@Ivo Investor');
    await callAs(ctx, investor, 'PUT', chatPaths.mute(room.id), { muted: false });
  });

  it('sends no mail once the mentioned member switched chatMentions off, yet still files it', async () => {
    const off = await callAs(ctx, founder, 'PUT', notificationSettingsPaths.user, { chatMentions: false });
    expect(off.statusCode, off.body).toBe(200);
    await send(investorSocket, '@farah can you confirm?');
    await until(
      async () => (await inbox(founder)).data.some((notification) => notification.kind === 'chat.mention'),
      'the mention in the inbox',
    );
    await ctx.app.background.drain();
    const mails = await ctx.sql<{ subject: string }>(
      "select subject from mail_outbox where account_id = $1 and kind = 'chatMentions'",
      [founder.user.id],
    );
    expect(mails).toEqual([]);
  });

  it('reads the mention with the room', async () => {
    await send(founderSocket, '@Ivo Investor one more thing');
    await until(
      async () =>
        (await inbox(investor)).data.some(
          (notification) => notification.kind === 'chat.mention' && notification.readAt === null,
        ),
      'an unread mention',
    );
    const read = await callAs(ctx, investor, 'PUT', chatPaths.read(room.id), {});
    expect(read.statusCode).toBe(200);
    await until(
      async () =>
        (await inbox(investor)).data
          .filter((notification) => notification.kind === 'chat.mention')
          .every((notification) => notification.readAt !== null),
      'the mention read with its room',
    );
  });
});
