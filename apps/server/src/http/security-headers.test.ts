import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';
import { securityHeaders } from './security-headers';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await build();
});

afterAll(async () => {
  await ctx.close();
});

describe('security headers', () => {
  it('lets the browser reach the file storage origin when files live on S3', () => {
    const csp = securityHeaders(['https://files.example.com'])['content-security-policy'] ?? '';
    expect(csp).toMatch(/connect-src [^;]*https:\/\/files\.example\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/files\.example\.com/);
    expect(securityHeaders()['content-security-policy']).not.toContain('files.example.com');
  });

  it('records the headers helmet sets, the CSP for the web app among them', () => {
    const headers = securityHeaders();
    expect(headers).toMatchObject({
      'content-security-policy': expect.stringContaining("default-src 'self'"),
      'strict-transport-security': expect.stringContaining('max-age='),
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    expect(headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    expect(headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends them on answers, refusals and errors alike', async () => {
    const account = await signUp(ctx, 'user');
    const replies = [
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers: authHeaders(account.tokens) }),
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me' }),
      await ctx.app.fastify.inject({
        method: 'GET',
        url: '/api/v1/investors/me',
        headers: authHeaders(account.tokens),
      }),
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/nothing' }),
      await ctx.app.fastify.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: '{',
        headers: { 'content-type': 'application/json' },
      }),
    ];
    expect(replies.map((reply) => reply.statusCode)).toEqual([200, 401, 403, 404, 400]);
    for (const reply of replies) {
      expect(reply.headers).toMatchObject(securityHeaders());
      expect(reply.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('keeps authenticated answers and answers carrying tokens out of every cache', async () => {
    const account = await signUp(ctx, 'user');
    const login = await ctx.app.fastify.inject({
      method: 'POST',
      url: '/api/v1/users/login',
      payload: { email: account.email, password: account.password },
    });
    expect(login.statusCode).toBe(200);
    const replies = [
      login,
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me', headers: authHeaders(account.tokens) }),
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/me' }),
      await ctx.app.fastify.inject({ method: 'POST', url: '/api/v1/users/verify/code', payload: {} }),
      await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' }),
    ];
    for (const reply of replies) expect(reply.headers['cache-control']).toBe('no-store');
  });
});
