import { apiPaths } from '@deckvalid/contract/api-paths';
import type { FastifyInstance } from 'fastify';

/** GET /api/health: `{ status, db }`; 503 while the database does not answer. */
export async function healthRoutes(app: FastifyInstance, { ping }: { ping: () => Promise<boolean> }) {
  app.get(apiPaths.health, async (_request, reply) => {
    const isDbUp = await ping();
    return reply.status(isDbUp ? 200 : 503).send({ status: isDbUp ? 'ok' : 'degraded', db: isDbUp ? 'up' : 'down' });
  });
}
