import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { publicLinkPaths } from '@deckvalid/contract/links';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { shiftDay, type Trends, trendsLimits, trendsPaths } from '@deckvalid/contract/trends';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import { showInterest, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { createLink, passGate } from '../../../test/links';
import { createMilestone, createTask } from '../../../test/milestones';

let ctx: TestContext;
let fay: SignedUp;
let otto: SignedUp;
let ravi: SignedUp;
let nora: SignedUp;
let deckA: FounderPitchDeck;
let deckB: FounderPitchDeck;
let ottoDeck: FounderPitchDeck;
const today = new Date().toISOString().slice(0, 10);

/** One viewing session of `seconds` on page 1, begun `daysAgo` days ago (seconds ago for today). */
async function read(investor: SignedUp, deckId: string, seconds: number, daysAgo = 0): Promise<void> {
  const sessionId = crypto.randomUUID();
  const reply = await callAs(ctx, investor, 'POST', investorDeckPaths.views(deckId), {
    sessionId,
    pages: [{ page: 1, seconds }],
  });
  expect(reply.statusCode, reply.body).toBe(204);
  // Today's reads move back by a second only: run just after midnight UTC, more would be yesterday.
  const ago = daysAgo === 0 ? '1 second' : `${daysAgo} days`;
  await ctx.sql(
    `update deck_views set started_at = now() - $2::interval, last_seen_at = now() - $2::interval where id = $1`,
    [sessionId, ago],
  );
}

/** A stranger opens a share link of `deckId` and reads page 1 for `seconds`, `daysAgo` days ago. */
async function readByLink(founder: SignedUp, deckId: string, seconds: number, daysAgo = 0): Promise<void> {
  const link = await createLink(ctx, founder, deckId, { requireEmail: false, notify: false });
  const { viewerToken } = await passGate(ctx, link);
  const sessionId = crypto.randomUUID();
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: publicLinkPaths.views(link.slug),
    headers: { authorization: `Bearer ${viewerToken}` },
    payload: { sessionId, pages: [{ page: 1, seconds }] },
  });
  expect(reply.statusCode, reply.body).toBe(204);
  const ago = daysAgo === 0 ? '1 second' : `${daysAgo} days`;
  await ctx.sql(`update deck_link_views set started_at = now() - $2::interval where id = $1`, [sessionId, ago]);
}

function trendsReply(who: SignedUp, query: Record<string, string>) {
  return callAs(ctx, who, 'GET', `${trendsPaths.trends}?${new URLSearchParams(query)}`);
}

async function trendsOf(who: SignedUp, query: Record<string, string>): Promise<Trends> {
  const reply = await trendsReply(who, query);
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().trends as Trends;
}

const lastWeek = { from: shiftDay(today, -6), to: today };

beforeAll(async () => {
  ctx = await build();
  [fay, otto, ravi, nora] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ravi Rao'),
    signUp(ctx, 'investor', 'Nora Nilsen'),
  ]);
  deckA = await readyDeck(ctx, fay, { details: { title: 'Deck A' } });
  deckB = await readyDeck(ctx, fay, { details: { title: 'Deck B' } });
  ottoDeck = await readyDeck(ctx, otto, { details: { title: 'Otto deck' } });

  // Reading: Ravi reads A today (30 s) and B two days ago (20 s); Nora read A ten days ago (50 s).
  await read(ravi, deckA.id, 30);
  await read(ravi, deckB.id, 20, 2);
  await read(nora, deckA.id, 50, 10);
  await read(ravi, ottoDeck.id, 40);

  // Interests: Ravi shows interest in A and Fay accepts today; Nora showed interest in B three
  // days ago and withdraws it today.
  const interest = await showInterest(ctx, ravi, deckA.id);
  const decided = await callAs(ctx, fay, 'PATCH', founderDeckPaths.interest(deckA.id, interest.id), {
    status: 'accepted',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await showInterest(ctx, nora, deckB.id);
  await ctx.sql(`update interests set created_at = now() - interval '3 days' where investor_id = $1`, [nora.user.id]);
  await withdrawInterest(ctx, nora, deckB.id);

  // Share links, apart from investors' reading: a stranger reads A by link today (12 s) and nine
  // days ago (8 s); Otto's deck read by link today is not Fay's.
  await readByLink(fay, deckA.id, 12);
  await readByLink(fay, deckA.id, 8, 9);
  await readByLink(otto, ottoDeck.id, 5);

  // Tasks: one created in done today, one moved to done today, one moved to done and back out.
  const milestone = await createMilestone(ctx, fay, deckA.id);
  await createTask(ctx, fay, milestone.id, { title: 'Created done', stage: 'done' });
  const moved = await createTask(ctx, fay, milestone.id, { title: 'Moved to done' });
  const move = await callAs(ctx, fay, 'PATCH', `/api/v1/milestones/tasks/${moved.id}/stage`, { stage: 'done' });
  expect(move.statusCode, move.body).toBe(200);
  const reordered = await callAs(ctx, fay, 'PATCH', `/api/v1/milestones/tasks/${moved.id}/stage`, { stage: 'done' });
  expect(reordered.statusCode, reordered.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/users/trends', () => {
  it.each([
    ['no credentials', (): SignedUp | undefined => undefined, 401],
    ['a founder (their own decks)', () => fay, 200],
    ['an investor', () => ravi, 403],
    ['another founder (their own decks)', () => otto, 200],
    ['another investor', () => nora, 403],
  ] as const)('authorisation: %s → %s', async (_who, caller, status) => {
    const who = caller();
    const reply = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${trendsPaths.trends}?${new URLSearchParams(lastWeek)}`,
      headers: who ? authHeaders(who.tokens) : {},
    });
    expect(reply.statusCode, reply.body).toBe(status);
  });

  it('answers every day of the range with the founder’s own figures', async () => {
    const trends = await trendsOf(fay, lastWeek);
    expect(trends.days.map((day) => day.date)).toEqual(
      Array.from({ length: 7 }, (_, index) => shiftDay(today, index - 6)),
    );
    expect(trends.days.at(-1)).toEqual({
      date: today,
      views: 1,
      readers: 1,
      readingSeconds: 30,
      interestsShown: 1,
      interestsAccepted: 1,
      interestsDeclined: 0,
      interestsWithdrawn: 1,
      tasksDone: 2,
      linkViews: 1,
      linkReadingSeconds: 12,
    });
    expect(trends.days.find((day) => day.date === shiftDay(today, -2))).toMatchObject({ views: 1, readingSeconds: 20 });
    expect(trends.days.find((day) => day.date === shiftDay(today, -3))).toMatchObject({ interestsShown: 1 });
    // Otto's deck, read by Ravi today, is not Fay's.
    expect(trends.current).toEqual({
      views: 2,
      readers: 1,
      readingSeconds: 50,
      interestsShown: 2,
      interestsAccepted: 1,
      tasksDone: 2,
      linkViews: 1,
      linkReadingSeconds: 12,
    });
    expect(trends.previous).toMatchObject({ views: 1, linkViews: 1, linkReadingSeconds: 8 });
  });

  it('compares each deck with the period of equal length before the range', async () => {
    const trends = await trendsOf(fay, lastWeek);
    expect([trends.previousFrom, trends.previousTo]).toEqual([shiftDay(today, -13), shiftDay(today, -7)]);
    expect(trends.decks.map((deck) => deck.title)).toEqual(['Deck B', 'Deck A']);
    const [b, a] = trends.decks;
    expect(a?.current).toMatchObject({ views: 1, readingSeconds: 30, interestsAccepted: 1, tasksDone: 2 });
    expect(a?.previous).toMatchObject({ views: 1, readingSeconds: 50 });
    expect(a?.change).toMatchObject({ views: 0, readingSeconds: -40, interestsAccepted: null, linkReadingSeconds: 50 });
    expect(a?.current).toMatchObject({ linkViews: 1, linkReadingSeconds: 12 });
    expect(b?.current).toMatchObject({ linkViews: 0, linkReadingSeconds: 0 });
    expect(b?.current).toMatchObject({ views: 1, readingSeconds: 20, interestsShown: 1 });
    expect(b?.change).toMatchObject({ views: null, tasksDone: 0 });
  });

  it('changes its figures with the range', async () => {
    const month = await trendsOf(fay, { from: shiftDay(today, -29), to: today });
    expect(month.days).toHaveLength(30);
    expect(month.current).toMatchObject({ views: 3, readers: 2, readingSeconds: 100 });
    const long = await trendsOf(fay, { from: shiftDay(today, -365), to: today });
    expect(long.days).toHaveLength(trendsLimits.maxDays);
  });

  it('narrows to one of the founder’s decks, and is 404 for anyone else’s or an unknown one', async () => {
    const onlyA = await trendsOf(fay, { ...lastWeek, pitchDeckId: deckA.id });
    expect(onlyA.pitchDeckId).toBe(deckA.id);
    expect(onlyA.decks.map((deck) => deck.pitchDeckId)).toEqual([deckA.id]);
    expect(onlyA.current).toMatchObject({ views: 1, readingSeconds: 30, interestsShown: 1, tasksDone: 2 });
    expect(onlyA.days.at(-1)?.interestsWithdrawn).toBe(0);
    const onlyB = await trendsOf(fay, { ...lastWeek, pitchDeckId: deckB.id });
    expect(onlyB.current).toMatchObject({ linkViews: 0, linkReadingSeconds: 0 });
    expect(onlyB.days.every((day) => day.linkViews === 0)).toBe(true);
    for (const pitchDeckId of [ottoDeck.id, 'dck-nothing']) {
      const reply = await trendsReply(fay, { ...lastWeek, pitchDeckId });
      expect(reply.statusCode, pitchDeckId).toBe(404);
    }
  });

  it('answers zeros and no decks for a new founder', async () => {
    const newcomer = await signUp(ctx, 'user', 'Nina Newcomer');
    const trends = await trendsOf(newcomer, lastWeek);
    expect(trends.decks).toEqual([]);
    expect(trends.days.every((day) => day.views === 0 && day.interestsShown === 0 && day.tasksDone === 0)).toBe(true);
  });

  it.each([
    ['to before from', { from: today, to: shiftDay(today, -1) }, 'to'],
    ['over 366 days', { from: shiftDay(today, -366), to: today }, 'to'],
    ['a day that does not exist', { from: '2026-02-30', to: today }, 'from'],
    ['not a date', { from: today, to: 'next week' }, 'to'],
    ['no from', { to: today }, 'from'],
  ])('refuses %s with a 400 naming the field', async (_case, query, field) => {
    const reply = await trendsReply(fay, query as Record<string, string>);
    expect(reply.statusCode, reply.body).toBe(400);
    expect(reply.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    expect(reply.json().error.details.fields.map((entry: { path: string }) => entry.path)).toContain(field);
  });
});
