import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SmtpSink } from '../../apps/server/test/smtp-sink';

const root = path.resolve(import.meta.dirname, '../..');

export type RunningServer = {
  baseUrl: string;
  dataDir: string;
  sink: SmtpSink;
  /** The process this helper started: `npm` or scripts/start.mjs. */
  process: ChildProcess;
  /** Resolves when that process has exited. */
  exited: Promise<void>;
  stop: () => Promise<void>;
};

/** A port nothing listens on now (taken at once by the product, after the sink has its own). */
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

/**
 * Starts the product as README says (`npm start`, through scripts/start.mjs) on a fresh data
 * folder, with mail going to a real SMTP sink, and waits for /api/health.
 */
export async function startServer(
  extraEnv: Record<string, string> = {},
  { viaNpm = false }: { viaNpm?: boolean } = {},
): Promise<RunningServer> {
  const sink = new SmtpSink();
  const smtpUrl = await sink.start();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'pitchlane-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  // `npm start` itself when the test is about what npm does with signals; else its script directly.
  const [command, args] = viaNpm ? ['npm', ['start']] : [process.execPath, [path.join(root, 'scripts/start.mjs')]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      PUBLIC_URL: baseUrl,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...extraEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not become healthy within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseUrl,
    dataDir,
    sink,
    process: child,
    exited,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      await sink.stop();
    },
  };
}
