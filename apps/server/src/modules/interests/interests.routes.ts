import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import {
  decideInterestBodySchema,
  founderInterestPageSchema,
  founderInterestResponseSchema,
  founderInterestsQuerySchema,
  interestParamsSchema,
  investorInterestPageSchema,
  investorInterestResponseSchema,
  investorInterestsQuerySchema,
  milestoneInvestorsResponseSchema,
  showInterestBodySchema,
  withdrawInterestBodySchema,
} from '@deckvalid/contract/interests';
import { pitchDeckIdParamsSchema } from '@deckvalid/contract/pitchdecks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { InterestsService } from './interests.service';

/** Interest calls: investors show and withdraw, founders list and decide (spec §7). */
export async function interestsRoutes(
  parent: FastifyInstance,
  { auth, interests }: { auth: Authenticator; interests: InterestsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };
  const deckInterests = `${investorDeckPaths.pitchDecks}/:id/interests`;

  app.post(
    deckInterests,
    {
      ...investor,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: showInterestBodySchema,
        response: { 201: investorInterestResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ interest: await interests.show(principalOf(request), request.params.id, request.body) }),
  );

  app.patch(
    deckInterests,
    {
      ...investor,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: withdrawInterestBodySchema,
        response: { 200: investorInterestResponseSchema },
      },
    },
    async (request) => ({ interest: await interests.withdraw(principalOf(request), request.params.id) }),
  );

  app.get(
    investorDeckPaths.myInterests,
    {
      ...investor,
      schema: { querystring: investorInterestsQuerySchema, response: { 200: investorInterestPageSchema } },
    },
    (request) => interests.listMineAsInvestor(principalOf(request), request.query),
  );

  app.get(
    founderDeckPaths.myInterests,
    { ...founder, schema: { querystring: founderInterestsQuerySchema, response: { 200: founderInterestPageSchema } } },
    (request) => interests.listMine(principalOf(request), request.query),
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id/interests`,
    {
      ...founder,
      schema: {
        params: pitchDeckIdParamsSchema,
        querystring: founderInterestsQuerySchema,
        response: { 200: founderInterestPageSchema },
      },
    },
    (request) => interests.listForDeck(principalOf(request), request.params.id, request.query),
  );

  app.patch(
    `${founderDeckPaths.pitchDecks}/:id/interests/:interestId`,
    {
      ...founder,
      schema: {
        params: interestParamsSchema,
        body: decideInterestBodySchema,
        response: { 200: founderInterestResponseSchema },
      },
    },
    async (request) => ({
      interest: await interests.decide(
        principalOf(request),
        request.params.id,
        request.params.interestId,
        request.body,
      ),
    }),
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id/milestone-investors`,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 200: milestoneInvestorsResponseSchema } } },
    async (request) => ({ data: await interests.milestoneInvestors(principalOf(request), request.params.id) }),
  );
}
