// Builds the web app when its build is missing or older than any of its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isOutdated } from './build-freshness.mjs';

const root = path.resolve(import.meta.dirname, '..');
const webDir = path.join(root, 'apps/web');
const stampFile = path.join(webDir, 'dist/.build-stamp');
const sources = [
  path.join(webDir, 'src'),
  path.join(webDir, 'index.html'),
  path.join(webDir, 'vite.config.ts'),
  path.join(webDir, 'package.json'),
  path.join(webDir, 'public'),
  path.join(root, 'packages/contract/src'),
];

/** Answers whether a build ran; throws when it fails. */
export function buildWebIfStale({ force = false } = {}) {
  if (!force && !isOutdated(stampFile, sources)) return false;
  console.log(
    existsSync(stampFile) ? 'Web sources changed: rebuilding the web app…' : 'Building the web app (first start)…',
  );
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: webDir,
      stdio: 'inherit',
      // Vite keeps a NODE_ENV it finds set: started under a test runner (NODE_ENV=test) or a
      // developer's shell, the build shipped React's development code, 70 % more to fetch and
      // parse. What this script builds is what `npm start` serves.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  if (result.status !== 0) throw new Error('The web build failed; see the output above.');
  writeFileSync(stampFile, new Date().toISOString());
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildWebIfStale({ force: process.argv.includes('--force') });
}
