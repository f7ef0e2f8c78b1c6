import { deckAnalysisQuerySchema, deckAnalysisResponseSchema } from '@deckvalid/contract/analysis';
import { founderDeckPaths, investorDeckPaths, mentorDeckPaths } from '@deckvalid/contract/api-paths';
import {
  deckComparePaths,
  deckCompareQuerySchema,
  deckComparisonResponseSchema,
} from '@deckvalid/contract/deck-compare';
import { pitchDeckIdParamsSchema } from '@deckvalid/contract/pitchdecks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { AnalysisService } from './analysis.service';

/** The validation report: the investor's of the live version, the founder's of any version, a mentor's of any ready one. */
export async function analysisRoutes(
  parent: FastifyInstance,
  { auth, analysis }: { auth: Authenticator; analysis: AnalysisService },
): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();

  app.get(
    `${investorDeckPaths.pitchDecks}/:id/analysis`,
    {
      onRequest: requireRole(auth, 'investor'),
      schema: { params: pitchDeckIdParamsSchema, response: { 200: deckAnalysisResponseSchema } },
    },
    async (request) => ({ analysis: await analysis.forInvestor(principalOf(request), request.params.id) }),
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id/analysis`,
    {
      onRequest: requireRole(auth, 'user'),
      schema: {
        params: pitchDeckIdParamsSchema,
        querystring: deckAnalysisQuerySchema,
        response: { 200: deckAnalysisResponseSchema },
      },
    },
    async (request) => ({
      analysis: await analysis.forFounder(principalOf(request), request.params.id, request.query),
    }),
  );

  app.get(
    `${mentorDeckPaths.pitchDecks}/:id/analysis`,
    {
      onRequest: requireRole(auth, 'mentor'),
      schema: {
        params: pitchDeckIdParamsSchema,
        querystring: deckAnalysisQuerySchema,
        response: { 200: deckAnalysisResponseSchema },
      },
    },
    async (request) => ({
      analysis: await analysis.forMentor(principalOf(request), request.params.id, request.query),
    }),
  );

  for (const [role, path] of [
    ['user', deckComparePaths.founderPattern],
    ['mentor', deckComparePaths.mentorPattern],
    ['investor', deckComparePaths.investorPattern],
  ] as const) {
    app.get(
      path,
      {
        onRequest: requireRole(auth, role),
        schema: {
          params: pitchDeckIdParamsSchema,
          querystring: deckCompareQuerySchema,
          response: { 200: deckComparisonResponseSchema },
        },
      },
      async (request) => ({
        comparison: await analysis.compare(principalOf(request), request.params.id, request.query),
      }),
    );
  }
}
