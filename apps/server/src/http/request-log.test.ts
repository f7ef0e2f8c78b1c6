import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import type { UploadTicket } from '@deckvalid/contract/uploads';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';
import { percentile } from './request-log';

type LogLine = { level: number; msg: string; [field: string]: unknown };

/** A pino destination that keeps every line, parsed. */
function captureLog() {
  const lines: LogLine[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      callback();
    },
  });
  return { lines, stream };
}

const debug = 20;
const info = 30;
const warn = 40;
const error = 50;

let ctx: TestContext | undefined;
afterEach(async () => {
  await ctx?.close();
  ctx = undefined;
});

describe('request logging', () => {
  it('writes nothing per request at the default info level', async () => {
    const log = captureLog();
    ctx = await build({ logLevel: 'info' }, { logStream: log.stream });
    const before = log.lines.length;
    for (let index = 0; index < 5; index += 1) {
      expect((await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    }
    expect(log.lines.slice(before)).toEqual([]);
  });

  it('writes one debug line per request at debug level, without the query string', async () => {
    const log = captureLog();
    ctx = await build({ logLevel: 'debug' }, { logStream: log.stream });
    await ctx.app.fastify.inject({ method: 'GET', url: '/api/health?sig=secret' });
    const lines = log.lines.filter((line) => line.msg === 'request completed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: debug, method: 'GET', path: '/api/health', statusCode: 200 });
    expect(JSON.stringify(log.lines)).not.toContain('secret');
    // Fastify's own two lines per request stay off.
    expect(log.lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });

  it('sums the traffic up in one info line per interval, only when something was served', async () => {
    const log = captureLog();
    ctx = await build({ logLevel: 'info' }, { logStream: log.stream });
    await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me' });
    await ctx.app.close();
    const summaries = log.lines.filter((line) => line.msg === 'requests since the last summary');
    expect(summaries).toHaveLength(1);
    expect(summaries[0]).toMatchObject({ level: info, requests: 2, clientErrors: 1, serverErrors: 0 });
    expect(summaries[0]?.p95Ms).toBeGreaterThan(0);
    ctx = undefined;
  });

  it('logs an upload the client aborts as a warning without a stack, not as an error', async () => {
    const log = captureLog();
    ctx = await build({ logLevel: 'info' }, { logStream: log.stream });
    const founder = await signUp(ctx, 'user', 'Aborting Founder');
    const size = 4 * 1024 * 1024;
    const ticketReply = await ctx.app.fastify.inject({
      method: 'GET',
      url: `${founderDeckPaths.uploadTicket}?fileType=application%2Fpdf&fileSize=${size}`,
      headers: authHeaders(founder.tokens),
    });
    const ticket = ticketReply.json() as UploadTicket;
    await ctx.app.fastify.listen({ port: 0, host: '127.0.0.1' });
    const { port } = ctx.app.fastify.server.address() as AddressInfo;

    // Half the file, then the tab closes: the connection is destroyed mid-body.
    await new Promise<void>((resolve) => {
      const upload = httpRequest({
        host: '127.0.0.1',
        port,
        method: 'PUT',
        path: ticket.uploadUrl,
        headers: { ...ticket.headers, 'content-length': size },
      });
      upload.on('error', () => resolve());
      upload.on('close', () => resolve());
      upload.write(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(size / 2)]), () => {
        setTimeout(() => upload.destroy(), 100);
      });
    });

    await expect
      .poll(() => log.lines.filter((line) => line.level === warn).map((line) => line.msg), { timeout: 10_000 })
      .toContain('client closed the connection before the request finished');
    const warning = log.lines.find((line) => line.msg === 'client closed the connection before the request finished');
    expect(warning).toMatchObject({ method: 'PUT' });
    expect(warning?.path).not.toContain('?');
    expect(warning).not.toHaveProperty('err');
    expect(JSON.stringify(log.lines)).not.toContain('"stack"');
    expect(log.lines.filter((line) => line.level >= error)).toEqual([]);
  });
});

describe('percentile', () => {
  it('answers the nearest-rank percentile', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 95)).toBe(95);
    expect(percentile(values, 50)).toBe(50);
    expect(percentile([7], 95)).toBe(7);
    expect(percentile([], 95)).toBe(0);
  });
});
