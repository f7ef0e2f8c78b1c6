import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import { deckReviewPaths } from '@deckvalid/contract/deck-reviews';
import { founderMentorPaths } from '@deckvalid/contract/mentors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { addVersion, deckPdf, processed, readyDeck } from '../../../test/decks';
import { aFounderWithMentor } from '../../../test/mentors';

let ctx: TestContext;
let investor: SignedUp;
let otherMentor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [investor, otherMentor] = await Promise.all([
    signUp(ctx, 'investor', 'Ivy Investor'),
    signUp(ctx, 'mentor', 'Omar Mentor'),
  ]);
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** A whole review: every section scored `score` (the team `teamScore`), in reverse report order. */
const reviewBody = (score: number, teamScore = score, verdict = 'needs_work') => ({
  sections: [...analysisSectionKeys].reverse().map((key) => ({
    key,
    score: key === 'team' ? teamScore : score,
    note: key === 'market' ? 'Source the market size.' : null,
  })),
  verdict,
  summary: 'Strong team; the market needs a source.',
});

describe('mentor reviews of deck versions', () => {
  it('a mentor reviews version 1, changes it, reviews version 2; the founder sees both and how scores moved', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder);

    const first = await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(2, 3));
    expect(first.statusCode, first.body).toBe(200);
    const review = first.json().review;
    expect(review).toMatchObject({
      version: 1,
      verdict: 'needs_work',
      mentor: { id: mentor.user.id, name: 'Mia Mentor' },
    });
    expect(review.sections.map((section: { key: string }) => section.key)).toEqual([...analysisSectionKeys]);
    expect(review.sections.find((section: { key: string }) => section.key === 'market').note).toBe(
      'Source the market size.',
    );

    const replaced = await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(3, 3));
    expect(replaced.json().review).toMatchObject({ id: review.id, createdAt: review.createdAt });

    await addVersion(ctx, founder, deck.id, await deckPdf(4));
    await processed(ctx, founder, deck.id);
    await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 2), reviewBody(4, 5, 'ready'));

    const list = await callAs(ctx, founder, 'GET', deckReviewPaths.founderReviews(deck.id));
    expect(list.statusCode, list.body).toBe(200);
    const teamScores = list
      .json()
      .data.map((each: { version: number; verdict: string; sections: { key: string; score: number }[] }) => [
        each.version,
        each.verdict,
        each.sections.find((section) => section.key === 'team')?.score,
      ]);
    expect(teamScores).toEqual([
      [2, 'ready', 5],
      [1, 'needs_work', 3],
    ]);
    expect((await callAs(ctx, mentor, 'GET', deckReviewPaths.mentorReviews(deck.id))).json().data).toHaveLength(2);
  });

  it('investors never see reviews; another mentor and an ended mentorship are 404', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder);
    await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(3));
    expect((await callAs(ctx, investor, 'GET', deckReviewPaths.founderReviews(deck.id))).statusCode).toBe(403);
    expect((await callAs(ctx, investor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(3))).statusCode).toBe(
      403,
    );
    expect((await callAs(ctx, otherMentor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(3))).statusCode).toBe(
      404,
    );
    expect((await callAs(ctx, otherMentor, 'GET', deckReviewPaths.mentorReviews(deck.id))).statusCode).toBe(404);

    await callAs(ctx, founder, 'DELETE', founderMentorPaths.mentor(mentor.user.id));
    expect((await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), reviewBody(4))).statusCode).toBe(404);
    // The review the mentor left stays with the founder.
    expect((await callAs(ctx, founder, 'GET', deckReviewPaths.founderReviews(deck.id))).json().data).toHaveLength(1);
  });

  it('refuses a score outside 1–5, a missing or repeated section, and a version that does not exist', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder);
    const whole = reviewBody(3);
    const cases: [object, number, RegExp][] = [
      [reviewBody(6), 400, /from 1 to 5/],
      [reviewBody(0), 400, /from 1 to 5/],
      [{ ...whole, sections: whole.sections.slice(1) }, 400, /each of the 12 sections once/],
      [{ ...whole, sections: [...whole.sections.slice(1), whole.sections[1]] }, 400, /each of the 12 sections once/],
      [{ ...whole, verdict: 'maybe' }, 400, /ready or needs work/],
      [{ ...whole, summary: '' }, 400, /Sum up/],
    ];
    for (const [payload, status, message] of cases) {
      const reply = await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), payload);
      expect(reply.statusCode).toBe(status);
      expect(reply.json().error.message).toMatch(message);
    }
    const huge = await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 2 ** 31), whole);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.message).toMatch(/Name the version/);
    const missing = await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 9), whole);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.details).toEqual({ reason: 'VERSION_NOT_FOUND' });
  });
});
