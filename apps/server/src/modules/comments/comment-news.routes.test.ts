import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import { deckCommentPaths } from '@deckvalid/contract/deck-comments';
import { deckReviewPaths } from '@deckvalid/contract/deck-reviews';
import { founderMentorPaths } from '@deckvalid/contract/mentors';
import type { InboxNotification } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { addVersion, deckPdf, processed, readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { addMentor, aFounderWithMentor } from '../../../test/mentors';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await build();
}, 60_000);

afterAll(async () => {
  await ctx?.close();
});

/** The account's inbox once every background task has run, newest first. */
async function newsOf(who: SignedUp): Promise<InboxNotification[]> {
  await ctx.app.background.drain();
  return (await inboxOf(ctx, who)).data;
}

describe('news of page comments and reviews', () => {
  it('the founder hears of a comment and a review; the mentor of the reply, the resolution and a new version', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder, { details: { title: 'Ledger seed' } });
    const { comment } = (
      await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), {
        version: 1,
        page: 2,
        body: 'Source this.',
      })
    ).json();
    await callAs(ctx, mentor, 'PUT', deckReviewPaths.review(deck.id, 1), {
      sections: analysisSectionKeys.map((key) => ({ key, score: 4 })),
      verdict: 'ready',
      summary: 'Good to go.',
    });
    const founderNews = (await newsOf(founder)).filter((each) => each.kind !== 'deck.ready');
    expect(founderNews.map((each) => [each.kind, each.title, each.link])).toEqual([
      ['review.posted', 'Mia Mentor reviewed version 1 of Ledger seed', `/founder/view/${deck.id}`],
      ['comment.posted', 'Mia Mentor commented on page 2 of Ledger seed', `/founder/view/${deck.id}?page=2`],
    ]);
    expect(founderNews[1]?.message).toBe('“Source this.”');

    await callAs(ctx, founder, 'POST', deckCommentPaths.replies(comment.id), { body: 'Added the source.' });
    await callAs(ctx, founder, 'POST', deckCommentPaths.resolve(comment.id));
    await addVersion(ctx, founder, deck.id, await deckPdf(3));
    await processed(ctx, founder, deck.id);
    const mentorNews = await newsOf(mentor);
    expect(mentorNews.map((each) => [each.kind, each.title]).sort()).toEqual(
      [
        ['comment.posted', 'Ada Founder replied on page 2 of Ledger seed'],
        ['comment.resolved', 'Ada Founder resolved a comment on page 2 of Ledger seed'],
        ['deck.new_version', 'Ledger seed: version 2 is ready'],
      ].sort(),
    );
    // Nobody hears of what they did themselves.
    expect((await newsOf(founder)).filter((each) => each.kind === 'comment.posted')).toHaveLength(1);
  });

  it('a mentor whose mentorship ended hears nothing more of the deck', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder);
    const { comment } = (
      await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), { version: 1, page: 1, body: 'Hello.' })
    ).json();
    expect(await newsOf(mentor)).toEqual([]);
    await callAs(ctx, founder, 'DELETE', founderMentorPaths.mentor(mentor.user.id));
    await callAs(ctx, founder, 'POST', deckCommentPaths.replies(comment.id), { body: 'Thanks.' });
    await addVersion(ctx, founder, deck.id, await deckPdf(3));
    await processed(ctx, founder, deck.id);
    expect(await newsOf(mentor)).toEqual([]);
  });

  it('a comment or a reply that mentions someone of the deck tells them so, even if they never wrote on it', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const { mentor: theo } = await addMentor(ctx, founder, 'Theo Adviser');
    const deck = await readyDeck(ctx, founder, { details: { title: 'Harbor seed' } });

    const people = await callAs(ctx, mentor, 'GET', deckCommentPaths.people(deck.id));
    expect(people.statusCode, people.body).toBe(200);
    expect(people.json().data).toEqual([
      { id: founder.user.id, name: 'Ada Founder', role: 'user' },
      { id: mentor.user.id, name: 'Mia Mentor', role: 'mentor' },
      { id: theo.user.id, name: 'Theo Adviser', role: 'mentor' },
    ]);
    const stranger = await signUp(ctx, 'user', 'Otto Other');
    expect((await callAs(ctx, stranger, 'GET', deckCommentPaths.people(deck.id))).statusCode).toBe(404);

    const posted = await callAs(ctx, mentor, 'POST', deckCommentPaths.comments(deck.id), {
      version: 1,
      page: 3,
      body: '@Theo Adviser does this market size hold up? And @Mia, no need to tell yourself.',
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect((await newsOf(theo)).map((each) => [each.kind, each.title])).toEqual([
      ['comment.posted', 'Mia Mentor mentioned you on page 3 of Harbor seed'],
    ]);
    // The founder hears of the comment as ever; the writer of it hears nothing.
    expect((await newsOf(founder)).filter((each) => each.kind === 'comment.posted').map((each) => each.title)).toEqual([
      'Mia Mentor commented on page 3 of Harbor seed',
    ]);
    expect(await newsOf(mentor)).toEqual([]);

    await callAs(ctx, theo, 'POST', deckCommentPaths.replies(posted.json().comment.id), {
      body: 'It does. @ada founder, can you add the source?',
    });
    const founderNews = (await newsOf(founder)).filter((each) => each.kind === 'comment.posted');
    expect(founderNews[0]?.title).toBe('Theo Adviser mentioned you on page 3 of Harbor seed');
    expect((await newsOf(mentor)).map((each) => each.title)).toEqual(['Theo Adviser replied on page 3 of Harbor seed']);
  });
});
