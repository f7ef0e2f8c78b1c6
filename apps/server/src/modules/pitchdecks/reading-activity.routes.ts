import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import { readingActivityQuerySchema, readingActivityResponseSchema } from '@deckvalid/contract/reading-activity';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { ReadingActivityService } from './reading-activity.service';

/**
 * GET /api/v1/users/me/reading-activity: the founder's home summary (our addition to spec §7).
 * Under /users/me rather than /users/pitchdecks, where a fixed segment would sit beside {id}.
 */
export async function readingActivityRoutes(
  parent: FastifyInstance,
  { auth, readingActivity }: { auth: Authenticator; readingActivity: ReadingActivityService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    founderDeckPaths.readingActivity,
    {
      onRequest: requireRole(auth, 'user'),
      schema: { querystring: readingActivityQuerySchema, response: { 200: readingActivityResponseSchema } },
    },
    async (request) => ({ activity: await readingActivity.forFounder(principalOf(request), request.query) }),
  );
}
