import type { AuthResponse } from '@deckvalid/contract/auth';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../test/accounts';
import { authHeaders, build, type TestContext } from '../../test/build';

/**
 * Every authenticated route × every kind of caller, with the expected status, like a policy
 * table. Object-level rows (another founder's deck, …) join as routes with objects appear;
 * the routes here act only on the caller's own account, so "other" callers see their own data.
 */
type Caller = 'anonymous' | 'founder' | 'investor' | 'otherFounder' | 'otherInvestor';

type Row = {
  route: string;
  /** The call ends the caller's session: every caller signs in afresh before it runs. */
  endsSession?: boolean;
  request: Omit<InjectOptions, 'headers'>;
  expected: Record<Caller, number>;
};

const founderOnly = (ok: number) => ({
  anonymous: 401,
  founder: ok,
  investor: 403,
  otherFounder: ok,
  otherInvestor: 403,
});
const investorOnly = (ok: number) => ({
  anonymous: 401,
  founder: 403,
  investor: ok,
  otherFounder: 403,
  otherInvestor: ok,
});

/** Bodies that pass validation, so the status tells about authorisation only. */
const rows: Row[] = [
  { route: 'GET /api/v1/users/me', request: { method: 'GET', url: '/api/v1/users/me' }, expected: founderOnly(200) },
  {
    route: 'GET /api/v1/investors/me',
    request: { method: 'GET', url: '/api/v1/investors/me' },
    expected: investorOnly(200),
  },
  {
    route: 'POST /api/v1/users/reset-password',
    request: {
      method: 'POST',
      url: '/api/v1/users/reset-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase-1' },
    },
    // 400: the caller got through to the password check.
    expected: founderOnly(400),
  },
  {
    route: 'POST /api/v1/investors/reset-password',
    request: {
      method: 'POST',
      url: '/api/v1/investors/reset-password',
      payload: { currentPassword: 'not-the-password', newPassword: 'a-new-passphrase-1' },
    },
    expected: investorOnly(400),
  },
  {
    route: 'GET /api/users/profile',
    request: { method: 'GET', url: '/api/users/profile' },
    expected: founderOnly(200),
  },
  {
    route: 'PUT /api/users/profile',
    request: { method: 'PUT', url: '/api/users/profile', payload: { headline: 'Building things' } },
    expected: founderOnly(200),
  },
  {
    route: 'DELETE /api/users/profile',
    request: { method: 'DELETE', url: '/api/users/profile', payload: { password: 'not-the-password' } },
    expected: founderOnly(400),
  },
  {
    route: 'GET /api/v1/investors/info',
    request: { method: 'GET', url: '/api/v1/investors/info' },
    expected: investorOnly(200),
  },
  {
    route: 'PUT /api/v1/investors/info',
    request: { method: 'PUT', url: '/api/v1/investors/info', payload: { firm: 'Acme Capital' } },
    // 404 until the investor has created info: past the guard, at the object.
    expected: investorOnly(404),
  },
  {
    route: 'POST /api/v1/investors/info',
    request: { method: 'POST', url: '/api/v1/investors/info', payload: { firm: 'Acme Capital' } },
    expected: investorOnly(201),
  },
  {
    route: 'POST /api/v1/users/logout',
    request: { method: 'POST', url: '/api/v1/users/logout?type=current' },
    endsSession: true,
    expected: founderOnly(200),
  },
  {
    route: 'POST /api/v1/investors/logout',
    request: { method: 'POST', url: '/api/v1/investors/logout?type=current' },
    endsSession: true,
    expected: investorOnly(200),
  },
];

let ctx: TestContext;
let callers: Record<Exclude<Caller, 'anonymous'>, SignedUp>;

beforeAll(async () => {
  ctx = await build();
  const [founder, investor, otherFounder, otherInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
    signUp(ctx, 'user', 'Otto Founder'),
    signUp(ctx, 'investor', 'Ola Investor'),
  ]);
  if (!founder || !investor || !otherFounder || !otherInvestor) throw new Error('sign-up failed');
  callers = { founder, investor, otherFounder, otherInvestor };
});

async function signInAgain(caller: Exclude<Caller, 'anonymous'>) {
  const account = callers[caller];
  const root = account.user.role === 'investor' ? '/api/v1/investors' : '/api/v1/users';
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: `${root}/login`,
    payload: { email: account.email, password: account.password },
  });
  callers[caller] = { ...account, ...(reply.json() as AuthResponse) };
}

afterAll(async () => {
  await ctx.close();
});

describe('authorisation table', () => {
  const callerNames: Caller[] = ['anonymous', 'investor', 'otherInvestor', 'founder', 'otherFounder'];
  for (const row of rows) {
    it(`${row.route}`, async () => {
      for (const caller of callerNames) {
        if (row.endsSession && caller !== 'anonymous') await signInAgain(caller);
        const headers = caller === 'anonymous' ? {} : authHeaders(callers[caller].tokens);
        const reply = await ctx.app.fastify.inject({ ...row.request, headers });
        expect(reply.statusCode, `${row.route} as ${caller}: ${reply.body}`).toBe(row.expected[caller]);
        if (reply.statusCode >= 400) {
          expect(reply.json()).toMatchObject({ error: { code: expect.any(String), message: expect.any(String) } });
        }
      }
    });
  }

  it('lists every authenticated route the server has', () => {
    const printed = ctx.app.fastify.printRoutes({ commonPrefix: false });
    const tableRoutes = new Set(rows.map((row) => row.route));
    const publicPaths = [
      'register',
      'login',
      'verify',
      'verify/code',
      'verify/send',
      'forgot-password',
      'forgot-reset-password',
    ];
    // Every route under /api that is not public must be in the table.
    const routes = [...printed.matchAll(/([\w/:.-]+) \(([A-Z, ]+)\)/g)].flatMap((match) =>
      (match[2] ?? '').split(', ').map((method) => `${method} ${match[1]}`),
    );
    expect(routes.length).toBeGreaterThan(20);
    const missing = routes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      if (method === 'HEAD' || !path.startsWith('/api/') || path === '/api/health') return false;
      if (publicPaths.some((name) => path.endsWith(`/${name}`))) return false;
      return !tableRoutes.has(route);
    });
    expect(missing).toEqual([]);
  });
});
