import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeaders, createAccount } from '../support/accounts';
import { samplePdf } from '../support/decks';
import { type RunningServer, startServer } from '../support/server';

/** Processes whose environment names this data folder: everything `npm start` started for it. */
function processesOf(dataDir: string): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const environment = readFileSync(`/proc/${entry}/environ`, 'latin1').split('\0');
      if (environment.includes(`DATA_DIR=${dataDir}`)) pids.push(Number(entry));
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return pids;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({}, { viaNpm: true });
});

afterAll(async () => {
  // Whatever a failed run left behind must not outlive the test.
  for (const pid of processesOf(server.dataDir)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await server.sink.stop().catch(() => undefined);
});

describe('npm start and signals', () => {
  it('stops everything on SIGTERM to npm, finishing an upload that was in flight', async () => {
    const started = processesOf(server.dataDir);
    // npm, its shell, scripts/start.mjs and the server.
    expect(started.length).toBeGreaterThanOrEqual(3);

    const founder = await createAccount(server, 'user', 'Shutdown Founder');
    const pdf = await samplePdf({ company: 'Halt', slides: 2, body: 'In flight.', paddingBytes: 512 * 1024 });
    const ticketReply = await fetch(
      `${server.baseUrl}${founderDeckPaths.uploadTicket}?fileType=application/pdf&fileSize=${pdf.length}`,
      { headers: authHeaders(founder.tokens) },
    );
    expect(ticketReply.status).toBe(200);
    const ticket = (await ticketReply.json()) as UploadTicket;

    // Half the file goes out, then npm is told to stop, then the rest follows.
    const uploadUrl = new URL(ticket.uploadUrl, server.baseUrl);
    const upload = request(`${server.baseUrl}${uploadUrl.pathname}${uploadUrl.search}`, {
      method: 'PUT',
      headers: { ...ticket.headers, 'content-length': String(pdf.length) },
    });
    const answered = new Promise<number>((resolve, reject) => {
      upload.once('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      upload.once('error', reject);
    });
    const half = Math.floor(pdf.length / 2);
    upload.write(pdf.subarray(0, half));
    await pause(300);
    server.process.kill('SIGTERM');
    await pause(1_000);
    upload.end(pdf.subarray(half));
    expect(await answered).toBe(200);

    await server.exited;
    await expect.poll(() => processesOf(server.dataDir), { timeout: 20_000 }).toEqual([]);
    await expect(fetch(`${server.baseUrl}/api/health`)).rejects.toThrow();
  });
});
