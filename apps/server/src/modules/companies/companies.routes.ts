import { companyParamsSchema, companyPaths, companyResponseSchema } from '@deckvalid/contract/companies';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { CompaniesService } from './companies.service';

/** GET /api/v1/investors/companies/{startupId}: the company page (issue 19, our addition to spec §7). */
export async function companiesRoutes(
  parent: FastifyInstance,
  { auth, companies }: { auth: Authenticator; companies: CompaniesService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    companyPaths.companyPattern,
    {
      onRequest: requireRole(auth, 'investor'),
      schema: { params: companyParamsSchema, response: { 200: companyResponseSchema } },
    },
    async (request) => ({ company: await companies.get(principalOf(request), request.params.startupId) }),
  );
}
