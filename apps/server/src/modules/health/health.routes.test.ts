import { describe, expect, it, vi } from 'vitest';
import { build } from '../../../test/build';

describe('GET /api/health', () => {
  it('answers ok while the database answers, 503 once it is gone', async () => {
    const ctx = await build();
    // With Redis, once its connections are ready: a process still connecting says `redis: down`
    // (and a loaded machine can take a moment to connect).
    await vi.waitFor(
      async () => {
        const up = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
        expect(up.statusCode).toBe(200);
        expect(up.json()).toEqual({ status: 'ok', db: 'up', ...(process.env.REDIS_URL ? { redis: 'up' } : {}) });
      },
      { timeout: 10_000, interval: 50 },
    );
    await ctx.database.close();
    const down = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await ctx.app.close();
    await ctx.sink.stop();
  });
});
