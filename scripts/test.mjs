// `npm test`: format and lint, typecheck, unit and integration tests (PGlite), then browser tests.
// Each runner writes a JSON report to .test-results/; the last line totals them all.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { summarise } from './test-summary.mjs';
import { buildWebIfStale } from './web-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const results = path.join(root, '.test-results');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
// Names errors raised outside tests, which the JSON report leaves out.
const unhandledErrorsReporter = `--reporter=${path.join(root, 'scripts/unhandled-errors-reporter.mjs')}`;

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = result.status === 0;
  console.log(`${ok ? '✔' : '✘'} ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

const only = process.argv.slice(2);
const wants = (name) => only.length === 0 || only.includes(name);
const failures = [];

if (wants('lint') && !step('format and lint (biome)', bin('biome'), ['check', '.'])) failures.push('lint');
if (wants('boundaries')) {
  // The import rules of docs/ARCHITECTURE.md, per workspace so its `@/` alias resolves.
  for (const workspace of ['packages/contract', 'apps/server', 'apps/web']) {
    const ok = step(
      `import boundaries ${workspace} (dependency-cruiser)`,
      bin('depcruise'),
      [`${workspace}/src`, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'],
      { DEPCRUISE_WORKSPACE: workspace },
    );
    if (!ok) failures.push(`boundaries ${workspace}`);
  }
}
if (wants('typecheck')) {
  for (const project of ['packages/contract', 'apps/server', 'apps/web', 'e2e', 'bench']) {
    if (!step(`typecheck ${project}`, bin('tsc'), ['-p', project])) failures.push(`typecheck ${project}`);
  }
}
if (wants('unit')) {
  // The embedded run: PGlite and in-memory adapters, whatever the environment says.
  const ok = step(
    'unit and integration tests (PGlite)',
    bin('vitest'),
    [
      'run',
      '--reporter=default',
      '--reporter=json',
      unhandledErrorsReporter,
      `--outputFile.json=${path.join(results, 'unit-integration.json')}`,
    ],
    { DATABASE_URL: '', REDIS_URL: '' },
  );
  if (!ok) failures.push('unit and integration');
}
if (wants('e2e')) {
  try {
    buildWebIfStale();
    const ok = step('browser tests (Chromium)', bin('vitest'), [
      'run',
      '--config',
      'e2e/vitest.config.ts',
      '--reporter=default',
      '--reporter=json',
      unhandledErrorsReporter,
      `--outputFile.json=${path.join(results, 'browser.json')}`,
    ]);
    if (!ok) failures.push('browser');
  } catch (error) {
    console.error(error.message);
    failures.push('web build');
  }
}

const summary = summarise(results);
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`);
for (const failure of summary.failures) console.log(`✗ ${failure}`);
console.log(summary.line);
process.exit(failures.length > 0 || summary.failed > 0 ? 1 : 0);
