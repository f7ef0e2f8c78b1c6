import { authPaths } from '@deckvalid/contract/api-paths';
import {
  type AccountRole,
  forgotPasswordBodySchema,
  forgotResetPasswordBodySchema,
  loginBodySchema,
  logoutQuerySchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
  verifyLinkBodySchema,
  verifyServiceQuerySchema,
} from '@deckvalid/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/http/auth-guard';
import type { AuthService, RequestMeta } from './auth.service';

export type AuthRoutesOptions = { role: AccountRole; auth: AuthService; publicRateLimit: number };

function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/**
 * The account calls of one role, mounted at /api/v1/users (founders) and /api/v1/investors.
 * Calls a stranger can make are rate-limited per IP on top of the per-account rules.
 */
export async function authRoutes(parent: FastifyInstance, { role, auth, publicRateLimit }: AuthRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const open = { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } };
  const signedIn = { onRequest: requireRole(auth, role) };

  app.post(authPaths.register, { ...open, schema: { body: registerBodySchema } }, async (request, reply) => {
    return reply.status(202).send(await auth.register(role, request.body));
  });

  app.post(authPaths.login, { ...open, schema: { body: loginBodySchema } }, async (request) => {
    return auth.login(role, request.body, metaOf(request));
  });

  app.post(
    authPaths.verifyLink,
    { ...open, schema: { querystring: verifyServiceQuerySchema, body: verifyLinkBodySchema } },
    async (request) => auth.verifyLink(role, request.body, metaOf(request)),
  );

  app.post(authPaths.verifyCode, { ...open, schema: { body: verifyCodeBodySchema } }, async (request) => {
    return auth.verifyCode(role, request.body, metaOf(request));
  });

  app.post(
    authPaths.sendCode,
    { ...open, schema: { querystring: verifyServiceQuerySchema, body: sendCodeBodySchema } },
    async (request, reply) => reply.status(202).send(await auth.resendVerification(role, request.body)),
  );

  app.post(
    authPaths.forgotPassword,
    { ...open, schema: { body: forgotPasswordBodySchema } },
    async (request, reply) => {
      return reply.status(202).send(await auth.forgotPassword(role, request.body));
    },
  );

  app.post(
    authPaths.forgotResetPassword,
    { ...open, schema: { body: forgotResetPasswordBodySchema } },
    async (request) => auth.forgotResetPassword(role, request.body),
  );

  app.post(authPaths.resetPassword, { ...signedIn, schema: { body: resetPasswordBodySchema } }, async (request) => {
    return auth.resetPassword(principalOf(request), request.body);
  });

  app.post(authPaths.logout, { ...signedIn, schema: { querystring: logoutQuerySchema } }, async (request) => {
    return auth.logout(principalOf(request), request.query);
  });

  // Synchronous: the guard already holds the user, so there is nothing to await and no promise to make.
  app.get(authPaths.me, signedIn, (request) => ({ user: principalOf(request).user }));
}
