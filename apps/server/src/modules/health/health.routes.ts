import { apiPaths } from '@deckvalid/contract/api-paths';
import { healthResponseSchema } from '@deckvalid/contract/health';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/**
 * GET /api/health: `{ status, db, redis? }`. 503 while the database does not answer; Redis being
 * away degrades the answer but not the status code, since every call still works without it.
 */
export async function healthRoutes(
  parent: FastifyInstance,
  { ping, isRedisUp }: { ping: () => Promise<boolean>; isRedisUp: (() => boolean) | undefined },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // 503 is declared too: it is this route's own answer, not one the error handler shapes.
  const schema = { response: { 200: healthResponseSchema, 503: healthResponseSchema } };
  app.get(apiPaths.health, { schema }, async (_request, reply) => {
    const isDbUp = await ping();
    const redis = isRedisUp ? (isRedisUp() ? 'up' : 'down') : undefined;
    return reply.status(isDbUp ? 200 : 503).send({
      status: isDbUp && redis !== 'down' ? 'ok' : 'degraded',
      db: isDbUp ? 'up' : 'down',
      ...(redis ? { redis } : {}),
    });
  });
}
