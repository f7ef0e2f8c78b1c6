import type { Milestone, TaskDetail } from '@deckvalid/contract/milestones';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { type SearchResponse, searchLimits, searchPaths } from '@deckvalid/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { openPrivateRoom, showInterest, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { acceptedInvestor, createMilestone, createTask } from '../../../test/milestones';

// Every object in this world holds the word "harbor", so one search reaches all of them and only
// the scoping decides who is shown what.
let ctx: TestContext;
let fay: SignedUp;
let otto: SignedUp;
let ravi: SignedUp;
let sam: SignedUp;
let nina: SignedUp;
let fayDeck: FounderPitchDeck;
let ottoDeck: FounderPitchDeck;
let fayMilestone: Milestone;
let ottoMilestone: Milestone;
let fayTask: TaskDetail;
let ottoTask: TaskDetail;
let roomId: string;

const searchUrl = (q: string) => `${searchPaths.search}?${new URLSearchParams({ q })}`;

async function searchAs(who: SignedUp, q: string): Promise<SearchResponse> {
  const reply = await callAs(ctx, who, 'GET', searchUrl(q));
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as SearchResponse;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id).sort();

beforeAll(async () => {
  ctx = await build();
  [fay, otto, sam, nina] = await Promise.all([
    signUp(ctx, 'user', 'Fay Harbor'),
    signUp(ctx, 'user', 'Otto Harbor'),
    signUp(ctx, 'investor', 'Sam Harbor'),
    signUp(ctx, 'investor', 'Nina Harbor'),
  ]);
  fayDeck = await readyDeck(ctx, fay, { details: { company: 'Harborline', title: 'Harbor seed' } });
  ottoDeck = await readyDeck(ctx, otto, { details: { company: 'Otto Docks', title: 'Harbor rival' } });
  // Ravi is accepted on Fay's deck; Sam's interest in it is pending; Nina showed none.
  ravi = await acceptedInvestor(ctx, fay, fayDeck.id, 'Ravi Harbor');
  await showInterest(ctx, sam, fayDeck.id);
  fayMilestone = await createMilestone(ctx, fay, fayDeck.id, { title: 'Harbor pilot' });
  ottoMilestone = await createMilestone(ctx, otto, ottoDeck.id, { title: 'Harbor secret plan' });
  fayTask = await createTask(ctx, fay, fayMilestone.id, { title: 'Harbor crane survey' });
  ottoTask = await createTask(ctx, otto, ottoMilestone.id, { title: 'Harbor secret task' });
  roomId = (await openPrivateRoom(ctx, ravi, fay.user.id)).id;
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /api/v1/search', () => {
  it('refuses a caller without credentials', async () => {
    const reply = await ctx.app.fastify.inject({ method: 'GET', url: searchUrl('harbor') });
    expect(reply.statusCode).toBe(401);
  });

  it('shows a founder their own decks, milestones and tasks, their rooms and the people tied to them', async () => {
    const found = await searchAs(fay, 'harbor');
    expect(ids(found.decks)).toEqual([fayDeck.id]);
    expect(found.milestones).toEqual([{ id: fayMilestone.id, title: 'Harbor pilot', deckTitle: 'Harbor seed' }]);
    expect(found.tasks).toEqual([
      {
        id: fayTask.id,
        key: fayTask.key,
        title: 'Harbor crane survey',
        milestoneId: fayMilestone.id,
        milestoneTitle: 'Harbor pilot',
      },
    ]);
    expect(found.rooms).toEqual([{ id: roomId, name: 'Ravi Harbor', type: 'private' }]);
    expect(ids(found.people)).toEqual(ids([ravi.user, sam.user]));
  });

  it('never shows a founder another founder’s objects', async () => {
    const found = await searchAs(otto, 'harbor');
    expect(ids(found.decks)).toEqual([ottoDeck.id]);
    expect(ids(found.milestones)).toEqual([ottoMilestone.id]);
    expect(ids(found.tasks)).toEqual([ottoTask.id]);
    expect(found.rooms).toEqual([]);
    expect(found.people).toEqual([]);
    // Even named exactly, Fay's task is not found by Otto.
    expect((await searchAs(otto, fayTask.key)).tasks).toEqual([]);
  });

  it('shows an accepted investor the milestones and tasks of that deck only, and every ready deck', async () => {
    const found = await searchAs(ravi, 'harbor');
    expect(ids(found.decks)).toEqual(ids([fayDeck, ottoDeck]));
    expect(ids(found.milestones)).toEqual([fayMilestone.id]);
    expect(ids(found.tasks)).toEqual([fayTask.id]);
    expect(ids(found.rooms)).toEqual([roomId]);
    expect(found.people).toEqual([{ id: fay.user.id, name: 'Fay Harbor', role: 'user' }]);
  });

  it('shows a pending investor the founder to talk to but none of the milestones', async () => {
    const found = await searchAs(sam, 'harbor');
    expect(found.milestones).toEqual([]);
    expect(found.tasks).toEqual([]);
    expect(found.rooms).toEqual([]);
    expect(ids(found.people)).toEqual([fay.user.id]);
  });

  it('shows another investor decks only', async () => {
    const found = await searchAs(nina, 'harbor');
    expect(ids(found.decks)).toEqual(ids([fayDeck, ottoDeck]));
    expect([found.milestones, found.tasks, found.rooms, found.people]).toEqual([[], [], [], []]);
  });

  it('matches every word, in any case and order, and finds a task by its key', async () => {
    expect(ids((await searchAs(fay, 'SURVEY crane')).tasks)).toEqual([fayTask.id]);
    expect((await searchAs(fay, 'crane pilot')).tasks).toEqual([]);
    expect(ids((await searchAs(fay, fayTask.key.toLowerCase())).tasks)).toEqual([fayTask.id]);
    expect(ids((await searchAs(fay, 'harborline')).decks)).toEqual([fayDeck.id]);
    // Punctuation, LIKE wildcards included, only separates words.
    expect(ids((await searchAs(fay, 'pilot%harbor')).milestones)).toEqual([fayMilestone.id]);
    expect(await searchAs(fay, 'crane_%_pilot')).toMatchObject({ tasks: [], milestones: [] });
  });

  it('lists the first few of each kind before anything is typed', async () => {
    for (let n = 0; n < searchLimits.perKind + 2; n += 1) {
      await createTask(ctx, fay, fayMilestone.id, { title: `Filler ${n}` });
    }
    const found = await searchAs(fay, '');
    expect(found.tasks).toHaveLength(searchLimits.perKind);
    expect(ids(found.milestones)).toEqual([fayMilestone.id]);
  });

  it('refuses a query too long to be a name', async () => {
    const reply = await callAs(ctx, fay, 'GET', searchUrl('h'.repeat(searchLimits.queryLength + 1)));
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('drops an investor’s milestones and tasks as soon as their interest is withdrawn', async () => {
    await withdrawInterest(ctx, ravi, fayDeck.id);
    const found = await searchAs(ravi, 'harbor');
    expect(found.milestones).toEqual([]);
    expect(found.tasks).toEqual([]);
  });
});
