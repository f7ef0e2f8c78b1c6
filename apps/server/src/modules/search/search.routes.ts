import { searchPaths, searchQuerySchema, searchResponseSchema } from '@deckvalid/contract/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { SearchService } from './search.service';

/** GET /api/v1/search?q=: the command palette's search (our addition to spec §7). */
export async function searchRoutes(
  parent: FastifyInstance,
  { auth, search }: { auth: Authenticator; search: SearchService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    searchPaths.search,
    {
      onRequest: requireSignedIn(auth),
      schema: { querystring: searchQuerySchema, response: { 200: searchResponseSchema } },
    },
    (request) => search.search(principalOf(request), request.query),
  );
}
