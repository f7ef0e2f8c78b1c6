// Authenticated GET /api/v1/users/me and /api/v1/investors/me under autocannon, beside a bare
// Fastify route measured in the same run. Budget (embedded database): at least 30 % of the bare
// route's requests per second, p99 under 50 ms. Also the server's resident memory after it started
// on a fresh data folder and sat idle for BENCH_IDLE_SECONDS (10), and again after the load;
// budget: at most 350 MB idle (the server alone; `npm start` adds about 100 MB of npm and
// scripts/start.mjs, docs/operations.md). Prints a table and a JSON line.
// Smoke mode (BENCH_SMOKE=1 or --smoke, support/smoke.ts): a second per target, 10 connections,
// on a throwaway PostgreSQL database (it starts in half the time of the embedded one).
import autocannon from 'autocannon';
import { residentMb, signUp, startBareServer, startProductServer, startProductServerOn } from './support/processes';
import { conclude, envNumber, isSmoke, loadProblems, sized } from './support/smoke';

const connections = envNumber('BENCH_CONNECTIONS', 100, 10);
const duration = envNumber('BENCH_SECONDS', 10, 1);
const warmUpSeconds = sized(2, 0);
const idleSeconds = envNumber('BENCH_IDLE_SECONDS', 10, 1);
const maxIdleRssMb = 350;

type Measured = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number; non2xx: number };

async function measure(name: string, url: string, headers: Record<string, string> = {}): Promise<Measured> {
  // A short warm-up so JIT and caches are in the same state for every target.
  if (warmUpSeconds > 0) await autocannon({ url, connections: 10, duration: warmUpSeconds, headers });
  const result = await autocannon({ url, connections, duration, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const database = process.env.DATABASE_URL || isSmoke ? 'postgres' : 'pglite';
const bare = await startBareServer();
try {
  const product = process.env.DATABASE_URL
    ? await startProductServer()
    : await startProductServerOn(isSmoke ? 'postgres' : 'pglite');
  try {
    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const serverPid = product.child.pid as number;
    const idleRssMb = residentMb(serverPid);
    const base = product.base;
    const founderHeaders = await signUp(base, product.dataDir, 'users');
    const investorHeaders = await signUp(base, product.dataDir, 'investors');

    const baseline = await measure('bare Fastify route', `${bare.base}/bare`);
    const founderMe = await measure('GET /api/v1/users/me', `${base}/api/v1/users/me`, founderHeaders);
    const investorMe = await measure('GET /api/v1/investors/me', `${base}/api/v1/investors/me`, investorHeaders);

    const rows = [baseline, founderMe, investorMe].map((row) => ({
      ...row,
      ratio: Number((row.requestsPerSecond / baseline.requestsPerSecond).toFixed(2)),
    }));
    console.table(rows);
    const afterLoadRssMb = residentMb(serverPid);
    console.log(
      `${database} server resident: ${idleRssMb} MB after ${idleSeconds} s idle from a fresh start, ${afterLoadRssMb} MB after the load`,
    );
    const withinBudget = [founderMe, investorMe].every(
      (row) =>
        row.requestsPerSecond >= 0.3 * baseline.requestsPerSecond &&
        row.p99 < 50 &&
        row.errors === 0 &&
        row.non2xx === 0,
    );
    conclude({
      bench: 'http',
      database,
      connections,
      durationSeconds: duration,
      results: rows,
      memory: { idleRssMb, afterLoadRssMb, idleSeconds },
      budget: { minRatio: 0.3, maxP99Ms: 50, maxIdleRssMb },
      withinBudget: withinBudget && idleRssMb <= maxIdleRssMb,
      problems: loadProblems(rows),
    });
  } finally {
    await product.stop();
  }
} finally {
  await bare.stop();
}
