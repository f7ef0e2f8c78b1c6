import { deckCommentPaths } from '@deckvalid/contract/deck-comments';
import { founderMentorPaths } from '@deckvalid/contract/mentors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '@/lib/sample-pdf';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { addVersion, processed, readyDeck } from '../../../test/decks';
import { aFounderWithMentor } from '../../../test/mentors';

let ctx: TestContext;
let investor: SignedUp;
let otherMentor: SignedUp;
let otherFounder: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [investor, otherMentor, otherFounder] = await Promise.all([
    signUp(ctx, 'investor', 'Ivy Investor'),
    signUp(ctx, 'mentor', 'Omar Mentor'),
    signUp(ctx, 'user', 'Otto Other'),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

const slides = {
  cover: { heading: 'Ledgerleaf', body: ['Invoices that pay themselves, for small firms'] },
  problem: { heading: 'The problem', body: ['Small firms wait sixty days to be paid for their invoices'] },
  market: { heading: 'The market', body: ['Forty million small firms send paper and email invoices'] },
  office: { heading: 'Our office dog', body: ['Biscuit greets every visitor at the door'] },
  team: { heading: 'The team', body: ['Two founders who built payments at a large bank'] },
};

/** A founder, their mentor, and a ready deck whose version 1 is cover, problem, market, office dog. */
async function aDeckUnderReview() {
  const { founder, mentor } = await aFounderWithMentor(ctx);
  const deck = await readyDeck(ctx, founder, {
    pdf: await samplePdf([slides.cover, slides.problem, slides.market, slides.office]),
  });
  return { founder, mentor, deck };
}

describe('page comments between a founder and their mentors', () => {
  it('a mentor comments on page 3 with a region; the founder replies; either resolves and reopens', async () => {
    const { founder, mentor, deck } = await aDeckUnderReview();
    const region = { x: 0.1, y: 0.2, width: 0.5, height: 0.25 };
    const created = await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), {
      version: 1,
      page: 3,
      region,
      body: 'Where does forty million come from?',
    });
    expect(created.statusCode, created.body).toBe(201);
    const comment = created.json().comment;
    expect(comment).toMatchObject({
      version: 1,
      page: 3,
      region,
      author: { id: mentor.user.id, name: 'Mia Mentor', role: 'mentor' },
      outdated: false,
      resolvedAt: null,
      replies: [],
    });

    const replied = await callAs(ctx, founder, 'POST', deckCommentPaths.replies(comment.id), {
      body: 'Eurostat, 2025.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expect(replied.json().reply).toMatchObject({ body: 'Eurostat, 2025.', author: { role: 'user' } });

    const resolved = await callAs(ctx, founder, 'POST', deckCommentPaths.resolve(comment.id));
    expect(resolved.json().comment).toMatchObject({
      resolvedBy: { id: founder.user.id, name: 'Ada Founder' },
      replies: [expect.objectContaining({ body: 'Eurostat, 2025.' })],
    });
    const reopened = await callAs(ctx, mentor, 'POST', deckCommentPaths.reopen(comment.id));
    expect(reopened.json().comment).toMatchObject({ resolvedAt: null, resolvedBy: null });

    const list = await callAs(ctx, founder, 'GET', `${deckCommentPaths.comments(deck.id)}?version=1`);
    expect(list.json().data.map((each: { id: string }) => each.id)).toEqual([comment.id]);
    expect((await callAs(ctx, founder, 'GET', `${deckCommentPaths.comments(deck.id)}?version=2`)).json().data).toEqual(
      [],
    );
  });

  it('only the author edits or deletes; a deleted comment takes its replies', async () => {
    const { founder, mentor, deck } = await aDeckUnderReview();
    const { comment } = (
      await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), {
        version: 1,
        page: 1,
        body: 'Tighten this.',
      })
    ).json();
    await callAs(ctx, founder, 'POST', deckCommentPaths.replies(comment.id), { body: 'Will do.' });

    expect(
      (await callAs(ctx, founder, 'PATCH', deckCommentPaths.comment(comment.id), { body: 'Hijack' })).statusCode,
    ).toBe(404);
    expect((await callAs(ctx, founder, 'DELETE', deckCommentPaths.comment(comment.id))).statusCode).toBe(404);
    const edited = await callAs(ctx, mentor, 'PATCH', deckCommentPaths.comment(comment.id), {
      body: 'Tighten the title.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().comment).toMatchObject({ body: 'Tighten the title.', editedAt: expect.any(String) });

    expect((await callAs(ctx, mentor, 'DELETE', deckCommentPaths.comment(comment.id))).statusCode).toBe(204);
    expect((await callAs(ctx, founder, 'GET', deckCommentPaths.comments(deck.id))).json().data).toEqual([]);
    const rows = await ctx.sql('select id from deck_comments where pitch_deck_id = $1', [deck.id]);
    expect(rows).toEqual([]);
  });

  it('a new version moves an open comment to the page that matches its page, and marks one with no match outdated', async () => {
    const { founder, mentor, deck } = await aDeckUnderReview();
    const post = async (page: number, body: string) =>
      (await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), { version: 1, page, body })).json()
        .comment;
    const onMarket = await post(3, 'Where does forty million come from?');
    const onProblem = await post(2, 'Sixty days: source?');
    const onDog = await post(4, 'Cut this page.');
    const resolved = await post(1, 'Nice cover.');
    await callAs(ctx, founder, 'POST', deckCommentPaths.resolve(resolved.id));

    // Version 2: market and problem swapped places, the dog page gone, a team page added.
    await addVersion(
      ctx,
      founder,
      deck.id,
      await samplePdf([slides.cover, slides.market, slides.problem, slides.team]),
    );
    expect((await processed(ctx, founder, deck.id)).liveVersion).toBe(2);

    const all = (await callAs(ctx, founder, 'GET', deckCommentPaths.comments(deck.id))).json().data as {
      id: string;
      version: number;
      page: number;
      outdated: boolean;
    }[];
    const where = (id: string) => all.find((each) => each.id === id);
    expect(where(onMarket.id)).toMatchObject({ version: 2, page: 2, outdated: false });
    expect(where(onProblem.id)).toMatchObject({ version: 2, page: 3, outdated: false });
    expect(where(onDog.id)).toMatchObject({ version: 1, page: 4, outdated: true });
    // A resolved comment stays where it was resolved.
    expect(where(resolved.id)).toMatchObject({ version: 1, page: 1, outdated: false });
  });

  it('refuses what is not theirs as 404 (investors, another founder, another mentor, an ended mentorship)', async () => {
    const { founder, mentor, deck } = await aDeckUnderReview();
    const { comment } = (
      await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), { version: 1, page: 1, body: 'Hello.' })
    ).json();
    for (const stranger of [investor, otherFounder, otherMentor]) {
      expect((await callAs(ctx, stranger, 'GET', deckCommentPaths.comments(deck.id))).statusCode).toBe(404);
      expect(
        (await callAs(ctx, stranger, 'POST', deckCommentPaths.comments(deck.id), { version: 1, page: 1, body: 'x' }))
          .statusCode,
      ).toBe(404);
      expect(
        (await callAs(ctx, stranger, 'POST', deckCommentPaths.replies(comment.id), { body: 'x' })).statusCode,
      ).toBe(404);
      expect((await callAs(ctx, stranger, 'POST', deckCommentPaths.resolve(comment.id))).statusCode).toBe(404);
    }
    await callAs(ctx, founder, 'DELETE', founderMentorPaths.mentor(mentor.user.id));
    expect((await callAs(ctx, mentor, 'GET', deckCommentPaths.comments(deck.id))).statusCode).toBe(404);
    expect(
      (await callAs(ctx, mentor, 'PATCH', deckCommentPaths.comment(comment.id), { body: 'Edit' })).statusCode,
    ).toBe(404);
    // The founder still sees the comment the mentor left.
    expect((await callAs(ctx, founder, 'GET', deckCommentPaths.comments(deck.id))).json().data).toHaveLength(1);
  });

  it('refuses bad input with a clear 400', async () => {
    const { mentor, deck } = await aDeckUnderReview();
    const cases: [object, RegExp][] = [
      [{ version: 1, page: 1, region: { x: 0.8, y: 0, width: 0.5, height: 0.1 }, body: 'x' }, /inside the page/],
      [{ version: 1, page: 9, body: 'x' }, /has 4 pages/],
      [{ version: 7, page: 1, body: 'x' }, /no ready version 7/],
      [{ version: 2 ** 31, page: 1, body: 'x' }, /Name the version/],
      [{ version: 1, page: 2 ** 31, body: 'x' }, /Name the page/],
      [{ version: 1, page: 1, body: 'x'.repeat(4_001) }, /at most 4,000/],
      [{ version: 1, page: 1, body: 'bad \ud800 text' }, /./],
      [{ version: 1, page: 1, body: '   ' }, /Write a comment/],
    ];
    for (const [payload, message] of cases) {
      const reply = await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), payload);
      expect(reply.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(reply.json().error.message).toMatch(message);
    }
  });
});
