import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await build();
});

afterAll(async () => {
  await ctx.close();
});

describe('founder profile', () => {
  it('reads and updates the profile; a new name shows in me at once', async () => {
    const founder = await signUp(ctx, 'user', 'Nadia Founder');
    const headers = authHeaders(founder.tokens);
    const read = await ctx.app.fastify.inject({ method: 'GET', url: '/api/users/profile', headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ profile: { id: founder.user.id, name: 'Nadia Founder', headline: null } });

    const updated = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/users/profile',
      headers,
      payload: { name: 'Nadia K.', headline: 'Climate hardware', website: 'https://nadia.example' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ profile: { name: 'Nadia K.', website: 'https://nadia.example' } });
    const me = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(me.json()).toMatchObject({ user: { name: 'Nadia K.' } });
  });

  it('refuses an invalid website and unknown fields without changing anything', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const before = await ctx.sql('select * from accounts where id = $1', [founder.user.id]);
    for (const payload of [{ website: 'not a url' }, { email: 'takeover@example.test' }, { name: '' }]) {
      const reply = await ctx.app.fastify.inject({ method: 'PUT', url: '/api/users/profile', headers, payload });
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await ctx.sql('select * from accounts where id = $1', [founder.user.id])).toEqual(before);
  });

  it('deletes the account only with the right password, ending its sessions', async () => {
    const founder = await signUp(ctx, 'user');
    const headers = authHeaders(founder.tokens);
    const wrong = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers,
      payload: { password: 'not-my-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(await ctx.sql('select id from accounts where id = $1', [founder.user.id])).toHaveLength(1);
    const deleted = await ctx.app.fastify.inject({
      method: 'DELETE',
      url: '/api/users/profile',
      headers,
      payload: { password: founder.password },
    });
    expect(deleted.statusCode).toBe(204);
    expect(await ctx.sql('select id from accounts where id = $1', [founder.user.id])).toHaveLength(0);
    expect(await ctx.sql('select id from sessions where account_id = $1', [founder.user.id])).toHaveLength(0);
    const me = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers });
    expect(me.statusCode).toBe(401);
  });
});

describe('investor info', () => {
  it('answers null, creates once, refuses a second create, and updates', async () => {
    const investor = await signUp(ctx, 'investor');
    const headers = authHeaders(investor.tokens);
    const empty = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/investors/info', headers });
    expect(empty.json()).toEqual({ info: null });

    const payload = {
      firm: 'Harbor Capital',
      thesis: 'Developer tools that pay for themselves.',
      sectors: ['Developer Tools', 'SaaS'],
      stages: ['Seed'],
      chequeSizeMin: 50_000,
      chequeSizeMax: 250_000,
      location: 'Berlin',
    };
    const created = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      info: { investorId: investor.user.id, firm: 'Harbor Capital', stages: ['Seed'] },
    });

    const again = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
    expect(again.statusCode).toBe(409);

    const updated = await ctx.app.fastify.inject({
      method: 'PUT',
      url: '/api/v1/investors/info',
      headers,
      payload: { ...payload, firm: 'Harbor Capital II', stages: ['Seed', 'Series A'] },
    });
    expect(updated.statusCode).toBe(200);
    const read = await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/investors/info', headers });
    expect(read.json()).toMatchObject({ info: { firm: 'Harbor Capital II', stages: ['Seed', 'Series A'] } });
  });

  it('refuses unknown sectors and a minimum cheque above the maximum, storing nothing', async () => {
    const investor = await signUp(ctx, 'investor');
    const headers = authHeaders(investor.tokens);
    for (const payload of [
      { firm: 'X', sectors: ['Crypto Casinos'] },
      { firm: 'X', chequeSizeMin: 500_000, chequeSizeMax: 10_000 },
      { firm: '' },
      { firm: 'X', chequeSizeMin: -5 },
    ]) {
      const reply = await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/investors/info', headers, payload });
      expect(reply.statusCode).toBe(400);
    }
    expect(await ctx.sql('select * from investor_infos where investor_id = $1', [investor.user.id])).toEqual([]);
  });
});
