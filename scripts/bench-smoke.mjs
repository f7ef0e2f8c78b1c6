// `npm run bench:smoke [-- http decks …] [-- --out <folder>]`: every benchmark in bench/ in smoke
// mode (BENCH_SMOKE=1: seconds each, a small data set, budgets printed and not enforced), one
// after the other, so that a benchmark that no longer runs against the product fails CI instead
// of waiting for the next person who wants its figures. Writes <folder>/bench-smoke.json
// (default .test-results-bench/) with one entry per benchmark, which scripts/test-summary.mjs
// counts as passed or failed; exits 1 when any failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const allBenchmarks = ['http', 'decks', 'chat', 'milestones', 'analysis', 'trends', 'copilot', 'links'];
/** A smoke run takes seconds; one that runs for minutes hangs (a server that never answers, a lost socket). */
const timeoutMs = Number(process.env.BENCH_SMOKE_TIMEOUT_SECONDS ?? 180) * 1000;

let outFolder = path.join(root, '.test-results-bench');
const named = [];
for (let index = 2; index < process.argv.length; index += 1) {
  const arg = process.argv[index];
  if (arg === '--out') outFolder = path.resolve(process.argv[++index] ?? '.test-results-bench');
  else named.push(arg);
}
const unknown = named.filter((name) => !allBenchmarks.includes(name));
if (unknown.length > 0) {
  console.error(`unknown benchmark ${unknown.join(', ')}; known: ${allBenchmarks.join(', ')}`);
  process.exit(2);
}
const benchmarks = named.length > 0 ? named : allBenchmarks;
const reports = mkdtempSync(path.join(tmpdir(), 'pitchlane-bench-smoke-'));
/** Ends the names of the databases this run's benchmarks make (bench/support/api.ts). */
const databaseTag = `smoke${process.pid}`;
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The running benchmark's process group, ended with it and on our own SIGINT/SIGTERM. */
let running = null;

/**
 * Signals a whole process group. Each benchmark runs in its own group (detached), so servers it
 * started but did not stop (it crashed, or timed out) end with it instead of outliving CI.
 */
function signalGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // The group has already ended.
  }
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (running) signalGroup(running, 'SIGKILL');
    process.exit(1);
  });
}

/**
 * Drops the databases a benchmark of this run left: one stopped mid-run (a crash, a timeout)
 * never reached its own drop. pg is the bench workspace's dependency, so it resolves from there.
 */
async function dropLeftDatabases() {
  const pg = createRequire(path.join(root, 'bench/package.json'))('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [
      `pitchlane\\_bench\\_%\\_${databaseTag}`,
    ]);
    for (const { datname } of rows) {
      await client.query(`drop database if exists "${datname}" with (force)`);
      console.log(`dropped ${datname}, left by a benchmark that did not finish`);
    }
  } catch (error) {
    console.warn(`could not look for databases left behind: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs one benchmark in smoke mode; answers how it went. */
function runOne(name) {
  const reportPath = path.join(reports, `${name}.json`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [`${name}.ts`], {
      cwd: path.join(root, 'bench'),
      env: { ...process.env, BENCH_SMOKE: '1', BENCH_REPORT: reportPath, BENCH_DATABASE_TAG: databaseTag },
      stdio: 'inherit',
      detached: true,
    });
    running = child.pid;
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      signalGroup(child.pid, 'SIGTERM');
      setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 5_000).unref();
    }, timeoutMs);
    let isSettled = false;
    const settle = (exitCode, spawnError) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      // Whatever the benchmark left behind (a server after a crash) goes now.
      signalGroup(child.pid, 'SIGKILL');
      running = null;
      const seconds = Math.round((Date.now() - started) / 100) / 10;
      const report = existsSync(reportPath) ? JSON.parse(readFileSync(reportPath, 'utf8')) : null;
      let reason = null;
      if (spawnError) reason = `could not start: ${spawnError.message}`;
      else if (timedOut) reason = `still running after ${timeoutMs / 1000} s`;
      else if (!report) reason = `ended (exit ${exitCode}) without reporting figures`;
      else if (!report.ok) reason = report.problems?.join('; ') || 'reported a failure';
      else if (exitCode !== 0) reason = `exit ${exitCode} after reporting`;
      resolve({ name, ok: reason === null, seconds, exitCode, reason, problems: report?.problems ?? [] });
    };
    child.once('error', (error) => settle(null, error));
    child.once('exit', (code, signal) => settle(code ?? signal, null));
  });
}

const results = [];
const started = Date.now();
for (const name of benchmarks) {
  console.log(`\n▶ bench:${name} (smoke)`);
  const result = await runOne(name);
  if (!result.ok) await dropLeftDatabases();
  console.log(
    `${result.ok ? '✔' : '✘'} bench:${name} (smoke, ${result.seconds} s)${result.reason ? `: ${result.reason}` : ''}`,
  );
  results.push(result);
}
rmSync(reports, { recursive: true, force: true });

mkdirSync(outFolder, { recursive: true });
writeFileSync(
  path.join(outFolder, 'bench-smoke.json'),
  `${JSON.stringify({ kind: 'bench-smoke', benchmarks: results }, null, 2)}\n`,
);
const failed = results.filter((result) => !result.ok);
console.log(
  `\nbenchmark smoke runs: ${results.length - failed.length} passed, ${failed.length} failed ` +
    `in ${Math.round((Date.now() - started) / 1000)} s (${results.map((r) => `${r.name} ${r.seconds} s`).join(', ')})`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
