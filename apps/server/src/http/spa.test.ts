import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../../test/build';

let ctx: TestContext;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'pitchlane-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pitchlane</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
  // The build writes a brotli and a gzip copy beside each text file (apps/web/vite.config.ts).
  const script = 'console.log("compressed")'.repeat(50);
  writeFileSync(path.join(webDist, 'assets', 'big-5678.js'), script);
  writeFileSync(path.join(webDist, 'assets', 'big-5678.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(webDist, 'assets', 'big-5678.js.gz'), gzipSync(script));
  ctx = await build({ webDist });
});

afterAll(async () => {
  await ctx.close();
});

describe('serving the web app', () => {
  it('answers client routes with index.html, uncached, and hashed assets cached for a year', async () => {
    const page = await ctx.app.fastify.inject({ method: 'GET', url: '/founder/pitchdecks?tab=1' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    const asset = await ctx.app.fastify.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
  });

  it('answers a missing asset and an unknown API path with a 404 in the error shape', async () => {
    for (const url of ['/assets/app-old.js', '/api/v1/nothing']) {
      const reply = await ctx.app.fastify.inject({ method: 'GET', url });
      expect(reply.statusCode).toBe(404);
      expect(reply.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' } });
    }
  });
});

describe('serving the web app compressed', () => {
  const fetchScript = (acceptEncoding?: string) =>
    ctx.app.fastify.inject({
      method: 'GET',
      url: '/assets/big-5678.js',
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends the brotli copy to a browser that takes it, else gzip, else the file itself', async () => {
    const brotli = await fetchScript('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('compressed');
    expect(brotli.headers['cache-control']).toContain('immutable');

    const gzip = await fetchScript('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toContain('compressed');

    const plain = await fetchScript();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('compressed');
    // A shared cache must not hand one client's encoding to another.
    for (const reply of [brotli, gzip, plain]) expect(reply.headers.vary).toMatch(/accept-encoding/i);
  });

  it('sends a file the build did not compress as it is, whatever the browser takes', async () => {
    const reply = await ctx.app.fastify.inject({
      method: 'GET',
      url: '/assets/app-1234.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body).toBe('console.log(1)');
  });
});
