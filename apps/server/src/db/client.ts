import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { Logger } from 'pino';
import { openPglite } from './pglite';
import * as schema from './schema/index';

export type Schema = typeof schema;

/** The query interface every repository takes: the same for PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs the migrations folder; refuses a database migrated by newer code. */
  migrate: () => Promise<void>;
  /** Answers whether the database takes a trivial query (health checks). */
  ping: () => Promise<boolean>;
  /** The embedded database's folder as one gzipped tar, taken between two queries (backups). */
  dump?: () => Promise<Blob>;
  /** PostgreSQL's pool: connections open, idle, and queries waiting for one (metrics). */
  poolUse?: () => { total: number; idle: number; waiting: number };
  close: () => Promise<void>;
};

export type DatabaseOptions =
  | {
      kind: 'postgres';
      url: string;
      poolSize?: number;
      /** Where a connection the server ended (restart, failover, idle timeout) is reported. */
      logger?: Pick<Logger, 'warn'>;
    }
  | { kind: 'pglite'; dataDir?: string; client?: PGlite };

const migrationsFolder = new URL('./migrations', import.meta.url).pathname;

/** Opens PostgreSQL when a URL is given, else the embedded PGlite in `dataDir` (or memory). */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      // A server that does not answer must not hold a request (or a health check) forever.
      connectionTimeoutMillis: 5_000,
    });
    // PostgreSQL ending an idle pooled connection (restart, failover, a pooler's idle timeout,
    // pg_terminate_backend) emits `error` on the pool; without a listener Node exits. The pool
    // has already dropped that client: the next query opens a new connection, so log and go on.
    pool.on('error', (error) => {
      options.logger?.warn({ err: error }, 'PostgreSQL ended an idle connection; the pool opens a new one');
    });
    // The pool listens on a client only while it is idle. One checked out (a transaction, a
    // prepared statement, a long query) that loses its connection emits `error` on itself, and
    // without a listener Node ends the process. Every client gets one for its whole life: the
    // query in flight rejects on its own (the request answers 503), and the pool discards the
    // broken client when it is released.
    //
    // A checked-out client whose connection ends is also given back to the pool here, which
    // discards it. Drizzle's transaction sends BEGIN before its try/finally: a BEGIN that meets a
    // dead connection never releases its client, and each such client would hold a pool slot for
    // good, until a storm of terminations has drained the pool. A later release by its holder is
    // then a no-op rather than pg-pool's double-release error.
    const checkedOut = new WeakSet<pg.PoolClient>();
    pool.on('acquire', (client) => checkedOut.add(client));
    pool.on('release', (_error, client) => checkedOut.delete(client));
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        options.logger?.warn({ err: error }, 'PostgreSQL ended a connection in use; its request is answered 503');
      });
      client.on('end', () => {
        if (!checkedOut.has(client)) return;
        client.release(new Error('PostgreSQL ended a connection while it was checked out'));
        client.release = () => undefined;
      });
    });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      migrate: async () => {
        const { migratePostgres } = await import('./migrate');
        await migratePostgres(options.url, migrationsFolder);
      },
      ping: async () => {
        try {
          await pool.query('select 1');
          return true;
        } catch {
          return false;
        }
      },
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }

  // Its memory settings and first-start initialisation: pglite.ts.
  const client = options.client ?? (await openPglite(options.dataDir, migrationsFolder));
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      const { migratePglite } = await import('./migrate');
      await migratePglite(client, migrationsFolder);
    },
    ping: async () => {
      try {
        await client.query('select 1');
        return true;
      } catch {
        return false;
      }
    },
    dump: () => client.dumpDataDir('gzip'),
    close: () => client.close(),
  };
}
