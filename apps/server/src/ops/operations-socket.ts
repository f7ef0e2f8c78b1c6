import { existsSync } from 'node:fs';
import { chmod, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';
import { z } from 'zod';
import { BackupRefusal, type BackupResult, writeBackup } from './backup';

/**
 * Where a running embedded server takes operators' commands: a Unix socket in its data folder,
 * readable by the server's own user only. Whoever can reach it can read the data folder anyway.
 */
export const operationsSocket = (dataDir: string) => path.join(dataDir, 'ops.sock');

const backupBodySchema = z.object({ file: z.string().min(1).max(4_096) });

/**
 * Serves `POST /backup { file }` on the data folder's socket: the running server writes the
 * archive itself, so the database is dumped between two of its own queries, consistent, while
 * it keeps serving. Resolves once listening; `close` stops and removes the socket.
 */
export async function serveOperations({
  dataDir,
  dump,
  logger,
}: {
  dataDir: string;
  dump: () => Promise<Blob>;
  logger: Pick<Logger, 'info' | 'error'>;
}): Promise<{ close: () => Promise<void> }> {
  const socketPath = operationsSocket(dataDir);
  // A socket file left by a server that was killed: nothing answers on it.
  if (existsSync(socketPath) && !(await answers(socketPath))) await rm(socketPath, { force: true });
  let running: Promise<BackupResult> | null = null;
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && req.url === '/') return answer(200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/backup') return answer(404, { error: 'Unknown command.' });
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const parsed = backupBodySchema.safeParse(parseJson(Buffer.concat(chunks).toString('utf8')));
      if (!parsed.success) return answer(400, { error: 'Name the archive to write: { "file": "/path/to.tar.gz" }.' });
      if (running) return answer(409, { error: 'A backup is already being written. Try again when it is done.' });
      running = writeBackup(parsed.data.file, { dataDir, dump });
      running
        .then(
          (result) => {
            logger.info(result, 'backup written');
            answer(200, result);
          },
          (error: unknown) => {
            logger.error({ err: error }, 'backup failed');
            answer(error instanceof BackupRefusal ? 409 : 500, {
              error: error instanceof Error ? error.message : 'The backup failed.',
            });
          },
        )
        .finally(() => {
          running = null;
        });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socketPath, 0o600);
  return {
    close: async () => {
      await running?.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Where a serving process writes its pid, so no command opens its embedded database beside it. */
const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

/** Notes this process as the data folder's server; the returned function takes the note back. */
export async function markServing(dataDir: string): Promise<() => Promise<void>> {
  await writeFile(pidFile(dataDir), String(process.pid));
  return () => rm(pidFile(dataDir), { force: true });
}

/** The pid of a live server on the folder, if one noted itself and still runs. */
export async function servingPid(dataDir: string): Promise<number | undefined> {
  const pid = Number((await readFile(pidFile(dataDir), 'utf8').catch(() => '')).trim());
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: alive, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}

/** Whether a server answers on the socket (false for a file a killed server left). */
export function answers(socketPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = request({ socketPath, path: '/', method: 'GET', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(res.statusCode === 200);
    });
    probe.on('error', () => resolve(false));
    probe.on('timeout', () => {
      probe.destroy();
      resolve(false);
    });
    probe.end();
  });
}

/** Asks the server on the socket to write a backup to `file`; resolves with its answer. */
export function requestBackup(socketPath: string, file: string): Promise<BackupResult> {
  return new Promise((resolve, reject) => {
    const call = request(
      { socketPath, path: '/backup', method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const body = (parseJson(Buffer.concat(chunks).toString('utf8')) ?? {}) as BackupResult & { error?: string };
          if (res.statusCode === 200) resolve(body);
          else reject(new BackupRefusal(body.error ?? `The server answered ${res.statusCode}.`));
        });
      },
    );
    call.on('error', reject);
    call.end(JSON.stringify({ file: path.resolve(file) }));
  });
}
