import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '@/core/identity/principal';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, type TestContext } from '../../../test/build';
import { openPrivateRoom, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { ChatRepository } from './chat.repository';
import type { ChatService } from './chat.service';

/**
 * Batches of sends keep the rooms and ties they read for the next ones (docs/chat.md, "Sends
 * are group-committed"). What is kept must never outlive a change: here the changes are made as
 * another process would make them, through a repository of its own on the same database, so
 * that no event of this process tells the kept state anything. The insert itself must notice.
 */
let ctx: TestContext;
let chat: ChatService;
let elsewhere: ChatRepository;

const as = (account: SignedUp): Principal => ({
  sessionId: `ses-${account.user.id}`,
  accountId: account.user.id,
  role: account.user.role,
  user: account.user,
});

const say = (chatRoomId: string, content: string) => ({ chatRoomId, content, type: 'text' as const });

beforeAll(async () => {
  ctx = await build();
  chat = ctx.app.services.chat;
  elsewhere = new ChatRepository(ctx.database.db);
});

afterAll(async () => {
  await ctx.close();
});

describe('what batches of sends keep between them', () => {
  it('delivers to the members a group has now, not those a kept room remembers', async () => {
    const [founder, staying, removed] = await Promise.all([
      signUp(ctx, 'user', 'Kira Keeper'),
      signUp(ctx, 'investor', 'Stan Staying'),
      signUp(ctx, 'investor', 'Rita Removed'),
    ]);
    const deck = await readyDeck(ctx, founder);
    await showInterest(ctx, staying, deck.id);
    await showInterest(ctx, removed, deck.id);
    const group = await chat.createGroupRoom(as(founder), {
      name: 'Kept',
      participantIds: [staying.user.id, removed.user.id],
    });
    const first = await chat.postMessage(as(founder), say(group.id, 'To all three'));
    expect(first.participantIds.sort()).toEqual([founder.user.id, staying.user.id, removed.user.id].sort());

    await elsewhere.endMemberships([{ roomId: group.id, accountId: removed.user.id }], 'removed');
    const second = await chat.postMessage(as(founder), say(group.id, 'To those who stay'));
    expect(second.participantIds.sort()).toEqual([founder.user.id, staying.user.id].sort());
    expect(second.message.seq).toBe(first.message.seq + 1);
    // The one removed reads up to their leave, so the second message is not theirs.
    const history = await chat.listMessages(as(removed), group.id, { page: 1, limit: 20 });
    expect(history.messages.map((message) => message.content)).toEqual(['To all three']);
  });

  it('refuses a send once the other side left a private room, though the room and ties were kept', async () => {
    const [founder, investor] = await Promise.all([
      signUp(ctx, 'user', 'Pia Private'),
      signUp(ctx, 'investor', 'Leo Leaving'),
    ]);
    const deck = await readyDeck(ctx, founder);
    await showInterest(ctx, investor, deck.id);
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    await chat.postMessage(as(founder), say(room.id, 'Hello'));

    // Another process ended the tie and the membership that depended on it.
    await ctx.sql(`update interests set status = 'withdrawn' where investor_id = $1`, [investor.user.id]);
    await elsewhere.endMemberships([{ roomId: room.id, accountId: investor.user.id }], 'tie_ended');
    await expect(chat.postMessage(as(founder), say(room.id, 'Still there?'))).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    const history = await chat.listMessages(as(founder), room.id, { page: 1, limit: 20 });
    expect(history.messages.map((message) => message.content)).toEqual(['Hello']);
  });

  it('lets a member added elsewhere send at once, though a kept room did not know them', async () => {
    const [founder, first, newcomer] = await Promise.all([
      signUp(ctx, 'user', 'Nora Newroom'),
      signUp(ctx, 'investor', 'Finn First'),
      signUp(ctx, 'investor', 'Nico Newcomer'),
    ]);
    const deck = await readyDeck(ctx, founder);
    await showInterest(ctx, first, deck.id);
    await showInterest(ctx, newcomer, deck.id);
    const group = await chat.createGroupRoom(as(founder), { name: 'Growing', participantIds: [first.user.id] });
    await chat.postMessage(as(founder), say(group.id, 'Welcome'));

    await elsewhere.addMembers(group.id, [newcomer.user.id]);
    const posted = await chat.postMessage(as(newcomer), say(group.id, 'Glad to join'));
    expect(posted.participantIds.sort()).toEqual([founder.user.id, first.user.id, newcomer.user.id].sort());
  });
});
