import type { ChatMessage } from '@deckvalid/contract/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Principal } from '@/core/identity/principal';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, type TestContext } from '../../../test/build';
import { openPrivateRoom, showInterest, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import type { ChatService, PostedMessage } from './chat.service';

/**
 * Sends that arrive together are written together (group commit): one batch spanning rooms and
 * senders must answer each send exactly as it would alone. The service is called directly so
 * that every send of a burst is queued in the same tick and lands in one batch.
 */
let ctx: TestContext;
let chat: ChatService;
let founder: SignedUp;
let investors: SignedUp[];
let rooms: { open: string; other: string; closed: string };

const as = (account: SignedUp): Principal => ({
  sessionId: `ses-${account.user.id}`,
  accountId: account.user.id,
  role: account.user.role,
  user: account.user,
});

/** A send's payload, as the socket's schema would have parsed it. */
const say = (chatRoomId: string, content: string, clientId?: string) => ({
  chatRoomId,
  content,
  type: 'text' as const,
  ...(clientId ? { clientId } : {}),
});

beforeAll(async () => {
  ctx = await build();
  chat = ctx.app.services.chat;
  founder = await signUp(ctx, 'user', 'Farah Founder');
  investors = await Promise.all(['Ivo', 'Ines', 'Igor'].map((name) => signUp(ctx, 'investor', name)));
  const deck = await readyDeck(ctx, founder);
  for (const investor of investors) await showInterest(ctx, investor, deck.id);
  const [ivo, ines, igor] = investors as [SignedUp, SignedUp, SignedUp];
  rooms = {
    open: (await openPrivateRoom(ctx, ivo, founder.user.id)).id,
    other: (await openPrivateRoom(ctx, ines, founder.user.id)).id,
    closed: (await openPrivateRoom(ctx, igor, founder.user.id)).id,
  };
  // One earlier message per room; the last room's tie then ends.
  await chat.postMessage(as(founder), say(rooms.open, 'Welcome'));
  await chat.postMessage(as(founder), say(rooms.other, 'Welcome'));
  await chat.postMessage(as(igor), say(rooms.closed, 'Hello'));
  await withdrawInterest(ctx, igor, deck.id);
});

afterAll(async () => {
  await ctx.close();
});

describe('a burst of sends written as one batch', () => {
  it('answers every send as if alone: numbers per room, retries, refusals and receipts', async () => {
    const [ivo, , igor] = investors as [SignedUp, SignedUp, SignedUp];
    const burst = [
      [founder, say(rooms.open, 'Question', 'tmp-q')],
      [ivo, say(rooms.open, 'Answer')],
      [founder, say(rooms.open, 'Question', 'tmp-q')],
      [founder, say(rooms.other, 'Meanwhile')],
      [igor, say(rooms.closed, 'Still there?')],
      [founder, say(rooms.other, 'Reused id', 'tmp-q')],
      [ivo, say(rooms.open, 'And more')],
    ] as const satisfies readonly (readonly [SignedUp, ReturnType<typeof say>])[];
    const results = await Promise.allSettled(burst.map(([account, payload]) => chat.postMessage(as(account), payload)));

    expect(results.map((result) => (result.status === 'rejected' ? result.reason.code : 'ok'))).toEqual([
      'ok',
      'ok',
      'ok',
      'ok',
      'FORBIDDEN',
      'CONFLICT',
      'ok',
    ]);
    const [question, answer, retry, meanwhile, , , more] = results.map((result) =>
      result.status === 'fulfilled' ? result.value : undefined,
    ) as PostedMessage[];
    // Per room, in the order sent, after the room's earlier message.
    expect([question, answer, more].map((posted) => posted?.message.seq)).toEqual([2, 3, 4]);
    expect(meanwhile?.message.seq).toBe(2);
    // The repeated client id is the same message, not stored again nor announced again.
    expect(retry?.created).toBe(false);
    expect(retry?.message.id).toBe(question?.message.id);
    expect(question?.created).toBe(true);
    // Ivo's answer covers what the founder sent before it, in the database and in the batch.
    const history = await chat.listMessages(as(ivo), rooms.open, { page: 1, limit: 20 });
    const welcome = history.messages.find((message: ChatMessage) => message.content === 'Welcome');
    expect(answer?.read?.messageIds).toEqual([welcome?.id, question?.message.id]);
    expect(more?.read).toBeUndefined();
    expect(history.messages.map((message) => message.content)).toEqual(['And more', 'Answer', 'Question', 'Welcome']);
    // Watermarks: the founder read up to their question, Ivo up to his last message.
    expect(history.messages.find((message) => message.id === question?.message.id)?.readBy).toEqual([
      { userId: ivo.user.id, readAt: expect.any(String) },
    ]);
    const ivoRooms = (await chat.listRooms(as(ivo), { page: 1, limit: 20 })).rooms;
    expect(ivoRooms.find((room) => room.id === rooms.open)).toMatchObject({ unreadCount: 0, lastSeq: 4, readSeq: 4 });
    const founderRooms = (await chat.listRooms(as(founder), { page: 1, limit: 20 })).rooms;
    expect(founderRooms.find((room) => room.id === rooms.open)).toMatchObject({ unreadCount: 2, readSeq: 2 });
    // The closed room stored nothing.
    const closed = await chat.listMessages(as(igor), rooms.closed, { page: 1, limit: 20 });
    expect(closed.messages.map((message) => message.content)).toEqual(['Hello']);
  });

  it('fails only the send the database refuses; the others in its batch are stored', async () => {
    const [ivo, ines] = investors as [SignedUp, SignedUp, SignedUp];
    // Text the contract refuses at the edge; the service is called directly here, as a field
    // the contract forgot would reach it. PostgreSQL refuses the whole insert statement for it.
    const burst = [
      [founder, say(rooms.open, 'Before the bad one')],
      [ivo, say(rooms.open, 'Bad \u0000 text')],
      [ines, say(rooms.other, 'After the bad one')],
    ] as const satisfies readonly (readonly [SignedUp, ReturnType<typeof say>])[];
    const results = await Promise.allSettled(burst.map(([account, payload]) => chat.postMessage(as(account), payload)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const open = await chat.listMessages(as(ivo), rooms.open, { page: 1, limit: 20 });
    expect(open.messages[0]?.content).toBe('Before the bad one');
    expect(open.messages.some((message) => message.content.startsWith('Bad'))).toBe(false);
    const other = await chat.listMessages(as(ines), rooms.other, { page: 1, limit: 20 });
    expect(other.messages[0]?.content).toBe('After the bad one');
  });
});
