// Smoke mode (BENCH_SMOKE=1 or --smoke): every benchmark runs for seconds on a small data set, so
// CI proves it still runs against the product as it is now. A benchmark rots silently otherwise:
// bench/decks.ts seeded a table shape two migrations old and nobody knew until someone wanted its
// figures. In smoke mode the budgets are printed and not enforced (a loaded CI machine says
// nothing about speed); the run fails only when the benchmark breaks or measures nothing.
import { writeFileSync } from 'node:fs';

/** Whether this run is a smoke run. */
export const isSmoke = process.env.BENCH_SMOKE === '1' || process.argv.includes('--smoke');

/** `full` in a real run, `smoke` in a smoke run. */
export function sized<Value>(full: Value, smoke: Value): Value {
  return isSmoke ? smoke : full;
}

/** A number from the environment when set, else the size for this mode. */
export function envNumber(name: string, full: number, smoke: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return sized(full, smoke);
  const value = Number(raw);
  if (!Number.isFinite(value)) throw new Error(`${name}=${raw} is not a number`);
  return value;
}

/** One load-generator measurement, as the benchmarks print it. */
type LoadFigures = { name: string; requestsPerSecond: number; p99: number; non2xx: number; errors: number };

/**
 * What is wrong with a measurement as a measurement (not as speed): nothing answered, or some
 * answers were errors, which means the benchmark timed a failure instead of the product.
 */
export function loadProblems(rows: LoadFigures[]): string[] {
  return rows.flatMap((row) => {
    const problems: string[] = [];
    if (!(row.requestsPerSecond > 0)) problems.push(`${row.name}: no requests answered`);
    if (!Number.isFinite(row.p99)) problems.push(`${row.name}: no latency measured`);
    if (row.non2xx > 0) problems.push(`${row.name}: ${row.non2xx} answers were not 2xx`);
    if (row.errors > 0) problems.push(`${row.name}: ${row.errors} requests failed`);
    return problems;
  });
}

/**
 * Ends a benchmark: prints its JSON line, writes it to BENCH_REPORT when set (the smoke runner,
 * scripts/bench-smoke.mjs, reads it), and sets the exit code. A real run fails outside its
 * budget or with problems; a smoke run only with problems. `problems` are the benchmark's own
 * failures: no figures, failed requests, a seed that did not produce what it should.
 */
export function conclude<Report extends { bench: string; withinBudget: boolean; problems: string[] }>(
  report: Report,
): void {
  const ok = report.problems.length === 0 && (isSmoke || report.withinBudget);
  const line = { ...report, smoke: isSmoke, ok };
  for (const problem of report.problems) console.error(`✘ ${report.bench}: ${problem}`);
  if (isSmoke) {
    console.log(
      `smoke run of ${report.bench}: budgets printed, not enforced (${report.withinBudget ? 'within' : 'outside'} budget on this machine)`,
    );
  }
  console.log(JSON.stringify(line));
  if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, `${JSON.stringify(line)}\n`);
  process.exitCode = ok ? 0 : 1;
}
