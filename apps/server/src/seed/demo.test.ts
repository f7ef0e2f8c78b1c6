import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes';

const serverDir = path.resolve(import.meta.dirname, '../..');

describe('SEED_DEMO=1', () => {
  it('prints the demo sign-in details once the server answers, not before', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'pitchlane-demo-')),
        DATABASE_URL: '',
        REDIS_URL: '',
        SEED_DEMO: '1',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const lines = createInterface({ input: child.stdout });
      const healthWhenPrinted = await new Promise<number>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the server exited with ${code} before printing`)));
        lines.on('line', (line) => {
          if (!line.startsWith('Demo accounts')) return;
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (reply) => resolve(reply.status),
            () => resolve(0),
          );
        });
      });
      expect(healthWhenPrinted).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);
});
