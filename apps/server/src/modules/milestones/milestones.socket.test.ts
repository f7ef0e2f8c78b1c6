import { type MilestoneLiveChange, milestonePaths, milestoneSocketEvents } from '@deckvalid/contract/milestones';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, request, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { addMentor } from '../../../test/mentors';
import { acceptedInvestor, createMilestone, createTask, shareMilestone } from '../../../test/milestones';
import { until } from '../../../test/poll';
import { createThread, postMessage } from '../../../test/threads';

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

  it('keeps what happens in a thread with the mentors from the investors; ending the share takes the mentor out', async () => {
    const milestone = (await createMilestone(ctx, founder, deckId, { title: 'Shared' })).id;
    const follower = await acceptedInvestor(ctx, founder, deckId, 'Ivy Follower');
    const { mentor } = await addMentor(ctx, founder, 'Mira Mentor');
    await shareMilestone(ctx, founder, milestone, mentor.user.id);
    const sockets = {
      founder: await clients.open(founder.tokens),
      investor: await clients.open(follower.tokens),
      mentor: await clients.open(mentor.tokens),
    };
    for (const socket of Object.values(sockets)) {
      expect(await request(socket, milestoneSocketEvents.join, { milestoneId: milestone })).toMatchObject({ ok: true });
    }
    const heard = {
      founder: collect<MilestoneLiveChange>(sockets.founder, milestoneSocketEvents.changed),
      investor: collect<MilestoneLiveChange>(sockets.investor, milestoneSocketEvents.changed),
      mentor: collect<MilestoneLiveChange>(sockets.mentor, milestoneSocketEvents.changed),
    };
    const ended = collect<{ milestoneId: string }>(sockets.mentor, milestoneSocketEvents.accessEnded);

    const thread = await createThread(ctx, mentor, { milestoneId: milestone }, 'Between us');
    await postMessage(ctx, founder, thread.id);
    await until(() => heard.founder.length === 2 && heard.mentor.length === 2, 'the founder and the mentor hear both');
    // A change for everyone reaches the investor, and after it the two above are known to have gone by.
    await createTask(ctx, founder, milestone, { title: 'Everyone hears this' });
    await until(() => heard.investor.length === 1, 'the investor hears the task');
    expect(heard.investor.map((change) => change.action)).toEqual(['task.created']);
    expect(heard.mentor.map((change) => change.action)).toEqual(['thread.created', 'message.posted', 'task.created']);

    expect((await callAs(ctx, founder, 'DELETE', milestonePaths.mentor(milestone, mentor.user.id))).statusCode).toBe(
      204,
    );
    await until(() => ended.length === 1, 'milestone:access_ended for the mentor');
    await createTask(ctx, founder, milestone, { title: 'After the share' });
    await until(() => heard.founder.length === 4, 'the founder hears the last task');
    expect(heard.mentor).toHaveLength(3);
  });
});
