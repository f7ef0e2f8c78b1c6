import { randomUUID } from 'node:crypto';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import { deckComparePaths } from '@deckvalid/contract/deck-compare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '@/lib/sample-pdf';
import { type SignedUp, signUp } from '../../../test/accounts';
import { build, callAs, type TestContext } from '../../../test/build';
import { showInterest } from '../../../test/chat';
import { addVersion, processed, readyDeck } from '../../../test/decks';
import { inboxOf } from '../../../test/inbox';
import { aFounderWithMentor } from '../../../test/mentors';
import { until } from '../../../test/poll';

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

describe('what changed between two versions of a deck', () => {
  it('the founder and their mentor see pages moved and changed, and the figures that changed', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const cover = { heading: 'Ledgerleaf', body: ['Invoices that pay themselves'] };
    const problem = { heading: 'The problem', body: ['Small firms wait sixty days to be paid'] };
    const deck = await readyDeck(ctx, founder, {
      pdf: await samplePdf([cover, problem, { heading: 'Traction', body: ['$1.2M ARR, growing each month'] }]),
    });
    await addVersion(
      ctx,
      founder,
      deck.id,
      await samplePdf([cover, { heading: 'Traction', body: ['$1.6M ARR, growing each month'] }, problem]),
    );
    await processed(ctx, founder, deck.id);

    for (const [who, url] of [
      [founder, deckComparePaths.founder(deck.id)],
      [mentor, deckComparePaths.mentor(deck.id)],
    ] as const) {
      const reply = await callAs(ctx, who, 'GET', `${url}?from=1&to=2`);
      expect(reply.statusCode, reply.body).toBe(200);
      const { comparison } = reply.json();
      expect(comparison).toMatchObject({ from: 1, to: 2, unchangedPages: 1 });
      expect(comparison.pages.map((page: { kind: string }) => page.kind).sort()).toEqual(['changed', 'moved']);
      expect(comparison.figures.map((figure: { summary: string }) => figure.summary.replace(/\u00a0/g, ' '))).toContain(
        'Annual recurring revenue USD 1.2M → USD 1.6M, p. 2',
      );
    }
  });

  it('investors interested in the deck hear of its new version with what changed; nobody else does', async () => {
    const { founder, mentor } = await aFounderWithMentor(ctx);
    const cover = { heading: 'Ledgerleaf', body: ['Invoices that pay themselves'] };
    const deck = await readyDeck(ctx, founder, {
      pdf: await samplePdf([cover, { heading: 'Traction', body: ['$1.2M ARR, growing each month'] }]),
      details: { title: 'Ledger seed' },
    });
    const [interested, uninterested] = await Promise.all([
      signUp(ctx, 'investor', 'Ina Interested'),
      signUp(ctx, 'investor', 'Uma Uninterested'),
    ]);
    await showInterest(ctx, interested, deck.id);
    await addVersion(
      ctx,
      founder,
      deck.id,
      await samplePdf([cover, { heading: 'Traction', body: ['$1.6M ARR, growing each month'] }]),
    );
    await processed(ctx, founder, deck.id);

    const updatesOf = async (who: SignedUp) => (await inboxOf(ctx, who, '?kind=deck.updated')).data;
    await until(async () => (await updatesOf(interested)).length === 1, 'the interested investor’s news');
    const [news] = await updatesOf(interested);
    expect(news).toMatchObject({
      kind: 'deck.updated',
      title: 'Ledger seed has a new version',
      link: `/investor/pitchdecks/${deck.id}`,
    });
    expect(news?.message.replace(/\u00a0/g, ' ')).toMatch(
      /^Version 2, since version 1: 1 page changed; Annual recurring revenue USD 1\.2M → USD 1\.6M, p\. 2/,
    );
    await ctx.app.background.drain();
    for (const other of [uninterested, mentor, founder]) expect(await updatesOf(other)).toEqual([]);
  });

  it('refuses investors, other mentors, one version twice and a version that does not exist', async () => {
    const { founder } = await aFounderWithMentor(ctx);
    const deck = await readyDeck(ctx, founder);
    expect((await callAs(ctx, investor, 'GET', `${deckComparePaths.founder(deck.id)}?from=1&to=2`)).statusCode).toBe(
      403,
    );
    expect((await callAs(ctx, otherMentor, 'GET', `${deckComparePaths.mentor(deck.id)}?from=1&to=2`)).statusCode).toBe(
      404,
    );
    const same = await callAs(ctx, founder, 'GET', `${deckComparePaths.founder(deck.id)}?from=1&to=1`);
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toMatch(/two different versions/);
    expect(
      (await callAs(ctx, founder, 'GET', `${deckComparePaths.founder(deck.id)}?from=1&to=${2 ** 31}`)).statusCode,
    ).toBe(400);
    const missing = await callAs(ctx, founder, 'GET', `${deckComparePaths.founder(deck.id)}?from=1&to=4`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.details).toEqual({ reason: 'VERSION_NOT_FOUND' });
  });

  it('an investor compares the live version with a version they read, and no version they never saw', async () => {
    const { founder } = await aFounderWithMentor(ctx);
    const cover = { heading: 'Ledgerleaf', body: ['Invoices that pay themselves'] };
    const deck = await readyDeck(ctx, founder, {
      pdf: await samplePdf([cover, { heading: 'Traction', body: ['$1.2M ARR, growing each month'] }]),
    });
    const [reader, newcomer] = await Promise.all([
      signUp(ctx, 'investor', 'Rhea Reader'),
      signUp(ctx, 'investor', 'Nils Newcomer'),
    ]);
    // Rhea reads version 1 while it is live.
    const read = await callAs(ctx, reader, 'POST', investorDeckPaths.views(deck.id), {
      sessionId: randomUUID(),
      pages: [{ page: 1, seconds: 12 }],
    });
    expect(read.statusCode, read.body).toBe(204);
    await addVersion(
      ctx,
      founder,
      deck.id,
      await samplePdf([cover, { heading: 'Traction', body: ['$1.6M ARR, growing each month'] }]),
    );
    await processed(ctx, founder, deck.id);

    // The deck page names the versions each investor read before the live one.
    const readBy = async (who: SignedUp) =>
      (await callAs(ctx, who, 'GET', investorDeckPaths.pitchDeck(deck.id))).json().pitchDeck.readVersions;
    expect(await readBy(reader)).toEqual([1]);
    expect(await readBy(newcomer)).toEqual([]);
    const compared = await callAs(ctx, reader, 'GET', `${deckComparePaths.investor(deck.id)}?from=1&to=2`);
    expect(compared.statusCode, compared.body).toBe(200);
    expect(compared.json().comparison).toMatchObject({ from: 1, to: 2 });
    expect(
      compared.json().comparison.figures.map((figure: { summary: string }) => figure.summary.replace(/\u00a0/g, ' ')),
    ).toContain('Annual recurring revenue USD 1.2M → USD 1.6M, p. 2');

    // Nils only ever saw version 2; a version that does not exist reads the same as one never seen.
    for (const [who, query] of [
      [newcomer, 'from=1&to=2'],
      [reader, 'from=2&to=3'],
    ] as const) {
      const refused = await callAs(ctx, who, 'GET', `${deckComparePaths.investor(deck.id)}?${query}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error).toMatchObject({
        message: 'You can compare the live version with versions you have read.',
        details: { reason: 'VERSION_NOT_FOUND' },
      });
    }
    // Founders and mentors use their own calls.
    expect((await callAs(ctx, founder, 'GET', `${deckComparePaths.investor(deck.id)}?from=1&to=2`)).statusCode).toBe(
      403,
    );
  });
});
