import { type MilestoneLiveChange, milestonePaths, milestoneSocketEvents } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, request, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';
import { until } from '../../../test/poll';

/** A milestone's socket room: joined by its members only, told of every change, left when access ends. */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);
let founder: SignedUp;
let investor: SignedUp;
let stranger: SignedUp;
let deckId: string;
let milestoneId: string;

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
  [founder, stranger] = await Promise.all([signUp(ctx, 'user', 'Farah Founder'), signUp(ctx, 'investor', 'Stan')]);
  deckId = (await readyDeck(ctx, founder)).id;
  investor = await acceptedInvestor(ctx, founder, deckId);
  milestoneId = (await createMilestone(ctx, founder, deckId)).id;
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

describe('the milestone room', () => {
  it('lets only members join, with the 404 of a missing milestone for the others', async () => {
    const strangerSocket = await clients.open(stranger.tokens);
    expect(await request(strangerSocket, milestoneSocketEvents.join, { milestoneId })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await request(strangerSocket, milestoneSocketEvents.join, { milestoneId: 'mst-missing' })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
    expect(await request(strangerSocket, milestoneSocketEvents.join, { nope: true })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION_FAILED' },
    });
    const investorSocket = await clients.open(investor.tokens);
    expect(await request(investorSocket, milestoneSocketEvents.join, { milestoneId })).toEqual({
      ok: true,
      milestoneId,
    });
  });

  it('tells everyone who has it open of each change, and nobody else; access ended takes the investor out at once', async () => {
    const founderSocket = await clients.open(founder.tokens);
    const investorSocket = await clients.open(investor.tokens);
    const elsewhere = await clients.open(investor.tokens);
    for (const socket of [founderSocket, investorSocket]) {
      expect(await request(socket, milestoneSocketEvents.join, { milestoneId })).toMatchObject({ ok: true });
    }
    const founderHeard = collect<MilestoneLiveChange>(founderSocket, milestoneSocketEvents.changed);
    const investorHeard = collect<MilestoneLiveChange>(investorSocket, milestoneSocketEvents.changed);
    const notJoined = collect<MilestoneLiveChange>(elsewhere, milestoneSocketEvents.changed);
    const ended = collect<{ milestoneId: string }>(investorSocket, milestoneSocketEvents.accessEnded);

    const task = await createTask(ctx, founder, milestoneId, { title: 'Sign the pilot' });
    const moved = await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage: 'in_progress' });
    expect(moved.statusCode, moved.body).toBe(200);
    await until(() => investorHeard.length === 2 && founderHeard.length === 2, 'both changes');
    expect(investorHeard.map((change) => [change.taskId, change.actorId])).toEqual([
      [task.id, founder.user.id],
      [task.id, founder.user.id],
    ]);
    expect(investorHeard.every((change) => change.milestoneId === milestoneId)).toBe(true);

    await withdrawInterest(ctx, investor, deckId);
    await until(() => ended.length === 1, 'milestone:access_ended');
    expect(ended[0]).toEqual({ milestoneId });
    // The next change reaches the founder; had the investor still been in the room, the same
    // emit would have reached them first.
    await callAs(ctx, founder, 'PATCH', milestonePaths.taskStage(task.id), { stage: 'review' });
    await until(() => founderHeard.length === 3, 'the third change');
    expect(investorHeard).toHaveLength(2);
    expect(notJoined).toHaveLength(0);
    // And joining again is refused.
    expect(await request(investorSocket, milestoneSocketEvents.join, { milestoneId })).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });
});
