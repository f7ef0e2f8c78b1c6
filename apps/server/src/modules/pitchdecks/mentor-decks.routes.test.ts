import { mentorDeckPaths } from '@deckvalid/contract/api-paths';
import { founderMentorPaths } from '@deckvalid/contract/mentors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, callAs, type TestContext } from '../../../test/build';
import { addVersion, createDeck, deckPdf, processed, readyDeck } from '../../../test/decks';
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

/** A founder with a mentor, a deck with two ready versions, one still processing, and another founder's deck. */
async function aMentoredFounderWithDecks() {
  const { founder, mentor } = await aFounderWithMentor(ctx);
  const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(3), details: { title: 'Ledger seed' } });
  await addVersion(ctx, founder, deck.id, await deckPdf(4));
  await processed(ctx, founder, deck.id);
  const pending = await createDeck(ctx, founder, { pdf: Buffer.from('%PDF-1.7\nnot a deck') });
  await processed(ctx, founder, pending.id);
  const stranger = await signUp(ctx, 'user', 'Stan Stranger');
  const strangersDeck = await readyDeck(ctx, stranger);
  return { founder, mentor, deck, strangersDeck };
}

describe('a mentor reads the decks of the founders they mentor', () => {
  it('lists live decks only, with their founder and no investor figures; reads one and its ready versions', async () => {
    const { founder, mentor, deck } = await aMentoredFounderWithDecks();
    const list = await callAs(ctx, mentor, 'GET', mentorDeckPaths.pitchDecks);
    expect(list.statusCode, list.body).toBe(200);
    const [only, ...rest] = list.json().data;
    expect(rest).toEqual([]);
    expect(only).toMatchObject({
      id: deck.id,
      title: 'Ledger seed',
      founder: { id: founder.user.id, name: 'Ada Founder' },
      liveVersion: 2,
      pageCount: 4,
      fileUrl: expect.any(String),
    });
    expect(only).not.toHaveProperty('interestCount');
    expect(only).not.toHaveProperty('viewCount');

    const one = await callAs(ctx, mentor, 'GET', mentorDeckPaths.pitchDeck(deck.id));
    expect(one.json().pitchDeck).toEqual(only);

    const versions = await callAs(ctx, mentor, 'GET', mentorDeckPaths.versions(deck.id));
    expect(
      versions.json().versions.map((each: { number: number; isLive: boolean; pageCount: number }) => each),
    ).toEqual([
      expect.objectContaining({ number: 2, isLive: true, pageCount: 4 }),
      expect.objectContaining({ number: 1, isLive: false, pageCount: 3 }),
    ]);
  });

  it('reads the validation report of the live version and of an older one; a version that does not exist is 404', async () => {
    const { mentor, deck } = await aMentoredFounderWithDecks();
    const live = await callAs(ctx, mentor, 'GET', mentorDeckPaths.analysis(deck.id));
    expect(live.statusCode, live.body).toBe(200);
    expect(live.json().analysis.version).toBe(2);
    const older = await callAs(ctx, mentor, 'GET', `${mentorDeckPaths.analysis(deck.id)}?version=1`);
    expect(older.statusCode, older.body).toBe(200);
    expect(older.json().analysis.version).toBe(1);
    const missing = await callAs(ctx, mentor, 'GET', `${mentorDeckPaths.analysis(deck.id)}?version=9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.details).toEqual({ reason: 'VERSION_NOT_FOUND' });
  });

  it('another founder’s deck, another mentor and an ended mentorship are answered 404; other roles 403', async () => {
    const { founder, mentor, deck, strangersDeck } = await aMentoredFounderWithDecks();
    for (const url of [
      mentorDeckPaths.pitchDeck(strangersDeck.id),
      mentorDeckPaths.versions(strangersDeck.id),
      mentorDeckPaths.analysis(strangersDeck.id),
    ]) {
      expect((await callAs(ctx, mentor, 'GET', url)).statusCode, url).toBe(404);
    }
    for (const url of [mentorDeckPaths.pitchDeck(deck.id), mentorDeckPaths.analysis(deck.id)]) {
      expect((await callAs(ctx, otherMentor, 'GET', url)).statusCode, url).toBe(404);
      expect((await callAs(ctx, investor, 'GET', url)).statusCode, url).toBe(403);
      expect((await callAs(ctx, founder, 'GET', url)).statusCode, url).toBe(403);
    }

    const ended = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: founderMentorPaths.mentor(mentor.user.id),
      headers: authHeaders(founder.tokens),
    });
    expect(ended.statusCode).toBe(204);
    expect((await callAs(ctx, mentor, 'GET', mentorDeckPaths.pitchDecks)).json().data).toEqual([]);
    for (const url of [
      mentorDeckPaths.pitchDeck(deck.id),
      mentorDeckPaths.versions(deck.id),
      mentorDeckPaths.analysis(deck.id),
    ]) {
      expect((await callAs(ctx, mentor, 'GET', url)).statusCode, url).toBe(404);
    }
  });
});
