import { existsSync } from 'node:fs';
import path from 'node:path';
import { dataDirEntries } from '@/config';
import { pgliteOptions } from '@/db/pglite';
import { BackupRefusal, restoreBackup, writeBackup } from './backup';
import { answers, operationsSocket, requestBackup, servingPid } from './operations-socket';

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`, for the embedded database and local
 * files (docs/operations.md). A running server writes the backup itself (its operations socket);
 * with none running, the data folder is read here. PostgreSQL and S3 have their own tools.
 */
async function main(): Promise<string> {
  const [command, file] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !file) {
    throw new BackupRefusal(
      'Usage: npm run backup -- FILE, or npm run restore -- FILE (with DATA_DIR as for npm start).',
    );
  }
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  if (process.env.DATABASE_URL) {
    throw new BackupRefusal(
      'This server uses PostgreSQL (DATABASE_URL): back it up with pg_dump and restore with pg_restore; see docs/operations.md.',
    );
  }
  if (process.env.STORAGE_DRIVER === 's3') {
    throw new BackupRefusal(
      'Files live in S3 (STORAGE_DRIVER=s3): copy the bucket with your S3 tooling; see docs/operations.md.',
    );
  }
  if (command === 'restore') {
    const { files } = await restoreBackup(file, dataDir);
    return `Restored ${file} into ${dataDir}: the database and ${files} files. Start it with DATA_DIR=${dataDir} npm start.`;
  }
  const socketPath = operationsSocket(dataDir);
  if (existsSync(socketPath) && (await answers(socketPath))) {
    const result = await requestBackup(socketPath, file);
    return `The running server wrote ${result.file}: ${kilobytes(result.bytes)}, the database and ${result.files} files.`;
  }
  const pid = await servingPid(dataDir);
  if (pid !== undefined) {
    throw new BackupRefusal(
      `A server runs on ${dataDir} (pid ${pid}) but does not answer on its operations socket. Stop it, then back up.`,
    );
  }
  const databaseDir = path.join(dataDir, dataDirEntries.database);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    throw new BackupRefusal(`There is no database in ${dataDir}. Set DATA_DIR to the folder npm start uses.`);
  }
  // No server on this folder: the database is opened here, alone, and closed again.
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(databaseDir, pgliteOptions);
  try {
    const result = await writeBackup(file, { dataDir, dump: () => client.dumpDataDir('gzip') });
    return `Wrote ${result.file}: ${kilobytes(result.bytes)}, the database and ${result.files} files.`;
  } finally {
    await client.close();
  }
}

const kilobytes = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

main().then(
  (line) => {
    console.log(line);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(error instanceof BackupRefusal ? error.message : error);
    process.exit(1);
  },
);
