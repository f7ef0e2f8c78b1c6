import { authPaths } from '@deckvalid/contract/api-paths';
import {
  type AccountRole,
  authResponseSchema,
  forgotPasswordBodySchema,
  forgotResetPasswordBodySchema,
  loginBodySchema,
  logoutQuerySchema,
  meResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  resetPasswordBodySchema,
  sendCodeBodySchema,
  verifyCodeBodySchema,
  verifyLinkBodySchema,
  verifyServiceQuerySchema,
} from '@deckvalid/contract/auth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { PasswordsService } from './passwords.service';
import type { RegistrationService } from './registration.service';
import type { RequestMeta, SessionsService } from './sessions.service';

export type AuthRoutesOptions = {
  role: AccountRole;
  registration: RegistrationService;
  sessions: SessionsService;
  passwords: PasswordsService;
  publicRateLimit: number;
};

function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/**
 * The account calls of one role, mounted at /api/v1/users (founders) and /api/v1/investors.
 * Calls a stranger can make are rate-limited per IP on top of the per-account rules.
 */
export async function authRoutes(
  parent: FastifyInstance,
  { role, registration, sessions, passwords, publicRateLimit }: AuthRoutesOptions,
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const open = { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } };
  const signedIn = { onRequest: requireRole(sessions, role) };

  app.post(
    authPaths.register,
    { ...open, schema: { body: registerBodySchema, response: { 202: messageResponseSchema } } },
    async (request, reply) => {
      return reply.status(202).send(await registration.register(role, request.body));
    },
  );

  app.post(
    authPaths.login,
    { ...open, schema: { body: loginBodySchema, response: { 200: authResponseSchema } } },
    async (request) => {
      return sessions.login(role, request.body, metaOf(request));
    },
  );

  app.post(
    authPaths.verifyLink,
    {
      ...open,
      schema: {
        querystring: verifyServiceQuerySchema,
        body: verifyLinkBodySchema,
        response: { 200: authResponseSchema },
      },
    },
    async (request) => registration.verifyLink(role, request.body, metaOf(request)),
  );

  app.post(
    authPaths.verifyCode,
    { ...open, schema: { body: verifyCodeBodySchema, response: { 200: authResponseSchema } } },
    async (request) => {
      return registration.verifyCode(role, request.body, metaOf(request));
    },
  );

  app.post(
    authPaths.sendCode,
    {
      ...open,
      schema: {
        querystring: verifyServiceQuerySchema,
        body: sendCodeBodySchema,
        response: { 202: messageResponseSchema },
      },
    },
    async (request, reply) => reply.status(202).send(await registration.resendVerification(role, request.body)),
  );

  app.post(
    authPaths.forgotPassword,
    { ...open, schema: { body: forgotPasswordBodySchema, response: { 202: messageResponseSchema } } },
    async (request, reply) => {
      return reply.status(202).send(await passwords.forgotPassword(role, request.body));
    },
  );

  app.post(
    authPaths.forgotResetPassword,
    { ...open, schema: { body: forgotResetPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => passwords.forgotResetPassword(role, request.body),
  );

  app.post(
    authPaths.resetPassword,
    { ...signedIn, schema: { body: resetPasswordBodySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      return passwords.resetPassword(principalOf(request), request.body);
    },
  );

  app.post(
    authPaths.logout,
    { ...signedIn, schema: { querystring: logoutQuerySchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      return sessions.logout(principalOf(request), request.query);
    },
  );

  // Synchronous: the guard already holds the user, so there is nothing to await and no promise to make.
  app.get(authPaths.me, { ...signedIn, schema: { response: { 200: meResponseSchema } } }, (request) => ({
    user: principalOf(request).user,
  }));
}
