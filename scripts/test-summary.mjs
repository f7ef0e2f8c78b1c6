// Totals the JSON reports in a folder into one "N passed, N failed, N skipped" line: vitest's
// reports, and scripts/bench-smoke.mjs's, whose every benchmark counts as one passed or failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export function summarise(folder) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  if (existsSync(folder)) {
    for (const file of readdirSync(folder).filter((name) => name.endsWith('.json'))) {
      const report = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
      // scripts/unhandled-errors-reporter.mjs: errors outside tests, which fail a run whose
      // tests all passed; each counts as a failure and is named.
      if (Array.isArray(report.unhandledErrors)) {
        failed += report.unhandledErrors.length;
        failures.push(
          ...report.unhandledErrors.map(
            (error) => `${file}: unhandled ${error.name}: ${firstLine(error.message)} (${stackTop(error.stack)})`,
          ),
        );
        continue;
      }
      if (Array.isArray(report.benchmarks)) {
        passed += report.benchmarks.filter((benchmark) => benchmark.ok === true).length;
        const broken = report.benchmarks.filter((benchmark) => benchmark.ok !== true);
        failed += broken.length;
        failures.push(...broken.map((benchmark) => `bench:${benchmark.name}: ${benchmark.reason ?? 'not ok'}`));
        continue;
      }
      passed += report.numPassedTests ?? 0;
      // A file that failed to load has no tests but is still a failure.
      failed +=
        (report.numFailedTests ?? 0) +
        (report.testResults ?? []).filter((r) => r.status === 'failed' && r.assertionResults?.length === 0).length;
      skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
      failures.push(...failedTests(report));
    }
  }
  const line = `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
  return { passed, failed, skipped, failures, line };
}

/** Names each failed test (or file that failed to load) with the first line of its message. */
function failedTests(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const where = path.relative(process.cwd(), file.name ?? '');
    if (file.status === 'failed' && (file.assertionResults ?? []).length === 0) {
      names.push(`${where}: ${firstLine(file.message)}`);
    }
    for (const test of file.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      names.push(`${where} › ${test.fullName ?? test.title}: ${firstLine(test.failureMessages?.[0])}`);
    }
  }
  return names;
}

/** The first frame of a stack outside node's internals and node_modules: where the error came from. */
function stackTop(stack) {
  const frames = String(stack ?? '')
    .split('\n')
    .filter((line) => line.trim().startsWith('at '));
  const own = frames.find((line) => !line.includes('node:internal') && !line.includes('node_modules'));
  return (own ?? frames[0] ?? 'no stack').trim();
}

function firstLine(message) {
  return (
    String(message ?? '')
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const folders = process.argv.slice(2);
  const totals = folders.map(summarise).reduce(
    (sum, next) => ({
      passed: sum.passed + next.passed,
      failed: sum.failed + next.failed,
      skipped: sum.skipped + next.skipped,
      failures: [...sum.failures, ...next.failures],
    }),
    { passed: 0, failed: 0, skipped: 0, failures: [] },
  );
  // The last lines of a CI log are the ones everyone reads: name what failed there.
  for (const failure of totals.failures) console.log(`✗ ${failure}`);
  console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
}
