// Deck processing and investor search.
// 1. Processing: 10-, 30- and 100-page decks go through the product's own path (signed upload,
//    create, background parsing in a worker thread) until ready; the baseline is pdf.js parsing
//    the same bytes in this process, so the ratio shows what the product adds. Budget: a 30-page
//    deck ready in under 3 s.
// 2. Bomb: a 1 MB PDF whose page content inflates to 1 GiB of spaces, then at once a 12-page deck.
//    Measures the server process's RSS growth while the bomb is processed, the time until it is
//    failed, and the 12-page deck's time to ready against the same deck submitted alone. Budget:
//    RSS grows under 300 MB, and the deck after the bomb is ready within 3× its time alone + 1 s.
// 3. Search: GET /api/v1/investors/pitchdecks with a search term over 10,000 ready decks on
//    PostgreSQL, under autocannon, beside a bare Fastify route. Budget: p99 under 100 ms.
// Prints a table per part and one JSON line. BENCH_PART=processing, =bomb or =search runs one.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import pg from 'pg';
import { bombPdf } from '../apps/server/test/pdf-bombs';
import { signUp, startBareServer, startProductServer } from './support/processes';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const deckCount = Number(process.env.BENCH_DECKS ?? 10_000);
const searchSeconds = Number(process.env.BENCH_SECONDS ?? 10);
const searchConnections = Number(process.env.BENCH_CONNECTIONS ?? 10);

type Headers = Record<string, string>;

const words = (
  'market revenue growth customers pilot platform team traction margin retention churn enterprise ' +
  'logistics payments health climate energy battery solar carbon freight warehouse robotics sensor ' +
  'analytics model training inference privacy security compliance onboarding marketplace subscription ' +
  'pricing distribution channel partnership hospital clinic patient doctor farm crop water soil school ' +
  'student teacher learning tutor cloud database developer api latency storage network mobile tablet'
).split(' ');
/**
 * The decks' own text draws from 3,000 made-up words, so a given word is in about one deck in
 * nine, as a domain word (say, "bathymetry") is in a real collection; the 60 English words above
 * fill titles and pitches. Rare words: each in about 1 % of decks, the kind of term an investor
 * looks up to find one company.
 */
const syllables = 'ka lo mi ner tu vas pel dor qui zan fo rix sal te mu bren'.split(' ');
const vocabulary = Array.from({ length: 3_000 }, (_, index) => {
  let word = '';
  for (let rest = index + 17; rest > 0; rest = Math.floor(rest / syllables.length)) {
    word += syllables[rest % syllables.length];
  }
  return `${word}x`;
});
const rareWords = Array.from({ length: 100 }, (_, index) => `zephyr${index.toString(36)}ite`);

function pick<T>(list: T[], seed: number): T {
  return list[seed % list.length] as T;
}

function sentence(seed: number, length = 14, from: string[] = words): string {
  return Array.from({ length }, (_, index) =>
    pick(from, Math.abs(Math.imul(seed + 1, 2_654_435_761) ^ Math.imul(index + 1, 40_503)) >>> 3),
  ).join(' ');
}

async function makePdf(pages: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= pages; page += 1) {
    const sheet = document.addPage([960, 540]);
    sheet.drawText(`Slide ${page}: ${sentence(page, 4)}`, { x: 40, y: 460, size: 32, font });
    for (let line = 0; line < 8; line += 1) {
      sheet.drawText(sentence(page * 31 + line), { x: 40, y: 380 - line * 36, size: 18, font });
    }
  }
  return document.save();
}

async function parseInProcess(bytes: Uint8Array): Promise<number> {
  const started = performance.now();
  const task = getDocument({ data: bytes.slice(), isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  const document = await task.promise;
  for (let number = 1; number <= document.numPages; number += 1) {
    await (await document.getPage(number)).getTextContent();
  }
  await task.destroy();
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** Uploads and creates a deck, then polls until it leaves processing; answers ms from create to ready. */
async function timeToReady(base: string, headers: Headers, bytes: Uint8Array, pages: number): Promise<number> {
  const deck = await submit(base, headers, bytes, `${pages}-page deck`);
  const done = await settled(base, headers, deck);
  if (done.status !== 'ready' || done.pageCount !== pages) throw new Error(`a ${pages}-page deck failed processing`);
  return done.ms;
}

type Submitted = { id: string; createdAt: number };

/** Uploads `bytes` and creates a deck from them; answers its id and when the create call was sent. */
async function submit(base: string, headers: Headers, bytes: Uint8Array, title: string): Promise<Submitted> {
  const ticket = (await (
    await fetch(`${base}/api/v1/users/pitchdecks/upload?fileType=application/pdf&fileSize=${bytes.byteLength}`, {
      headers,
    })
  ).json()) as { uploadUrl: string; key: string; headers: Headers };
  const put = await fetch(new URL(ticket.uploadUrl, base), { method: 'PUT', headers: ticket.headers, body: bytes });
  if (!put.ok) throw new Error(`upload failed: ${put.status} ${await put.text()}`);
  const createdAt = performance.now();
  const created = await fetch(`${base}/api/v1/users/pitchdecks`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({
      key: ticket.key,
      company: `Bench ${title}`,
      title,
      pitch: 'A deck for timing.',
      sector: 'SaaS',
      stage: 'Seed',
      amountSought: 1_000_000,
      location: 'Bench',
    }),
  });
  const { pitchDeck } = (await created.json()) as { pitchDeck: { id: string } };
  return { id: pitchDeck.id, createdAt };
}

type Settled = { status: string; pageCount: number | null; failureReason: string | null; ms: number };

/** Polls a deck until it leaves processing; `ms` runs from its create call. */
async function settled(base: string, headers: Headers, deck: Submitted): Promise<Settled> {
  for (;;) {
    const reply = await fetch(`${base}/api/v1/users/pitchdecks/${deck.id}`, { headers });
    const { pitchDeck } = (await reply.json()) as { pitchDeck: Omit<Settled, 'ms'> };
    if (pitchDeck.status !== 'processing') return { ...pitchDeck, ms: performance.now() - deck.createdAt };
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

async function benchProcessing() {
  const product = await startProductServer({ DATABASE_URL: '' });
  try {
    const base = product.base;
    const headers = await signUp(base, product.dataDir, 'users');
    const rows = [];
    for (const pages of [10, 30, 100]) {
      const bytes = await makePdf(pages);
      const baseline: number[] = [];
      const product: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        baseline.push(await parseInProcess(bytes));
        product.push(await timeToReady(base, headers, bytes, pages));
      }
      rows.push({
        pages,
        megabytes: Number((bytes.byteLength / 1024 / 1024).toFixed(2)),
        parseOnlyMs: Math.round(median(baseline)),
        readyMs: Math.round(median(product)),
        ratio: Number((median(product) / median(baseline)).toFixed(2)),
      });
    }
    console.table(rows);
    return rows;
  } finally {
    await product.stop();
  }
}

/** The resident set of process `pid` in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) * 1024;
}

async function benchBomb() {
  const product = await startProductServer({ DATABASE_URL: '' });
  try {
    const base = product.base;
    const headers = await signUp(base, product.dataDir, 'users');
    const pid = product.child.pid ?? 0;
    const normal = await makePdf(12);
    const bomb = await bombPdf(1024 * 1024 * 1024);
    // The first deck pays for starting the workers.
    await timeToReady(base, headers, normal, 12);
    const alone: number[] = [];
    for (let run = 0; run < 3; run += 1) alone.push(await timeToReady(base, headers, normal, 12));

    const rssBefore = residentBytes(pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, residentBytes(pid));
    }, 10);
    try {
      const bombDeck = await submit(base, headers, bomb, 'bomb');
      const next = await submit(base, headers, normal, 'deck after the bomb');
      const [bombDone, nextDone] = await Promise.all([settled(base, headers, bombDeck), settled(base, headers, next)]);
      const row = {
        bombPdfMegabytes: Number((bomb.byteLength / 1024 / 1024).toFixed(2)),
        bombInflatesToMiB: 1024,
        bombStatus: bombDone.status,
        bombSettledMs: Math.round(bombDone.ms),
        rssGrowthMb: Math.round((rssPeak - rssBefore) / 1024 / 1024),
        normalAloneMs: Math.round(median(alone)),
        normalAfterBombMs: Math.round(nextDone.ms),
        normalAfterBombStatus: nextDone.status,
        ratio: Number((nextDone.ms / median(alone)).toFixed(2)),
      };
      console.table([row]);
      return row;
    } finally {
      clearInterval(sampler);
    }
  } finally {
    await product.stop();
  }
}

/** 10,000 ready decks straight into the database, with page text and the search vector the product computes. */
async function seedDecks(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    // Ids and keys in the product's own shapes, so the answers' signed file URLs can be made.
    const founderId = `usr-${randomBytes(8).toString('hex')}`;
    await client.query(
      `insert into accounts (id, role, email, name, password_hash, email_verified_at) values ($1, 'user', $2, 'Bench Founder', 'x', now())`,
      [founderId, `${founderId}@example.test`],
    );
    const sectors = ['AI & Data', 'Climate', 'Fintech', 'Health', 'SaaS', 'Marketplaces'];
    const stages = ['Pre-seed', 'Seed', 'Series A'];
    for (let start = 0; start < deckCount; start += 500) {
      const ids: string[] = [];
      const values: unknown[] = [];
      const rows: string[] = [];
      for (let index = start; index < Math.min(deckCount, start + 500); index += 1) {
        const id = `dck-bench${index.toString().padStart(8, '0')}`;
        ids.push(id);
        const base = values.length;
        values.push(
          id,
          founderId,
          `decks/${founderId}/upl-${index.toString(36).padStart(16, '0')}.pdf`,
          `Company ${index}`,
          sentence(index, 5),
          sentence(index * 3, 12),
        );
        values.push(pick(sectors, index), pick(stages, index), 100_000 + ((index * 7919) % 9_900_000));
        rows.push(
          `($${base + 1}, $${base + 2}, $${base + 3}, 1000, $${base + 4}, $${base + 5}, $${base + 6}, $${base + 7}, $${base + 8}, $${base + 9}, 'Bench', 'ready', 12, now() - interval '1 second' * ${index}, now() - interval '1 second' * ${index})`,
        );
      }
      await client.query(
        `insert into pitch_decks (id, founder_id, file_key, file_size, title, company, pitch, sector, stage, amount_sought, location, status, page_count, created_at, ready_at) values ${rows.join(', ')}`,
        values,
      );
      // Twelve pages of text per deck; one deck in a hundred carries each rare word.
      const pageRows: unknown[] = [];
      const placeholders: string[] = [];
      ids.forEach((id, offset) => {
        const index = start + offset;
        for (let page = 1; page <= 12; page += 1) {
          const rare = page === 7 ? ` ${pick(rareWords, index)}` : '';
          const at = pageRows.length;
          pageRows.push(id, page, `${sentence(index * 13 + page, 30, vocabulary)}${rare}`);
          placeholders.push(`($${at + 1}, $${at + 2}, $${at + 3})`);
        }
      });
      await client.query(
        `insert into pitch_deck_pages (pitch_deck_id, page_number, text) values ${placeholders.join(', ')}`,
        pageRows,
      );
    }
    await client.query(
      `
      update pitch_decks d set search_vector =
        setweight(to_tsvector('english', d.title || ' ' || d.company), 'A')
        || setweight(to_tsvector('english', d.pitch), 'B')
        || setweight(to_tsvector('english', (select string_agg(p.text, ' ' order by p.page_number) from pitch_deck_pages p where p.pitch_deck_id = d.id)), 'C'),
        rank_vector = setweight(to_tsvector('english', d.title || ' ' || d.company), 'A')
        || setweight(to_tsvector('english', d.pitch), 'B')
      where d.founder_id = $1`,
      [founderId],
    );
    // The steady state autovacuum reaches soon after a bulk load: statistics and a visibility
    // map, so counts can use index-only scans.
    await client.query('vacuum analyze pitch_decks, pitch_deck_pages');
  } finally {
    await client.end();
  }
}

async function measure(name: string, url: string, headers: Headers = {}) {
  await autocannon({ url, connections: 5, duration: 2, headers });
  const result = await autocannon({ url, connections: searchConnections, duration: searchSeconds, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchSearch() {
  const database = `pitchlane_bench_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${database}`);
  const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${database}`);
  const bare = await startBareServer();
  const product = await startProductServer({ DATABASE_URL: databaseUrl, SMTP_URL: '' });
  try {
    const base = product.base;
    const seedStarted = performance.now();
    await seedDecks(databaseUrl);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const headers = await signUp(base, product.dataDir, 'investors');
    const list = `${base}/api/v1/investors/pitchdecks`;
    const rows = [
      await measure('bare Fastify route', `${bare.base}/bare`),
      await measure('list, newest first', `${list}?sort=newest`, headers),
      await measure('search: rare word (~1 % of decks)', `${list}?q=${rareWords[7]}`, headers),
      await measure('search: a word in ~1 deck in 9', `${list}?q=${vocabulary[42]}`, headers),
      await measure(
        'search: two such words',
        `${list}?q=${encodeURIComponent(`${vocabulary[42]} ${vocabulary[1042]}`)}`,
        headers,
      ),
      await measure('search + sector + stage', `${list}?q=${vocabulary[7]}&sector=Climate&stage=Seed`, headers),
    ];
    const baseline = rows[0]?.requestsPerSecond ?? 1;
    const table = rows.map((row) => ({ ...row, ratio: Number((row.requestsPerSecond / baseline).toFixed(3)) }));
    console.table(table);
    return { decks: deckCount, seedSeconds, rows: table };
  } finally {
    await product.stop();
    await bare.stop();
    // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN sessions.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${database}`);
    else await admin.query(`drop database if exists ${database} with (force)`);
    await admin.end();
  }
}

// BENCH_PART=processing, =bomb or =search runs one part alone.
const part = process.env.BENCH_PART ?? 'all';
const runs = (name: string) => part === 'all' || part === name;
const processing = runs('processing') ? await benchProcessing() : [];
const bomb = runs('bomb') ? await benchBomb() : null;
const search = runs('search') ? await benchSearch() : { decks: 0, seedSeconds: 0, rows: [] };
const thirty = processing.find((row) => row.pages === 30);
const searchRows = search.rows.slice(2);
const withinBudget =
  (!runs('processing') || (thirty !== undefined && thirty.readyMs < 3_000)) &&
  (bomb === null ||
    (bomb.bombStatus === 'failed' &&
      bomb.rssGrowthMb < 300 &&
      bomb.normalAfterBombStatus === 'ready' &&
      bomb.normalAfterBombMs < bomb.normalAloneMs * 3 + 1_000)) &&
  searchRows.every((row) => row.p99 < 100 && row.non2xx === 0 && row.errors === 0);
console.log(
  JSON.stringify({
    bench: 'decks',
    processing,
    bomb,
    search,
    budget: { thirtyPagesReadyMs: 3_000, bombRssGrowthMb: 300, afterBomb: '3× alone + 1 s', searchP99Ms: 100 },
    withinBudget,
  }),
);
process.exitCode = withinBudget ? 0 : 1;
