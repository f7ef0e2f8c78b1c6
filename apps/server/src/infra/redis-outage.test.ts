import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { apiPaths, authApiRoot } from '@deckvalid/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword } from '../../test/accounts';
import { ChatClients } from '../../test/chat';
import {
  createDatabase,
  credentialHeaders,
  freePort,
  type ServerProcess,
  signUpOverHttp,
  startServerProcess,
  stopServerProcess,
} from '../../test/processes';
import { SmtpSink } from '../../test/smtp-sink';

/**
 * Redis is a helper: a process started while it is down, or that loses it, keeps serving sign-in
 * and every call (limits count in memory, sessions are checked in the database), says
 * `redis: down` in its health check, and reconnects by itself when Redis returns. The test runs
 * a Redis of its own so that it can kill it; it needs the redis-server binary (CI machines have
 * it) and runs on the embedded database, or on PostgreSQL when DATABASE_URL is set.
 */
const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
const loginLimit = 5;

type RedisProcess = { process: ChildProcess; exited: Promise<void> };

async function startRedis(port: number): Promise<RedisProcess> {
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { process: child, exited };
}

async function killRedis(redis: RedisProcess): Promise<void> {
  redis.process.kill('SIGKILL');
  await redis.exited;
}

async function health(base: string): Promise<{ status: string; db: string; redis?: string }> {
  return (await fetch(`${base}${apiPaths.health}`)).json() as Promise<{ status: string; db: string; redis?: string }>;
}

describe.runIf(hasRedisServer)('a process whose Redis is away', () => {
  const sink = new SmtpSink();
  let node: ServerProcess | undefined;
  let redis: RedisProcess | undefined;
  let redisPort = 0;
  let dropDatabase: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    redisPort = await freePort();
    const env: Record<string, string> = {
      // Nothing listens there yet: the process starts without Redis.
      REDIS_URL: `redis://127.0.0.1:${redisPort}`,
      SMTP_URL: await sink.start(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-redis-outage-')),
      AUTH_SECRET: 'redis-outage-test-secret-that-is-long-enough-0123456789',
      AUTH_RATE_LIMIT_PER_MINUTE: String(loginLimit),
      SEED_DEMO: '',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
    };
    if (process.env.DATABASE_URL) {
      const database = await createDatabase(process.env.DATABASE_URL, 'pitchlane_redis_outage');
      env.DATABASE_URL = database.url;
      dropDatabase = database.drop;
    }
    node = await startServerProcess(env);
  }, 120_000);

  afterAll(async () => {
    if (node) await stopServerProcess(node);
    if (redis) await killRedis(redis);
    await sink.stop();
    await dropDatabase();
  }, 60_000);

  const login = (email: string) =>
    fetch(`${node?.base}${authApiRoot.user}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: strongPassword }),
    });

  it('serves sign-in without Redis, limits in memory, and reconnects when Redis comes and goes', async () => {
    const server = node as ServerProcess;
    const startedAt = Date.now();
    expect(await health(server.base)).toEqual({ status: 'degraded', db: 'up', redis: 'down' });

    // Sign-up, verification and sign-in work with Redis away.
    const founder = await signUpOverHttp(server.base, sink, 'user', 'Offline Founder');
    const me = await fetch(`${server.base}${authApiRoot.user}/me`, { headers: credentialHeaders(founder.tokens) });
    expect(me.status).toBe(200);
    const email = ((await me.json()) as { user: { email: string } }).user.email;
    const started = Date.now();
    const first = await login(email);
    expect(first.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(3_000);

    // The sign-in limit still holds, counted in this process's memory.
    const statuses: number[] = [];
    for (let attempt = 0; attempt < loginLimit; attempt++) statuses.push((await login(email)).status);
    expect(statuses.at(-1)).toBe(429);

    // A socket connects: the adapter serves this process's own sockets without Redis.
    const sockets = new ChatClients(() => server.base);
    expect((await sockets.open(founder.tokens)).connected).toBe(true);
    sockets.closeAll();

    // Still alive well past the reconnect attempts that used to end it (about 10 s).
    const quiet = 12_000 - (Date.now() - startedAt);
    if (quiet > 0) await new Promise((resolve) => setTimeout(resolve, quiet));
    expect(server.isAlive()).toBe(true);

    // Redis arrives: the process finds it by itself.
    redis = await startRedis(redisPort);
    await expect.poll(async () => (await health(server.base)).redis, { timeout: 20_000, interval: 250 }).toBe('up');
    expect(await health(server.base)).toEqual({ status: 'ok', db: 'up', redis: 'up' });
    const me2 = await fetch(`${server.base}${authApiRoot.user}/me`, { headers: credentialHeaders(founder.tokens) });
    expect(me2.status).toBe(200);

    // Redis dies under a live process: calls keep working at once, health says so.
    await killRedis(redis);
    redis = undefined;
    const afterKill = Date.now();
    const me3 = await fetch(`${server.base}${authApiRoot.user}/me`, { headers: credentialHeaders(founder.tokens) });
    expect(me3.status).toBe(200);
    const logout = await fetch(`${server.base}${authApiRoot.user}/logout`, {
      method: 'POST',
      headers: credentialHeaders(founder.tokens),
      body: '{}',
    });
    expect(logout.status).toBeLessThan(300);
    expect(Date.now() - afterKill).toBeLessThan(3_000);
    const revoked = await fetch(`${server.base}${authApiRoot.user}/me`, { headers: credentialHeaders(founder.tokens) });
    expect(revoked.status).toBe(401);
    await expect.poll(async () => (await health(server.base)).redis, { timeout: 10_000, interval: 250 }).toBe('down');

    // And back once more.
    redis = await startRedis(redisPort);
    await expect.poll(async () => (await health(server.base)).redis, { timeout: 20_000, interval: 250 }).toBe('up');
    expect(server.isAlive()).toBe(true);
  }, 120_000);
});

describe('a process whose Redis never answers', () => {
  it('stops on SIGTERM within 2 s and exits 0: shutting down waits for nothing of Redis', async () => {
    const sink = new SmtpSink();
    const node = await startServerProcess({
      // Nothing listens there: every connection attempt to Redis fails.
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
      SMTP_URL: await sink.start(),
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-redis-absent-')),
      AUTH_SECRET: 'redis-absent-test-secret-that-is-long-enough-0123456789',
      SEED_DEMO: '',
      LOG_LEVEL: 'error',
      DATABASE_URL: '',
    });
    try {
      expect((await health(node.base)).redis).toBe('down');
      const stoppedAt = Date.now();
      await stopServerProcess(node);
      expect(Date.now() - stoppedAt).toBeLessThan(2_000);
      expect(node.process.exitCode).toBe(0);
    } finally {
      if (node.isAlive()) node.process.kill('SIGKILL');
      await sink.stop();
    }
  }, 90_000);
});
