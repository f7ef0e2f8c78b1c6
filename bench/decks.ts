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
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 10- and 30-page decks once each and
// the bomb, on one server on PostgreSQL; search over 300 decks for a second per query.
import { readFileSync } from 'node:fs';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import pg from 'pg';
// The seed writes through the product's own repository (see seedDecks); bench/tsconfig.json maps
// the server's `@/` alias so its modules resolve here, for tsc and tsx alike.
import { openDatabase } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { PitchDecksRepository } from '../apps/server/src/modules/pitchdecks/pitchdecks.repository';
import { newObjectKey } from '../apps/server/src/modules/storage/storage';
import { bombPdf } from '../apps/server/test/pdf-bombs';
import { inBatches, temporaryPostgres } from './support/api';
import { signUp, startBareServer, startProductServer, startProductServerOn } from './support/processes';
import { conclude, envNumber, isSmoke, loadProblems, sized } from './support/smoke';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const deckCount = envNumber('BENCH_DECKS', 10_000, 300);
const searchSeconds = envNumber('BENCH_SECONDS', 10, 1);
const searchConnections = envNumber('BENCH_CONNECTIONS', 10, 4);
/** Load before each measured one, so JIT and caches are in the same state for every target; none in a smoke run. */
const warmUpSeconds = sized(2, 0);
/** Timed runs per processing size and of the deck alone before the bomb; the median counts. */
const runsPerSize = sized(3, 1);
const processingPages = sized([10, 30, 100], [10, 30]);

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

type ProductServer = Awaited<ReturnType<typeof startProductServerOn>>;

let smokeServer: ProductServer | undefined;

/**
 * Runs `work` on a product server for processing: a fresh one on the embedded database per
 * part, or in a smoke run one server on PostgreSQL for both parts (a PGlite start alone costs
 * 5–8 s, and a smoke run only has to prove the parts still run). `stopSmokeServer` ends it.
 */
async function withDeckServer<Result>(work: (product: ProductServer) => Promise<Result>): Promise<Result> {
  if (isSmoke) {
    smokeServer ??= await startProductServerOn('postgres');
    return work(smokeServer);
  }
  const product = await startProductServerOn('pglite');
  try {
    return await work(product);
  } finally {
    await product.stop();
  }
}

async function stopSmokeServer() {
  await smokeServer?.stop();
  smokeServer = undefined;
}

async function benchProcessing() {
  return withDeckServer(async (product) => {
    const base = product.base;
    const headers = await signUp(base, product.dataDir, 'users');
    const rows = [];
    for (const pages of processingPages) {
      const bytes = await makePdf(pages);
      const baseline: number[] = [];
      const product: number[] = [];
      for (let run = 0; run < runsPerSize; run += 1) {
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
  });
}

/** The resident set of process `pid` in bytes, from /proc (Linux). */
function residentBytes(pid: number): number {
  const line = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? Number.NaN) * 1024;
}

async function benchBomb() {
  return withDeckServer(async (product) => {
    const base = product.base;
    const headers = await signUp(base, product.dataDir, 'users');
    const pid = product.child.pid ?? 0;
    const normal = await makePdf(12);
    const bomb = await bombPdf(1024 * 1024 * 1024);
    // The first deck pays for starting the workers.
    await timeToReady(base, headers, normal, 12);
    const alone: number[] = [];
    for (let run = 0; run < runsPerSize; run += 1) alone.push(await timeToReady(base, headers, normal, 12));

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
  });
}

/**
 * `deckCount` ready decks of `founderId`, written through the product's own repository as a
 * processed upload leaves them: `insert` (the deck and its version 1), `claimForProcessing`,
 * then `markReady` with twelve pages of text, which stores the pages with their vectors, makes
 * the version live and fills the deck's search and rank vectors. Processing 10,000 PDFs would
 * take half an hour; copying the repository's SQL here is what broke when decks got versions (the
 * seed kept writing `pitch_decks.file_key`, a column migration 0007 moved). Through the
 * repository the seed follows every schema change, and tsc checks it (`npm run typecheck`).
 */
async function seedDecks(databaseUrl: string, founderId: string) {
  // The product server has migrated this database already; this handle only writes through it.
  // Its sessions do not wait for each commit's WAL flush (three commits a deck): this is a bulk
  // load, and the searches measured afterwards read the same rows either way.
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c synchronous_commit=off');
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 8,
    logger: { warn: (...args: unknown[]) => console.warn('seed pool:', ...args) },
  });
  try {
    const repository = new PitchDecksRepository(database.db);
    // The seed claims each version right after inserting it, as the submitting process would: the
    // server's sweep for abandoned versions (unclaimed for seconds) never takes one over.
    const instanceId = `bench-seed-${process.pid}`;
    const sectors = ['AI & Data', 'Climate', 'Fintech', 'Health', 'SaaS', 'Marketplaces'];
    const stages = ['Pre-seed', 'Seed', 'Series A'];
    const indexes = Array.from({ length: deckCount }, (_, index) => index);
    await inBatches(indexes, 8, async (index) => {
      const deck = await repository.insert({
        id: newId('dck-'),
        founderId,
        versionId: newId('ver-'),
        fileKey: newObjectKey('deck', founderId, 'application/pdf'),
        fileSize: 1_000,
        company: `Company ${index}`,
        title: sentence(index, 5),
        pitch: sentence(index * 3, 12),
        sector: pick(sectors, index),
        stage: pick(stages, index),
        amountSought: 100_000 + ((index * 7919) % 9_900_000),
        location: 'Bench',
        website: null,
      });
      if (!deck) throw new Error(`seed: deck ${index} was not created (its file key is taken)`);
      const claimed = await repository.claimForProcessing(deck.latest.id, instanceId, 60);
      if (!claimed) throw new Error(`seed: deck ${index}'s version could not be claimed for processing`);
      // Twelve pages of text per deck; one deck in a hundred carries each rare word, on page 7.
      const pages = Array.from({ length: 12 }, (_, offset) => {
        const page = offset + 1;
        const rare = page === 7 ? ` ${pick(rareWords, index)}` : '';
        return `${sentence(index * 13 + page, 30, vocabulary)}${rare}`;
      });
      const isReady = await repository.markReady(deck.latest.id, instanceId, {
        pageCount: pages.length,
        thumbnailKey: null,
        pages,
        layouts: pages.map((_, offset) => ({ title: `Slide ${offset + 1}`, minFontSize: 18, bodyFontSize: 24 })),
        fontSizes: { min: 18, max: 32 },
        processingMs: 100,
      });
      if (!isReady) throw new Error(`seed: deck ${index} could not be made ready`);
    });
  } finally {
    await database.close();
  }
  // The steady state autovacuum reaches soon after a bulk load: statistics and a visibility
  // map, so counts can use index-only scans.
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => console.warn('vacuum connection:', error.message));
  await client.connect();
  try {
    await client.query('vacuum analyze pitch_decks, pitch_deck_versions, pitch_deck_pages');
  } finally {
    await client.end();
  }
}

type SearchRow = {
  name: string;
  /** Decks the query matches (the answer's total): a search that finds nothing times nothing. */
  matches: number;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
};

async function measure(name: string, url: string, headers: Headers = {}, matches = Number.NaN): Promise<SearchRow> {
  if (warmUpSeconds > 0) await autocannon({ url, connections: 5, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections: searchConnections, duration: searchSeconds, headers });
  return {
    name,
    matches,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** How many decks a list or search URL finds, asked once as the investor; throws on an error answer. */
async function countMatches(url: string, headers: Headers): Promise<number> {
  const reply = await fetch(url, { headers });
  if (!reply.ok) throw new Error(`${url} answered ${reply.status}: ${await reply.text()}`);
  const page = (await reply.json()) as { meta: { total: number } };
  return page.meta.total;
}

async function benchSearch() {
  const database = await temporaryPostgres(adminUrl, 'search');
  const databaseUrl = database.url;
  const bare = await startBareServer();
  const product = await startProductServer({ DATABASE_URL: databaseUrl, SMTP_URL: '' });
  try {
    const base = product.base;
    const founderHeaders = await signUp(base, product.dataDir, 'users');
    const me = await fetch(`${base}/api/v1/users/me`, { headers: founderHeaders });
    const { user: founder } = (await me.json()) as { user: { id: string } };
    const seedStarted = performance.now();
    await seedDecks(databaseUrl, founder.id);
    const seedSeconds = Math.round((performance.now() - seedStarted) / 100) / 10;
    const headers = await signUp(base, product.dataDir, 'investors');
    const list = `${base}${investorDeckPaths.pitchDecks}`;
    const listed = await countMatches(`${list}?sort=newest&limit=1`, headers);
    if (listed !== deckCount) throw new Error(`seeded ${deckCount} decks but investors see ${listed}`);
    const queries = [
      ['list, newest first', `${list}?sort=newest`],
      ['search: rare word (~1 % of decks)', `${list}?q=${rareWords[7]}`],
      ['search: a word in ~1 deck in 9', `${list}?q=${vocabulary[42]}`],
      ['search: two such words', `${list}?q=${encodeURIComponent(`${vocabulary[42]} ${vocabulary[1042]}`)}`],
      ['search + sector + stage', `${list}?q=${vocabulary[7]}&sector=Climate&stage=Seed`],
    ] as const;
    const rows = [await measure('bare Fastify route', `${bare.base}/bare`)];
    for (const [name, url] of queries) rows.push(await measure(name, url, headers, await countMatches(url, headers)));
    const baseline = rows[0]?.requestsPerSecond ?? 1;
    const table = rows.map((row) => ({ ...row, ratio: Number((row.requestsPerSecond / baseline).toFixed(3)) }));
    console.table(table);
    return { decks: deckCount, seedSeconds, rows: table };
  } finally {
    await product.stop();
    await bare.stop();
    // BENCH_KEEP_DATABASE=1 leaves the seeded database for EXPLAIN sessions.
    if (process.env.BENCH_KEEP_DATABASE === '1') console.log(`kept database ${databaseUrl}`);
    else await database.drop();
  }
}

// BENCH_PART=processing, =bomb or =search runs one part alone.
const part = process.env.BENCH_PART ?? 'all';
const runs = (name: string) => part === 'all' || part === name;
let processing: Awaited<ReturnType<typeof benchProcessing>> = [];
let bomb: Awaited<ReturnType<typeof benchBomb>> | null = null;
try {
  if (runs('processing')) processing = await benchProcessing();
  if (runs('bomb')) bomb = await benchBomb();
} finally {
  await stopSmokeServer();
}
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
// What says the benchmark itself broke, whatever the machine's speed (a bomb that is not failed
// is the product's regression, a budget matter; a deck after it that is not ready times nothing).
const problems = [
  ...(runs('processing') && processing.length !== processingPages.length ? ['processing measured nothing'] : []),
  ...processing.flatMap((row) => (row.readyMs > 0 ? [] : [`${row.pages}-page deck: no time to ready`])),
  ...(bomb && bomb.normalAfterBombStatus !== 'ready'
    ? [`the deck after the bomb ended ${bomb.normalAfterBombStatus}`]
    : []),
  ...(runs('search') && search.rows.length === 0 ? ['search measured nothing'] : []),
  ...loadProblems(search.rows),
  ...search.rows.slice(1).flatMap((row) => (row.matches > 0 ? [] : [`${row.name}: matched no deck`])),
];
conclude({
  bench: 'decks',
  processing,
  bomb,
  search,
  budget: { thirtyPagesReadyMs: 3_000, bombRssGrowthMb: 300, afterBomb: '3× alone + 1 s', searchP99Ms: 100 },
  withinBudget,
  problems,
});
