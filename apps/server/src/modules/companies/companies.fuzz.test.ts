import { companyPaths } from '@deckvalid/contract/companies';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText, rawPathSegment } from '../../../test/hostile-text';

let ctx: TestContext;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  investor = await signUp(ctx, 'investor');
});

afterAll(async () => {
  await ctx.close();
});

describe('random ids to the company page', () => {
  it('GET /api/v1/investors/companies/{startupId} answers 404 or 400 in the error shape, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          hostileText(),
          fc.string({ maxLength: 80 }),
          fc.constantFrom('usr-', 'usr-x', 'inv-x', 'a'.repeat(65)),
        ),
        async (startupId) => {
          const reply = await ctx.app.fastify.inject({
            method: 'GET',
            url: companyPaths.company('').replace(/\/$/, `/${rawPathSegment(startupId)}`),
            headers: authHeaders(investor.tokens),
          });
          // Nobody's id reads as missing; unstorable text, an empty or over-long id is a 400.
          expect([400, 404], reply.body).toContain(reply.statusCode);
          expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
        },
      ),
      { numRuns: 80 },
    );
  });
});
