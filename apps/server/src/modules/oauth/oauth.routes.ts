import { linkedIdentityPaths, oauthPaths } from '@deckvalid/contract/api-paths';
import { accountRoles } from '@deckvalid/contract/auth';
import {
  linkedIdentitiesResponseSchema,
  oauthCallbackBodySchema,
  oauthCallbackResponseSchema,
  oauthExchangeBodySchema,
  oauthExchangeResponseSchema,
  oauthProviderParamsSchema,
  oauthProvidersResponseSchema,
  oauthStartParamsSchema,
  oauthStartResponseSchema,
} from '@deckvalid/contract/oauth';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { RequestMeta } from '@/modules/auth/sessions.service';
import type { OAuthService } from './oauth.service';

export type OAuthRoutesOptions = {
  auth: Authenticator;
  oauth: OAuthService;
  /** Requests per minute and IP, as for password sign-in. */
  publicRateLimit: number;
};

function metaOf(request: FastifyRequest): RequestMeta {
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof userAgent === 'string' ? userAgent : null };
}

/**
 * Sign-in through identity providers (spec §7 OAuth) and each role's linked providers in account
 * settings. The sign-in calls are open to strangers and rate-limited per IP like login.
 */
export async function oauthRoutes(parent: FastifyInstance, { auth, oauth, publicRateLimit }: OAuthRoutesOptions) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const open = { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } };

  // Synchronous: the list is configuration, nothing to await.
  app.get(oauthPaths.providers, { schema: { response: { 200: oauthProvidersResponseSchema } } }, () =>
    oauth.listProviders(),
  );

  app.get(
    oauthPaths.startPattern,
    { ...open, schema: { params: oauthStartParamsSchema, response: { 200: oauthStartResponseSchema } } },
    async (request) => oauth.start(request.params.provider, request.params.role),
  );

  app.post(
    oauthPaths.callbackPattern,
    {
      ...open,
      schema: {
        params: oauthProviderParamsSchema,
        body: oauthCallbackBodySchema,
        response: { 200: oauthCallbackResponseSchema },
      },
    },
    async (request) => oauth.callback(request.params.provider, request.body),
  );

  app.post(
    oauthPaths.exchangePattern,
    {
      ...open,
      schema: {
        params: oauthProviderParamsSchema,
        body: oauthExchangeBodySchema,
        response: { 200: oauthExchangeResponseSchema },
      },
    },
    async (request) => oauth.exchange(request.params.provider, request.body, metaOf(request)),
  );

  for (const role of accountRoles) {
    const signedIn = { onRequest: requireRole(auth, role) };
    app.get(
      linkedIdentityPaths[role].list,
      { ...signedIn, schema: { response: { 200: linkedIdentitiesResponseSchema } } },
      async (request) => oauth.listIdentities(principalOf(request)),
    );
    app.delete(
      linkedIdentityPaths[role].unlinkPattern,
      { ...signedIn, schema: { params: oauthProviderParamsSchema } },
      async (request, reply) => {
        await oauth.unlink(principalOf(request), request.params.provider);
        return reply.status(204).send();
      },
    );
  }
}
