import { linkedIdentityPaths, oauthPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import { oauthCallbackBodySchema, oauthExchangeBodySchema } from '@deckvalid/contract/oauth';
import { findUnstorableText } from '@deckvalid/contract/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText, rawPathSegment } from '../../../test/hostile-text';
import { startOidcProvider, type TestOidcProvider } from '../../../test/oidc-provider';

/**
 * Random and hostile input to every OAuth call, with a real provider behind `testidp`: never a
 * 5xx, what the contract refuses is a 400 in the error shape, and nothing random signs anyone in
 * (no callback or exchange answers 200), even with a real, fresh state beside a made-up code.
 */
const redirectUrl = 'http://localhost:8080/oauth/callback';
let ctx: TestContext;
let oidc: TestOidcProvider;
let founder: SignedUp;

beforeAll(async () => {
  oidc = await startOidcProvider({ redirectUrl });
  ctx = await build({
    oauth: {
      redirectUrl,
      providers: [
        {
          kind: 'oidc',
          id: 'testidp',
          name: 'Test IdP',
          issuer: oidc.issuer,
          clientId: oidc.clientId,
          clientSecret: oidc.clientSecret,
        },
      ],
    },
  });
  founder = await signUp(ctx, 'user');
});

afterAll(async () => {
  await ctx.close();
  await oidc.close();
});

const providerName = fc.oneof(fc.constantFrom('testidp', 'google', 'github', 'providers'), hostileText(12));
const value = fc.oneof(fc.string({ maxLength: 60 }), hostileText(40), fc.jsonValue());

/** A fresh state the server really made, so the provider's own refusal of the code is reached. */
async function realState(): Promise<string> {
  const reply = await ctx.app.fastify.inject({ method: 'GET', url: oauthPaths.start('testidp', 'user') });
  return new URL(reply.json().url).searchParams.get('state') ?? '';
}

function expectRefused(reply: { statusCode: number; body: string; json: () => unknown }, body: unknown) {
  expect(reply.statusCode, reply.body).toBeGreaterThanOrEqual(400);
  expect(reply.statusCode, reply.body).toBeLessThan(500);
  expect(errorResponseSchema.safeParse(reply.json()).success, reply.body).toBe(true);
  if (findUnstorableText(body)) expect(reply.statusCode, reply.body).toBe(400);
}

describe('random and hostile input to the OAuth calls', () => {
  it('GET start with any provider and role: the URL for a known pair, else a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(providerName, fc.oneof(fc.constantFrom('user', 'investor'), hostileText(10)), async (p, r) => {
        const reply = await ctx.app.fastify.inject({
          method: 'GET',
          url: `/api/v1/oauth/${rawPathSegment(p)}/${rawPathSegment(r)}`,
        });
        if (p === 'testidp' && (r === 'user' || r === 'investor')) expect(reply.statusCode, reply.body).toBe(200);
        else expectRefused(reply, { p, r });
      }),
      { numRuns: 40 },
    );
  });

  it('POST callback with random bodies, and with a real state beside a made-up code', async () => {
    const body = fc.oneof(
      fc.jsonValue(),
      fc.record({ code: value, state: value, iss: value, error: value, errorDescription: value }, { requiredKeys: [] }),
      fc.record({
        code: fc.oneof(fc.string({ minLength: 1, maxLength: 80 }), hostileText(40)),
        state: fc.constant(''),
      }),
    );
    await fc.assert(
      fc.asyncProperty(providerName, body, async (provider, generated) => {
        const payload =
          typeof generated === 'object' && generated !== null && 'state' in generated && generated.state === ''
            ? { ...generated, state: await realState() }
            : generated;
        const reply = await ctx.app.fastify.inject({
          method: 'POST',
          url: `/api/v1/oauth/${rawPathSegment(provider)}/callback`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
        expectRefused(reply, payload);
        if (!oauthCallbackBodySchema.safeParse(payload).success) expect(reply.statusCode, reply.body).toBe(400);
      }),
      { numRuns: 40 },
    );
  });

  it('POST exchange with random bodies never signs anyone in', async () => {
    await fc.assert(
      fc.asyncProperty(providerName, fc.oneof(fc.jsonValue(), fc.record({ exchangeCode: value })), async (p, body) => {
        const reply = await ctx.app.fastify.inject({
          method: 'POST',
          url: `/api/v1/oauth/${rawPathSegment(p)}/exchange`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(body),
        });
        expectRefused(reply, body);
        if (!oauthExchangeBodySchema.safeParse(body).success) expect(reply.statusCode, reply.body).toBe(400);
      }),
      { numRuns: 40 },
    );
  });

  it('DELETE a linked provider with any name: a 4xx, nothing unlinked that is not linked', async () => {
    await fc.assert(
      fc.asyncProperty(providerName, async (provider) => {
        const reply = await ctx.app.fastify.inject({
          method: 'DELETE',
          url: `${linkedIdentityPaths.user.list}/${rawPathSegment(provider)}`,
          headers: authHeaders(founder.tokens),
        });
        expectRefused(reply, provider);
      }),
      { numRuns: 30 },
    );
  });
});
