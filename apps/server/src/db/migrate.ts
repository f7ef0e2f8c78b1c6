import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePgFolder } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePgliteFolder } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

type Journal = { entries: { tag: string; when: number }[] };

/** Any fixed number: all processes starting at once serialise their migrations on it. */
const migrationLockKey = 7_311_052;

const appliedQuery = `select max(created_at)::text as newest from drizzle.__drizzle_migrations`;

function newestKnownMigration(folder: string): number {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as Journal;
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * A database migrated by newer code has a schema this code does not know; running on it
 * could corrupt data, so the start is refused instead.
 */
function refuseNewerSchema(newestApplied: string | null | undefined, folder: string): void {
  if (!newestApplied) return;
  const known = newestKnownMigration(folder);
  if (Number(newestApplied) > known) {
    throw new Error(
      `The database schema is newer than this version of the server (applied migration from ${new Date(Number(newestApplied)).toISOString()}, ` +
        `newest known ${new Date(known).toISOString()}). Start a newer server version, or restore a matching backup.`,
    );
  }
}

async function readNewestApplied(query: (sql: string) => Promise<{ rows: { newest: string | null }[] }>) {
  try {
    const result = await query(appliedQuery);
    return result.rows[0]?.newest ?? null;
  } catch {
    return null; // no migrations table yet: a fresh database
  }
}

export async function migratePostgres(url: string, folder: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [migrationLockKey]);
    refuseNewerSchema(await readNewestApplied((sql) => client.query(sql)), folder);
    await migratePgFolder(drizzlePg(client), { migrationsFolder: folder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [migrationLockKey]).catch(() => undefined);
    await client.end();
  }
}

export async function migratePglite(client: PGlite, folder: string): Promise<void> {
  refuseNewerSchema(await readNewestApplied((sql) => client.query<{ newest: string | null }>(sql)), folder);
  await migratePgliteFolder(drizzlePglite(client), { migrationsFolder: folder });
}
