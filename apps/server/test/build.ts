import { existsSync, mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tokens } from '@deckvalid/contract/auth';
import { PGlite } from '@electric-sql/pglite';
import type { InjectOptions } from 'fastify';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app';
import { type Config, productName } from '../src/config';
import { type DatabaseHandle, openDatabase } from '../src/db/client';
import { pgliteOptions } from '../src/db/pglite';
import type { Clock } from '../src/lib/clock';
import { createLogger } from '../src/lib/logger';
import { SmtpSink } from './smtp-sink';

export type TestContext = {
  app: App;
  database: DatabaseHandle;
  sink: SmtpSink;
  config: Config;
  /** Raw SQL against the test database, for arranging time-dependent state and reading what was stored. */
  sql: <Row = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<Row[]>;
  close: () => Promise<void>;
};

export const testAuthSecret = 'test-secret-that-is-long-enough-for-hmac-keys-0123456789';

let databaseCounter = 0;

/**
 * A fresh database for one test file: a copy of the migrated PGlite template, or, when
 * DATABASE_URL is set, a new PostgreSQL database of its own, dropped again on close.
 */
async function openTestDatabase(embeddedIn?: string): Promise<{
  database: DatabaseHandle;
  sql: TestContext['sql'];
  drop: () => Promise<void>;
}> {
  const url = process.env.DATABASE_URL;
  if (!url || embeddedIn) {
    // A folder that holds a database already (a restored backup) opens as it is.
    const isNew = !embeddedIn || !existsSync(path.join(embeddedIn, 'PG_VERSION'));
    // PostgreSQL runs make no template (global-setup.ts): an embedded database of theirs starts
    // empty and is migrated here.
    const templateFile = inject('pgliteTemplate');
    const template = isNew && templateFile ? await readFile(templateFile) : undefined;
    // The server's own memory settings, so the tests run the database as `npm start` does.
    const client = await PGlite.create(embeddedIn, {
      ...(template ? { loadDataDir: new Blob([template]) } : {}),
      ...pgliteOptions,
    });
    const database = await openDatabase({ kind: 'pglite', client });
    if (isNew && !template) await database.migrate();
    return {
      database,
      sql: async (text, params) => (await client.query(text, params)).rows as never[],
      drop: async () => undefined,
    };
  }
  const name = `pitchlane_test_${process.pid}_${Date.now()}_${databaseCounter++}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 5 });
  await database.migrate();
  const pool = new pg.Pool({ connectionString: testUrl.toString(), max: 2 });
  // The test's own pool meets the same terminations as the app's (dropped databases, tests
  // that end backends on purpose): a lost idle client is dropped, never an unhandled error.
  pool.on('error', () => undefined);
  return {
    database,
    sql: async (text, params) => (await pool.query(text, params)).rows,
    drop: async () => {
      await pool.end();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/** Builds the whole app over a fresh database and a real SMTP sink; Redis when REDIS_URL is set. */
export async function build(
  overrides: Partial<Config> = {},
  {
    logStream,
    clock,
    embeddedOnDisk,
  }: {
    /** Where the app's log lines go (tests that read them); none: stdout. */
    logStream?: DestinationStream;
    /** The app's clock (a `MovableClock` for tests that move time); the system's otherwise. */
    clock?: Clock;
    /**
     * The embedded database in the data folder's `db`, as `npm start` keeps it (on PostgreSQL
     * runs too): a copy of the template, or the database a folder holds already.
     */
    embeddedOnDisk?: boolean;
  } = {},
): Promise<TestContext> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const dataDir = overrides.dataDir ?? mkdtempSync(path.join(tmpdir(), 'pitchlane-test-'));
  const { database, sql, drop } = await openTestDatabase(embeddedOnDisk ? path.join(dataDir, 'db') : undefined);
  const config: Config = {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: embeddedOnDisk ? undefined : process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
    smtpUrl,
    mailFrom: 'Pitchlane <no-reply@pitchlane.test>',
    publicUrl: 'http://localhost:8080',
    authSecret: testAuthSecret,
    seedDemo: false,
    logLevel: 'silent',
    authRateLimitPerMinute: 10_000,
    webDist: path.join(dataDir, 'no-web-build'),
    trustProxy: false,
    productName,
    storageDriver: 'local',
    s3: undefined,
    // Tests that run the outbox job (apps built by build() run no jobs) retry within a second.
    mailOutbox: { pollIntervalMs: 100, retryBaseMs: 100, retryMaxMs: 400, maxAttempts: 5, leaseMs: 10_000 },
    // No identity provider unless a test names one (oauth.routes.test.ts starts its own).
    oauth: { providers: [], redirectUrl: 'http://localhost:8080/oauth/callback' },
    ...overrides,
  };
  const logger = createLogger(config.logLevel, logStream);
  const app = await buildApp(config, database, logger, clock ? { clock } : {});
  await app.fastify.ready();
  return {
    app,
    database,
    sink,
    config,
    sql,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      await sink.stop();
    },
  };
}

/** The three credential headers of a token set, as the web sends them. */
export function authHeaders(tokens: Tokens): Record<string, string> {
  return {
    authorization: `Bearer ${tokens.token}`,
    'x-control-signature': tokens.controlSignature,
    'x-hash-token': tokens.hashToken,
  };
}

/** Calls the app as `caller` (with no credentials when null), with a JSON body when one is given. */
export function callAs(
  ctx: TestContext,
  caller: { tokens: Tokens } | null,
  method: InjectOptions['method'],
  url: string,
  payload?: object,
) {
  return ctx.app.fastify.inject({
    method,
    url,
    headers: caller ? authHeaders(caller.tokens) : {},
    ...(payload === undefined ? {} : { payload }),
  });
}
