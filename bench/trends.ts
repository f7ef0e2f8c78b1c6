// Founder trends (issue 19): GET /api/v1/users/trends over 90 days for a founder whose five decks
// hold 10,000 reading records (viewing sessions) spread over the last 120 days, with interests of
// 200 investors and 1,000 tasks moved to done, on PostgreSQL, under autocannon. The same founder's
// 30-day range, one deck's 90 days and the 90 days one request at a time beside it. Budget: the 90-day range p99 under 100 ms.
// Prints a table and one JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 300 records, 20 investors, a second
// of load per range.
import { availableParallelism, loadavg } from 'node:os';
import { trendsPaths } from '@deckvalid/contract/trends';
import autocannon from 'autocannon';
import pg from 'pg';
import { SmtpSink } from '../apps/server/test/smtp-sink';
import { call, headersOf, onePagePdf, readyDeck, signUp, temporaryPostgres } from './support/api';
import { startProductServer } from './support/processes';
import { conclude, envNumber, sized } from './support/smoke';

const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const readingCount = envNumber('BENCH_READINGS', 10_000, 300);
const investorCount = sized(200, 20);
const doneTaskCount = sized(1_000, 30);
const deckCount = 5;
const duration = envNumber('BENCH_SECONDS', 10, 1);
const connections = envNumber('BENCH_CONNECTIONS', 10, 4);
const warmUpSeconds = sized(2, 0);
const budget = { trends90DaysP99Ms: 100 };

type Row = { target: string; 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: number };

async function load(
  target: string,
  url: string,
  headers: Record<string, string>,
  concurrent = connections,
): Promise<Row> {
  // A warm-up so the plan cache and JIT are in the same state for every range.
  if (warmUpSeconds > 0) await autocannon({ url, connections: 5, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections: concurrent, duration, headers });
  return {
    target,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Investors, reading sessions, interests and done tasks written straight into the tables in a
 * few statements: the API would take minutes to make 10,000 sessions (each report claims wall
 * clock time), and the trends read the rows, not how they got there. Sessions are spread evenly
 * over the last 120 days, so a 90-day range reads about three quarters of them.
 */
async function seed(url: string, founderId: string, deckIds: string[], milestoneIds: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      `insert into accounts (id, role, email, name)
       select 'inv-bench-' || n, 'investor', 'bench-investor-' || n || '@example.test', 'Bench investor ' || n
       from generate_series(1, $1::int) as n`,
      [investorCount],
    );
    await client.query(
      `insert into deck_views (id, pitch_deck_id, version_id, investor_id, visit_id, total_seconds, furthest_page, started_at, last_seen_at)
       select 'view-bench-' || n, d.id, d.live_version_id, 'inv-bench-' || (1 + n % $2::int), 'view-bench-' || n,
         5 + (n * 37) % 300, 1, now() - (n * 120.0 / $1::int) * interval '1 day',
         now() - (n * 120.0 / $1::int) * interval '1 day' + interval '5 minutes'
       from generate_series(1, $1::int) as n
       join pitch_decks d on d.id = ($3::text[])[1 + n % ${deckIds.length}]`,
      [readingCount, investorCount, deckIds],
    );
    await client.query(
      `insert into interests (id, pitch_deck_id, investor_id, status, created_at, updated_at, decided_at)
       select 'int-bench-' || i || '-' || k, ($2::text[])[k], 'inv-bench-' || i,
         (array['pending', 'accepted', 'declined', 'withdrawn'])[1 + (i + k) % 4],
         now() - ((i * 31 + k * 7) % 120) * interval '1 day',
         now() - ((i * 31 + k * 7) % 120) * interval '1 day' + interval '2 days',
         case when (i + k) % 4 in (1, 2) then now() - ((i * 31 + k * 7) % 120) * interval '1 day' + interval '1 day' end
       from generate_series(1, $1::int) as i, generate_series(1, ${deckIds.length}) as k
       where (i + k) % 2 = 0`,
      [investorCount, deckIds],
    );
    await client.query(
      `insert into milestone_activities (id, milestone_id, stage, actor_id, action, old_value, new_value, created_at)
       select 'act-bench-' || n, ($2::text[])[1 + n % ${milestoneIds.length}], 'done', $3, 'task.moved',
         '{"stage":"review"}'::jsonb, '{"stage":"done"}'::jsonb, now() - ((n * 5003) % (120 * 86400)) * interval '1 second'
       from generate_series(1, $1::int) as n`,
      [doneTaskCount, milestoneIds, founderId],
    );
    await client.query('analyze');
    const [counts] = (
      await client.query<{ views: number }>(
        `select count(*)::int as views from deck_views where pitch_deck_id = any($1::text[])`,
        [deckIds],
      )
    ).rows;
    return counts?.views ?? 0;
  } finally {
    await client.end();
  }
}

const database = await temporaryPostgres(adminUrl, 'trends');
const sink = new SmtpSink();
const smtpUrl = await sink.start();
let result: { rows: Row[]; readings: number; seedSeconds: number; viewsIn90Days: number };
try {
  const server = await startProductServer({ DATABASE_URL: database.url, SMTP_URL: smtpUrl, REDIS_URL: '' });
  try {
    const founder = await signUp(server.base, sink, 'users');
    const pdf = await onePagePdf('Bench trends deck');
    const deckIds: string[] = [];
    for (let index = 0; index < deckCount; index += 1) deckIds.push(await readyDeck(server.base, founder, pdf));
    const milestoneIds: string[] = [];
    for (const pitchDeckId of deckIds) {
      const { milestone } = await call<{ milestone: { id: string } }>(
        server.base,
        founder.tokens,
        'POST',
        '/api/v1/milestones',
        { pitchDeckId, title: 'Bench milestone', dueDate: '2027-12-31' },
      );
      milestoneIds.push(milestone.id);
    }
    const started = performance.now();
    const readings = await seed(database.url, founder.id, deckIds, milestoneIds);
    const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
    console.log(
      `seeded ${readings} reading records, ${investorCount} investors and ${doneTaskCount} done tasks in ${seedSeconds} s`,
    );

    const headers = { ...headersOf(founder.tokens), 'accept-encoding': 'gzip, deflate, br' };
    const url = (query: Record<string, string>) => `${server.base}${trendsPaths.trends}?${new URLSearchParams(query)}`;
    // One call first: a range that answers an error would otherwise be timed as if it were figures.
    const check = await call<{ trends: { current: { views: number } } }>(
      server.base,
      founder.tokens,
      'GET',
      `${trendsPaths.trends}?${new URLSearchParams({ from: day(-89), to: day(0) })}`,
    );
    console.log(`90 days: ${check.trends.current.views} views`);
    const rows = [
      await load('trends: 90 days, all decks', url({ from: day(-89), to: day(0) }), headers),
      await load('trends: 30 days, all decks', url({ from: day(-29), to: day(0) }), headers),
      await load(
        'trends: 90 days, one deck',
        url({ from: day(-89), to: day(0), pitchDeckId: deckIds[0] ?? '' }),
        headers,
      ),
      // One founder at a time: the answer's own time, without requests queueing behind each other.
      await load('trends: 90 days, 1 connection', url({ from: day(-89), to: day(0) }), headers, 1),
    ];
    result = { rows, readings, seedSeconds, viewsIn90Days: check.trends.current.views };
  } finally {
    await server.stop();
  }
} finally {
  await sink.stop();
  await database.drop();
}

console.table(result.rows);
const [ninety] = result.rows;
const withinBudget = ninety !== undefined && ninety['p99 ms'] < budget.trends90DaysP99Ms && ninety.errors === 0;
const problems = [
  ...(result.readings === readingCount ? [] : [`seeded ${result.readings} reading records, not ${readingCount}`]),
  ...(result.viewsIn90Days > 0 ? [] : ['the 90-day range found no views: the seed is not where the query reads']),
  ...result.rows.flatMap((row) => [
    ...(row['req/s'] > 0 && Number.isFinite(row['p99 ms']) ? [] : [`${row.target}: nothing measured`]),
    ...(row.errors > 0 ? [`${row.target}: ${row.errors} requests failed or were not 2xx`] : []),
  ]),
];
conclude({
  bench: 'trends',
  // Other work on the machine (its 1-minute load average as the run ended) weighs on every figure.
  loadAverage: Math.round((loadavg()[0] ?? 0) * 10) / 10,
  cores: availableParallelism(),
  readings: result.readings,
  investors: investorCount,
  doneTasks: doneTaskCount,
  seedSeconds: result.seedSeconds,
  viewsIn90Days: result.viewsIn90Days,
  rows: result.rows,
  budget,
  withinBudget,
  problems,
});
