import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import * as tar from 'tar';
import { z } from 'zod';
import { dataDirEntries } from '@/config';
import { pgliteOptions } from '@/db/pglite';
// Upload parts still being written: never a stored file.
import { partsFolder } from '@/modules/storage/local-storage';

/** What one archive holds, beside its files: written first, read first. */
const manifestSchema = z.object({
  product: z.literal('Pitchlane'),
  format: z.literal(1),
  createdAt: z.string(),
  files: z.number().int().min(0),
});

const entries = {
  manifest: 'manifest.json',
  /** The embedded database's folder, as PGlite dumps it (a gzipped tar of its data directory). */
  database: 'database.tar.gz',
  /** The secret that signs sessions and file links: restored, they stay valid. */
  secret: 'auth-secret',
  uploads: 'uploads',
} as const;

/** A refusal an operator reads as the command's last line, without a stack. */
export class BackupRefusal extends Error {}

export type BackupResult = { file: string; bytes: number; files: number };

async function countFiles(folder: string): Promise<number> {
  if (!existsSync(folder)) return 0;
  const found = await readdir(folder, { recursive: true, withFileTypes: true });
  return found.filter((entry) => entry.isFile() && !path.relative(folder, entry.parentPath).startsWith(partsFolder))
    .length;
}

/**
 * Writes one archive of a data folder: the database as `dump` gives it, then the uploaded files
 * and the signing secret. The database comes first: a file stored after it is extra in the
 * archive, never missing from it. Written beside `file` and renamed into place, so a backup that
 * fails half-way leaves no archive that looks whole.
 */
export async function writeBackup(
  file: string,
  { dataDir, dump }: { dataDir: string; dump: () => Promise<Blob> },
): Promise<BackupResult> {
  const target = path.resolve(file);
  await mkdir(path.dirname(target), { recursive: true });
  const staging = await mkdtemp(path.join(path.dirname(target), '.pitchlane-backup-'));
  const partial = `${staging}.tar.gz`;
  try {
    const database = await dump();
    await writeFile(path.join(staging, entries.database), new Uint8Array(await database.arrayBuffer()));
    const uploads = path.join(dataDir, dataDirEntries.uploads);
    const names: string[] = [entries.manifest, entries.database];
    if (existsSync(uploads)) {
      await symlink(uploads, path.join(staging, entries.uploads), 'dir');
      names.push(entries.uploads);
    }
    const secret = path.join(dataDir, dataDirEntries.secret);
    if (existsSync(secret)) {
      await cp(secret, path.join(staging, entries.secret));
      names.push(entries.secret);
    }
    const files = await countFiles(uploads);
    const manifest = { product: 'Pitchlane', format: 1, createdAt: new Date().toISOString(), files };
    await writeFile(path.join(staging, entries.manifest), JSON.stringify(manifest, null, 2));
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        follow: true,
        portable: true,
        filter: (entry) => !entry.split('/').includes(partsFolder),
      },
      names,
    );
    await rename(partial, target);
    return { file: target, bytes: (await stat(target)).size, files };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Makes a data folder from an archive: the database, the uploaded files and the secret. The
 * folder must hold no database yet; a restore never writes over one.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<{ files: number }> {
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupRefusal(`There is no backup at ${source}.`);
  const databaseDir = path.join(dataDir, dataDirEntries.database);
  if (existsSync(databaseDir) && (await readdir(databaseDir)).length > 0) {
    throw new BackupRefusal(
      `${dataDir} already holds a database. Restore into an empty folder, e.g. DATA_DIR=./restored npm run restore -- ${file}`,
    );
  }
  await mkdir(dataDir, { recursive: true });
  const staging = await mkdtemp(path.join(dataDir, '.restoring-'));
  try {
    // node-tar refuses entries that would land outside `cwd` (absolute paths, `..`).
    await tar.extract({ file: source, cwd: staging, strict: true });
    const manifest = manifestSchema.safeParse(
      JSON.parse(await readFile(path.join(staging, entries.manifest), 'utf8').catch(() => 'null')),
    );
    if (!manifest.success) throw new BackupRefusal(`${source} is not a Pitchlane backup.`);
    const dump = await readFile(path.join(staging, entries.database));
    // PGlite unpacks the dump into the folder and writes it out as it closes.
    const client = await PGlite.create(databaseDir, { ...pgliteOptions, loadDataDir: new Blob([dump]) });
    await client.query('select 1');
    await client.close();
    for (const name of [entries.uploads, entries.secret] as const) {
      const from = path.join(staging, name);
      const to = path.join(dataDir, name === entries.uploads ? dataDirEntries.uploads : dataDirEntries.secret);
      if (existsSync(from)) {
        await rm(to, { recursive: true, force: true });
        await rename(from, to);
      }
    }
    return { files: manifest.data.files };
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}
