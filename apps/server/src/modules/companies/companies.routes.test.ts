import { apiPaths, founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { type Company, companyLimits, companyPaths } from '@deckvalid/contract/companies';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import { showInterest, withdrawInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import { createMilestone, createTask } from '../../../test/milestones';
import { weekStartOf } from './companies.service';

let ctx: TestContext;
let fay: SignedUp;
let otto: SignedUp;
let ravi: SignedUp;
let nora: SignedUp;
let sam: SignedUp;
let wendy: SignedUp;
let deckA: FounderPitchDeck;
let deckB: FounderPitchDeck;

/** One viewing session of `seconds` on page 1; its id, to move it in time. */
async function read(investor: SignedUp, deckId: string, seconds: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const reply = await callAs(ctx, investor, 'POST', investorDeckPaths.views(deckId), {
    sessionId,
    pages: [{ page: 1, seconds }],
  });
  expect(reply.statusCode, reply.body).toBe(204);
  return sessionId;
}

async function companyAs(who: SignedUp, startupId: string): Promise<Company> {
  const reply = await callAs(ctx, who, 'GET', companyPaths.company(startupId));
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().company as Company;
}

/** Fay pitches two companies: each round must say which it is for. */
const deckCompanyA = 'Tidewater Labs';
const deckCompanyB = 'Tidewater Freight';
beforeAll(async () => {
  ctx = await build();
  [fay, otto, ravi, nora, sam, wendy] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ravi Rao'),
    signUp(ctx, 'investor', 'Nora Nilsen'),
    signUp(ctx, 'investor', 'Sam Stranger'),
    signUp(ctx, 'investor', 'Wendy Withdrawn'),
  ]);
  const profile = await callAs(ctx, fay, 'PUT', apiPaths.founderProfile, {
    company: 'Tidewater Labs',
    headline: 'Port logistics, measured',
    location: 'Rotterdam, NL',
    website: 'tidewater.example',
  });
  expect(profile.statusCode, profile.body).toBe(200);
  deckA = await readyDeck(ctx, fay, {
    details: { company: deckCompanyA, title: 'Seed round', stage: 'Seed', amountSought: 1_500_000 },
  });
  deckB = await readyDeck(ctx, fay, {
    details: {
      company: deckCompanyB,
      title: 'Series A',
      stage: 'Series A',
      sector: 'Mobility',
      amountSought: 6_000_000,
    },
  });
  await readyDeck(ctx, otto, { details: { company: 'Otto Works', title: 'Otto deck' } });

  // Ravi is accepted on A, Nora pending on A, Wendy withdrew from B; Sam never showed interest.
  const raviInterest = await showInterest(ctx, ravi, deckA.id);
  const decided = await callAs(ctx, fay, 'PATCH', founderDeckPaths.interest(deckA.id, raviInterest.id), {
    status: 'accepted',
  });
  expect(decided.statusCode, decided.body).toBe(200);
  await showInterest(ctx, nora, deckA.id);
  await showInterest(ctx, wendy, deckB.id);
  await withdrawInterest(ctx, wendy, deckB.id);

  const milestone = await createMilestone(ctx, fay, deckA.id, { title: 'Pilot in Rotterdam' });
  await createTask(ctx, fay, milestone.id, { title: 'Install sensors', stage: 'done' });
  await createTask(ctx, fay, milestone.id, { title: 'Report to the port' });
  await createMilestone(ctx, fay, deckB.id, { title: 'Hire a sales lead' });

  // Deck A went live 20 days ago; Ravi read it 15 days ago (30 s) and Nora reads B now (20 s).
  await ctx.sql(`update pitch_decks set ready_at = now() - interval '20 days' where id = $1`, [deckA.id]);
  const old = await read(ravi, deckA.id, 30);
  await ctx.sql(
    `update deck_views set started_at = now() - interval '15 days', last_seen_at = now() - interval '15 days' where id = $1`,
    [old],
  );
  await read(nora, deckB.id, 20);
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/investors/companies/{startupId}', () => {
  it.each([
    ['no credentials', (): SignedUp | undefined => undefined, 401],
    ['the founder of the company', () => fay, 403],
    ['an investor', () => ravi, 200],
    ['another founder', () => otto, 403],
    ['another investor', () => sam, 200],
  ] as const)('authorisation: %s → %s', async (_who, caller, status) => {
    const who = caller();
    const reply = await ctx.app.fastify.inject({
      method: 'GET',
      url: companyPaths.company(fay.user.id),
      headers: who ? authHeaders(who.tokens) : {},
    });
    expect(reply.statusCode, reply.body).toBe(status);
  });

  it('answers the company as investors see it: profile, ready decks, rounds, sectors', async () => {
    const company = await companyAs(sam, fay.user.id);
    expect(company).toMatchObject({
      id: fay.user.id,
      name: 'Tidewater Labs',
      location: 'Rotterdam, NL',
      website: 'https://tidewater.example',
      founder: { id: fay.user.id, name: 'Fay Founder', headline: 'Port logistics, measured', pictureUrl: null },
    });
    expect(company.founder).not.toHaveProperty('email');
    expect(company.decks.map((deck) => deck.id)).toEqual([deckB.id, deckA.id]);
    expect(company.decks[1]).toMatchObject({
      title: 'Seed round',
      stage: 'Seed',
      amountSought: 1_500_000,
      pageCount: 3,
    });
    for (const deck of company.decks) expect(deck.score === null || typeof deck.score === 'number').toBe(true);
    // Each round names the company its deck is for.
    expect(company.rounds.map((round) => [round.pitchDeckId, round.company, round.stage, round.amountSought])).toEqual([
      [deckA.id, deckCompanyA, 'Seed', 1_500_000],
      [deckB.id, deckCompanyB, 'Series A', 6_000_000],
    ]);
    expect(company.sectors.sort()).toEqual(['Climate', 'Mobility']);
  });

  it('counts interested investors (pending and accepted) and never names them', async () => {
    const reply = await callAs(ctx, sam, 'GET', companyPaths.company(fay.user.id));
    const company = reply.json().company as Company;
    expect(company.interestedInvestorCount).toBe(2);
    for (const investor of [ravi, nora, wendy]) {
      expect(reply.body).not.toContain(investor.user.id);
      expect(reply.body).not.toContain(investor.user.name);
      expect(reply.body).not.toContain(investor.email);
    }
    expect(reply.body).not.toContain(fay.email);
  });

  it('shows milestone progress only to an investor whose interest is accepted', async () => {
    expect((await companyAs(ravi, fay.user.id)).milestones).toEqual([
      expect.objectContaining({ title: 'Pilot in Rotterdam', pitchDeckId: deckA.id, doneTasks: 1, totalTasks: 2 }),
    ]);
    for (const investor of [nora, sam, wendy]) expect((await companyAs(investor, fay.user.id)).milestones).toEqual([]);
  });

  it('draws weekly figures from the week the first deck went live to this one, inventing nothing', async () => {
    const company = await companyAs(sam, fay.user.id);
    const now = new Date();
    const [first] = company.weeks;
    expect(first?.weekStart).toBe(weekStartOf(new Date(Date.now() - 20 * 86_400_000)));
    expect(company.weeks.at(-1)?.weekStart).toBe(weekStartOf(now));
    for (const [index, week] of company.weeks.entries()) {
      if (index > 0) {
        expect(Date.parse(week.weekStart) - Date.parse(company.weeks[index - 1]?.weekStart ?? '')).toBe(7 * 86_400_000);
      }
    }
    const oldWeek = company.weeks.find(
      (week) => week.weekStart === weekStartOf(new Date(Date.now() - 15 * 86_400_000)),
    );
    expect(oldWeek).toMatchObject({ views: 1, readingSeconds: 30 });
    const total = (key: 'views' | 'readingSeconds' | 'interestsShown') =>
      company.weeks.reduce((sum, week) => sum + week[key], 0);
    expect([total('views'), total('readingSeconds'), total('interestsShown')]).toEqual([2, 50, 3]);
  });

  it('is 404 for an unknown id, an investor id, a founder without a ready deck and a deleted founder', async () => {
    const newcomer = await signUp(ctx, 'user', 'Nina Newcomer');
    const leaving = await signUp(ctx, 'user', 'Lea Leaving');
    const leavingDeck = await readyDeck(ctx, leaving);
    expect((await callAs(ctx, sam, 'GET', companyPaths.company(leaving.user.id))).statusCode).toBe(200);
    const deleted = await callAs(ctx, leaving, 'DELETE', apiPaths.founderProfile, { password: leaving.password });
    expect(deleted.statusCode, deleted.body).toBe(204);
    for (const id of ['usr-nobody', ravi.user.id, newcomer.user.id, leaving.user.id, leavingDeck.id]) {
      const reply = await callAs(ctx, sam, 'GET', companyPaths.company(id));
      expect(reply.statusCode, id).toBe(404);
      expect(reply.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('keeps at most a year of weeks', async () => {
    await ctx.sql(`update pitch_decks set ready_at = now() - interval '3 years' where id = $1`, [deckB.id]);
    const company = await companyAs(sam, fay.user.id);
    expect(company.weeks).toHaveLength(companyLimits.maxWeeks);
    expect(company.weeks.at(-1)?.weekStart).toBe(weekStartOf(new Date()));
  });
});

describe('weekStartOf', () => {
  it.each([
    ['2026-06-01T00:00:00Z', '2026-06-01'], // a Monday
    ['2026-06-07T23:59:59Z', '2026-06-01'], // the Sunday after
    ['2026-06-08T00:00:00Z', '2026-06-08'],
    ['2027-01-01T12:00:00Z', '2026-12-28'], // across a new year
  ])('%s → %s', (instant, monday) => {
    expect(weekStartOf(new Date(instant))).toBe(monday);
  });
});
