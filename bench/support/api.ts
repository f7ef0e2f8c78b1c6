// What the benchmarks do through the product's own API: sign up (verified with the code the SMTP
// sink received), call with a session's credentials, submit a deck and wait until it is ready,
// and a throwaway PostgreSQL database per run.
import pg from 'pg';
import type { SmtpSink } from '../../apps/server/test/smtp-sink';

export type Credentials = { token: string; controlSignature: string; hashToken: string };
export type Account = { id: string; tokens: Credentials };

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const headersOf = (tokens: Credentials) => ({
  authorization: `Bearer ${tokens.token}`,
  'x-control-signature': tokens.controlSignature,
  'x-hash-token': tokens.hashToken,
  'content-type': 'application/json',
});

/** The value at percentile `p` of ascending `sorted`, rounded to whole milliseconds. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number);
}

/** Runs `task` over `items`, `concurrency` at a time. */
export async function inBatches<Item, Result>(
  items: Item[],
  concurrency: number,
  task: (item: Item) => Promise<Result>,
) {
  const results: Result[] = [];
  for (let start = 0; start < items.length; start += concurrency) {
    results.push(...(await Promise.all(items.slice(start, start + concurrency).map(task))));
  }
  return results;
}

let accountCounter = 0;

/** Registers through the API and verifies with the code the SMTP sink received. */
export async function signUp(base: string, sink: SmtpSink, role: 'users' | 'investors'): Promise<Account> {
  const email = `bench-${role}-${process.pid}-${accountCounter++}@example.test`;
  const post = (path: string, body: object) =>
    fetch(`${base}/api/v1/${role}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const registered = await post('/register', {
    name: `Bench ${role} ${accountCounter}`,
    email,
    password: 'bench-passphrase-2026',
  });
  if (registered.status !== 202) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const mail = await sink.waitFor((message) => message.to.includes(email), 60_000);
  const code = /^\s{4}(\d{6})\s*$/m.exec(mail.body)?.[1];
  if (!code) throw new Error(`no code in the mail to ${email}`);
  const verified = (await (await post('/verify/code', { email, code })).json()) as {
    user: { id: string };
    tokens: Credentials;
  };
  return { id: verified.user.id, tokens: verified.tokens };
}

/** One API call with a session's credentials; any answer but 2xx throws with its body. */
export async function call<Answer>(base: string, tokens: Credentials, method: string, path: string, body?: unknown) {
  const reply = await fetch(`${base}${path}`, {
    method,
    headers: headersOf(tokens),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!reply.ok) throw new Error(`${method} ${path} answered ${reply.status}: ${await reply.text()}`);
  return (await reply.json()) as Answer;
}

/** Submits `pdf` as a new deck of `founder` (signed upload, then the deck) and waits until it is ready. */
export async function readyDeck(base: string, founder: Account, pdf: Uint8Array): Promise<string> {
  const ticket = await call<{ uploadUrl: string; key: string; headers: Record<string, string> }>(
    base,
    founder.tokens,
    'GET',
    `/api/v1/users/pitchdecks/upload?fileType=application/pdf&fileSize=${pdf.byteLength}`,
  );
  const put = await fetch(new URL(ticket.uploadUrl, base), { method: 'PUT', headers: ticket.headers, body: pdf });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const { pitchDeck } = await call<{ pitchDeck: { id: string } }>(
    base,
    founder.tokens,
    'POST',
    '/api/v1/users/pitchdecks',
    {
      key: ticket.key,
      company: 'Bench Co',
      title: 'Bench deck',
      pitch: 'A deck for the benchmarks.',
      sector: 'SaaS',
      stage: 'Seed',
      amountSought: 1_000_000,
      location: 'Bench',
    },
  );
  for (;;) {
    const { pitchDeck: deck } = await call<{ pitchDeck: { status: string } }>(
      base,
      founder.tokens,
      'GET',
      `/api/v1/users/pitchdecks/${pitchDeck.id}`,
    );
    if (deck.status === 'ready') return pitchDeck.id;
    if (deck.status === 'failed') throw new Error('a bench deck failed processing');
    await sleep(50);
  }
}

/** A one-page PDF for the decks the benchmarks need only as something to hang their data on. */
export async function onePagePdf(text: string): Promise<Uint8Array> {
  const { PDFDocument } = await import('pdf-lib');
  const document = await PDFDocument.create();
  document.addPage().drawText(text);
  return document.save();
}

let databaseCounter = 0;

/**
 * A new PostgreSQL database for one run (its URL), dropped by `drop`. Its name ends in
 * BENCH_DATABASE_TAG when set: scripts/bench-smoke.mjs drops what a benchmark it had to stop
 * (a crash, a timeout) left behind by that tag.
 */
export async function temporaryPostgres(adminUrl: string, label: string) {
  const tag = (process.env.BENCH_DATABASE_TAG ?? String(process.pid)).replace(/[^a-z0-9_]/g, '');
  const name = `pitchlane_bench_${label}_${Date.now()}_${databaseCounter++}_${tag}`;
  // A connection PostgreSQL ends emits `error`, which without a listener ends the benchmark.
  const admin = new pg.Client({ connectionString: adminUrl });
  admin.on('error', (error) => console.warn(`admin connection: ${error.message}`));
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  return {
    url: adminUrl.replace(/\/[^/]*$/, `/${name}`),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      client.on('error', (error) => console.warn(`admin connection: ${error.message}`));
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
