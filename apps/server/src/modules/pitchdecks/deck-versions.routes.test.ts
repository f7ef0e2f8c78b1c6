import { readdirSync } from 'node:fs';
import path from 'node:path';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type {
  DeckAnalytics,
  FounderDeckVersion,
  FounderPitchDeck,
  InvestorPitchDeck,
} from '@deckvalid/contract/pitchdecks';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { addVersion, deckDetails, deckPdf, processed, readyDeck, uploadFile } from '../../../test/decks';
import { PitchDecksRepository } from './pitchdecks.repository';

/**
 * Deck versions and details (issue 8): a new file keeps the deck (id, interests), goes live once
 * ready, and leaves the previous one live while it is processing or when it fails; reading
 * figures are kept per version; details are edited under the creation rules.
 */
let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Vera Founder'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
  ]);
});

afterAll(async () => {
  await ctx.close();
});

const as = (account: SignedUp, options: InjectOptions) =>
  ctx.app.fastify.inject({ ...options, headers: { ...authHeaders(account.tokens), ...options.headers } });

async function investorView(id: string): Promise<InvestorPitchDeck> {
  const reply = await as(investor, { method: 'GET', url: investorDeckPaths.pitchDeck(id) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().pitchDeck;
}

async function versionsOf(id: string): Promise<FounderDeckVersion[]> {
  const reply = await as(founder, { method: 'GET', url: founderDeckPaths.versions(id) });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().versions;
}

async function analyticsOf(id: string, version?: number): Promise<DeckAnalytics> {
  const query = version === undefined ? '' : `?version=${version}`;
  const reply = await as(founder, { method: 'GET', url: `${founderDeckPaths.analytics(id)}${query}` });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().analytics;
}

/** The bytes a signed file URL serves. */
async function fileAt(url: string | null): Promise<Buffer> {
  const reply = await ctx.app.fastify.inject({ method: 'GET', url: url ?? '' });
  expect(reply.statusCode).toBe(200);
  return reply.rawPayload;
}

const report = (
  id: string,
  body: { sessionId: string; version?: number; pages: { page: number; seconds: number }[] },
) => as(investor, { method: 'POST', url: investorDeckPaths.views(id), payload: body });

const corruptPdf = () => Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);

describe('a new version', () => {
  it('keeps the deck and its interests, goes live when ready, and lists version 1 with its own file', async () => {
    const firstPdf = await deckPdf(2);
    const deck = await readyDeck(ctx, founder, { pdf: firstPdf });
    const shown = await as(investor, { method: 'POST', url: investorDeckPaths.interests(deck.id), payload: {} });
    expect(shown.statusCode).toBe(201);

    const secondPdf = await deckPdf(4, { 3: 'Our tidal turbines now run offshore.' });
    const answered = await addVersion(ctx, founder, deck.id, secondPdf);
    expect(answered).toMatchObject({ id: deck.id, liveVersion: 1, latestVersion: { number: 2 } });
    const done = await processed(ctx, founder, deck.id);
    expect(done).toMatchObject({
      id: deck.id,
      status: 'ready',
      liveVersion: 2,
      latestVersion: { number: 2, status: 'ready', failureReason: null },
      pageCount: 4,
      interestCount: 1,
    });

    const seen = await investorView(deck.id);
    expect(seen).toMatchObject({ version: 2, pageCount: 4, fileSize: secondPdf.byteLength });
    expect(seen.myInterest?.status).toBe('pending');
    expect((await fileAt(seen.fileUrl)).equals(Buffer.from(secondPdf))).toBe(true);

    const versions = await versionsOf(deck.id);
    expect(versions.map((version) => [version.number, version.status, version.isLive, version.pageCount])).toEqual([
      [2, 'ready', true, 4],
      [1, 'ready', false, 2],
    ]);
    // The founder can still open version 1.
    expect((await fileAt(versions[1]?.fileUrl ?? null)).equals(Buffer.from(firstPdf))).toBe(true);

    // Search reads the live version's text.
    const found = await as(investor, {
      method: 'GET',
      url: `${investorDeckPaths.pitchDecks}?q=${encodeURIComponent('tidal turbines offshore')}`,
    });
    expect((found.json().data as InvestorPitchDeck[]).map((hit) => hit.id)).toContain(deck.id);
  });

  it('leaves the previous version live while the new one is processing', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(2) });
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(5));
    // As another process working on it would hold it: claimed, with a fresh heartbeat.
    await ctx.sql(
      `insert into pitch_deck_versions (id, pitch_deck_id, number, file_key, file_size, processing_claimed_by,
        processing_claimed_at, processing_heartbeat_at) values ('ver-held', $1, 2, $2, 100, 'another-process', now(), now())`,
      [deck.id, ticket.key],
    );
    expect(await ctx.app.services.processor.resumeUnfinished()).toBe(0);
    const mine = await processed(ctx, founder, deck.id);
    expect(mine).toMatchObject({
      status: 'ready',
      liveVersion: 1,
      pageCount: 2,
      latestVersion: { number: 2, status: 'processing' },
    });
    expect(await investorView(deck.id)).toMatchObject({ version: 1, pageCount: 2 });
  });

  it('that finishes after a newer one does not replace it', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(1) });
    const repo = new PitchDecksRepository(ctx.database.db);
    const submit = async (id: string, number: number) => {
      const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
      await ctx.sql(
        `insert into pitch_deck_versions (id, pitch_deck_id, number, file_key, file_size) values ($1, $2, $3, $4, 1)`,
        [id, deck.id, number, ticket.key],
      );
      expect(await repo.claimForProcessing(id, 'this-process', 15)).toBeDefined();
    };
    await submit('ver-slow', 2);
    await submit('ver-quick', 3);
    const result = (pages: number) => ({
      pageCount: pages,
      pages: Array(pages).fill('Slide'),
      layouts: Array(pages).fill({ title: null, minFontSize: null, bodyFontSize: null }),
      fontSizes: null,
      thumbnailKey: null,
      processingMs: 1,
    });
    expect(await repo.markReady('ver-quick', 'this-process', result(3))).toBe(true);
    expect(await repo.markReady('ver-slow', 'this-process', result(2))).toBe(true);
    expect(await processed(ctx, founder, deck.id)).toMatchObject({ liveVersion: 3, pageCount: 3 });
    expect(await investorView(deck.id)).toMatchObject({ version: 3, pageCount: 3 });
  });

  it('that fails leaves the previous one live; the founder sees the failure in words', async () => {
    const firstPdf = await deckPdf(3);
    const deck = await readyDeck(ctx, founder, { pdf: firstPdf });
    await addVersion(ctx, founder, deck.id, corruptPdf());
    const mine = await processed(ctx, founder, deck.id);
    expect(mine).toMatchObject({ status: 'ready', liveVersion: 1, pageCount: 3, failureReason: null });
    expect(mine.latestVersion).toMatchObject({ number: 2, status: 'failed' });
    expect(mine.latestVersion.failureReason).toMatch(/could not be read as a PDF/);

    const seen = await investorView(deck.id);
    expect(seen).toMatchObject({ status: 'ready', version: 1, pageCount: 3, fileSize: firstPdf.byteLength });
    expect((await fileAt(seen.fileUrl)).equals(Buffer.from(firstPdf))).toBe(true);
    const [failed] = await versionsOf(deck.id);
    expect(failed).toMatchObject({ number: 2, status: 'failed', isLive: false, fileUrl: null });
    expect(failed?.failureReason).toMatch(/could not be read as a PDF/);
  });

  it('of a deck whose first file failed makes the deck ready for investors', async () => {
    const { ticket } = await uploadFile(ctx, founder, corruptPdf());
    const created = await as(founder, {
      method: 'POST',
      url: founderDeckPaths.pitchDecks,
      payload: { key: ticket.key, ...deckDetails({ title: 'Second try' }) },
    });
    const id = created.json().pitchDeck.id as string;
    expect((await processed(ctx, founder, id)).status).toBe('failed');
    expect((await as(investor, { method: 'GET', url: investorDeckPaths.pitchDeck(id) })).statusCode).toBe(404);
    await addVersion(ctx, founder, id, await deckPdf(2));
    expect(await processed(ctx, founder, id)).toMatchObject({ status: 'ready', liveVersion: 2, failureReason: null });
    expect(await investorView(id)).toMatchObject({ version: 2, pageCount: 2 });
  });

  it('is refused with 404 to another founder and for a file that is not the caller’s', async () => {
    const deck = await readyDeck(ctx, founder);
    const { ticket } = await uploadFile(ctx, otherFounder, await deckPdf(1));
    const byOther = await as(otherFounder, {
      method: 'POST',
      url: founderDeckPaths.versions(deck.id),
      payload: { key: ticket.key },
    });
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().error.code).toBe('NOT_FOUND');
    expect((await as(otherFounder, { method: 'GET', url: founderDeckPaths.versions(deck.id) })).statusCode).toBe(404);
    const byInvestor = await as(investor, {
      method: 'POST',
      url: founderDeckPaths.versions(deck.id),
      payload: { key: ticket.key },
    });
    expect(byInvestor.statusCode).toBe(403);
    // The owner cannot use another founder's upload either.
    const foreignKey = await as(founder, {
      method: 'POST',
      url: founderDeckPaths.versions(deck.id),
      payload: { key: ticket.key },
    });
    expect(foreignKey.statusCode).toBe(404);
    expect(await versionsOf(deck.id)).toHaveLength(1);
  });

  it('goes with its deck: deleting the deck deletes every version’s file', async () => {
    const deck = await readyDeck(ctx, founder);
    await addVersion(ctx, founder, deck.id, await deckPdf(2));
    await processed(ctx, founder, deck.id);
    const keys = (await ctx.sql('select file_key from pitch_deck_versions where pitch_deck_id = $1', [deck.id])).map(
      (row) => String(row.file_key),
    );
    expect(keys).toHaveLength(2);
    const root = path.join(ctx.config.dataDir, 'uploads');
    const stored = () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
    expect(stored()).toEqual(expect.arrayContaining(keys));
    expect((await as(founder, { method: 'DELETE', url: founderDeckPaths.pitchDeck(deck.id) })).statusCode).toBe(204);
    expect(stored().filter((key) => keys.includes(key))).toEqual([]);
    expect(await ctx.sql('select 1 from pitch_deck_versions where pitch_deck_id = $1', [deck.id])).toHaveLength(0);
  });
});

describe('reading figures per version', () => {
  it('keeps each version’s views apart; the founder reads the live one unless they pick another', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(3) });
    const onFirst = crypto.randomUUID();
    expect((await report(deck.id, { sessionId: onFirst, pages: [{ page: 3, seconds: 5 }] })).statusCode).toBe(204);

    await addVersion(ctx, founder, deck.id, await deckPdf(2));
    expect((await processed(ctx, founder, deck.id)).liveVersion).toBe(2);
    // An investor who opened version 1 before version 2 went live keeps reporting on version 1.
    expect(
      (await report(deck.id, { sessionId: onFirst, version: 1, pages: [{ page: 2, seconds: 3 }] })).statusCode,
    ).toBe(204);
    // Without a version named, the session goes on with the one it reads.
    expect((await report(deck.id, { sessionId: onFirst, pages: [{ page: 3, seconds: 0 }] })).statusCode).toBe(204);
    // A session reads one version: it cannot move to another.
    expect(
      (await report(deck.id, { sessionId: onFirst, version: 2, pages: [{ page: 1, seconds: 1 }] })).statusCode,
    ).toBe(409);
    // Pages are bounded by the version read: version 2 has 2 pages.
    expect(
      (await report(deck.id, { sessionId: crypto.randomUUID(), pages: [{ page: 3, seconds: 1 }] })).statusCode,
    ).toBe(400);
    expect(
      (await report(deck.id, { sessionId: crypto.randomUUID(), pages: [{ page: 2, seconds: 4 }] })).statusCode,
    ).toBe(204);

    const live = await analyticsOf(deck.id);
    expect(live).toMatchObject({ version: 2, viewerCount: 1, totalSeconds: 4 });
    expect(live.pages.map((page) => [page.page, page.seconds, page.exits])).toEqual([
      [1, 0, 0],
      [2, 4, 1],
    ]);
    const first = await analyticsOf(deck.id, 1);
    expect(first).toMatchObject({ version: 1, viewerCount: 1, viewCount: 1, totalSeconds: 8 });
    expect(first.pages.map((page) => [page.page, page.seconds, page.exits])).toEqual([
      [1, 0, 0],
      [2, 3, 0],
      [3, 5, 1],
    ]);
    expect((await versionsOf(deck.id)).map((version) => [version.number, version.viewCount])).toEqual([
      [2, 1],
      [1, 1],
    ]);
    const missing = await as(founder, { method: 'GET', url: `${founderDeckPaths.analytics(deck.id)}?version=9` });
    expect(missing.statusCode).toBe(404);
    const malformed = await as(founder, { method: 'GET', url: `${founderDeckPaths.analytics(deck.id)}?version=two` });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('editing details', () => {
  it('changes the details under the creation rules and searches find the new title at once', async () => {
    const deck = await readyDeck(ctx, founder, {
      pdf: await deckPdf(2, { 2: 'Kelp farming at scale.' }),
      details: { title: 'Seaweed seed round' },
    });
    const put = (account: SignedUp, payload: object) =>
      as(account, { method: 'PUT', url: founderDeckPaths.pitchDeck(deck.id), payload });

    const invalid = await put(founder, deckDetails({ title: '   ', amountSought: 5 }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.code).toBe('VALIDATION_FAILED');
    const fields = invalid.json().error.details.fields as { path: string; message: string }[];
    expect(Object.fromEntries(fields.map((field) => [field.path, field.message]))).toEqual({
      title: 'Enter a title.',
      amountSought: 'Enter at least $1,000.',
    });
    expect((await put(founder, { ...deckDetails(), key: 'decks/x.pdf' })).statusCode).toBe(400);
    expect((await put(otherFounder, deckDetails())).statusCode).toBe(404);
    expect((await put(investor, deckDetails())).statusCode).toBe(403);

    const edited = await put(
      founder,
      deckDetails({ title: 'Kelpwise Series A', company: 'Kelpwise', amountSought: 4_000_000, website: null }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().pitchDeck as FounderPitchDeck).toMatchObject({
      id: deck.id,
      title: 'Kelpwise Series A',
      company: 'Kelpwise',
      amountSought: 4_000_000,
      website: null,
      status: 'ready',
      pageCount: 2,
    });

    const search = async (q: string) => {
      const reply = await as(investor, {
        method: 'GET',
        url: `${investorDeckPaths.pitchDecks}?q=${encodeURIComponent(q)}`,
      });
      return (reply.json().data as InvestorPitchDeck[]).map((hit) => hit.id);
    };
    expect(await search('Kelpwise')).toContain(deck.id);
    expect(await search('Seaweed')).not.toContain(deck.id);
    // The page text still counts.
    expect(await search('kelp farming')).toContain(deck.id);
    expect(await investorView(deck.id)).toMatchObject({ title: 'Kelpwise Series A', amountSought: 4_000_000 });
  });
});
