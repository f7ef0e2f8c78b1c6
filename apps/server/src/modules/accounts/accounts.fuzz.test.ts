import { investorInfoBodySchema, updateFounderProfileBodySchema } from '@deckvalid/contract/accounts';
import { apiPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import { findUnstorableText } from '@deckvalid/contract/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText } from '../../../test/hostile-text';

/**
 * Random and hostile bodies to the profile and investor-info calls: what the contract accepts
 * is saved (never a 5xx), the rest is a 400 in the error shape; text the database cannot hold
 * as sent (NUL, a lone surrogate) is always refused, never stored altered.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  // PUT replaces info that exists: create it, so accepted bodies are stored rather than a 404.
  const created = await ctx.app.fastify.inject({
    method: 'POST',
    url: apiPaths.investorInfo,
    headers: { ...authHeaders(investor.tokens), 'content-type': 'application/json' },
    payload: JSON.stringify({ firm: 'Angel' }),
  });
  expect(created.statusCode, created.body).toBe(201);
});

afterAll(async () => {
  await ctx.close();
});

const text = fc.oneof(fc.constant('Plain words'), hostileText(60), fc.constant(null), fc.jsonValue());
const website = fc.oneof(
  fc.constant('https://example.com'),
  hostileText(10).map((value) => `https://example.com/${value}`),
  fc.constant(null),
);

const routes: {
  name: string;
  caller: () => SignedUp;
  method: 'PUT' | 'POST';
  url: string;
  schema: z.ZodType;
  body: fc.Arbitrary<unknown>;
}[] = [
  {
    name: 'PUT profile',
    caller: () => founder,
    method: 'PUT',
    url: apiPaths.founderProfile,
    schema: updateFounderProfileBodySchema,
    body: fc.record(
      { name: text, headline: text, bio: text, company: text, location: text, website },
      { requiredKeys: [] },
    ),
  },
  {
    name: 'PUT investor info',
    caller: () => investor,
    method: 'PUT',
    url: apiPaths.investorInfo,
    schema: investorInfoBodySchema,
    body: fc.record({ firm: text, title: text, thesis: text, location: text, website }, { requiredKeys: ['firm'] }),
  },
];

describe('random and hostile bodies to the account calls', () => {
  for (const route of routes) {
    it(`${route.name}: never a 5xx, unstorable text refused with 400`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(route.body, fc.jsonValue()), async (body) => {
          const reply = await ctx.app.fastify.inject({
            method: route.method,
            url: route.url,
            headers: { ...authHeaders(route.caller().tokens), 'content-type': 'application/json' },
            payload: JSON.stringify(body),
          });
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          if (findUnstorableText(body)) expect(reply.statusCode, reply.body).toBe(400);
          if (!route.schema.safeParse(body).success) {
            expect(reply.statusCode, reply.body).toBe(400);
            expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
          }
        }),
        { numRuns: 40 },
      );
    });
  }
});
