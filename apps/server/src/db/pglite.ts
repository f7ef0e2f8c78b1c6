import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';

/**
 * PostgreSQL settings of the embedded database, on top of PGlite's own start parameters.
 *
 * shared_buffers: PostgreSQL's default of 128 MB, which PGlite keeps, is allocated inside
 * PGlite's WebAssembly memory and written at start, so all of it is resident from the first
 * second and never returned. 16 MB (2,048 pages) holds this product's hot tables and indexes
 * many times over at the sizes one embedded process serves; a page it evicts is read back
 * through the operating system's page cache, not the disk. Measured in docs/operations.md.
 */
export const pgliteSettings = { shared_buffers: '16MB' } as const;

/** Options every embedded database of this product opens with: the server's, and the tests' copies. */
export const pgliteOptions = {
  startParams: [
    ...PGlite.defaultStartParams,
    ...Object.entries(pgliteSettings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
  ],
} satisfies PGliteOptions;

const initScript = new URL('./pglite-init.mjs', import.meta.url).pathname;

/** initdb takes 2–5 s here; one still running after this long is stuck, and the start fails. */
const initTimeoutMs = 120_000;

/**
 * Opens the embedded database in `dataDir` (in memory without one). A folder that holds no
 * database yet is initialised first in a child process, migrations included when a folder of
 * them is given: initdb runs in a second PGlite instance whose WebAssembly memory, about 500 MB
 * at its peak, a process never hands back once touched, and a first migration grows the
 * database's own by about 50 MB. Run here, they kept the server at about 900 MB for as long as
 * it ran after a first start; in the child they end with it.
 */
export async function openPglite(dataDir?: string, migrationsFolder?: string): Promise<PGlite> {
  if (dataDir && !existsSync(path.join(dataDir, 'PG_VERSION'))) await initialise(dataDir, migrationsFolder);
  return PGlite.create(dataDir, pgliteOptions);
}

/**
 * Initialises a database beside `dataDir` and renames it into place, so a first start that is
 * killed half-way leaves no half-written database that the next start would take for a whole one.
 */
async function initialise(dataDir: string, migrationsFolder: string | undefined): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    // Files but no database (a first start of an older version, interrupted): initialise over
    // them in place, as PGlite itself would.
    await initialiseInChild(dataDir, migrationsFolder);
    return;
  }
  const staging = `${dataDir}.initialising`;
  await rm(staging, { recursive: true, force: true });
  await initialiseInChild(staging, migrationsFolder);
  // Replaces the missing or empty folder in one step.
  await rename(staging, dataDir);
}

/** Runs pglite-init.mjs on `dataDir`; rejects with its error output when it fails. */
function initialiseInChild(dataDir: string, migrationsFolder: string | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const args = [
      initScript,
      dataDir,
      JSON.stringify(pgliteOptions.startParams),
      ...(migrationsFolder ? [migrationsFolder] : []),
    ];
    // Plain node whatever runs this module (tsx, vitest): the script is JavaScript.
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), initTimeoutMs);
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr += chunk;
    });
    child.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else
        reject(
          new Error(`initialising the database in ${dataDir} failed (${signal ?? `exit ${code}`}): ${stderr.trim()}`),
        );
    });
  });
}
