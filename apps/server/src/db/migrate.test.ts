import { PGlite } from '@electric-sql/pglite';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import * as schema from './schema';

describe('migrations', () => {
  it('migrates an empty database, is idempotent, and refuses a schema newer than the code', async () => {
    const client = await PGlite.create();
    const database = await openDatabase({ kind: 'pglite', client });
    await database.migrate();
    await database.migrate();
    const tables = await client.query<{ table_name: string }>(
      `select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    // Every table the code declares, and no other: a schema file without its migration fails here.
    const declared = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => getTableConfig(table).name)
      .sort();
    expect(tables.rows.map((row) => row.table_name)).toEqual(declared);
    expect(declared).toContain('accounts');
    const future = Date.now() + 365 * 24 * 3600 * 1000;
    await client.query(`insert into drizzle.__drizzle_migrations (hash, created_at) values ('future', $1)`, [future]);
    await expect(database.migrate()).rejects.toThrow(/schema is newer than this version/);
    await database.close();
  }, 60_000);
});
