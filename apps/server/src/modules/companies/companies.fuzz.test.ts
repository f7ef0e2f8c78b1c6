import { companyPaths } from '@deckvalid/contract/companies';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText } from '../../../test/hostile-text';

let ctx: TestContext;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  investor = await signUp(ctx, 'investor');
});

afterAll(async () => {
  await ctx.close();
});

/**
 * A path segment as a client that does not check its text would send it: UTF-8 percent-encoded,
 * a lone surrogate as the bytes of its code unit (encodeURIComponent refuses to encode it).
 */
const rawSegment = (value: string) =>
  [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');

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
            url: companyPaths.company('').replace(/\/$/, `/${rawSegment(startupId)}`),
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
