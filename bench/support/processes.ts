import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverNodeFlags } from '../../scripts/server-build.mjs';
import { temporaryPostgres } from './api';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export type Proc = { child: ChildProcess; stop: () => Promise<void> };

/**
 * A port nothing listens on now. Fixed ports collided when two benchmarks ran at once, and a
 * health check could then pass against the other run's server.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function track(child: ChildProcess): Proc {
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export async function waitForHealthy(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Node flags that let a benchmark ask a server for its heap after a full collection (`heapUsed`). */
const heapProbe = ['--expose-gc', '--import', path.join(import.meta.dirname, 'heap-probe.mjs')];

/**
 * The server as `npm start` runs it, built once into apps/server/dist by scripts/server-build.mjs
 * (again only when its sources changed); answers the bundle's path.
 */
function builtServer(): string {
  const build = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/server-build.mjs')], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the server build failed; see the output above');
  return path.join(repoRoot, 'apps/server/dist/main.mjs');
}

/**
 * The product server in its own process, on a free port and a fresh data folder (or DATABASE_URL
 * when given). `heapProbe` opens an IPC channel through which `heapUsed` reads the server's heap.
 */
export async function startProductServer(env: Record<string, string> = {}, { heapProbe: probe = false } = {}) {
  const bundle = builtServer();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchlane-bench-'));
  // BENCH_PROFILE_DIR=<dir> writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  // With the flags `npm start` runs it with (scripts/server-build.mjs).
  const child = spawn(process.execPath, [...profile, ...(probe ? heapProbe : []), ...serverNodeFlags, bundle], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: '',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit', ...(probe ? (['ipc'] as const) : [])],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${base}/api/health`);
  return { ...track(child), dataDir, base };
}

/**
 * The product server on `database`: the embedded PGlite in a fresh data folder, or a throwaway
 * PostgreSQL database (under BENCH_POSTGRES_URL's server) that `stop` drops once the server ended.
 */
export async function startProductServerOn(
  database: 'pglite' | 'postgres',
  env: Record<string, string> = {},
  options: { heapProbe?: boolean } = {},
) {
  const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const temporary = database === 'postgres' ? await temporaryPostgres(adminUrl, 'server') : undefined;
  try {
    const server = await startProductServer({ ...env, DATABASE_URL: temporary?.url ?? '' }, options);
    return {
      ...server,
      stop: async () => {
        await server.stop();
        await temporary?.drop();
      },
    };
  } catch (error) {
    await temporary?.drop();
    throw error;
  }
}

/** The bare Socket.IO chat server (support/bare-chat-server.ts), with the heap probe. */
export async function startBareChatServer(): Promise<Proc & { base: string }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [...heapProbe, '--import', 'tsx', path.join(import.meta.dirname, 'bare-chat-server.ts')],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  );
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${base}/api/health`);
  return { ...track(child), base };
}

/** Resident memory (VmRSS, Linux) of `pid` and every process under it, in MB. */
export function residentMb(pid: number): number {
  const childrenOf = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The parent's pid is the second field after the command, which may hold spaces.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), Number(entry)]);
    } catch {
      // ended meanwhile
    }
  }
  let kilobytes = 0;
  for (const queue = [pid]; queue.length > 0; ) {
    const current = queue.pop() as number;
    try {
      kilobytes += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${current}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // ended meanwhile
    }
    queue.push(...(childrenOf.get(current) ?? []));
  }
  return Math.round(kilobytes / 1024);
}

/** The heap a server started with the probe holds after a full collection, in bytes. */
export function heapUsed(proc: Proc): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not report its heap')), 30_000);
    proc.child.once('message', (message: { heapUsed: number }) => {
      clearTimeout(timer);
      resolve(message.heapUsed);
    });
    proc.child.send('heap?');
  });
}

export async function startBareServer(): Promise<Proc & { base: string }> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'bare-server.ts')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitForHealthy(`${base}/bare`);
  return { ...track(child), base };
}

/** The newest verification code mailed to `email`, read from the file outbox. */
export function codeFromOutbox(dataDir: string, email: string): string {
  const outbox = path.join(dataDir, 'outbox');
  const mails = readdirSync(outbox)
    .sort()
    .reverse()
    .map((name) => readFileSync(path.join(outbox, name), 'utf8'));
  for (const mail of mails) {
    if (!mail.includes(email)) continue;
    const code = /^\s{4}(\d{6})\s*$/m.exec(mail)?.[1];
    if (code) return code;
  }
  throw new Error(`no code mailed to ${email}`);
}

/** Registers and verifies an account through the API; answers the three credential headers. */
export async function signUp(
  base: string,
  dataDir: string,
  role: 'users' | 'investors',
): Promise<Record<string, string>> {
  const email = `bench-${role}-${Date.now()}@example.test`;
  const password = 'bench-passphrase-2026';
  const post = (path: string, body: object) =>
    fetch(`${base}/api/v1/${role}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  await post('/register', { name: 'Bench Person', email, password });
  // The code is mailed after the answer; on a loaded machine that can take seconds.
  let code: string | null = null;
  for (const deadline = Date.now() + 15_000; !code && Date.now() < deadline; ) {
    try {
      code = codeFromOutbox(dataDir, email);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!code) throw new Error(`no code mailed to ${email} within 15 s`);
  const verified = await post('/verify/code', { email, code });
  const { tokens } = (await verified.json()) as {
    tokens: { token: string; controlSignature: string; hashToken: string };
  };
  return {
    authorization: `Bearer ${tokens.token}`,
    'x-control-signature': tokens.controlSignature,
    'x-hash-token': tokens.hashToken,
  };
}
