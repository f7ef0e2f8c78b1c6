import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestContext } from '../../test/build';

let ctx: TestContext;

beforeAll(async () => {
  const webDist = mkdtempSync(path.join(tmpdir(), 'pitchlane-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Pitchlane</title>');
  writeFileSync(path.join(webDist, 'assets', 'app-1234.js'), 'console.log(1)');
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
