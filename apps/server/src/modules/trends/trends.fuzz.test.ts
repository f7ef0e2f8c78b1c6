import { errorResponseSchema } from '@deckvalid/contract/errors';
import { trendsPaths, trendsQuerySchema } from '@deckvalid/contract/trends';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { edgeDates, edgeIntegers, hostileText } from '../../../test/hostile-text';

let ctx: TestContext;
let founder: SignedUp;

beforeAll(async () => {
  ctx = await build();
  founder = await signUp(ctx, 'user');
});

afterAll(async () => {
  await ctx.close();
});

/** Days a person means, days at the edges of what dates can hold, and text that is no date at all. */
const day = fc.oneof(
  fc
    .date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
    .map((date) => date.toISOString().slice(0, 10)),
  edgeDates,
  hostileText(),
  edgeIntegers.map(String),
);

describe('random queries to the trends', () => {
  it('GET /api/v1/users/trends answers 200, 400 or 404 in the error shape, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          { from: day, to: day, pitchDeckId: fc.oneof(hostileText(), fc.constant('dck-x')) },
          { requiredKeys: [] },
        ),
        async (query) => {
          const search = new URLSearchParams(query);
          const reply = await ctx.app.fastify.inject({
            method: 'GET',
            url: `${trendsPaths.trends}?${search}`,
            headers: authHeaders(founder.tokens),
          });
          // What arrives is what the URL carries: a lone surrogate travels as U+FFFD, which names
          // no deck (404) rather than breaking the text rule (400).
          const parsed = trendsQuerySchema.safeParse(Object.fromEntries(search));
          if (!parsed.success) {
            expect(reply.statusCode, reply.body).toBe(400);
            expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
            return;
          }
          // A valid range over nobody's deck is the 404 of a missing deck; without one, the figures.
          expect(reply.statusCode, reply.body).toBe(parsed.data.pitchDeckId === undefined ? 200 : 404);
        },
      ),
      { numRuns: 80 },
    );
  });
});
