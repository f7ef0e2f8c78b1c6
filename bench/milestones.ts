// Milestones: GET overview and the board (GET tasks) of a milestone with 500 tasks and 1,000
// dependencies under autocannon, beside a bare Fastify route in the same run; then adding a
// dependency (with its cycle check under the milestone's lock), one at a time, timed per call.
// On the embedded database and on PostgreSQL (BENCH_DATABASES=pglite,postgres).
// Budget: overview and board p99 under 50 ms on PostgreSQL; adding a dependency p99 under 20 ms.
// Prints a table and a JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): 40 tasks and 60 links on PostgreSQL
// only, a second of load per read and 10 timed adds.
import { milestonePaths } from '@deckvalid/contract/milestones';
import autocannon from 'autocannon';
import { SmtpSink } from '../apps/server/test/smtp-sink';
import { type Account, call, headersOf, inBatches, onePagePdf, percentile, readyDeck, signUp } from './support/api';
import { startBareServer, startProductServerOn } from './support/processes';
import { conclude, envNumber, sized } from './support/smoke';

const taskCount = sized(500, 40);
const dependencyCount = sized(1_000, 60);
const measuredAdds = envNumber('BENCH_ADDS', 300, 10);
/** Adds made before the measured ones, as the reads get their warm-up: the first calls of a path compile it. */
const warmUpAdds = sized(20, 3);
const duration = envNumber('BENCH_SECONDS', 8, 1);
const connections = envNumber('BENCH_CONNECTIONS', 20, 4);
/** A smoke run skips PGlite: its start alone costs 5–8 s, and `npm test` runs the product on it. */
const databases = (process.env.BENCH_DATABASES ?? sized('pglite,postgres', 'postgres')).split(',');
const warmUpSeconds = sized(2, 0);
const budget = { maxReadP99Ms: 50, maxAddP99Ms: 20 };

type Row = { target: string; 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: number };

async function load(target: string, url: string, headers: Record<string, string> = {}): Promise<Row> {
  // A short warm-up so JIT and caches are in the same state for every target.
  if (warmUpSeconds > 0) await autocannon({ url, connections: 5, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    target,
    'req/s': Math.round(result.requests.average),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

/**
 * Edges of a random DAG over `ids` in their creation order (each task waits only for earlier
 * ones, so every add is accepted), `count` of them, without repeats; seeded, so runs compare.
 */
function acyclicEdges(ids: string[], count: number, seed = 7): [string, string][] {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const seen = new Set<string>();
  const edges: [string, string][] = [];
  while (edges.length < count) {
    const later = 1 + Math.floor(next() * (ids.length - 1));
    const earlier = Math.floor(next() * later);
    const key = `${later}:${earlier}`;
    if (seen.has(key)) continue;
    seen.add(key);
    edges.push([ids[later] as string, ids[earlier] as string]);
  }
  return edges;
}

async function seedMilestone(base: string, founder: Account, deckId: string) {
  const { milestone } = await call<{ milestone: { id: string } }>(
    base,
    founder.tokens,
    'POST',
    milestonePaths.milestones,
    {
      pitchDeckId: deckId,
      title: 'Bench milestone',
      dueDate: '2027-12-31',
    },
  );
  const stages = ['backlog', 'todo', 'in_progress', 'review'] as const;
  const taskIds = await inBatches(
    Array.from({ length: taskCount }, (_, index) => index),
    10,
    async (index) =>
      (
        await call<{ task: { id: string } }>(base, founder.tokens, 'POST', milestonePaths.tasks(milestone.id), {
          title: `Task ${index}`,
          stage: stages[index % stages.length],
          estimateDays: 1 + (index % 5),
        })
      ).task.id,
  );
  const edges = acyclicEdges(taskIds, dependencyCount + warmUpAdds + measuredAdds);
  await inBatches(edges.slice(0, dependencyCount), 10, ([taskId, blockedByTaskId]) =>
    call(base, founder.tokens, 'POST', milestonePaths.taskDependencies(taskId), { blockedByTaskId }),
  );
  return { milestoneId: milestone.id, remainingEdges: edges.slice(dependencyCount) };
}

async function benchDatabase(database: string, bareRow: Row, pdf: Uint8Array) {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const server = await startProductServerOn(database as 'pglite' | 'postgres', { SMTP_URL: smtpUrl, REDIS_URL: '' });
  try {
    const founder = await signUp(server.base, sink, 'users');
    const deckId = await readyDeck(server.base, founder, pdf);
    const started = performance.now();
    const { milestoneId, remainingEdges } = await seedMilestone(server.base, founder, deckId);
    console.log(
      `${database}: seeded ${taskCount} tasks and ${dependencyCount} links in ${Math.round((performance.now() - started) / 1000)} s`,
    );
    // As a browser asks: every browser takes gzip, and kept answers (the board) are sent gzipped to it.
    const headers = { ...headersOf(founder.tokens), 'accept-encoding': 'gzip, deflate, br' };
    const overview = await load(
      `overview on ${database}`,
      `${server.base}${milestonePaths.overview(milestoneId)}`,
      headers,
    );
    const board = await load(`board on ${database}`, `${server.base}${milestonePaths.tasks(milestoneId)}`, headers);
    // Adds one at a time, as a founder drawing links does; each checks the whole graph for a cycle.
    const add = (taskId: string, blockedByTaskId: string) =>
      call(server.base, founder.tokens, 'POST', milestonePaths.taskDependencies(taskId), { blockedByTaskId });
    for (const [taskId, blockedByTaskId] of remainingEdges.slice(0, warmUpAdds)) await add(taskId, blockedByTaskId);
    const addTimes: number[] = [];
    for (const [taskId, blockedByTaskId] of remainingEdges.slice(warmUpAdds)) {
      const sent = performance.now();
      await add(taskId, blockedByTaskId);
      addTimes.push(performance.now() - sent);
    }
    addTimes.sort((a, b) => a - b);
    const adds = {
      target: `add dependency on ${database}`,
      'req/s': Math.round(1000 / (addTimes.reduce((sum, ms) => sum + ms, 0) / addTimes.length)),
      'p50 ms': percentile(addTimes, 50),
      'p99 ms': percentile(addTimes, 99),
      errors: 0,
    };
    return { database, rows: [overview, board, adds], ratio: overview['req/s'] / bareRow['req/s'] };
  } finally {
    await server.stop();
    await sink.stop();
  }
}

const pdf = await onePagePdf('Bench milestones deck');
const bare = await startBareServer();
let bareRow: Row;
try {
  bareRow = await load('bare Fastify route', `${bare.base}/bare`);
} finally {
  await bare.stop();
}
const results = [];
for (const database of databases) results.push(await benchDatabase(database, bareRow, pdf));
console.table([bareRow, ...results.flatMap((result) => result.rows)]);
const postgres = results.find((result) => result.database === 'postgres');
const withinBudget =
  results.every((result) => (result.rows[2]?.['p99 ms'] ?? Number.POSITIVE_INFINITY) < budget.maxAddP99Ms) &&
  (postgres === undefined ||
    postgres.rows.slice(0, 2).every((row) => row['p99 ms'] < budget.maxReadP99Ms && row.errors === 0));
// Every add is checked by `call` (a refused add throws); the reads' answers are counted here.
const problems = [bareRow, ...results.flatMap((result) => result.rows)].flatMap((row) => [
  ...(row['req/s'] > 0 && Number.isFinite(row['p99 ms']) ? [] : [`${row.target}: nothing measured`]),
  ...(row.errors > 0 ? [`${row.target}: ${row.errors} requests failed or were not 2xx`] : []),
]);
conclude({
  bench: 'milestones',
  tasks: taskCount,
  dependencies: dependencyCount,
  bare: bareRow,
  results,
  budget,
  withinBudget,
  problems,
});
