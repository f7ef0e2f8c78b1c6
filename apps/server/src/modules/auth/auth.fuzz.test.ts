import { authApiRoot, authPaths } from '@deckvalid/contract/api-paths';
import {
  forgotPasswordBodySchema,
  forgotResetPasswordBodySchema,
  loginBodySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
  verifyLinkBodySchema,
} from '@deckvalid/contract/auth';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import { findUnstorableText } from '@deckvalid/contract/text';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { hostileText } from '../../../test/hostile-text';

let ctx: TestContext;
let headersByRole: Record<'user' | 'investor', Record<string, string>>;

beforeAll(async () => {
  ctx = await build();
  const [founder, investor] = await Promise.all([signUp(ctx, 'user'), signUp(ctx, 'investor')]);
  headersByRole = { user: authHeaders(founder.tokens), investor: authHeaders(investor.tokens) };
});

afterAll(async () => {
  await ctx.close();
});

/** JSON values of every shape, plus objects that carry the real field names with wrong values. */
const jsonBody = fc.oneof(
  fc.jsonValue(),
  fc.record(
    {
      name: fc.oneof(fc.jsonValue(), hostileText()),
      email: fc.oneof(
        fc.string(),
        fc.emailAddress(),
        fc.jsonValue(),
        hostileText(8).map((text) => `a${text}@example.com`),
      ),
      password: fc.oneof(fc.string({ maxLength: 200 }), fc.jsonValue(), hostileText()),
      code: fc.oneof(fc.stringMatching(/^\d{6}$/), fc.jsonValue(), hostileText(6)),
      token: fc.oneof(fc.string(), fc.jsonValue(), hostileText(30)),
      currentPassword: fc.oneof(fc.jsonValue(), hostileText()),
      newPassword: fc.oneof(fc.jsonValue(), hostileText()),
    },
    { requiredKeys: [] },
  ),
);

const routes: { path: string; body: z.ZodType; isSignedIn?: boolean }[] = [
  { path: authPaths.register, body: registerBodySchema },
  { path: authPaths.login, body: loginBodySchema },
  { path: `${authPaths.verifyLink}?service=email`, body: verifyLinkBodySchema },
  { path: authPaths.verifyCode, body: verifyCodeBodySchema },
  { path: `${authPaths.sendCode}?service=email`, body: sendCodeBodySchema },
  { path: authPaths.forgotPassword, body: forgotPasswordBodySchema },
  { path: authPaths.forgotResetPassword, body: forgotResetPasswordBodySchema },
  { path: authPaths.resetPassword, body: resetPasswordBodySchema, isSignedIn: true },
];

describe('random JSON bodies to the auth calls', () => {
  for (const role of ['user', 'investor'] as const) {
    for (const route of routes) {
      it(`${role} POST ${route.path} answers 4xx in the error shape, never 5xx`, async () => {
        await fc.assert(
          fc.asyncProperty(jsonBody, async (body) => {
            const reply = await ctx.app.fastify.inject({
              method: 'POST',
              url: `${authApiRoot[role]}${route.path}`,
              headers: { 'content-type': 'application/json', ...(route.isSignedIn ? headersByRole[role] : {}) },
              payload: JSON.stringify(body),
            });
            expect(reply.statusCode).toBeLessThan(500);
            // NUL or half a surrogate pair anywhere: refused as sent, never stored or hashed altered.
            if (findUnstorableText(body)) expect(reply.statusCode, reply.body).toBe(400);
            if (route.body.safeParse(body).success) {
              // A random body can be valid by chance (a real email to forgot-password); then any non-5xx answer is right.
              return;
            }
            expect(reply.statusCode).toBeGreaterThanOrEqual(400);
            expect(errorResponseSchema.safeParse(reply.json()).success).toBe(true);
          }),
          { numRuns: 40 },
        );
      });
    }
  }
});
