import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { authApiRoot, founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { Tokens } from '@deckvalid/contract/auth';
import pg from 'pg';
import { expect } from 'vitest';
import { strongPassword, uniqueEmail } from './accounts';
import { deckPdf } from './decks';
import { codeOf, type SmtpSink } from './smtp-sink';

/**
 * Server processes started as `npm start` starts them, for tests of what only a whole process
 * shows: several processes sharing PostgreSQL and Redis, or one that must outlive its
 * dependencies. Calls go over real HTTP.
 */
const serverDir = path.resolve(import.meta.dirname, '..');

export type ServerProcess = { base: string; process: ChildProcess; exited: Promise<void>; isAlive: () => boolean };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Starts `src/main.ts` with `env` and waits until its health check answers (200 or 503). */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const isAlive = () => child.exitCode === null && child.signalCode === null;
  const base = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (!isAlive()) throw new Error(`a server exited with ${child.exitCode ?? child.signalCode} before it answered`);
    try {
      const health = await fetch(`${base}/api/health`);
      if (health.status === 200 || health.status === 503) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('a server did not answer its health check within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { base, process: child, exited, isAlive };
}

/** SIGTERM, then waits for the exit (a process that already ended is left as it is). */
export async function stopServerProcess(node: ServerProcess): Promise<void> {
  if (node.isAlive()) node.process.kill('SIGTERM');
  await node.exited;
}

/** A PostgreSQL database of its own beside `url`'s, and how to drop it. */
export async function createDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export const credentialHeaders = (tokens: Tokens) => ({
  authorization: `Bearer ${tokens.token}`,
  'x-control-signature': tokens.controlSignature,
  'x-hash-token': tokens.hashToken,
  'content-type': 'application/json',
});

/** One call over HTTP; throws with the status and body unless it answered 2xx. */
export async function call<Answer>(
  base: string,
  tokens: Tokens | null,
  method: string,
  url: string,
  body?: unknown,
): Promise<Answer> {
  const reply = await fetch(`${base}${url}`, {
    method,
    headers: tokens ? credentialHeaders(tokens) : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await reply.text();
  if (!reply.ok) throw new Error(`${method} ${url} answered ${reply.status}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as Answer;
}

/** Registers an account over HTTP and verifies it with the code mailed to `sink`. */
export async function signUpOverHttp(base: string, sink: SmtpSink, role: 'user' | 'investor', name: string) {
  const email = uniqueEmail(`process-${role}`);
  await call(base, null, 'POST', `${authApiRoot[role]}/register`, { name, email, password: strongPassword });
  const mail = await sink.waitFor((message) => message.to.includes(email), 30_000);
  return call<{ user: { id: string }; tokens: Tokens }>(base, null, 'POST', `${authApiRoot[role]}/verify/code`, {
    email,
    code: codeOf(mail),
  });
}

/** Uploads and submits a two-page deck over HTTP and waits until it is ready. */
export async function readyDeckOverHttp(base: string, founder: Tokens, company: string): Promise<{ id: string }> {
  const pdf = await deckPdf(2);
  const ticket = await call<{ uploadUrl: string; key: string; headers: Record<string, string> }>(
    base,
    founder,
    'GET',
    `${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${pdf.byteLength}`,
  );
  const put = await fetch(new URL(ticket.uploadUrl, base), { method: 'PUT', headers: ticket.headers, body: pdf });
  expect(put.status).toBe(200);
  const { pitchDeck } = await call<{ pitchDeck: { id: string } }>(base, founder, 'POST', founderDeckPaths.pitchDecks, {
    key: ticket.key,
    company,
    title: `${company} deck`,
    pitch: 'A deck for a test that needs a whole process.',
    sector: 'SaaS',
    stage: 'Seed',
    amountSought: 500_000,
    location: 'Lisbon',
  });
  await expect
    .poll(
      async () =>
        (await call<{ pitchDeck: { status: string } }>(base, founder, 'GET', founderDeckPaths.pitchDeck(pitchDeck.id)))
          .pitchDeck.status,
      { timeout: 30_000 },
    )
    .toBe('ready');
  return pitchDeck;
}
