// The investor copilot's built-in engine: POST /api/v1/ai/chat over 1,000 ready decks on
// PostgreSQL, each with twelve pages of text a deck would hold (a company line, problem,
// solution, market with a TAM, traction with ARR and customers, team, ask, filler) and its
// validation report. Times the answer, one ask at a time, for a search ("fintech seed decks
// raising under 2M"), a summary, a question (a deck's ARR) and a comparison of two decks, beside
// the plain search call (GET /api/v1/investors/pitchdecks?q=) in the same run; then 20 investors
// asking summaries at once, with GET /api/health asked throughout, beside the same probe while
// the summaries were asked one at a time. Budget: ask p99 under 300 ms, one at a time and at
// once; /api/health p99 under 50 ms while the investors ask at once (the copilot's work must not
// hold the event loop).
// Asks are limited to 30 a minute per investor, so the asks take turns among enough investors.
// Prints a table, one line with the figures the budget reads, and one JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 40 decks, 8 asks of each kind, 5 at once.
import { availableParallelism, loadavg } from 'node:os';
import { type AiChatResponse, aiLimits } from '@deckvalid/contract/ai';
import { aiPaths, apiPaths, founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { chatPaths } from '@deckvalid/contract/chat';
import pg from 'pg';
// The seed writes through the product's own repository, as bench/decks.ts does.
import { openDatabase } from '../apps/server/src/db/client';
import { newId } from '../apps/server/src/lib/ids';
import { PitchDecksRepository } from '../apps/server/src/modules/pitchdecks/pitchdecks.repository';
import { newObjectKey } from '../apps/server/src/modules/storage/storage';
import { SmtpSink } from '../apps/server/test/smtp-sink';
import { type Account, call, headersOf, inBatches, percentile, signUp, sleep, temporaryPostgres } from './support/api';
import { cpuMs } from './support/cpu';
import { startProductServer } from './support/processes';
import { conclude, envNumber, sized } from './support/smoke';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const deckCount = envNumber('BENCH_DECKS', 1_000, 40);
const asksPerKind = envNumber('BENCH_ASKS', 100, 8);
const concurrentInvestors = sized(20, 5);
const concurrentRounds = sized(12, 2);
/** Ask p99 one at a time and at once; /api/health p99 while the investors ask at once. */
const budget = { p99Ms: 300, healthP99Ms: 50 };
/** Between two health checks: up to a hundred a second, a load balancer's probe many times over. */
const healthGapMs = 10;

const adjectives =
  'Bright Quiet Harbor Tide Ledger Nova Solar Iron Silver Cedar Arctic Coral Amber Swift Clear Bold Prime True Open Blue Green North Summit Rapid Keen Lumen Vivid Civic Atlas Orbit Pilot'.split(
    ' ',
  );
const nouns =
  'Lights Water Leaf Works Labs Forge Grid Path Stack Field Port Loop Signal Craft Wave Mill Yard Point Bridge Ridge Harbor Vault Beacon Shift Flow Nest Spark Trail Dock Gate Hive Link Mint Pulse Root Sail Scope Tower Track Well'.split(
    ' ',
  );
const words =
  'freight warehouse robotics sensor analytics model privacy security compliance onboarding marketplace subscription pricing distribution channel partnership hospital clinic patient farm crop water soil school student teacher cloud database developer latency storage network battery solar carbon payments ledger invoices bookkeeping'.split(
    ' ',
  );
const sectors = ['AI & Data', 'Climate', 'Fintech', 'Health', 'SaaS', 'Marketplaces'];
const stages = ['Pre-seed', 'Seed', 'Series A'];
const people = ['Ada Park', 'Theo Brandt', 'Maya Lind', 'Ravi Mehta', 'Lena Hoffmann', 'Jonas Weber', 'Mina Sato'];

const pick = <T>(list: readonly T[], seed: number): T => list[Math.abs(seed) % list.length] as T;
const companyOf = (index: number) =>
  `${pick(adjectives, index)} ${pick(nouns, Math.floor(index / adjectives.length) + index * 7)}`;
const phrase = (seed: number, length: number) =>
  Array.from({ length }, (_, index) => pick(words, Math.imul(seed + 1, 2_654_435_761) ^ (index * 40_503))).join(' ');

/** A deck's twelve pages, each a title line and sentences, as the PDF worker stores them. */
function deckPages(index: number): { title: string; text: string }[] {
  const company = companyOf(index);
  const page = (title: string, body: string) => ({ title, text: `${title}\n${body}` });
  return [
    page(company, `${company} helps ${phrase(index, 2)} teams run ${phrase(index + 1, 3)} without spreadsheets.`),
    page('Problem', `Teams lose a day a week to ${phrase(index + 2, 4)} and manual ${phrase(index + 3, 2)} checks.`),
    page('Solution', `One platform that plans ${phrase(index + 4, 3)} and reports ${phrase(index + 5, 2)} in minutes.`),
    page('Market', `TAM $${2 + (index % 40)}B in ${phrase(index + 6, 2)} software (Gartner, 2025).`),
    page(
      'Traction',
      `$${(0.2 + (index % 30) / 10).toFixed(1)}M ARR, growing ${40 + (index % 90)}% year over year. ${20 + (index % 400)} customers pay monthly.`,
    ),
    page('Team', `${pick(people, index)}, CEO, ran ${phrase(index + 7, 2)} at a large European firm for ten years.`),
    page('Competition', `Incumbents sell ${phrase(index + 8, 3)} suites that take a year to roll out.`),
    page('Business model', `We charge per seat each month, with ${phrase(index + 9, 2)} add-ons for larger customers.`),
    page('Why now', `New rules on ${phrase(index + 10, 2)} reporting start next year across Europe.`),
    page('Product', `The product connects to ${phrase(index + 11, 3)} systems and needs no installation at all.`),
    page('Financials', `Monthly burn of $${80 + (index % 120)}K gives us a runway of ${12 + (index % 12)} months.`),
    page(
      'The ask',
      `We are raising $${1 + (index % 5)}M to reach ${50 + (index % 200)} customers. Contact hello@example.com`,
    ),
  ];
}

/** `deckCount` ready decks of `founderId`, written through the product's repository (bench/decks.ts explains why). */
async function seedDecks(databaseUrl: string, founderId: string): Promise<string[]> {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', '-c synchronous_commit=off');
  const database = await openDatabase({
    kind: 'postgres',
    url: url.toString(),
    poolSize: 8,
    logger: { warn: (...args: unknown[]) => console.warn('seed pool:', ...args) },
  });
  const ids: string[] = new Array(deckCount);
  try {
    const repository = new PitchDecksRepository(database.db);
    const instanceId = `bench-seed-${process.pid}`;
    await inBatches(
      Array.from({ length: deckCount }, (_, index) => index),
      8,
      async (index) => {
        const company = companyOf(index);
        const deck = await repository.insert({
          id: newId('dck-'),
          founderId,
          versionId: newId('ver-'),
          fileKey: newObjectKey('deck', founderId, 'application/pdf'),
          fileSize: 1_000,
          company,
          title: `${company} ${pick(stages, index).toLowerCase()} round`,
          pitch: `${company} runs ${phrase(index, 3)} for ${phrase(index + 1, 2)} teams.`,
          sector: pick(sectors, index),
          stage: pick(stages, index),
          amountSought: 250_000 + ((index * 7919) % 4_750_000),
          location: pick(['Berlin, Germany', 'Rotterdam, Netherlands', 'London, UK', 'Paris, France'], index),
          website: null,
        });
        if (!deck) throw new Error(`seed: deck ${index} was not created`);
        const claimed = await repository.claimForProcessing(deck.latest.id, instanceId, 60);
        if (!claimed) throw new Error(`seed: deck ${index} could not be claimed`);
        const pages = deckPages(index);
        const isReady = await repository.markReady(deck.latest.id, instanceId, {
          pageCount: pages.length,
          thumbnailKey: null,
          pages: pages.map((page) => page.text),
          layouts: pages.map((page) => ({ title: page.title, minFontSize: 18, bodyFontSize: 24 })),
          fontSizes: { min: 18, max: 40 },
          processingMs: 100,
        });
        if (!isReady) throw new Error(`seed: deck ${index} could not be made ready`);
        ids[index] = deck.id;
      },
    );
  } finally {
    await database.close();
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => console.warn('vacuum connection:', error.message));
  await client.connect();
  try {
    await client.query('vacuum analyze pitch_decks, pitch_deck_versions, pitch_deck_pages');
  } finally {
    await client.end();
  }
  return ids;
}

/**
 * Gives every seeded deck its validation report through the product's own read of it (the
 * founder's report call computes a missing report on the spot), then checks that the database
 * holds one per deck. The seed writes decks straight to their table, so no `deck.ready` event
 * analyses them, and the server's periodic "analyse live decks" job sees only the decks present
 * when it runs: waiting for it timed a race between the seed and the job's first run.
 */
async function reportsComputed(base: string, founder: Account, databaseUrl: string, deckIds: string[]): Promise<void> {
  const started = performance.now();
  await inBatches(deckIds, 4, (id) => call(base, founder.tokens, 'GET', founderDeckPaths.analysis(id)));
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => console.warn('report count connection:', error.message));
  await client.connect();
  try {
    const { rows } = await client.query<{ reports: number }>('select count(*)::int as reports from deck_analyses');
    const reports = rows[0]?.reports ?? 0;
    if (reports < deckIds.length) throw new Error(`only ${reports} of ${deckIds.length} decks have a report`);
  } finally {
    await client.end();
  }
  console.log(
    `${deckIds.length} validation reports computed through the report call in ${Math.round((performance.now() - started) / 100) / 10} s`,
  );
}

/**
 * Asks GET /api/health one call after another until `done` settles, and answers each call's time:
 * a health check waits behind whatever holds the event loop, so its delay is the loop's.
 */
async function healthTimesWhile(base: string, done: Promise<unknown>): Promise<number[]> {
  let isDone = false;
  void done.finally(() => {
    isDone = true;
  });
  const times: number[] = [];
  while (!isDone) {
    const begun = performance.now();
    const reply = await fetch(`${base}${apiPaths.health}`);
    await reply.text();
    if (!reply.ok) throw new Error(`/api/health answered ${reply.status}`);
    times.push(performance.now() - begun);
    await sleep(healthGapMs);
  }
  return times;
}

type Asker = { investor: Account; roomId: string; asked: number };
type Row = { target: string; samples: number; 'p50 ms': number; 'p99 ms': number; 'max ms': number; errors: number };

const rowOf = (target: string, times: number[], errors: number): Row => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 10) / 10;
  return {
    target,
    samples: times.length,
    'p50 ms': round(percentile(sorted, 50)),
    'p99 ms': round(percentile(sorted, 99)),
    'max ms': round(sorted.at(-1) ?? Number.NaN),
    errors,
  };
};

const database = await temporaryPostgres(adminUrl, 'copilot');
const sink = new SmtpSink();
const smtpUrl = await sink.start();
/** The server's CPU per ask while the investors asked at once: on its event loop, and in all its threads. */
type CrowdCpu = { mainMsPerAsk: number; allMsPerAsk: number } | undefined;
let result: {
  rows: Row[];
  seedSeconds: number;
  sampleReplies: Record<string, AiChatResponse['reply']>;
  crowdCpu: CrowdCpu;
};
try {
  const server = await startProductServer({ DATABASE_URL: database.url, SMTP_URL: smtpUrl, REDIS_URL: '' });
  try {
    const founder = await signUp(server.base, sink, 'users');
    const started = performance.now();
    const deckIds = await seedDecks(database.url, founder.id);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(`seeded ${deckIds.length} decks in ${seedSeconds} s`);

    // Enough investors that no one asks more than the limit allows in the run's minute.
    // The crowd of the last part is kept apart, so its asks start from a fresh count.
    const perInvestor = aiLimits.asksPerMinute - 2;
    const investorCount = Math.ceil((asksPerKind * 4 + 2 * 4) / perInvestor) + concurrentInvestors;
    const askers: Asker[] = await inBatches(
      Array.from({ length: investorCount }, (_, index) => index),
      4,
      async () => {
        const investor = await signUp(server.base, sink, 'investors');
        const { room } = await call<{ room: { id: string } }>(
          server.base,
          investor.tokens,
          'POST',
          chatPaths.botRoom,
          {},
        );
        return { investor, roomId: room.id, asked: 0 };
      },
    );
    const crowd = askers.slice(-concurrentInvestors);
    const sequential = askers.slice(0, askers.length - concurrentInvestors);
    const nextAsker = (): Asker => {
      const asker = sequential.find((candidate) => candidate.asked < perInvestor);
      if (!asker) throw new Error('every investor has asked as often as the limit allows');
      return asker;
    };

    /** One ask, timed; answers the time and the reply, or undefined on an error answer. */
    async function timedAsk(asker: Asker, question: string) {
      asker.asked += 1;
      const begun = performance.now();
      const reply = await fetch(`${server.base}${aiPaths.chat}`, {
        method: 'POST',
        headers: headersOf(asker.investor.tokens),
        body: JSON.stringify({ roomId: asker.roomId, messages: [{ role: 'user', content: question }] }),
      });
      const body = await reply.text();
      const ms = performance.now() - begun;
      if (!reply.ok) {
        console.warn(`ask "${question}" answered ${reply.status}: ${body.slice(0, 200)}`);
        return { ms, reply: undefined };
      }
      return { ms, reply: (JSON.parse(body) as AiChatResponse).reply };
    }

    // Steady state: every live deck has its validation report, as the report job leaves them once
    // it has run. Timing while it still runs would time the analyser beside the copilot.
    await reportsComputed(server.base, founder, database.url, deckIds);
    // Each deck the asks name is read once more, so the first ask of it is not the first read.
    const named = Array.from({ length: asksPerKind + 1 }, (_, index) => (index * 37) % deckIds.length);
    const reader = askers[0] as Asker;
    await inBatches(named, 4, (index) =>
      call(server.base, reader.investor.tokens, 'GET', investorDeckPaths.analysis(deckIds[index] as string)),
    );

    const kinds: [string, (round: number) => string][] = [
      [
        'search',
        (round) =>
          pick(
            [
              'fintech seed decks raising under 2M',
              `decks that mention ${pick(words, round)}`,
              'climate decks in Berlin',
            ],
            round,
          ),
      ],
      ['summary', (round) => `summarise ${companyOf(named[round] ?? 0)}`],
      ['question', (round) => `what is ${companyOf(named[round] ?? 0)}'s ARR?`],
      ['compare', (round) => `compare ${companyOf(named[round] ?? 0)} and ${companyOf(named[round + 1] ?? 1)}`],
    ];
    const rows: Row[] = [];
    const sampleReplies: Record<string, AiChatResponse['reply']> = {};
    for (const [kind, questionOf] of kinds) {
      const times: number[] = [];
      let errors = 0;
      // Two untimed asks first, so JIT and caches are in the same state for every kind.
      for (const round of [0, 1]) await timedAsk(nextAsker(), questionOf(round));
      const asks = (async () => {
        for (let round = 0; round < asksPerKind; round++) {
          const { ms, reply } = await timedAsk(nextAsker(), questionOf(round));
          if (!reply) errors += 1;
          else {
            times.push(ms);
            sampleReplies[kind] ??= reply;
          }
        }
      })();
      // The health checks' baseline: the same probe while the summaries are asked one at a time.
      const health = kind === 'summary' ? healthTimesWhile(server.base, asks) : Promise.resolve([]);
      await asks;
      rows.push(rowOf(`copilot: ${kind}`, times, errors));
      if (kind === 'summary') rows.push(rowOf('/api/health, summaries one at a time', await health, 0));
    }

    // The product's own search, one call at a time, beside the copilot's.
    const searchTimes: number[] = [];
    let searchErrors = 0;
    for (let round = 0; round < asksPerKind + 2; round++) {
      const begun = performance.now();
      const reply = await fetch(
        `${server.base}${investorDeckPaths.pitchDecks}?q=${encodeURIComponent(pick(words, round))}&sector=Fintech`,
        { headers: headersOf(reader.investor.tokens) },
      );
      await reply.text();
      if (round < 2) continue;
      if (reply.ok) searchTimes.push(performance.now() - begun);
      else searchErrors += 1;
    }
    rows.push(rowOf('plain search call', searchTimes, searchErrors));

    // Investors asking at once: every ask's own time while the others run.
    const concurrentTimes: number[] = [];
    let concurrentErrors = 0;
    const cpuBefore = cpuMs(server.child.pid);
    const crowdAsks = (async () => {
      for (let round = 0; round < concurrentRounds; round++) {
        const answers = await Promise.all(
          crowd.map((asker, index) =>
            timedAsk(asker, `summarise ${companyOf(named[(round + index) % named.length] ?? 0)}`),
          ),
        );
        for (const { ms, reply } of answers) {
          if (reply) concurrentTimes.push(ms);
          else concurrentErrors += 1;
        }
      }
    })();
    const crowdHealth = await healthTimesWhile(server.base, crowdAsks);
    await crowdAsks;
    const cpuAfter = cpuMs(server.child.pid);
    const asked = concurrentTimes.length + concurrentErrors;
    const crowdCpu: CrowdCpu =
      cpuBefore && cpuAfter && asked > 0
        ? {
            mainMsPerAsk: Math.round(((cpuAfter.mainMs - cpuBefore.mainMs) / asked) * 10) / 10,
            allMsPerAsk: Math.round(((cpuAfter.allMs - cpuBefore.allMs) / asked) * 10) / 10,
          }
        : undefined;
    rows.push(rowOf(`copilot: summary, ${concurrentInvestors} investors at once`, concurrentTimes, concurrentErrors));
    rows.push(rowOf(`/api/health, ${concurrentInvestors} investors asking at once`, crowdHealth, 0));
    result = { rows, seedSeconds, sampleReplies, crowdCpu };
  } finally {
    await server.stop();
  }
} finally {
  await sink.stop();
  await database.drop();
}

console.table(result.rows);
const asks = result.rows.filter((row) => row.target.startsWith('copilot:'));
const crowdHealthRow = result.rows.find((row) => row.target.includes('asking at once'));
const soloHealthRow = result.rows.find((row) => row.target.includes('one at a time'));
const crowdRow = result.rows.find((row) => row.target.includes('investors at once'));
const soloRow = result.rows.find((row) => row.target === 'copilot: summary');
const withinBudget =
  asks.every((row) => row['p99 ms'] < budget.p99Ms && row.errors === 0) &&
  (crowdHealthRow?.['p99 ms'] ?? Number.POSITIVE_INFINITY) < budget.healthP99Ms;
console.log(
  `${concurrentInvestors} investors at once: ask p99 ${crowdRow?.['p99 ms']} ms (one at a time ${soloRow?.['p99 ms']} ms), ` +
    `/api/health p99 ${crowdHealthRow?.['p99 ms']} ms (one at a time ${soloHealthRow?.['p99 ms']} ms); ` +
    (result.crowdCpu
      ? `server CPU per ask ${result.crowdCpu.mainMsPerAsk} ms on the event loop, ${result.crowdCpu.allMsPerAsk} ms in all threads; `
      : '') +
    `budget: asks under ${budget.p99Ms} ms, health under ${budget.healthP99Ms} ms`,
);
const summary = result.sampleReplies.summary;
const problems = [
  ...result.rows.flatMap((row) => [
    ...(row.samples > 0 ? [] : [`${row.target}: nothing measured`]),
    ...(row.errors > 0 ? [`${row.target}: ${row.errors} asks failed`] : []),
  ]),
  // A summary without citations timed something else than the engine's work.
  ...(summary && summary.citations.length >= 5 ? [] : ['the summaries cite fewer than five sentences']),
  ...(result.sampleReplies.compare?.table ? [] : ['the comparisons answered no table']),
];
conclude({
  bench: 'copilot',
  loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  cores: availableParallelism(),
  decks: deckCount,
  seedSeconds: result.seedSeconds,
  crowdCpu: result.crowdCpu,
  rows: result.rows,
  budget,
  withinBudget,
  problems,
});
