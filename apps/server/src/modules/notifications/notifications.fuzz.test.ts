import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import {
  updateFounderNotificationSettingsBodySchema,
  updateInvestorNotificationSettingsBodySchema,
} from '@deckvalid/contract/notifications';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText } from '../../../test/hostile-text';

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
