import type { InvestorInfoBody } from '@deckvalid/contract/accounts';
import { apiPaths, founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { Page } from '@deckvalid/contract/pagination';
import { type InvestorPitchDeck, noThesisMessage } from '@deckvalid/contract/pitchdecks';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { deckDetails, deckPdf, readyDeck } from '../../../test/decks';

// Browse by thesis: the fit of each deck to the asking investor's info, the ranking it gives,
// the reasons on each card and the "Matches my thesis" filter.

let ctx: TestContext;
let founder: SignedUp;
let withThesis: SignedUp;
let withoutInfo: SignedUp;
let firmOnly: SignedUp;
const ids: Record<'match' | 'sectorStage' | 'ticketPlace' | 'none', string> = {
  match: '',
  sectorStage: '',
  ticketPlace: '',
  none: '',
};

const thesis: InvestorInfoBody = {
  firm: 'Harbour Ventures',
  title: null,
  thesis: 'Money software for small firms.',
  sectors: ['Fintech', 'Health'],
  stages: ['Seed'],
  chequeSizeMin: 500_000,
  chequeSizeMax: 2_000_000,
  location: 'Hamburg',
  website: null,
  places: ['Germany'],
};

const as = (account: SignedUp, options: InjectOptions) =>
  ctx.app.fastify.inject({ ...options, headers: { ...authHeaders(account.tokens), ...options.headers } });

async function search(account: SignedUp, query: Record<string, string> = {}) {
  const reply = await as(account, {
    method: 'GET',
    url: investorDeckPaths.pitchDecks,
    query: { limit: '50', ...query },
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as Page<InvestorPitchDeck>;
}

const order = (page: Page<InvestorPitchDeck>) => page.data.map((deck) => deck.id);

beforeAll(async () => {
  ctx = await build();
  [founder, withThesis, withoutInfo, firmOnly] = await Promise.all([
    signUp(ctx, 'user', 'Ines Founder'),
    signUp(ctx, 'investor', 'Ravi Thesis'),
    signUp(ctx, 'investor', 'Nora Noinfo'),
    signUp(ctx, 'investor', 'Fritz Firmonly'),
  ]);
  // Oldest first, so the newest-first order of ties is none → ticketPlace → sectorStage → match.
  ids.match = (
    await readyDeck(ctx, founder, {
      details: {
        company: 'Tallyo',
        sector: 'Fintech',
        stage: 'Seed',
        amountSought: 1_800_000,
        location: 'Berlin, Germany',
      },
    })
  ).id;
  ids.sectorStage = (
    await readyDeck(ctx, founder, {
      details: { company: 'Medimo', sector: 'Health', stage: 'Seed', amountSought: 5_000_000, location: 'Lisbon' },
    })
  ).id;
  ids.ticketPlace = (
    await readyDeck(ctx, founder, {
      details: {
        company: 'Kelpwatt',
        sector: 'Climate',
        stage: 'Series A',
        amountSought: 1_000_000,
        location: 'Munich, GERMANY',
      },
    })
  ).id;
  ids.none = (
    await readyDeck(ctx, founder, {
      details: {
        company: 'Snackbox',
        sector: 'Consumer',
        stage: 'Growth',
        amountSought: 20_000_000,
        location: 'Austin',
      },
    })
  ).id;
  // Ties are broken by readiness time: set them apart so the order does not rest on clock ticks.
  await ctx.sql(
    `update pitch_decks set ready_at = now() - make_interval(mins => case id
       when $1 then 40 when $2 then 30 when $3 then 20 else 10 end) where id in ($1, $2, $3, $4)`,
    [ids.match, ids.sectorStage, ids.ticketPlace, ids.none],
  );
  const saved = await as(withThesis, { method: 'POST', url: apiPaths.investorInfo, payload: thesis });
  expect(saved.statusCode, saved.body).toBe(201);
  const firm = await as(firmOnly, {
    method: 'POST',
    url: apiPaths.investorInfo,
    payload: { ...thesis, sectors: [], stages: [], chequeSizeMin: null, chequeSizeMax: null, places: [] },
  });
  expect(firm.statusCode, firm.body).toBe(201);
});

afterAll(async () => {
  await ctx.close();
});

describe('browse by thesis', () => {
  it('ranks by fit, ties newest first, and shows the reasons on each card', async () => {
    const page = await search(withThesis);
    expect(order(page)).toEqual([ids.match, ids.ticketPlace, ids.sectorStage, ids.none]);
    const [best, ...rest] = page.data;
    expect(best?.thesisFit).toEqual({
      isMatch: true,
      score: 4,
      of: 4,
      reasons: [
        { kind: 'sector', label: 'Fintech' },
        { kind: 'stage', label: 'Seed' },
        { kind: 'ticket', label: '$1.8M within your $0.5–2M' },
        { kind: 'place', label: 'Berlin, Germany' },
      ],
    });
    // A place matches whatever its case; a deck that misses any criterion is not a match.
    expect(rest.map((deck) => deck.thesisFit)).toEqual([
      {
        isMatch: false,
        score: 2,
        of: 4,
        reasons: [
          { kind: 'ticket', label: '$1M within your $0.5–2M' },
          { kind: 'place', label: 'Munich, GERMANY' },
        ],
      },
      {
        isMatch: false,
        score: 2,
        of: 4,
        reasons: [
          { kind: 'sector', label: 'Health' },
          { kind: 'stage', label: 'Seed' },
        ],
      },
      { isMatch: false, score: 0, of: 4, reasons: [] },
    ]);
  });

  it('keeps an explicit sort, fit still shown', async () => {
    const newest = await search(withThesis, { sort: 'newest' });
    expect(order(newest)).toEqual([ids.none, ids.ticketPlace, ids.sectorStage, ids.match]);
    expect(newest.data.at(-1)?.thesisFit?.isMatch).toBe(true);
    const byAmount = await search(withThesis, { sort: 'amount_asc' });
    expect(order(byAmount)).toEqual([ids.ticketPlace, ids.match, ids.sectorStage, ids.none]);
  });

  it('"Matches my thesis" keeps only decks that meet every criterion, and counts them', async () => {
    const page = await search(withThesis, { matchesThesis: 'true' });
    expect(order(page)).toEqual([ids.match]);
    expect(page.meta.total).toBe(1);
    // Combined with the other filters; false is the same as leaving it out.
    expect(order(await search(withThesis, { matchesThesis: 'true', sector: 'Health' }))).toEqual([]);
    expect(order(await search(withThesis, { matchesThesis: 'false' }))).toHaveLength(4);
  });

  it('tells the fit on a single deck too', async () => {
    const reply = await as(withThesis, { method: 'GET', url: investorDeckPaths.pitchDeck(ids.match) });
    expect(reply.statusCode).toBe(200);
    expect((reply.json() as { pitchDeck: InvestorPitchDeck }).pitchDeck.thesisFit?.isMatch).toBe(true);
  });

  it('leaves browse as it was for an investor whose info names no criteria, and refuses the filter', async () => {
    for (const investor of [withoutInfo, firmOnly]) {
      const page = await search(investor);
      expect(order(page)).toEqual([ids.none, ids.ticketPlace, ids.sectorStage, ids.match]);
      expect(page.data.every((deck) => deck.thesisFit === null)).toBe(true);
      const refused = await as(investor, {
        method: 'GET',
        url: investorDeckPaths.pitchDecks,
        query: { matchesThesis: 'true' },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: noThesisMessage } });
    }
  });

  it('matches a place as whole words: "Berl" is not Berlin', async () => {
    const [investor] = await Promise.all([signUp(ctx, 'investor', 'Pia Partial')]);
    if (!investor) throw new Error('no investor');
    const body = { ...thesis, sectors: [], stages: [], chequeSizeMin: null, chequeSizeMax: null, places: ['Berl'] };
    expect((await as(investor, { method: 'POST', url: apiPaths.investorInfo, payload: body })).statusCode).toBe(201);
    expect(order(await search(investor, { matchesThesis: 'true' }))).toEqual([]);
    const put = await as(investor, {
      method: 'PUT',
      url: apiPaths.investorInfo,
      payload: { ...body, places: ['berlin'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(order(await search(investor, { matchesThesis: 'true' }))).toEqual([ids.match]);
  });

  it('follows a deck whose founder moves it: the new location is matched at once', async () => {
    const moved = await readyDeck(ctx, founder, {
      details: {
        company: 'Movewell',
        sector: 'Consumer',
        stage: 'Growth',
        amountSought: 9_000_000,
        location: 'Vienna',
      },
    });
    const before = await as(withThesis, { method: 'GET', url: investorDeckPaths.pitchDeck(moved.id) });
    expect((before.json() as { pitchDeck: InvestorPitchDeck }).pitchDeck.thesisFit?.reasons).toEqual([]);
    const edited = await as(founder, {
      method: 'PUT',
      url: founderDeckPaths.pitchDeck(moved.id),
      payload: {
        ...deckDetails({ company: 'Movewell', sector: 'Consumer', stage: 'Growth', amountSought: 9_000_000 }),
        location: 'Hamburg, Germany',
      },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = await as(withThesis, { method: 'GET', url: investorDeckPaths.pitchDeck(moved.id) });
    expect((after.json() as { pitchDeck: InvestorPitchDeck }).pitchDeck.thesisFit?.reasons).toEqual([
      { kind: 'place', label: 'Hamburg, Germany' },
    ]);
    await as(founder, { method: 'DELETE', url: founderDeckPaths.pitchDeck(moved.id) });
  });

  it('ranks words searched for before the thesis, which then breaks their ties', async () => {
    const titled = await readyDeck(ctx, founder, {
      details: {
        company: 'Voltcell',
        title: 'Battery storage',
        sector: 'Consumer',
        stage: 'Growth',
        amountSought: 20_000_000,
        location: 'Austin',
      },
    });
    // Fits the whole thesis, but says "battery" only on a slide, which ranks below a title.
    const onSlide = await readyDeck(ctx, founder, {
      pdf: await deckPdf(2, { 2: 'Battery packs for delivery bikes.' }),
      details: {
        company: 'Cargoledger',
        sector: 'Fintech',
        stage: 'Seed',
        amountSought: 1_000_000,
        location: 'Bonn, Germany',
      },
    });
    const searched = await search(withThesis, { q: 'battery' });
    expect(order(searched)).toEqual([titled.id, onSlide.id]);
    expect(searched.data[1]?.thesisFit?.isMatch).toBe(true);
    for (const id of [titled.id, onSlide.id])
      await as(founder, { method: 'DELETE', url: founderDeckPaths.pitchDeck(id) });
  });

  it('takes a $0 smallest ticket with nothing else as no thesis at all', async () => {
    const investor = await signUp(ctx, 'investor', 'Zed Zero');
    const body = { ...thesis, sectors: [], stages: [], chequeSizeMin: 0, chequeSizeMax: null, places: [] };
    expect((await as(investor, { method: 'POST', url: apiPaths.investorInfo, payload: body })).statusCode).toBe(201);
    const page = await search(investor);
    expect(page.data.every((deck) => deck.thesisFit === null)).toBe(true);
    // Beside a sector it is simply no ticket criterion: one of one met, no ticket reason.
    await as(investor, { method: 'PUT', url: apiPaths.investorInfo, payload: { ...body, sectors: ['Fintech'] } });
    const [first] = (await search(investor, { matchesThesis: 'true' })).data;
    expect(first?.thesisFit).toEqual({
      isMatch: true,
      score: 1,
      of: 1,
      reasons: [{ kind: 'sector', label: 'Fintech' }],
    });
  });

  it('ranks by one bound of the ticket alone', async () => {
    const investor = await signUp(ctx, 'investor', 'Mo Minimum');
    const body = { ...thesis, sectors: [], stages: [], chequeSizeMin: 4_000_000, chequeSizeMax: null, places: [] };
    expect((await as(investor, { method: 'POST', url: apiPaths.investorInfo, payload: body })).statusCode).toBe(201);
    const page = await search(investor, { matchesThesis: 'true' });
    expect(page.data.map((deck) => [deck.id, deck.thesisFit?.reasons])).toEqual([
      [ids.none, [{ kind: 'ticket', label: '$20M meets your $4M minimum' }]],
      [ids.sectorStage, [{ kind: 'ticket', label: '$5M meets your $4M minimum' }]],
    ]);
  });
});

describe('thesis places in the investor info', () => {
  it('are stored and answered, and kept by a save that leaves them out', async () => {
    const got = await as(withThesis, { method: 'GET', url: apiPaths.investorInfo });
    expect(got.json()).toMatchObject({ info: { places: ['Germany'], chequeSizeMin: 500_000 } });
    const { places: _places, ...withoutPlaces } = thesis;
    const put = await as(withThesis, { method: 'PUT', url: apiPaths.investorInfo, payload: withoutPlaces });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ info: { places: ['Germany'] } });
  });

  it.each([
    [{ places: Array.from({ length: 11 }, (_, index) => `Place ${index}`) }, 'Name at most 10 places.'],
    [{ places: ['Germany', 'germany'] }, 'Name each place once.'],
    [{ places: ['!!!'] }, 'A place needs letters, such as "Germany" or "Berlin".'],
    [{ places: [''] }, 'Enter a place, such as "Germany" or "Berlin".'],
    [{ places: ['x'.repeat(81)] }, 'Use at most 80 characters for a place.'],
    [{ places: 'Germany' }, 'List places as text, such as "Germany" or "Berlin".'],
    [{ places: ['Ber\u0000lin'] }, 'Text cannot contain NUL characters. Remove them and try again.'],
    [{ chequeSizeMin: 3_000_000, chequeSizeMax: 1_000_000 }, 'The smallest cheque cannot be larger than the largest.'],
    [{ chequeSizeMin: -5 }, 'Amounts cannot be negative.'],
  ])('refuses %j with a sentence that says what to fix', async (change, message) => {
    const reply = await as(withThesis, {
      method: 'PUT',
      url: apiPaths.investorInfo,
      payload: { ...thesis, ...change },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message } });
    const [stored] = await ctx.sql<{ places: string[] }>('select places from investor_infos where investor_id = $1', [
      withThesis.user.id,
    ]);
    expect(stored?.places).toEqual(['Germany']);
  });

  it('refuses a filter value other than true or false', async () => {
    const reply = await as(withThesis, {
      method: 'GET',
      url: investorDeckPaths.pitchDecks,
      query: { matchesThesis: 'yes' },
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'Use true or false for matchesThesis.' },
    });
  });
});
