import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { openPglite, pgliteSettings } from './pglite';

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

let folders: string[] = [];
let clients: PGlite[] = [];
afterEach(async () => {
  await Promise.all(clients.map((client) => client.close()));
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  clients = [];
  folders = [];
});

/** A data folder as main.ts gives one: its parent exists, the database folder may not. */
function dataFolder(): string {
  const parent = mkdtempSync(path.join(tmpdir(), 'pitchlane-pglite-'));
  folders.push(parent);
  return path.join(parent, 'db');
}

async function open(dataDir: string, migrations?: string): Promise<PGlite> {
  const client = await openPglite(dataDir, migrations);
  clients.push(client);
  return client;
}

async function setting(client: PGlite, name: string): Promise<string> {
  const result = await client.query<{ value: string }>(`select current_setting($1) as value`, [name]);
  return result.rows[0]?.value ?? '';
}

// Each first open runs initdb in a child process: 2–5 s here, several times that on a busy machine.
describe('openPglite', { timeout: 90_000 }, () => {
  it('initialises and migrates a new folder, keeps what is written across a reopen, and runs with its memory settings', async () => {
    const dataDir = dataFolder();
    // What a first start killed half-way leaves: started over, never taken for a database.
    mkdirSync(`${dataDir}.initialising`);
    writeFileSync(path.join(`${dataDir}.initialising`, 'PG_VERSION'), '17\n');
    const first = await open(dataDir, migrationsFolder);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
    // Initialised beside the folder and moved into place: nothing of it is left behind.
    expect(existsSync(`${dataDir}.initialising`)).toBe(false);
    // Migrated by the child that initialised it, every migration of the journal.
    const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
      entries: unknown[];
    };
    const applied = await first.query<{ count: number }>(
      'select count(*)::int as count from drizzle.__drizzle_migrations',
    );
    expect(applied.rows).toEqual([{ count: journal.entries.length }]);
    expect(await setting(first, 'shared_buffers')).toBe(pgliteSettings.shared_buffers);
    await first.exec(`create table kept (value text); insert into kept values ('still here')`);
    await first.close();
    clients = [];

    const second = await open(dataDir);
    expect((await second.query<{ value: string }>('select value from kept')).rows).toEqual([{ value: 'still here' }]);
    expect(await setting(second, 'shared_buffers')).toBe(pgliteSettings.shared_buffers);
    await second.close();
    clients = [];

    // As the server opens it: the migrations it runs at start find nothing left to do.
    const database = await openDatabase({ kind: 'pglite', dataDir });
    await database.migrate();
    expect(await database.ping()).toBe(true);
    await database.close();
  });

  it('initialises a folder that holds files but no database, as PGlite itself would', async () => {
    const dataDir = dataFolder();
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'left-by-an-interrupted-start'), '');
    const client = await open(dataDir);
    expect((await client.query<{ one: number }>('select 1 as one')).rows).toEqual([{ one: 1 }]);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(true);
  });
});
