import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import type { DeckAnalytics, FounderPitchDeck, InvestorPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalFileStorage } from '@/modules/storage/local-storage';
import { newObjectKey } from '@/modules/storage/storage';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { createDeck, deckDetails, deckPdf, processed, readyDeck, uploadFile } from '../../../test/decks';

let ctx: TestContext;
let founder: SignedUp;
let otherFounder: SignedUp;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [founder, otherFounder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Ines Founder'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ravi Investor'),
  ]);
});

afterAll(async () => {
  await ctx.close();
});

/** Every file stored under DATA_DIR/uploads, as keys. */
function storedKeys(): string[] {
  const root = path.join(ctx.config.dataDir, 'uploads');
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}

const inject = (options: InjectOptions) => ctx.app.fastify.inject(options);

async function until(condition: () => boolean, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not so within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Streams one chunk of an upload through the local driver, then waits forever for the rest. */
const streamForeverScript = `
  import { PassThrough } from 'node:stream';
  const { LocalFileStorage } = await import('${path.resolve(import.meta.dirname, '../storage/local-storage.ts')}');
  const storage = new LocalFileStorage(process.env.STORAGE_ROOT, process.env.STORAGE_SECRET);
  const body = new PassThrough();
  void storage.write(process.env.KEY, body, { contentType: 'application/pdf', maxBytes: 1000000 });
  body.write(Buffer.concat([Buffer.from('%PDF-1.7\\n'), Buffer.alloc(4096, 0x41)]));
  setInterval(() => {}, 60000);
`;

describe('signed uploads', () => {
  it('answers a signed PUT URL; the PUT stores the file and a deck is created from its key', async () => {
    const pdf = await deckPdf(2);
    const { ticket, put } = await uploadFile(ctx, founder, pdf);
    expect(ticket).toMatchObject({
      method: 'PUT',
      headers: { 'Content-Type': 'application/pdf' },
      maxBytes: pdf.byteLength,
    });
    expect(ticket.key).toMatch(new RegExp(`^decks/${founder.user.id}/upl-[0-9a-z]{16}\\.pdf$`));
    expect(Date.parse(ticket.expiresAt) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(put.statusCode).toBe(200);
    expect(storedKeys()).toContain(ticket.key);

    const created = await inject({
      method: 'POST',
      url: founderDeckPaths.pitchDecks,
      headers: authHeaders(founder.tokens),
      payload: { key: ticket.key, ...deckDetails() },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().pitchDeck).toMatchObject({
      status: 'processing',
      fileSize: pdf.byteLength,
      interestCount: 0,
    });
  });

  it('refuses an altered or expired signature and stores nothing', async () => {
    const { ticket } = await uploadFile(ctx, founder, Buffer.alloc(0)).catch(() => ({ ticket: null }));
    expect(ticket).not.toBeNull();
    const url = new URL((ticket as UploadTicket).uploadUrl, 'http://local');
    const before = storedKeys();
    const signature = url.searchParams.get('signature') ?? '';
    const altered = new URL(url);
    altered.searchParams.set('signature', `${signature.slice(0, -2)}xx`);
    const later = new URL(url);
    later.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    const bigger = new URL(url);
    bigger.searchParams.set('max', String(500 * 1024 * 1024));
    const otherKey = new URL(url.href.replace(founder.user.id, otherFounder.user.id));
    for (const candidate of [altered, later, bigger, otherKey]) {
      const reply = await inject({
        method: 'PUT',
        url: `${candidate.pathname}${candidate.search}`,
        headers: { 'content-type': 'application/pdf' },
        payload: Buffer.from(await deckPdf(1)),
      });
      expect(reply.statusCode, candidate.href).toBe(403);
      expect(reply.json().error.code).toBe('FORBIDDEN');
    }
    expect(storedKeys()).toEqual(before);
  });

  it('stores one file per URL: a second PUT cannot replace a deck’s file', async () => {
    const pdf = await deckPdf(1);
    const { ticket, put } = await uploadFile(ctx, founder, pdf);
    expect(put.statusCode).toBe(200);
    const again = await inject({
      method: 'PUT',
      url: ticket.uploadUrl,
      headers: ticket.headers,
      payload: Buffer.from(await deckPdf(1, { 1: 'Something else entirely.' })),
    });
    expect(again.statusCode).toBe(409);
    const stored = await inject({ method: 'GET', url: await ctx.app.services.uploads.downloadUrl(ticket.key) });
    expect(stored.rawPayload.equals(Buffer.from(pdf))).toBe(true);
  });

  it('answers a malformed signed-URL query with 400, not a server error', async () => {
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
    const url = new URL(ticket.uploadUrl, 'http://local');
    url.searchParams.set('expires', '9'.repeat(40));
    const reply = await inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(reply.statusCode).toBe(400);
    expect(reply.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('refuses a URL past its expiry', async () => {
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
    const url = new URL(ticket.uploadUrl, 'http://local');
    // A URL signed with an expiry in the past, by the same signer the routes trust.
    const storage = (await import('@/modules/storage/create-storage')).createStorage(ctx.config);
    const expired = await storage.createUploadUrl({
      key: ticket.key.replace(/upl-[0-9a-z]+/, 'upl-0000000000000000'),
      contentType: 'application/pdf',
      maxBytes: 1024 * 1024,
      expiresAt: new Date(Date.now() - 1000),
    });
    const reply = await inject({
      method: 'PUT',
      url: expired.url,
      headers: expired.headers,
      payload: Buffer.from('%PDF-1.7'),
    });
    expect(reply.statusCode).toBe(403);
    expect(url.pathname).toContain('/api/v1/storage/');
  });

  it('refuses a wrong type at the ticket and at the PUT with 415', async () => {
    const ticket = await inject({
      method: 'GET',
      url: `${founderDeckPaths.uploadTicket}?fileType=image/png&fileSize=1000`,
      headers: authHeaders(founder.tokens),
    });
    expect(ticket.statusCode).toBe(415);
    expect(ticket.json().error.message).toMatch(/must be a PDF/);

    const before = storedKeys();
    const { put } = await uploadFile(ctx, founder, await deckPdf(1)).then(async ({ ticket: signed }) => ({
      put: await inject({
        method: 'PUT',
        url: signed.uploadUrl,
        headers: { 'content-type': 'text/plain' },
        payload: 'hello',
      }),
    }));
    expect(put.statusCode).toBe(415);
    expect(storedKeys().length).toBe(before.length + 1); // only the first, valid upload of this test
  });

  it('refuses a file that claims to be a PDF but is not, and keeps nothing', async () => {
    const before = storedKeys();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const { put } = await uploadFile(ctx, founder, png);
    expect(put.statusCode).toBe(415);
    expect(put.json().error.message).toMatch(/not a PDF/);
    const { put: text } = await uploadFile(ctx, founder, Buffer.from('Quarterly numbers, totally a PDF'));
    expect(text.statusCode).toBe(415);
    expect(storedKeys()).toEqual(before);
  });

  it('refuses an oversized file before and during the upload with 413, keeping nothing', async () => {
    const tooBig = 50 * 1024 * 1024 + 1;
    const ticket = await inject({
      method: 'GET',
      url: `${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${tooBig}`,
      headers: authHeaders(founder.tokens),
    });
    expect(ticket.statusCode).toBe(413);
    expect(ticket.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(ticket.json().error.message).toMatch(/at most 50 MB/);

    // A URL accepts the size it was asked for: a larger body is refused as it streams.
    const before = storedKeys();
    const body = Buffer.alloc(64 * 1024, 0x20);
    body.write('%PDF-1.7\n', 0, 'latin1');
    const { put } = await uploadFile(ctx, founder, body, { declaredSize: 1024 });
    expect(put.statusCode).toBe(413);
    expect(storedKeys()).toEqual(before);
  });

  it('deletes an unused upload; refuses another founder and a file a deck uses', async () => {
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
    const url = `${founderDeckPaths.uploadedFile}?key=${encodeURIComponent(ticket.key)}`;
    const byOther = await inject({ method: 'DELETE', url, headers: authHeaders(otherFounder.tokens) });
    expect(byOther.statusCode).toBe(404);
    expect(storedKeys()).toContain(ticket.key);
    const byOwner = await inject({ method: 'DELETE', url, headers: authHeaders(founder.tokens) });
    expect(byOwner.statusCode).toBe(204);
    expect(storedKeys()).not.toContain(ticket.key);

    const deck = await createDeck(ctx, founder);
    const [row] = await ctx.sql('select file_key from pitch_deck_versions where pitch_deck_id = $1', [deck.id]);
    const used = await inject({
      method: 'DELETE',
      url: `${founderDeckPaths.uploadedFile}?key=${encodeURIComponent(String(row?.file_key))}`,
      headers: authHeaders(founder.tokens),
    });
    expect(used.statusCode).toBe(409);
    expect(storedKeys()).toContain(row?.file_key);
  });

  it('refuses to create a deck from a key that is not yours or not uploaded', async () => {
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
    const stolen = await inject({
      method: 'POST',
      url: founderDeckPaths.pitchDecks,
      headers: authHeaders(otherFounder.tokens),
      payload: { key: ticket.key, ...deckDetails() },
    });
    expect(stolen.statusCode).toBe(404);
    const neverUploaded = await inject({
      method: 'POST',
      url: founderDeckPaths.pitchDecks,
      headers: authHeaders(founder.tokens),
      payload: { key: ticket.key.replace(/upl-[0-9a-z]+/, 'upl-zzzzzzzzzzzzzzzz'), ...deckDetails() },
    });
    expect(neverUploaded.statusCode).toBe(400);
    const [{ count }] = (await ctx.sql('select count(*)::int as count from pitch_deck_versions where file_key = $1', [
      ticket.key,
    ])) as [{ count: number }];
    expect(count).toBe(0);
  });

  it('validates the details with sentences per field', async () => {
    const { ticket } = await uploadFile(ctx, founder, await deckPdf(1));
    const reply = await inject({
      method: 'POST',
      url: founderDeckPaths.pitchDecks,
      headers: authHeaders(founder.tokens),
      payload: { key: ticket.key, ...deckDetails({ company: ' ', amountSought: 12.5, sector: 'Crypto' as 'Climate' }) },
    });
    expect(reply.statusCode).toBe(400);
    const paths = (reply.json().error.details.fields as { path: string }[]).map((field) => field.path).sort();
    expect(paths).toEqual(['amountSought', 'company', 'sector']);
  });
});

describe('processing', () => {
  it('turns a real multi-page PDF into a ready deck with page count, page text and font sizes', async () => {
    const deck = await createDeck(ctx, founder, {
      pdf: await deckPdf(12, { 7: 'Our moat is the bathymetry dataset.' }),
    });
    const done = await processed(ctx, founder, deck.id);
    expect(done).toMatchObject({ status: 'ready', pageCount: 12, failureReason: null });
    expect(done.fontSizes).toEqual({ min: 10, max: 36 });
    const pages = await ctx.sql(
      'select page_number, text from pitch_deck_pages join pitch_deck_versions on pitch_deck_versions.id = version_id where pitch_deck_id = $1 order by 1',
      [deck.id],
    );
    expect(pages).toHaveLength(12);
    expect(String(pages[6]?.text)).toContain('bathymetry dataset');
  });

  it('fails a corrupt PDF with a reason the founder can act on', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    const deck = await createDeck(ctx, founder, { pdf: corrupt });
    const done = await processed(ctx, founder, deck.id);
    expect(done.status).toBe('failed');
    expect(done.failureReason).toMatch(/could not be read as a PDF/);
  });

  it('fails a deck over 300 pages, naming the count', async () => {
    const deck = await createDeck(ctx, founder, { pdf: await deckPdf(301) });
    const done = await processed(ctx, founder, deck.id);
    expect(done.status).toBe('failed');
    expect(done.failureReason).toBe('The deck has 301 pages; decks can have at most 300.');
  });

  it('hands out no file address for a failed deck: its founder submits a corrected file instead', async () => {
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    const failed = await processed(ctx, founder, (await createDeck(ctx, founder, { pdf: corrupt })).id);
    expect(failed).toMatchObject({ status: 'failed', fileUrl: null });
    const list = await inject({
      method: 'GET',
      url: `${founderDeckPaths.pitchDecks}?limit=100`,
      headers: authHeaders(founder.tokens),
    });
    const listed = (list.json().data as FounderPitchDeck[]).find((deck) => deck.id === failed.id);
    expect(listed).toMatchObject({ status: 'failed', fileUrl: null });
    expect((await readyDeck(ctx, founder)).fileUrl).toMatch(/^\/api\/v1\/storage\/decks\//);
  });

  it('serves the file through a signed URL that cannot be altered', async () => {
    const pdf = await deckPdf(2);
    const deck = await readyDeck(ctx, founder, { pdf });
    const file = await inject({ method: 'GET', url: deck.fileUrl ?? '' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.equals(Buffer.from(pdf))).toBe(true);
    const altered = await inject({ method: 'GET', url: (deck.fileUrl ?? '').replace(/signature=../, 'signature=zz') });
    expect(altered.statusCode).toBe(403);
  });
});

describe('page 1 drawn for the cards', () => {
  it('draws page 1 as a small WebP while processing, served signed to the founder and investors, gone with the deck', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(3) });
    expect(deck.thumbnailUrl).toMatch(/^\/api\/v1\/storage\/thumbnails\/usr-[0-9a-z]{16}\/upl-[0-9a-z]{16}\.webp\?/);
    const picture = await inject({ method: 'GET', url: deck.thumbnailUrl ?? '' });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
    const bytes = picture.rawPayload;
    expect([bytes.subarray(0, 4).toString('latin1'), bytes.subarray(8, 12).toString('latin1')]).toEqual([
      'RIFF',
      'WEBP',
    ]);
    // A card's picture, not a page scan: far smaller than the file and than a megabyte.
    expect(bytes.length).toBeLessThan(200 * 1024);
    const altered = await inject({
      method: 'GET',
      url: (deck.thumbnailUrl ?? '').replace(/signature=../, 'signature=zz'),
    });
    expect(altered.statusCode).toBe(403);

    const seen = await inject({
      method: 'GET',
      url: investorDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(investor.tokens),
    });
    expect(seen.json().pitchDeck.thumbnailUrl).toMatch(/^\/api\/v1\/storage\/thumbnails\//);

    const key = decodeURIComponent(
      new URL(deck.thumbnailUrl ?? '', 'http://x').pathname.replace('/api/v1/storage/', ''),
    );
    expect(storedKeys()).toContain(key);
    const gone = await inject({
      method: 'DELETE',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(gone.statusCode).toBe(204);
    expect(storedKeys()).not.toContain(key);
  });

  it('keeps a drawn page 1 from the uploads sweep, which takes an unused one', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(1) });
    const [row] = await ctx.sql<{ thumbnail_key: string }>(
      'select thumbnail_key from pitch_deck_versions where pitch_deck_id = $1',
      [deck.id],
    );
    const kept = String(row?.thumbnail_key);
    const orphan = await ctx.app.services.uploads.storeServerFile(
      founder.user.id,
      'thumbnail',
      new Uint8Array(Buffer.from('RIFF\0\0\0\0WEBPVP8 ')),
      'image/webp',
    );
    await ctx.sql(`update uploads set created_at = now() - interval '2 days' where key = any($1)`, [[kept, orphan]]);
    await ctx.app.services.uploads.sweep();
    expect(storedKeys()).toContain(kept);
    expect(storedKeys()).not.toContain(orphan);
  });
});

describe('founder and investor reads', () => {
  it('lists the founder’s own decks only, with counts and pages', async () => {
    const mine = await inject({
      method: 'GET',
      url: `${founderDeckPaths.pitchDecks}?limit=2`,
      headers: authHeaders(founder.tokens),
    });
    expect(mine.statusCode).toBe(200);
    const body = mine.json() as { data: FounderPitchDeck[]; meta: { total: number; hasMore: boolean } };
    expect(body.data).toHaveLength(2);
    expect(body.meta.hasMore).toBe(true);
    const others = await inject({
      method: 'GET',
      url: founderDeckPaths.pitchDecks,
      headers: authHeaders(otherFounder.tokens),
    });
    expect(others.json().meta.total).toBe(0);
    const someone = body.data[0] as FounderPitchDeck;
    const peek = await inject({
      method: 'GET',
      url: founderDeckPaths.pitchDeck(someone.id),
      headers: authHeaders(otherFounder.tokens),
    });
    expect(peek.statusCode).toBe(404);
  });

  it('shows investors ready decks only, never a processing or failed one', async () => {
    const processing = await createDeck(ctx, founder);
    const hidden = await inject({
      method: 'GET',
      url: investorDeckPaths.pitchDeck(processing.id),
      headers: authHeaders(investor.tokens),
    });
    expect(hidden.statusCode).toBe(404);
    await processed(ctx, founder, processing.id);
    const shown = await inject({
      method: 'GET',
      url: investorDeckPaths.pitchDeck(processing.id),
      headers: authHeaders(investor.tokens),
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.json().pitchDeck).toMatchObject({ founder: { name: 'Ines Founder' }, myInterest: null });
  });

  it('finds a deck by a word that appears only inside its page text, with an excerpt', async () => {
    const deck = await readyDeck(ctx, otherFounder, {
      pdf: await deckPdf(4, { 3: 'We license the quillwort enzyme to brewers.' }),
      details: { company: 'Mashline', title: 'Mashline seed', pitch: 'Faster brewing.', sector: 'Consumer' },
    });
    const search = async (query: string) => {
      const reply = await inject({
        method: 'GET',
        url: `${investorDeckPaths.pitchDecks}?${query}`,
        headers: authHeaders(investor.tokens),
      });
      expect(reply.statusCode).toBe(200);
      return reply.json() as { data: InvestorPitchDeck[]; meta: { total: number } };
    };
    const found = await search('q=quillwort');
    expect(found.data.map((hit) => hit.id)).toEqual([deck.id]);
    expect(found.data[0]?.excerpt).toContain('«quillwort»');
    expect((await search('q=quillwort&sector=Climate')).data).toHaveLength(0);
    expect((await search('q=quillwort&sector=Consumer&stage=Seed')).data).toHaveLength(1);
    expect((await search('q=nonexistentword')).meta.total).toBe(0);
    const all = await search('sort=amount_desc&limit=100');
    expect(all.data.every((hit) => hit.status === 'ready')).toBe(true);
    const amounts = all.data.map((hit) => hit.amountSought);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    const bad = await inject({
      method: 'GET',
      url: `${investorDeckPaths.pitchDecks}?limit=500`,
      headers: authHeaders(investor.tokens),
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('view analytics', () => {
  it('records time per page per session and shows the founder viewers, totals and exits', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(5) });
    const session = crypto.randomUUID();
    const report = (sessionId: string, pages: { page: number; seconds: number }[], who = investor) =>
      inject({
        method: 'POST',
        url: investorDeckPaths.views(deck.id),
        headers: authHeaders(who.tokens),
        payload: { sessionId, pages },
      });
    expect(
      (
        await report(session, [
          { page: 1, seconds: 4 },
          { page: 2, seconds: 6.5 },
        ])
      ).statusCode,
    ).toBe(204);
    expect(
      (
        await report(session, [
          { page: 2, seconds: 1.5 },
          { page: 3, seconds: 2 },
        ])
      ).statusCode,
    ).toBe(204);
    // The second session opens the deck again after the first view's 30 minutes have passed.
    await ctx.sql(`update deck_views set started_at = started_at - interval '31 minutes' where id = $1`, [session]);
    expect((await report(crypto.randomUUID(), [{ page: 1, seconds: 3 }])).statusCode).toBe(204);
    expect((await report(crypto.randomUUID(), [{ page: 9, seconds: 3 }])).statusCode).toBe(400);

    const analytics = await inject({
      method: 'GET',
      url: founderDeckPaths.analytics(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(analytics.statusCode).toBe(200);
    const body = analytics.json().analytics as DeckAnalytics;
    expect(body).toMatchObject({ viewerCount: 1, viewCount: 2, totalSeconds: 17 });
    expect(body.pages.map((page) => [page.page, page.seconds, page.views, page.exits])).toEqual([
      [1, 7, 2, 1],
      [2, 8, 1, 0],
      [3, 2, 1, 1],
      [4, 0, 0, 0],
      [5, 0, 0, 0],
    ]);
    expect(body.viewers[0]).toMatchObject({ investor: { name: 'Ravi Investor' }, sessions: 2, furthestPage: 3 });
    const card = await inject({
      method: 'GET',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(card.json().pitchDeck.viewCount).toBe(2);
    const byOther = await inject({
      method: 'GET',
      url: founderDeckPaths.analytics(deck.id),
      headers: authHeaders(otherFounder.tokens),
    });
    expect(byOther.statusCode).toBe(404);
  });

  it('bounds what one investor can claim: fresh session ids add no views and no time beyond the clock', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(3) });
    const reader = await signUp(ctx, 'investor');
    const report = () =>
      inject({
        method: 'POST',
        url: investorDeckPaths.views(deck.id),
        headers: authHeaders(reader.tokens),
        payload: { sessionId: crypto.randomUUID(), pages: [{ page: 1, seconds: 60 }] },
      });
    const statuses: number[] = [];
    for (let count = 0; count < 100; count += 1) statuses.push((await report()).statusCode);
    // The first report's minute is reading done before it; the other 99 claim time not yet passed.
    expect(statuses.filter((status) => status === 204)).toHaveLength(1);
    expect(statuses.filter((status) => status === 400)).toHaveLength(99);
    const analytics = await inject({
      method: 'GET',
      url: founderDeckPaths.analytics(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(analytics.json().analytics).toMatchObject({ viewerCount: 1, viewCount: 1, totalSeconds: 60 });

    // Sessions opened within 30 minutes of the view's start belong to it; later ones count anew.
    const rejoin = (seconds: number) =>
      inject({
        method: 'POST',
        url: investorDeckPaths.views(deck.id),
        headers: authHeaders(reader.tokens),
        payload: { sessionId: crypto.randomUUID(), pages: [{ page: 2, seconds }] },
      });
    await ctx.sql(`update deck_readers set read_until = read_until - interval '20 minutes'`);
    await ctx.sql(`update deck_views set started_at = started_at - interval '20 minutes'`);
    expect((await rejoin(30)).statusCode).toBe(204);
    await ctx.sql(`update deck_readers set read_until = read_until - interval '11 minutes'`);
    await ctx.sql(`update deck_views set started_at = started_at - interval '11 minutes'`);
    expect((await rejoin(30)).statusCode).toBe(204);
    const later = await inject({
      method: 'GET',
      url: founderDeckPaths.analytics(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(later.json().analytics).toMatchObject({ viewCount: 2, totalSeconds: 120 });
    expect(later.json().analytics.viewers[0]).toMatchObject({ sessions: 2 });
  });

  it('refuses a session id another investor uses, without changing its numbers', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(2) });
    const other = await signUp(ctx, 'investor');
    const session = crypto.randomUUID();
    const payload = { sessionId: session, pages: [{ page: 1, seconds: 5 }] };
    const url = investorDeckPaths.views(deck.id);
    expect((await inject({ method: 'POST', url, headers: authHeaders(investor.tokens), payload })).statusCode).toBe(
      204,
    );
    const hijack = await inject({ method: 'POST', url, headers: authHeaders(other.tokens), payload });
    expect(hijack.statusCode).toBe(409);
    const [row] = await ctx.sql('select total_seconds from deck_views where id = $1', [session]);
    expect(Number(row?.total_seconds)).toBe(5);
  });
});

describe('after a crash', () => {
  it('takes up decks left processing without a live claim, and leaves a claim with a fresh heartbeat alone', async () => {
    const orphan = await createDeck(ctx, founder);
    const claimed = await createDeck(ctx, founder);
    await ctx.app.background.drain();
    // As a process that died mid-way would leave them: one it never claimed (its creator died
    // before its turn a minute ago), one whose holder beat just now.
    await ctx.sql(
      `update pitch_deck_versions set status = 'processing', processing_claimed_by = null, processing_claimed_at = null,
        processing_heartbeat_at = null, created_at = now() - interval '1 minute' where pitch_deck_id = $1`,
      [orphan.id],
    );
    await ctx.sql(
      `update pitch_deck_versions set status = 'processing', processing_claimed_by = 'another-process',
        processing_claimed_at = now(), processing_heartbeat_at = now() where pitch_deck_id = $1`,
      [claimed.id],
    );
    expect(await ctx.app.services.processor.resumeUnfinished()).toBe(1);
    expect((await processed(ctx, founder, orphan.id)).latestVersion.status).toBe('ready');
    expect((await processed(ctx, founder, claimed.id)).latestVersion.status).toBe('processing');
  });
});

describe('byte ranges', () => {
  it('serves a requested range with 206 and refuses one past the end with 416', async () => {
    const pdf = Buffer.from(await deckPdf(2));
    const deck = await readyDeck(ctx, founder, { pdf });
    const url = deck.fileUrl ?? '';
    const whole = await inject({ method: 'GET', url });
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await inject({ method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${pdf.length}`);
    expect(part.rawPayload.equals(pdf.subarray(0, 100))).toBe(true);
    const tail = await inject({ method: 'GET', url, headers: { range: 'bytes=-10' } });
    expect(tail.rawPayload.equals(pdf.subarray(pdf.length - 10))).toBe(true);
    const past = await inject({ method: 'GET', url, headers: { range: `bytes=${pdf.length}-` } });
    expect(past.statusCode).toBe(416);
  });
});

describe('unused uploads', () => {
  it('deletes files nothing used a day after their upload URL, keeping decks’ and fresh ones', async () => {
    const abandoned = await uploadFile(ctx, founder, await deckPdf(1));
    const fresh = await uploadFile(ctx, founder, await deckPdf(1));
    const deck = await createDeck(ctx, founder);
    const [used] = await ctx.sql('select file_key from pitch_deck_versions where pitch_deck_id = $1', [deck.id]);
    const usedKey = String(used?.file_key);
    await ctx.sql("update uploads set created_at = now() - interval '25 hours' where key = any($1)", [
      [abandoned.ticket.key, usedKey],
    ]);
    expect(storedKeys()).toEqual(expect.arrayContaining([abandoned.ticket.key, fresh.ticket.key, usedKey]));

    expect(await ctx.app.services.uploads.sweep()).toBeGreaterThanOrEqual(1);
    const left = storedKeys();
    expect(left).not.toContain(abandoned.ticket.key);
    expect(left).toEqual(expect.arrayContaining([fresh.ticket.key, usedKey]));
    const rows = await ctx.sql('select key from uploads where key = $1', [abandoned.ticket.key]);
    expect(rows).toHaveLength(0);
  });

  it('deletes the files of a deleted account', async () => {
    const leaving = await signUp(ctx, 'user');
    const deck = await readyDeck(ctx, leaving);
    const [row] = await ctx.sql('select file_key from pitch_deck_versions where pitch_deck_id = $1', [deck.id]);
    const key = String(row?.file_key);
    const deleted = await inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers: authHeaders(leaving.tokens),
      payload: { password: leaving.password },
    });
    expect(deleted.statusCode).toBe(204);
    await ctx.sql("update uploads set created_at = now() - interval '25 hours' where key = $1", [key]);
    await ctx.app.services.uploads.sweep();
    expect(storedKeys()).not.toContain(key);
  });

  it('removes the part file of an upload killed mid-way, never the part of an upload still streaming', async () => {
    const root = path.join(ctx.config.dataDir, 'uploads');
    const partFiles = () =>
      readdirSync(root, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile() && entry.name.endsWith('.part'))
        .map((entry) => path.join(entry.parentPath, entry.name));
    const firstBytes = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x41)]);
    const deadKey = newObjectKey('deck', founder.user.id, 'application/pdf');
    const liveKey = newObjectKey('deck', founder.user.id, 'application/pdf');

    // Another process streams an upload into the same folder and is killed with SIGKILL, as a
    // crash or an OOM kill would: its catch block never runs.
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', streamForeverScript], {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, STORAGE_ROOT: root, STORAGE_SECRET: ctx.config.authSecret, KEY: deadKey },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await until(() => partFiles().length === 1, 20_000);
    child.kill('SIGKILL');
    await exited;
    const deadPart = String(partFiles()[0]);
    // An hour without a write: no live upload is that slow.
    const anHourAgo = new Date(Date.now() - 61 * 60_000);
    await utimes(deadPart, anHourAgo, anHourAgo);

    const storage = ctx.app.services.storage as LocalFileStorage;
    const body = new PassThrough();
    const live = storage.write(liveKey, body, { contentType: 'application/pdf', maxBytes: 1_000_000 });
    body.write(firstBytes);
    await until(() => partFiles().length === 2, 5_000);

    await ctx.app.services.uploads.sweep();
    expect(partFiles()).not.toContain(deadPart);
    expect(partFiles()).toHaveLength(1);
    body.end(Buffer.from('\n%%EOF\n'));
    await expect(live).resolves.toEqual({ size: firstBytes.length + 7 });
    expect(storedKeys()).toContain(liveKey);
    expect(storedKeys()).not.toContain(deadKey);
    expect(partFiles()).toEqual([]);
  }, 30_000);
});

describe('limits', () => {
  it('refuses NUL characters in queries and bodies with 400, not a database error', async () => {
    const search = await inject({
      method: 'GET',
      url: `${investorDeckPaths.pitchDecks}?q=${encodeURIComponent('tide\u0000s')}`,
      headers: authHeaders(investor.tokens),
    });
    expect(search.statusCode).toBe(400);
    expect(search.json().error.message).toMatch(/NUL/);
    const deck = await readyDeck(ctx, founder);
    const interest = await inject({
      method: 'POST',
      url: investorDeckPaths.interests(deck.id),
      headers: authHeaders(investor.tokens),
      payload: { note: 'keen\u0000' },
    });
    expect(interest.statusCode).toBe(400);
  });

  it('refuses more reading time than has passed in a session, and a page reported twice at once', async () => {
    const deck = await readyDeck(ctx, founder, { pdf: await deckPdf(3) });
    const sessionId = crypto.randomUUID();
    const report = (pages: { page: number; seconds: number }[]) =>
      inject({
        method: 'POST',
        url: investorDeckPaths.views(deck.id),
        headers: authHeaders(investor.tokens),
        payload: { sessionId, pages },
      });
    expect((await report([{ page: 1, seconds: 40 }])).statusCode).toBe(204);
    const inflated = await report([{ page: 2, seconds: 50 }]);
    expect(inflated.statusCode).toBe(400);
    expect(inflated.json().error.message).toMatch(/more reading time/i);
    expect(
      (
        await report([
          { page: 1, seconds: 1 },
          { page: 1, seconds: 1 },
        ])
      ).statusCode,
    ).toBe(400);
    const [row] = await ctx.sql('select total_seconds from deck_views where id = $1', [sessionId]);
    expect(Number(row?.total_seconds)).toBe(40);
  });

  it('caps the upload URLs an account holds unused within a day', async () => {
    const busy = await signUp(ctx, 'user');
    const ticket = () =>
      inject({
        method: 'GET',
        url: `${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=2048`,
        headers: authHeaders(busy.tokens),
      });
    for (let count = 0; count < 20; count += 1) expect((await ticket()).statusCode).toBe(200);
    const over = await ticket();
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('RATE_LIMITED');
  });
});

describe('deleting a deck', () => {
  it('lets its founder delete it with its file, interests and reading data; nobody else', async () => {
    const deck = await readyDeck(ctx, founder);
    const [row] = await ctx.sql('select file_key from pitch_deck_versions where pitch_deck_id = $1', [deck.id]);
    const key = String(row?.file_key);
    const shown = await inject({
      method: 'POST',
      url: investorDeckPaths.interests(deck.id),
      headers: authHeaders(investor.tokens),
      payload: { note: 'Keen.' },
    });
    expect(shown.statusCode).toBe(201);

    const byOther = await inject({
      method: 'DELETE',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(otherFounder.tokens),
    });
    expect(byOther.statusCode).toBe(404);
    const byInvestor = await inject({
      method: 'DELETE',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(investor.tokens),
    });
    expect(byInvestor.statusCode).toBe(403);
    expect(storedKeys()).toContain(key);

    const byOwner = await inject({
      method: 'DELETE',
      url: founderDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(founder.tokens),
    });
    expect(byOwner.statusCode).toBe(204);
    expect(storedKeys()).not.toContain(key);
    expect(await ctx.sql('select 1 from interests where pitch_deck_id = $1', [deck.id])).toHaveLength(0);
    const gone = await inject({
      method: 'GET',
      url: investorDeckPaths.pitchDeck(deck.id),
      headers: authHeaders(investor.tokens),
    });
    expect(gone.statusCode).toBe(404);
  });
});
