import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { type ReadingActivity, readingActivityLimits } from '@deckvalid/contract/reading-activity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';

let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let ravi: SignedUp;
let nora: SignedUp;
let stranger: SignedUp;
let deckA: FounderPitchDeck;
let deckB: FounderPitchDeck;
let otherDeck: FounderPitchDeck;

/** One viewing session of `seconds` on page 1, answered 204; its id, to move it in time. */
async function read(investor: SignedUp, deckId: string, seconds: number): Promise<string> {
  const sessionId = crypto.randomUUID();
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: investorDeckPaths.views(deckId),
    headers: authHeaders(investor.tokens),
    payload: { sessionId, pages: [{ page: 1, seconds }] },
  });
  expect(reply.statusCode, reply.body).toBe(204);
  return sessionId;
}

/** Moves a session back in time: it began `startedAgo` ago and was last seen `seenAgo` ago. */
async function backdate(sessionId: string, startedAgo: string, seenAgo = startedAgo) {
  await ctx.sql(
    `update deck_views set started_at = now() - $2::interval, last_seen_at = now() - $3::interval where id = $1`,
    [sessionId, startedAgo, seenAgo],
  );
}

async function activityOf(who: SignedUp, query = ''): Promise<ReadingActivity> {
  const reply = await ctx.app.fastify.inject({
    method: 'GET',
    url: `${founderDeckPaths.readingActivity}${query}`,
    headers: authHeaders(who.tokens),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().activity as ReadingActivity;
}

/** `YYYY-MM-DD` of an instant in a time zone, by the runtime's own zone database. */
const dateIn = (instant: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, ravi, nora, stranger] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ravi Rao'),
    signUp(ctx, 'investor', 'Nora Nilsen'),
    signUp(ctx, 'investor', 'Sam Stranger'),
  ]);
  const info = await ctx.app.fastify.inject({
    method: 'POST',
    url: '/api/v1/investors/info',
    headers: authHeaders(ravi.tokens),
    payload: { firm: 'North Fund', sectors: [], stages: [] },
  });
  expect(info.statusCode, info.body).toBe(201);
  deckA = await readyDeck(ctx, founder, { details: { title: 'Deck A' } });
  deckB = await readyDeck(ctx, founder, { details: { title: 'Deck B' } });
  otherDeck = await readyDeck(ctx, otherFounder, { details: { title: 'Other deck' } });

  // Fay's decks: Ravi reads A today and B two days ago; Nora reads A today and B ten days ago.
  // Today's reads move back by seconds, not minutes: run just after midnight UTC, minutes put
  // them on yesterday.
  await backdate(await read(ravi, deckA.id, 30), '2 seconds');
  await backdate(await read(ravi, deckB.id, 20), '2 days');
  await backdate(await read(nora, deckA.id, 10), '1 second');
  await backdate(await read(nora, deckB.id, 50), '10 days');
  // Otto's deck: read by someone who never opened Fay's.
  await read(stranger, otherDeck.id, 40);
});

afterAll(async () => {
  await ctx.close();
});

describe('GET /api/v1/users/me/reading-activity', () => {
  it("sums the last 7 days of the caller's decks: reading time and distinct viewers, per day and in all", async () => {
    const activity = await activityOf(founder);
    expect(activity.timeZone).toBe('UTC');
    // Ten days ago is outside the window; Ravi, who read on two days, counts once.
    expect(activity).toMatchObject({ totalSeconds: 60, viewerCount: 2 });
    expect(activity.days).toHaveLength(readingActivityLimits.days);
    const [today] = await ctx.sql<{ today: string }>(`select to_char(now() at time zone 'UTC', 'YYYY-MM-DD') as today`);
    expect(activity.days.at(-1)).toEqual({ date: today?.today, seconds: 40, viewers: 2 });
    expect(activity.days.at(-3)).toMatchObject({ seconds: 20, viewers: 1 });
    expect(activity.days.reduce((sum, day) => sum + day.seconds, 0)).toBe(60);
    // Consecutive calendar days, oldest first.
    const dates = activity.days.map((day) => day.date);
    expect(dates).toEqual([...dates].sort());
    expect(new Set(dates).size).toBe(readingActivityLimits.days);
  });

  it('lists the latest readers newest first, one row per investor and deck, with firm and all their time', async () => {
    const { recentReaders } = await activityOf(founder);
    expect(recentReaders.map((reader) => [reader.investor.name, reader.pitchDeck.title, reader.totalSeconds])).toEqual([
      ['Nora Nilsen', 'Deck A', 10],
      ['Ravi Rao', 'Deck A', 30],
      ['Ravi Rao', 'Deck B', 20],
      // Older than the window, still among the latest readers.
      ['Nora Nilsen', 'Deck B', 50],
    ]);
    expect(recentReaders[1]?.investor).toEqual({ id: ravi.user.id, name: 'Ravi Rao', firm: 'North Fund' });
    expect(recentReaders[0]?.investor.firm).toBeNull();
    const times = recentReaders.map((reader) => Date.parse(reader.lastReadAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("shows another founder nothing of the caller's decks, and a new founder zeros", async () => {
    const other = await activityOf(otherFounder);
    expect(other).toMatchObject({ totalSeconds: 40, viewerCount: 1 });
    expect(other.recentReaders.map((reader) => reader.pitchDeck.id)).toEqual([otherDeck.id]);

    const fresh = await activityOf(await signUp(ctx, 'user'));
    expect(fresh).toMatchObject({ totalSeconds: 0, viewerCount: 0, recentReaders: [] });
    expect(fresh.days).toHaveLength(readingActivityLimits.days);
    expect(fresh.days.every((day) => day.seconds === 0 && day.viewers === 0)).toBe(true);
  });

  it('counts days where the founder is: a session lands on its date in the asked time zone', async () => {
    const lateFounder = await signUp(ctx, 'user');
    const deck = await readyDeck(ctx, lateFounder);
    const session = await read(ravi, deck.id, 15);
    // 23:30 UTC yesterday: already today at UTC+14, still yesterday at UTC-11.
    await ctx.sql(
      `update deck_views set started_at = date_trunc('day', now() at time zone 'UTC') at time zone 'UTC' - interval '30 minutes' where id = $1`,
      [session],
    );
    const [stored] = await ctx.sql<{ started_at: Date | string }>(`select started_at from deck_views where id = $1`, [
      session,
    ]);
    const startedAt = new Date(stored?.started_at ?? '');
    for (const timeZone of ['UTC', 'Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const activity = await activityOf(lateFounder, `?timeZone=${encodeURIComponent(timeZone)}`);
      expect(activity.timeZone).toBe(timeZone);
      expect(activity.days.at(-1)?.date, timeZone).toBe(dateIn(new Date(), timeZone));
      expect(
        activity.days.filter((day) => day.seconds > 0),
        timeZone,
      ).toEqual([{ date: dateIn(startedAt, timeZone), seconds: 15, viewers: 1 }]);
    }
  });

  it(`lists at most ${readingActivityLimits.recentReaders} readers`, async () => {
    const busyFounder = await signUp(ctx, 'user');
    const decks = [
      await readyDeck(ctx, busyFounder),
      await readyDeck(ctx, busyFounder),
      await readyDeck(ctx, busyFounder),
    ];
    for (const investor of [ravi, nora, stranger]) for (const deck of decks) await read(investor, deck.id, 5);
    const activity = await activityOf(busyFounder);
    expect(activity.recentReaders).toHaveLength(readingActivityLimits.recentReaders);
    expect(activity).toMatchObject({ totalSeconds: 45, viewerCount: 3 });
  });

  it('refuses investors and anonymous callers, and time zones it cannot name', async () => {
    const asInvestor = await ctx.app.fastify.inject({
      method: 'GET',
      url: founderDeckPaths.readingActivity,
      headers: authHeaders(ravi.tokens),
    });
    expect(asInvestor.statusCode).toBe(403);
    const anonymous = await ctx.app.fastify.inject({ method: 'GET', url: founderDeckPaths.readingActivity });
    expect(anonymous.statusCode).toBe(401);
    for (const timeZone of ['+05:00', 'Nowhere/Atlantis', "UTC'; drop table deck_views; --", 'x'.repeat(80)]) {
      const reply = await ctx.app.fastify.inject({
        method: 'GET',
        url: `${founderDeckPaths.readingActivity}?timeZone=${encodeURIComponent(timeZone)}`,
        headers: authHeaders(founder.tokens),
      });
      expect(reply.statusCode, timeZone).toBe(400);
    }
  });
});
