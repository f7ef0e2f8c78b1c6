import { trendsPaths, trendsQuerySchema, trendsResponseSchema } from '@deckvalid/contract/trends';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { TrendsService } from './trends.service';

/** GET /api/v1/users/trends?from&to&pitchDeckId: the founder's trends (issue 19, our addition to spec §7). */
export async function trendsRoutes(
  parent: FastifyInstance,
  { auth, trends }: { auth: Authenticator; trends: TrendsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    trendsPaths.trends,
    {
      onRequest: requireRole(auth, 'user'),
      schema: { querystring: trendsQuerySchema, response: { 200: trendsResponseSchema } },
    },
    async (request) => ({ trends: await trends.forFounder(principalOf(request), request.query) }),
  );
}
