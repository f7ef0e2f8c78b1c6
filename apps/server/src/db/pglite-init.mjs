// Initialises an embedded database folder, migrates it when given the migrations folder, and
// exits: run by pglite.ts as a child process, so the memory initdb and the first migration touch
// goes back to the system with the process. Plain JavaScript: it runs under plain node whether
// the server runs from its build, under tsx or under vitest.
// Usage: node pglite-init.mjs <dataDir> <start parameters as a JSON array> [migrationsFolder]
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dataDir, startParams, migrationsFolder] = process.argv.slice(2);
if (!dataDir || !startParams) {
  console.error('usage: node pglite-init.mjs <dataDir> <startParams JSON> [migrationsFolder]');
  process.exit(2);
}
const client = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) });
// What migratePglite (migrate.ts) does on a database this new: nothing is applied yet, so there
// is no newer schema to refuse. The server's own migrate() then finds every migration applied.
if (migrationsFolder) await migrate(drizzle(client), { migrationsFolder });
await client.close();
