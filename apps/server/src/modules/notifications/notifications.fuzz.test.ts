import { inboxPaths, notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import {
  inboxNotificationParamsSchema,
  inboxQuerySchema,
  updateFounderNotificationSettingsBodySchema,
  updateInvestorNotificationSettingsBodySchema,
} from '@deckvalid/contract/notifications';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { edgeIntegers, hostileText, rawPathSegment } from '../../../test/hostile-text';

let ctx: TestContext;
let callers: Record<'user' | 'investor', SignedUp>;

beforeAll(async () => {
  ctx = await build();
  const [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  callers = { user: founder, investor };
});

afterAll(async () => {
  await ctx.close();
});

/** JSON of any shape, and objects with the real kinds holding values of any type. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      interestShown: fc.oneof(fc.boolean(), fc.jsonValue()),
      interestDecided: fc.oneof(fc.boolean(), fc.jsonValue()),
      other: fc.oneof(fc.jsonValue(), hostileText()),
    },
    { requiredKeys: [] },
  ),
);

const bodySchemas: Record<'user' | 'investor', z.ZodType> = {
  user: updateFounderNotificationSettingsBodySchema,
  investor: updateInvestorNotificationSettingsBodySchema,
};

describe('random bodies to the notification settings calls', () => {
  for (const role of ['user', 'investor'] as const) {
    it(`${role} PUT ${notificationSettingsPaths[role]} answers 200 or 400 in the error shape, never 5xx`, async () => {
      await fc.assert(
        fc.asyncProperty(jsonBody, async (body) => {
          const reply = await ctx.app.fastify.inject({
            method: 'PUT',
            url: notificationSettingsPaths[role],
            headers: { 'content-type': 'application/json', ...authHeaders(callers[role].tokens) },
            payload: JSON.stringify(body),
          });
          // Exactly the bodies the contract accepts succeed; everything else is a validation error.
          if (bodySchemas[role].safeParse(body).success) {
            expect(reply.statusCode, reply.body).toBe(200);
            return;
          }
          expect(reply.statusCode, reply.body).toBe(400);
          expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
        }),
        { numRuns: 60 },
      );
    });
  }
});

describe('random queries and ids to the inbox', () => {
  const queryValue = fc.oneof(hostileText(), edgeIntegers.map(String), fc.integer().map(String));

  it('GET /api/v1/notifications?page&limit answers 200 or 400 in the error shape, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.record({ page: queryValue, limit: queryValue }, { requiredKeys: [] }), async (query) => {
        const search = new URLSearchParams(query).toString();
        const reply = await ctx.app.fastify.inject({
          method: 'GET',
          url: `${inboxPaths.list}?${search}`,
          headers: authHeaders(callers.user.tokens),
        });
        if (inboxQuerySchema.safeParse(query).success) {
          expect(reply.statusCode, reply.body).toBe(200);
          return;
        }
        expect(reply.statusCode, reply.body).toBe(400);
        expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('PUT /api/v1/notifications/{id}/read with any id answers 404 or 400, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(hostileText(), fc.string({ maxLength: 80 })), async (notificationId) => {
        // A segment of only dots (even as %2E) is removed by every URL parser ("/a/./b" is "/a/b"):
        // no client can send it as an id, and it names another route ("mark all read").
        fc.pre(!/^\.{1,2}$/.test(notificationId));
        const reply = await ctx.app.fastify.inject({
          method: 'PUT',
          url: `${inboxPaths.list}/${rawPathSegment(notificationId)}/read`,
          headers: authHeaders(callers.investor.tokens),
        });
        // An id that is nobody's (or not even an id) reads as missing; unstorable text is a 400.
        const expected = inboxNotificationParamsSchema.safeParse({ notificationId }).success ? [404] : [400, 404];
        expect(expected, reply.body).toContain(reply.statusCode);
        expect(errorResponseSchema.safeParse(reply.json()).success, reply.body).toBe(true);
      }),
      { numRuns: 60 },
    );
  });
});
