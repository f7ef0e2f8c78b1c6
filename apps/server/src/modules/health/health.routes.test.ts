import { describe, expect, it } from 'vitest';
import { build } from '../../../test/build';

describe('GET /api/health', () => {
  it('answers ok while the database answers, 503 once it is gone', async () => {
    const ctx = await build();
    const up = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(up.statusCode).toBe(200);
    expect(up.json()).toEqual({ status: 'ok', db: 'up', ...(process.env.REDIS_URL ? { redis: 'up' } : {}) });
    await ctx.database.close();
    const down = await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ status: 'degraded', db: 'down' });
    await ctx.app.close();
    await ctx.sink.stop();
  });
});
