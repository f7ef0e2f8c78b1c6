import { type DeckAnalysis, deckAnalysisResponseSchema } from '@deckvalid/contract/analysis';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { PDFDocument, rgb } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { samplePdf } from '@/lib/sample-pdf';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { addVersion, processed, readyDeck } from '../../../test/decks';
import { AnalysisRepository } from './analysis.repository';
import { AnalysisService } from './analysis.service';
import { ANALYZER_VERSION } from './analyzer/analyze-deck';

/** A deck that tells most of the outline, with figures on known pages. */
const fullDeck = () =>
  samplePdf([
    { heading: 'Harbor Lights', body: ['Harbor Lights schedules port cranes so ships leave on time.'] },
    { heading: 'The pain', body: ['Ports lose a week a month to paperwork and idle cranes.'] },
    { heading: 'How we fix it', body: ['One scheduler that plans every berth and crane in minutes.'] },
    { heading: 'Market', body: ['TAM $40B in port operations software (Drewry, 2025).'] },
    { heading: 'Traction', body: ['$1.2M ARR, growing 120% year over year.'] },
    { heading: 'Team', body: ['Ada Park, CEO, ran operations at the Port of Rotterdam.'] },
    { heading: 'The ask', body: ['We are raising $2M to reach 40 ports. Contact ada@harborlights.io'] },
  ]);

/** A different deck: the second version. */
const shortDeck = () =>
  samplePdf([
    { heading: 'Harbor Lights', body: ['Port scheduling, done right.'] },
    { heading: 'Traction', body: ['$3.4M ARR and 48 customers.'] },
  ]);

/** Two pages of pictures and no text at all. */
async function imageOnlyPdf(): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  for (let page = 0; page < 2; page += 1) {
    document.addPage([960, 540]).drawRectangle({ x: 40, y: 40, width: 400, height: 300, color: rgb(0.2, 0.4, 0.8) });
  }
  return document.save();
}

let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;
let otherInvestor: SignedUp;
let deckId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, investor, otherInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Ada Park'),
    signUp(ctx, 'user', 'Otto Berg'),
    signUp(ctx, 'investor', 'Theo Brandt'),
    signUp(ctx, 'investor', 'Mina Sato'),
  ]);
  deckId = (await readyDeck(ctx, founder, { pdf: await fullDeck() })).id;
}, 60_000);

afterAll(() => ctx?.close());

async function get(account: SignedUp | null, url: string) {
  return ctx.app.fastify.inject({ method: 'GET', url, headers: account ? authHeaders(account.tokens) : {} });
}

async function analysisOf(account: SignedUp, url: string): Promise<DeckAnalysis> {
  const reply = await get(account, url);
  expect(reply.statusCode, reply.body).toBe(200);
  return deckAnalysisResponseSchema.parse(reply.json()).analysis;
}

/** The report without the time it was computed, which is all two computations may differ in. */
const content = ({ computedAt: _, ...rest }: DeckAnalysis) => rest;

describe('who may read a report', () => {
  const principals = ['nobody', 'founder', 'investor', 'other founder', 'other investor'] as const;
  const accountOf = (who: (typeof principals)[number]) =>
    ({
      nobody: null,
      founder,
      investor,
      'other founder': otherFounder,
      'other investor': otherInvestor,
    })[who];

  it.each([
    ['investor route', () => investorDeckPaths.analysis(deckId), [401, 403, 200, 403, 200]],
    ['founder route', () => founderDeckPaths.analysis(deckId), [401, 200, 403, 404, 403]],
  ] as const)('%s: nobody, founder, investor, other founder, other investor', async (_, url, expected) => {
    const statuses = [];
    for (const who of principals) statuses.push((await get(accountOf(who), url())).statusCode);
    expect(statuses).toEqual(expected);
  });

  it('answers an unknown deck as missing, and a version number that is not one by naming it', async () => {
    expect((await get(investor, investorDeckPaths.analysis('dck-nothing-here'))).statusCode).toBe(404);
    expect((await get(founder, founderDeckPaths.analysis('dck-nothing-here'))).statusCode).toBe(404);
    const notANumber = await get(founder, `${founderDeckPaths.analysis(deckId)}?version=two`);
    expect(notANumber.statusCode).toBe(400);
    expect(JSON.stringify(notANumber.json())).toContain('version');
    const missing = await get(founder, `${founderDeckPaths.analysis(deckId)}?version=9`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { details: { reason: 'VERSION_NOT_FOUND' } } });
  });
});

describe('the report', () => {
  it('is computed when the deck goes ready, before anyone asks', async () => {
    const rows = await ctx.sql<{ count: number }>(
      'select count(*)::int as count from deck_analyses where pitch_deck_id = $1',
      [deckId],
    );
    expect(rows[0]?.count).toBe(1);
  });

  it('finds the sections and figures where the deck tells them', async () => {
    const analysis = await analysisOf(investor, investorDeckPaths.analysis(deckId));
    expect(analysis).toMatchObject({ version: 1, analyzerVersion: ANALYZER_VERSION, hasText: true });
    const pagesOf = (key: string) => analysis.sections.find((section) => section.key === key)?.pages;
    expect(pagesOf('problem')).toContain(2);
    expect(pagesOf('traction')).toContain(5);
    expect(pagesOf('team')).toContain(6);
    expect(analysis.figures).toContainEqual(
      expect.objectContaining({ key: 'arr', value: 1_200_000, unit: 'USD', page: 5 }),
    );
    expect(analysis.figures).toContainEqual(expect.objectContaining({ key: 'raise', value: 2_000_000, page: 7 }));
    expect(analysis.breakdown.reduce((sum, item) => sum + item.points, 0)).toBe(analysis.score);
    // Seven slides is under the ten the outline asks for, and the report says so.
    expect(analysis.checks.find((check) => check.key === 'slide_count')).toMatchObject({ passed: false, value: 7 });
  });

  it('is the same for the same deck, and the same again when a newer analyser computes it', async () => {
    const twin = await readyDeck(ctx, otherFounder, { pdf: await fullDeck() });
    const first = await analysisOf(founder, founderDeckPaths.analysis(deckId));
    expect(content(await analysisOf(otherFounder, founderDeckPaths.analysis(twin.id)))).toEqual(content(first));

    const newer = new AnalysisService({
      repo: new AnalysisRepository(ctx.database.db),
      decks: ctx.app.services.pitchDecks,
      mentorships: ctx.app.services.mentors,
      analyzerVersion: ANALYZER_VERSION + 1,
    });
    const [live] = await ctx.sql<{ id: string }>('select live_version_id as id from pitch_decks where id = $1', [
      deckId,
    ]);
    await newer.analyseVersion(deckId, live?.id as string);
    // The older analyser answers the newer report rather than writing its own over it.
    const again = await analysisOf(founder, founderDeckPaths.analysis(deckId));
    expect(again.analyzerVersion).toBe(ANALYZER_VERSION + 1);
    expect(again.computedAt).not.toBe(first.computedAt);
    expect({ ...content(again), analyzerVersion: ANALYZER_VERSION }).toEqual(content(first));
  });

  it('gives each version its own report, keeps the old one, and answers 409 while one is processing', async () => {
    const own = await readyDeck(ctx, founder, { pdf: await fullDeck() });
    const before = await analysisOf(founder, founderDeckPaths.analysis(own.id));
    await addVersion(ctx, founder, own.id, await shortDeck());
    expect((await processed(ctx, founder, own.id)).liveVersion).toBe(2);

    const second = await analysisOf(founder, founderDeckPaths.analysis(own.id));
    expect(second.version).toBe(2);
    expect(second.figures).toContainEqual(expect.objectContaining({ key: 'arr', value: 3_400_000, page: 2 }));
    expect(content(await analysisOf(founder, `${founderDeckPaths.analysis(own.id)}?version=1`))).toEqual(
      content(before),
    );
    expect((await analysisOf(investor, investorDeckPaths.analysis(own.id))).version).toBe(2);

    // A third version still being read has no report yet; the live one's stays readable.
    await ctx.sql(
      `insert into pitch_deck_versions (id, pitch_deck_id, number, file_key, file_size, status)
       values ('ver-still-reading', $1, 3, 'decks/still-reading.pdf', 1000, 'processing')`,
      [own.id],
    );
    const processing = await get(founder, `${founderDeckPaths.analysis(own.id)}?version=3`);
    expect(processing.statusCode).toBe(409);
    expect(processing.json()).toMatchObject({ error: { code: 'CONFLICT', details: { reason: 'NOT_READY' } } });
    expect((await analysisOf(investor, investorDeckPaths.analysis(own.id))).version).toBe(2);
  });

  it('reports a deck without any text as such, scored on what can be checked', async () => {
    const pictures = await readyDeck(ctx, founder, { pdf: await imageOnlyPdf() });
    const analysis = await analysisOf(investor, investorDeckPaths.analysis(pictures.id));
    expect(analysis.hasText).toBe(false);
    expect(analysis.sections.every((section) => !section.found)).toBe(true);
    expect(analysis.figures).toEqual([]);
    expect(analysis.recommendations.join(' ')).toMatch(/text/i);
  });
});
