// Share links: the gate a visitor without an account meets, and the first file the viewer loads.
// 1. The gate: GET /api/v1/links/{slug} (what the link asks for) and POST …/access (an email gate,
//    answering a viewer token: a visitor upsert and a token insert per call, and the founder's
//    first-visit news for each new visitor; again on a link that does not notify), under autocannon
//    on PostgreSQL, beside a bare Fastify route in the same run. Budget: p99 under 100 ms.
// 2. The file: GET …/file of a 30-page deck with the watermark on (pdf-lib in a worker thread
//    stamps every page), one at a time, beside the same file without the watermark. Budget: every
//    watermarked file under 1 s.
// Prints a table per part and one JSON line. Smoke mode (BENCH_SMOKE=1 or --smoke,
// support/smoke.ts): a second per load and three files each.
import { publicLinkPaths } from '@deckvalid/contract/links';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { signUp, startBareServer, startProductServerOn } from './support/processes';
import { conclude, envNumber, isSmoke, loadProblems, sized } from './support/smoke';

const seconds = envNumber('BENCH_SECONDS', 10, 1);
const connections = envNumber('BENCH_CONNECTIONS', 10, 4);
const warmUpSeconds = sized(2, 0);
const fileRuns = envNumber('BENCH_FILE_RUNS', 20, 3);
const pages = 30;

type Headers = Record<string, string>;

async function makePdf(count: number): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let page = 1; page <= count; page += 1) {
    const sheet = document.addPage([960, 540]);
    sheet.drawText(`Slide ${page}: market, traction and team`, { x: 40, y: 460, size: 32, font });
    for (let line = 0; line < 8; line += 1) {
      sheet.drawText(`Line ${line + 1} of slide ${page}: revenue grew with every pilot customer we signed.`, {
        x: 40,
        y: 380 - line * 36,
        size: 18,
        font,
      });
    }
  }
  return document.save();
}

async function json<Answer>(reply: Response): Promise<Answer> {
  if (!reply.ok) throw new Error(`${reply.url} answered ${reply.status}: ${await reply.text()}`);
  return (await reply.json()) as Answer;
}

/** Uploads and submits a deck, then waits until it is ready; answers its id. */
async function readyDeck(base: string, headers: Headers, bytes: Uint8Array): Promise<string> {
  const ticket = await json<{ uploadUrl: string; key: string; headers: Headers }>(
    await fetch(`${base}/api/v1/users/pitchdecks/upload?fileType=application/pdf&fileSize=${bytes.byteLength}`, {
      headers,
    }),
  );
  const put = await fetch(new URL(ticket.uploadUrl, base), { method: 'PUT', headers: ticket.headers, body: bytes });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const { pitchDeck } = await json<{ pitchDeck: { id: string } }>(
    await fetch(`${base}/api/v1/users/pitchdecks`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({
        key: ticket.key,
        company: 'Bench Co',
        title: 'Shared deck',
        pitch: 'A deck for timing share links.',
        sector: 'SaaS',
        stage: 'Seed',
        amountSought: 1_000_000,
        location: 'Bench',
      }),
    }),
  );
  for (;;) {
    const { pitchDeck: deck } = await json<{ pitchDeck: { status: string } }>(
      await fetch(`${base}/api/v1/users/pitchdecks/${pitchDeck.id}`, { headers }),
    );
    if (deck.status === 'ready') return pitchDeck.id;
    if (deck.status === 'failed') throw new Error('the bench deck failed processing');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function createLink(base: string, headers: Headers, deckId: string, settings: object) {
  const { link } = await json<{ link: { slug: string } }>(
    await fetch(`${base}/api/v1/users/pitchdecks/${deckId}/links`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench link', ...settings }),
    }),
  );
  return link.slug;
}

async function viewerToken(base: string, slug: string, email: string): Promise<string> {
  const answer = await json<{ viewerToken: string }>(
    await fetch(`${base}${publicLinkPaths.access(slug)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    }),
  );
  return answer.viewerToken;
}

type LoadRow = { name: string; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

async function load(name: string, options: autocannon.Options): Promise<LoadRow> {
  if (warmUpSeconds > 0) await autocannon({ ...options, connections: 5, duration: warmUpSeconds });
  const result = await autocannon({ ...options, connections, duration: seconds });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

/** Milliseconds of each of `runs` sequential GETs of the file with `token`; checks each is a whole PDF. */
async function timeFiles(url: string, token: string, runs: number): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    const reply = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const bytes = new Uint8Array(await reply.arrayBuffer());
    times.push(performance.now() - started);
    if (reply.status !== 200 || String.fromCharCode(...bytes.subarray(0, 5)) !== '%PDF-') {
      throw new Error(`${url} answered ${reply.status} without a PDF`);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const round = (value: number) => Math.round(value * 10) / 10;

const bare = await startBareServer();
const product = await startProductServerOn('postgres');
try {
  const base = product.base;
  const founder = await signUp(base, product.dataDir, 'users');
  const deckId = await readyDeck(base, founder, await makePdf(pages));
  const gateSlug = await createLink(base, founder, deckId, {});
  const plainSlug = await createLink(base, founder, deckId, { notify: false });
  const stampedSlug = await createLink(base, founder, deckId, { watermark: true, notify: false });

  // 1. The gate, beside the bare route.
  // A new visitor each call, as a link sent to many people meets them: a visitor row and a token,
  // and where the link notifies, the founder's inbox item and mail for each first visit.
  const newVisitors = (slug: string): autocannon.Options => ({
    url: `${base}${publicLinkPaths.access(slug)}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    setupClient: (client) => {
      let visitor = 0;
      client.setBody(JSON.stringify({ email: `visitor.0@example.test` }));
      client.on('response', () => {
        visitor += 1;
        client.setBody(
          JSON.stringify({ email: `visitor.${Math.random().toString(36).slice(2)}.${visitor}@example.test` }),
        );
      });
    },
  });
  const gateRows = [
    await load('bare Fastify route', { url: `${bare.base}/bare` }),
    await load('GET /api/v1/links/{slug}', { url: `${base}${publicLinkPaths.link(gateSlug)}` }),
    await load('POST /api/v1/links/{slug}/access', newVisitors(gateSlug)),
    // The same gate without the news: how much of the above is the founder being told.
    await load('POST …/access, notify off', newVisitors(plainSlug)),
  ];
  const baseline = gateRows[0]?.p99 || 1;
  console.table(gateRows.map((row) => ({ ...row, p99VsBare: round(row.p99 / baseline) })));

  // 2. The viewer's first file, plain and watermarked, one at a time.
  const plainToken = await viewerToken(base, plainSlug, 'plain.reader@example.test');
  const stampedToken = await viewerToken(base, stampedSlug, 'stamped.reader@example.test');
  const plain = await timeFiles(`${base}${publicLinkPaths.file(plainSlug)}`, plainToken, fileRuns);
  const stamped = await timeFiles(`${base}${publicLinkPaths.file(stampedSlug)}`, stampedToken, fileRuns);
  const fileRows = [
    { file: `${pages}-page deck`, medianMs: round(median(plain)), maxMs: round(Math.max(...plain)) },
    {
      file: `${pages}-page deck, watermarked`,
      medianMs: round(median(stamped)),
      maxMs: round(Math.max(...stamped)),
    },
  ];
  console.table(fileRows);

  const gateWithin = gateRows.slice(1).every((row) => row.p99 < 100);
  const fileWithin = Math.max(...stamped) < 1_000;
  conclude({
    bench: 'links',
    smoke: isSmoke,
    gate: gateRows,
    files: fileRows,
    // The first watermarked file starts the worker thread; it is inside the budget too.
    withinBudget: gateWithin && fileWithin,
    problems: loadProblems(gateRows),
  });
} finally {
  await product.stop();
  await bare.stop();
}
