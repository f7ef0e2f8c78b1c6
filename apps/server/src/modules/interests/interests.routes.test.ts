import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { type InterestStatus, interestStatuses, interestTransitions } from '@deckvalid/contract/interests';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';

let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let deck: FounderPitchDeck;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder] = await Promise.all([signUp(ctx, 'user', 'Ines Founder'), signUp(ctx, 'user')]);
  deck = await readyDeck(ctx, founder);
});

afterAll(async () => {
  await ctx.close();
});

const inject = (options: InjectOptions) => ctx.app.fastify.inject(options);

const show = (investor: SignedUp, note?: string, deckId = deck.id) =>
  inject({
    method: 'POST',
    url: investorDeckPaths.interests(deckId),
    headers: authHeaders(investor.tokens),
    payload: note === undefined ? {} : { note },
  });
const withdraw = (investor: SignedUp, deckId = deck.id) =>
  inject({
    method: 'PATCH',
    url: investorDeckPaths.interests(deckId),
    headers: authHeaders(investor.tokens),
    payload: { status: 'withdrawn' },
  });
const decide = (interestId: string, status: string, by = founder, deckId = deck.id) =>
  inject({
    method: 'PATCH',
    url: founderDeckPaths.interest(deckId, interestId),
    headers: authHeaders(by.tokens),
    payload: { status },
  });

async function storedInterest(id: string) {
  const [row] = await ctx.sql('select status, note, updated_at from interests where id = $1', [id]);
  return row;
}

/** A fresh investor whose interest in the deck is in `status`, reached through the API. */
async function interestIn(status: InterestStatus): Promise<{ investor: SignedUp; id: string }> {
  const investor = await signUp(ctx, 'investor');
  const shown = await show(investor, 'Keen on the port data.');
  expect(shown.statusCode).toBe(201);
  const id = shown.json().interest.id as string;
  if (status === 'accepted' || status === 'declined') expect((await decide(id, status)).statusCode).toBe(200);
  if (status === 'withdrawn') expect((await withdraw(investor)).statusCode).toBe(200);
  return { investor, id };
}

/** Tries to move an interest from its status to `to` as `actor`. */
async function move(subject: { investor: SignedUp; id: string }, to: InterestStatus, actor: 'founder' | 'investor') {
  if (actor === 'founder') return decide(subject.id, to);
  if (to === 'withdrawn') return withdraw(subject.investor);
  if (to === 'pending') return show(subject.investor, 'Again, with feeling.');
  // An investor has no call for accepted or declined: the body itself is refused.
  return inject({
    method: 'PATCH',
    url: investorDeckPaths.interests(deck.id),
    headers: authHeaders(subject.investor.tokens),
    payload: { status: to },
  });
}

describe('interest lifecycle', () => {
  const cases = interestStatuses.flatMap((from) =>
    interestStatuses.flatMap((to) =>
      (['founder', 'investor'] as const).map((actor) => ({
        from,
        to,
        actor,
        allowed: interestTransitions[from][to] === actor,
      })),
    ),
  );

  it.each(cases.filter((row) => row.from !== row.to || row.to === 'pending'))(
    '$actor: $from → $to allowed=$allowed',
    async ({ from, to, actor, allowed }) => {
      const subject = await interestIn(from);
      const before = await storedInterest(subject.id);
      const reply = await move(subject, to, actor);
      const after = await storedInterest(subject.id);
      if (allowed) {
        expect(reply.statusCode, reply.body).toBeLessThan(300);
        expect(after?.status).toBe(to);
        expect(reply.json().interest.status).toBe(to);
      } else {
        // A status the actor's call cannot carry (a founder withdrawing, an investor accepting) is
        // refused by the body's schema; a move the call can carry but the lifecycle forbids is 409.
        const founderCanSend = to === 'accepted' || to === 'declined';
        const expected = (actor === 'founder') === founderCanSend ? 409 : 400;
        expect(reply.statusCode, reply.body).toBe(expected);
        expect(after).toEqual(before);
      }
    },
  );

  it('keeps one interest per investor and deck; showing again after a withdrawal reopens it with the new note', async () => {
    const { investor, id } = await interestIn('withdrawn');
    const again = await show(investor, 'Second look: the pilot numbers are in.');
    expect(again.statusCode).toBe(201);
    expect(again.json().interest).toMatchObject({
      id,
      status: 'pending',
      note: 'Second look: the pilot numbers are in.',
    });
    const [{ count }] = (await ctx.sql('select count(*)::int as count from interests where investor_id = $1', [
      investor.user.id,
    ])) as [{ count: number }];
    expect(count).toBe(1);
  });

  it('lets only the deck’s founder decide, and only on that deck', async () => {
    const subject = await interestIn('pending');
    const byOther = await decide(subject.id, 'accepted', otherFounder);
    expect(byOther.statusCode).toBe(404);
    const otherDeck = await readyDeck(ctx, founder);
    const wrongDeck = await decide(subject.id, 'accepted', founder, otherDeck.id);
    expect(wrongDeck.statusCode).toBe(404);
    expect((await storedInterest(subject.id))?.status).toBe('pending');
  });

  it('lists interests for the founder with investor and deck, counts them on the deck, and names the accepted investors', async () => {
    const accepted = await interestIn('accepted');
    await interestIn('pending');
    const mine = await inject({
      method: 'GET',
      url: `${founderDeckPaths.myInterests}?status=accepted`,
      headers: authHeaders(founder.tokens),
    });
    expect(mine.statusCode).toBe(200);
    const rows = mine.json().data as {
      id: string;
      investor: { id: string };
      pitchDeck: { id: string };
      note: string;
    }[];
    expect(rows.every((row) => row.pitchDeck.id === deck.id)).toBe(true);
    expect(rows.map((row) => row.id)).toContain(accepted.id);
    expect(rows[0]?.note).toBe('Keen on the port data.');

    const onDeck = await inject({
      method: 'GET',
      url: founderDeckPaths.interests(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(onDeck.json().meta.total).toBeGreaterThan(1);
    const card = await inject({
      method: 'GET',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(founder.tokens),
    });
    const [{ active }] = (await ctx.sql(
      "select count(*)::int as active from interests where pitch_deck_id = $1 and status <> 'withdrawn'",
      [deck.id],
    )) as [{ active: number }];
    expect(card.json().pitchDeck.interestCount).toBe(active);

    const milestone = await inject({
      method: 'GET',
      url: founderDeckPaths.milestoneInvestors(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(milestone.statusCode).toBe(200);
    const ids = (milestone.json().data as { id: string }[]).map((row) => row.id);
    expect(ids).toContain(accepted.investor.user.id);
    const [{ accepted: acceptedCount }] = (await ctx.sql(
      "select count(*)::int as accepted from interests where pitch_deck_id = $1 and status = 'accepted'",
      [deck.id],
    )) as [{ accepted: number }];
    expect(ids).toHaveLength(acceptedCount);

    const otherList = await inject({
      method: 'GET',
      url: founderDeckPaths.myInterests,
      headers: authHeaders(otherFounder.tokens),
    });
    expect(otherList.json().meta.total).toBe(0);
  });

  it('shows an investor only their own interest and note on a deck', async () => {
    const first = await interestIn('pending');
    const second = await interestIn('pending');
    const seen = await inject({
      method: 'GET',
      url: investorDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(second.investor.tokens),
    });
    expect(seen.json().pitchDeck.myInterest.id).toBe(second.id);
    expect(seen.body).not.toContain(first.id);
  });

  it('announces each committed change as a domain event naming both parties, and nothing for a refusal', async () => {
    const heard: string[] = [];
    const stops = [
      ctx.app.events.on('interest.shown', (event) => {
        heard.push(`shown ${event.investorId} → ${event.founderId}`);
      }),
      ctx.app.events.on('interest.decided', (event) => {
        heard.push(`${event.status} ${event.interestId}`);
      }),
      ctx.app.events.on('interest.withdrawn', (event) => {
        heard.push(`withdrawn ${event.pitchDeckId}`);
      }),
    ];
    const investor = await signUp(ctx, 'investor');
    const shown = await show(investor, 'Keen');
    expect(shown.statusCode).toBe(201);
    const interestId = shown.json().interest.id as string;
    expect((await decide(interestId, 'accepted')).statusCode).toBe(200);
    expect((await decide(interestId, 'declined')).statusCode).toBe(409);
    expect((await withdraw(investor)).statusCode).toBe(200);
    await expect
      .poll(() => heard)
      .toEqual([`shown ${investor.user.id} → ${founder.user.id}`, `accepted ${interestId}`, `withdrawn ${deck.id}`]);
    for (const stop of stops) stop();
  });

  it('refuses a withdrawal without an interest and a note that is too long', async () => {
    const investor = await signUp(ctx, 'investor');
    expect((await withdraw(investor)).statusCode).toBe(404);
    const long = await show(investor, 'x'.repeat(1001));
    expect(long.statusCode).toBe(400);
    const [{ count }] = (await ctx.sql('select count(*)::int as count from interests where investor_id = $1', [
      investor.user.id,
    ])) as [{ count: number }];
    expect(count).toBe(0);
  });
});

describe("the investor's own interests", () => {
  const listMine = (investor: SignedUp, query = '') =>
    inject({ method: 'GET', url: `${investorDeckPaths.myInterests}${query}`, headers: authHeaders(investor.tokens) });

  it('lists only the caller’s interests, newest activity first, with their decks and counts per status', async () => {
    const investor = await signUp(ctx, 'investor');
    const decks = [
      deck,
      await readyDeck(ctx, founder, { details: { title: 'Second deck' } }),
      await readyDeck(ctx, otherFounder, { details: { title: 'Third deck', company: 'Thirdco' } }),
    ];
    const ids: string[] = [];
    for (const each of decks) {
      const shown = await show(investor, undefined, each.id);
      expect(shown.statusCode).toBe(201);
      ids.push(shown.json().interest.id as string);
    }
    // Distinct instants, so "newest first" is decided by the order of events below.
    await ctx.sql(
      `update interests set updated_at = now() - (interval '1 minute' * array_position($2::text[], id)) where investor_id = $1`,
      [investor.user.id, ids],
    );
    expect((await decide(ids[1] ?? '', 'accepted', founder, decks[1]?.id)).statusCode).toBe(200);
    expect((await withdraw(investor, decks[2]?.id)).statusCode).toBe(200);
    // Someone else's interest never shows.
    const other = await signUp(ctx, 'investor');
    expect((await show(other, undefined, decks[0]?.id)).statusCode).toBe(201);

    const all = await listMine(investor);
    expect(all.statusCode).toBe(200);
    const page = all.json();
    expect(page.data.map((row: { id: string }) => row.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(page.data[0]).toMatchObject({
      status: 'withdrawn',
      pitchDeckId: decks[2]?.id,
      pitchDeck: { id: decks[2]?.id, title: 'Third deck', company: 'Thirdco' },
    });
    expect(page.counts).toEqual({ pending: 1, accepted: 1, declined: 0, withdrawn: 1 });
    expect(page.meta).toMatchObject({ total: 3, hasMore: false });

    const pending = (await listMine(investor, '?status=pending&limit=1')).json();
    expect(pending.data.map((row: { id: string }) => row.id)).toEqual([ids[0]]);
    // The counts stay those of every status; the meta is the filtered list's.
    expect(pending.counts).toEqual(page.counts);
    expect(pending.meta).toMatchObject({ total: 1, limit: 1, hasMore: false });

    const fresh = (await listMine(await signUp(ctx, 'investor'))).json();
    expect(fresh).toMatchObject({ data: [], counts: { pending: 0, accepted: 0, declined: 0, withdrawn: 0 } });
    expect((await listMine(investor, '?status=maybe')).statusCode).toBe(400);
    const asFounder = await inject({
      method: 'GET',
      url: investorDeckPaths.myInterests,
      headers: authHeaders(founder.tokens),
    });
    expect(asFounder.statusCode).toBe(403);
  });
});
