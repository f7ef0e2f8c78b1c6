// Totals the JSON reports in a folder into one "N passed, N failed, N skipped" line: vitest's
// reports, and scripts/bench-smoke.mjs's, whose every benchmark counts as one passed or failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function summarise(folder) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  if (existsSync(folder)) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const report = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
      if (Array.isArray(report.benchmarks)) {
        passed += report.benchmarks.filter((benchmark) => benchmark.ok === true).length;
        failed += report.benchmarks.filter((benchmark) => benchmark.ok !== true).length;
        continue;
      }
      passed += report.numPassedTests ?? 0;
      // A file that failed to load has no tests but is still a failure.
      failed +=
        (report.numFailedTests ?? 0) +
        (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults?.length === 0).length;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    }
  }
  const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, skipped, line };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folders = process.argv.slice(2);
  const totals = folders.map(summarise).reduce(
    (sum, next) => ({
      passed: sum.passed + next.passed,
      failed: sum.failed + next.failed,
      skipped: sum.skipped + next.skipped,
    }),
    { passed: 0, failed: 0, skipped: 0 },
  );
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
}
