import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';

const databaseUrl = process.env.DATABASE_URL;

/** Runs one statement on the server's maintenance database, outside the app's pool. */
async function admin(text: string, params: unknown[] = []): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(text, params);
  } finally {
    await client.end();
  }
}

const terminateBackends = (name: string) =>
  admin('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
    name,
  ]);

/** Gives the pool's idle clients time to receive the server's termination and emit `error`. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

// Connection loss is a PostgreSQL matter: the embedded database has no server that could end a
// connection. CI's second pass runs this file against PostgreSQL (DATABASE_URL).
describe.runIf(databaseUrl)('a PostgreSQL connection ended by the server', () => {
  let ctx: TestContext;
  let name: string;

  beforeAll(async () => {
    ctx = await build();
    const [row] = await ctx.sql<{ name: string }>('select current_database() as name');
    name = row?.name ?? '';
  });
  afterAll(async () => {
    await admin(`alter database ${name} with allow_connections true`);
    await ctx.close();
  });

  it('costs a retry, not the process: calls after the termination succeed', async () => {
    const founder = await signUp(ctx, 'user');
    const me = () =>
      ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers: authHeaders(founder.tokens) });
    // Fill the pool with idle clients, then have the server end every one of them.
    await Promise.all([me(), me(), me(), me()]);
    await terminateBackends(name);
    await settle();

    expect((await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
      status: 'ok',
      db: 'up',
    });
    const again = await me();
    expect(again.statusCode).toBe(200);
  });

  it('gives back a connection that died as its transaction began, so the pool is never drained', async () => {
    const { db, poolUse } = ctx.database;
    // The server ends every connection just as transactions take theirs from the pool: some
    // BEGINs meet a dead socket. Each such connection must leave the pool, not stay checked out.
    for (let round = 0; round < 20; round++) {
      await Promise.all([ctx.database.ping(), ctx.database.ping(), ctx.database.ping()]);
      const terminating = terminateBackends(name);
      const attempts = Array.from({ length: 5 }, () =>
        db.transaction(async (tx) => tx.execute(sql`select 1`)).catch(() => undefined),
      );
      await Promise.all([terminating, ...attempts]);
    }
    await settle();
    const use = poolUse?.();
    expect(use && use.total - use.idle).toBe(0);
    expect(await ctx.database.ping()).toBe(true);
  });

  it('answers db "down" while PostgreSQL refuses connections, and "up" once it is back', async () => {
    await admin(`alter database ${name} with allow_connections false`);
    await terminateBackends(name);
    await settle();
    const down = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', db: 'down' });

    await admin(`alter database ${name} with allow_connections true`);
    const up = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toMatchObject({ status: 'ok', db: 'up' });
    const founder = await signUp(ctx, 'user');
    expect(founder.user.role).toBe('user');
  });
});
