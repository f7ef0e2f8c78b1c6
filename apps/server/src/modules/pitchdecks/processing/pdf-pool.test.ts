import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, StandardFonts } from 'pdf-lib';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { deckPdf } from '../../../../test/decks';
import { type BombKind, bombPdf } from '../../../../test/pdf-bombs';
import { PdfPool } from './pdf-pool';

const logger = pino({ level: 'silent' });
const mebibytes = (count: number) => count * 1024 * 1024;

let pools: PdfPool[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

function poolWith(options: ConstructorParameters<typeof PdfPool>[1] = {}): PdfPool {
  const pool = new PdfPool(logger, options);
  pools.push(pool);
  return pool;
}

/** An RGB PNG of `width` × `height` with a little noise, so it compresses as a screenshot does. */
function pngOf(width: number, height: number): Buffer {
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let index = 0; index < rows.length; index += 97) rows[index] = index % 251;
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body) >>> 0);
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** One page with `content` as a second, Flate-compressed content stream after a line of text. */
async function pageWithContent(content: Buffer): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  const page = document.addPage([960, 540]);
  page.drawText('Quarterly plan', { x: 72, y: 460, size: 24, font });
  const context = document.context;
  const stream = context.stream(deflateSync(content), { Filter: PDFName.of('FlateDecode') });
  page.node.addContentStream(context.register(stream));
  return document.save();
}

/** Moves the pen and shows two letters `runs` times: slow to read, yet small in every way. */
function manyTextRunsPdf(runs: number): Promise<Uint8Array> {
  return pageWithContent(Buffer.from(`BT /F1 12 Tf\n${'1 0 Td (ab) Tj\n'.repeat(runs)}ET\n`, 'latin1'));
}

/**
 * One TJ operator whose array holds `count` small dictionaries: 9 bytes each decoded, well within
 * the decoded budget, but pdf.js keeps every one as an object on its heap until the operator ends.
 */
function manyDictionariesPdf(count: number): Promise<Uint8Array> {
  return pageWithContent(Buffer.from(`BT /F1 12 Tf [(a) ${'<</a 1>> '.repeat(count)}] TJ ET\n`, 'latin1'));
}

describe('PdfPool', () => {
  it('starts no worker before the first deck, and lets idle ones go', async () => {
    const pool = poolWith({ idleMs: 200 });
    // A server's pool exists from its start; its threads cost memory only once decks come.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(pool.workerCount).toBe(0);

    expect(await pool.parse(await deckPdf(2), 300)).toMatchObject({ ok: true, pageCount: 2 });
    // The deck's worker at least (the spare beside it may already have gone on a slow machine).
    expect(pool.workerCount).toBeGreaterThan(0);
    await expect.poll(() => pool.workerCount, { timeout: 10_000, interval: 50 }).toBe(0);

    // The next deck starts what it needs again.
    expect(await pool.parse(await deckPdf(3), 300)).toMatchObject({ ok: true, pageCount: 3 });
  });

  it('draws page 1 of a deck for the cards, but not a page of hundreds of thousands of operations', async () => {
    const pool = poolWith({ size: 1 });
    const drawn = await pool.parse(await deckPdf(2), 300);
    if (!drawn.ok) throw new Error(drawn.reason);
    expect(
      Buffer.from(drawn.thumbnail ?? [])
        .subarray(8, 12)
        .toString('latin1'),
    ).toBe('WEBP');
    const started = performance.now();
    const crowded = await pool.parse(await manyTextRunsPdf(100_000), 300);
    expect(crowded).toMatchObject({ ok: true, pageCount: 1, thumbnail: null });
    // Its text is read as ever; only the picture is left to the browser.
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it('keeps a worker that waited, then reads a deck for longer than the idle time', async () => {
    const pool = poolWith({ size: 1, idleMs: 300 });
    expect(await pool.parse(await deckPdf(1), 300)).toMatchObject({ ok: true });
    // The worker now waits with its idle timer running; this deck takes it well past 300 ms.
    const started = performance.now();
    expect(await pool.parse(await manyTextRunsPdf(300_000), 300)).toMatchObject({ ok: true, pageCount: 1 });
    expect(performance.now() - started).toBeGreaterThan(300);
  });

  it.each<BombKind>([
    'flate',
    'flate-twice',
    'lzw',
    'in-object-stream',
    'image-as-content',
    'indirect-filter',
    'hex-then-flate',
    'encrypted-rc4',
    'encrypted-aes256',
  ])('refuses a %s decompression bomb once it decodes past the budget, before pdf.js holds it', async (kind) => {
    const pool = poolWith({ maxDecodedBytes: mebibytes(8) });
    const started = performance.now();
    const result = await pool.parse(await bombPdf(mebibytes(64), kind), 300);
    expect(result).toEqual({
      ok: false,
      reason: expect.stringMatching(/expands to far more data than a deck can hold/),
    });
    // The sentence comes only from the scan, which runs before pdf.js: that is the proof. The
    // clock only guards against a scan gone slow; on a quiet machine it stops in well under 1 s,
    // on a loaded CI machine in 2–3 s.
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it('reads each page’s title, body size and smallest size, which the deck analysis uses', async () => {
    const pool = poolWith();
    const result = await pool.parse(await deckPdf(2, { 2: 'Ports lose a week to paperwork.' }), 300);
    expect(result.ok && result.layouts).toEqual([
      { title: 'Slide 1', minFontSize: 10, bodyFontSize: 20 },
      { title: 'Slide 2', minFontSize: 10, bodyFontSize: 20 },
    ]);
  });

  it('reads an ordinary deck under the same budget, however large its images decode', async () => {
    const pool = poolWith({ maxDecodedBytes: mebibytes(8) });
    const document = await PDFDocument.load(await deckPdf(3, { 2: 'Traction in three ports.' }));
    // A 2000 × 1500 screenshot: 9 MB of pixels once inflated, each image within its own size.
    const image = await document.embedPng(await pngOf(2000, 1500));
    for (const page of document.getPages()) page.drawImage(image, { x: 0, y: 0, width: 200, height: 150 });
    const result = await pool.parse(await document.save(), 300);
    expect(result).toMatchObject({ ok: true, pageCount: 3 });
    expect(result.ok && result.pages[1]).toContain('Traction in three ports.');
  });

  it.each<BombKind>(['encrypted-rc4', 'encrypted-aes256'])(
    'reads a %s deck locked by an owner password only, within the budget',
    async (kind) => {
      const pool = poolWith({ maxDecodedBytes: mebibytes(8) });
      const result = await pool.parse(await bombPdf(mebibytes(1), kind), 300);
      expect(result).toMatchObject({ ok: true, pageCount: 1, pages: ['Quarterly plan'] });
    },
  );

  it('stops a deck at its time limit with a sentence, and reads the next one on a fresh worker', async () => {
    // A limit a small deck meets even on a loaded machine (its first parse on a fresh worker took
    // up to a few hundred ms there), and a deck that needs several seconds on a quiet one.
    const pool = poolWith({ size: 1, timeoutMs: 1_500 });
    const slow = await pool.parse(await manyTextRunsPdf(1_500_000), 300);
    expect(slow).toEqual({ ok: false, reason: expect.stringMatching(/took too long to read/) });
    expect(await pool.parse(await deckPdf(2), 300)).toMatchObject({ ok: true, pageCount: 2 });
  });

  it('stops a deck that fills the worker heap with a sentence, and reads the next one', async () => {
    const pool = poolWith({ size: 1, maxHeapMb: 96 });
    const result = await pool.parse(await manyDictionariesPdf(1_000_000), 300);
    expect(result).toEqual({ ok: false, reason: expect.stringMatching(/needs more memory to read/) });
    expect(await pool.parse(await deckPdf(2), 300)).toMatchObject({ ok: true, pageCount: 2 });
  });

  it('keeps a worker free for other decks while one deck is slow', async () => {
    const pool = poolWith();
    // Every worker is up first, so what is timed below is waiting, not starting threads.
    await Promise.all([pool.parse(await deckPdf(1), 300), pool.parse(await deckPdf(1), 300)]);
    const [slowPdf, quickPdf] = await Promise.all([manyTextRunsPdf(600_000), deckPdf(3)]);
    const slow = pool.parse(slowPdf, 300);
    const started = performance.now();
    expect(await pool.parse(quickPdf, 300)).toMatchObject({ ok: true, pageCount: 3 });
    const quickMs = performance.now() - started;
    await slow;
    const slowMs = performance.now() - started;
    // Relative, so a loaded machine slows both alike: the quick deck never waited for the slow one.
    expect(quickMs).toBeLessThan(slowMs / 2);
  });

  it('refuses a parse with limits at once when the decks ahead would take longer, and queues the rest', async () => {
    const pool = poolWith({ size: 2 });
    // One deck read sets the pace the pool judges a wait by.
    expect(await pool.parse(await deckPdf(2), 300)).toMatchObject({ ok: true });
    const queued = await Promise.all(Array.from({ length: 12 }, () => deckPdf(2)));
    const reads = queued.map((pdf) => pool.parse(pdf, 300));
    const busy = (retryAfterMs: number) => new Error(`busy for ${retryAfterMs} ms`);

    try {
      const started = performance.now();
      await expect(pool.parse(await deckPdf(2), 300, { maxWaitMs: 1, overloaded: busy })).rejects.toThrow(
        /^busy for [\d.]+ ms$/,
      );
      // Refused without waiting for a worker.
      expect(performance.now() - started).toBeLessThan(2_000);
      // With room to wait, the same call queues and is read.
      const patient = pool.parse(await deckPdf(2), 300, { maxWaitMs: 600_000, overloaded: busy });
      for (const read of [...reads, patient]) expect(await read).toMatchObject({ ok: true, pageCount: 2 });
    } finally {
      // A failed expectation must not leave reads for the pool's close to reject unheard.
      await Promise.allSettled(reads);
    }
  }, 60_000);
});
