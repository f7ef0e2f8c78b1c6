import { type ChatContact, type ChatMessage, chatPaths, chatSocketEvents } from '@deckvalid/contract/chat';
import { founderMentorPaths } from '@deckvalid/contract/mentors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, openPrivateRoom, request, showInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { aFounderWithMentor } from '../../../test/mentors';
import { until } from '../../../test/poll';

/**
 * A mentorship ties a founder and their mentor as an interest ties a founder and an investor
 * (docs/chat.md): they find each other among their contacts, talk in a private room and in the
 * founder's groups, and when either ends the mentorship the mentor leaves those rooms at once.
 * Real socket clients on a listening app.
 */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
}, 60_000);

afterAll(async () => {
  clients.closeAll();
  await ctx?.close();
});

const contactIdsOf = async (who: SignedUp) => {
  const reply = await callAs(ctx, who, 'GET', chatPaths.contacts);
  expect(reply.statusCode, reply.body).toBe(200);
  return (reply.json().data as ChatContact[]).map((contact) => contact.id);
};

describe('chat between a founder and their mentor', () => {
  it('lists each among the other’s contacts, carries their messages, and closes the rooms when the mentorship ends', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const investor = await signUp(ctx, 'investor', 'Ivy Investor');
    await showInterest(ctx, investor, (await readyDeck(ctx, founder)).id);

    expect(await contactIdsOf(founder)).toEqual(expect.arrayContaining([mentor.user.id, investor.user.id]));
    expect(await contactIdsOf(mentor)).toEqual([founder.user.id]);

    const room = await openPrivateRoom(ctx, mentor, founder.user.id);
    const group = await callAs(ctx, founder, 'POST', chatPaths.groupRoom, {
      name: 'Seed round prep',
      participantIds: [mentor.user.id, investor.user.id],
    });
    expect(group.statusCode, group.body).toBe(201);
    const groupId = group.json().room.id as string;

    const founderSocket = await clients.open(founder.tokens);
    const mentorSocket = await clients.open(mentor.tokens);
    const founderHears = collect<ChatMessage>(founderSocket, 'chat:new_message');
    const sent = await request(mentorSocket, 'chat:message', {
      chatRoomId: room.id,
      content: 'Page 3 needs a source.',
    });
    expect(sent).toMatchObject({ ok: true });
    await until(
      () => founderHears.some((message) => message.content === 'Page 3 needs a source.'),
      'the mentor’s message',
    );
    expect(founderHears[0]?.sender).toMatchObject({ id: mentor.user.id, role: 'mentor' });

    const left = collect<{ chatRoomId: string; reason: string }>(mentorSocket, chatSocketEvents.roomLeft);
    expect((await callAs(ctx, founder, 'DELETE', founderMentorPaths.mentor(mentor.user.id))).statusCode).toBe(204);
    await until(() => left.length === 2, 'chat:room_left for both rooms');
    expect(left.map((each) => each.chatRoomId).sort()).toEqual([room.id, groupId].sort());
    expect(left.every((each) => each.reason === 'tie_ended')).toBe(true);

    const after = await request(mentorSocket, 'chat:message', { chatRoomId: room.id, content: 'Still there?' });
    expect(after).toMatchObject({ ok: false });
    expect(await contactIdsOf(mentor)).toEqual([]);
    expect(await contactIdsOf(founder)).not.toContain(mentor.user.id);
  });

  it('refuses a room between a mentor and a founder they do not mentor', async () => {
    const [{ mentor }, stranger] = await Promise.all([aFounderWithMentor(ctx), signUp(ctx, 'user', 'Stan Stranger')]);
    const reply = await callAs(ctx, mentor, 'POST', chatPaths.privateRoom, { participantId: stranger.user.id });
    expect(reply.statusCode, reply.body).toBe(403);
  });
});
