import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { paginationQuerySchema } from '@deckvalid/contract/pagination';
import {
  createPitchDeckBodySchema,
  deckAnalyticsResponseSchema,
  founderPitchDeckPageSchema,
  founderPitchDeckResponseSchema,
  investorPitchDeckPageSchema,
  investorPitchDeckResponseSchema,
  pitchDeckIdParamsSchema,
  recordDeckViewBodySchema,
  searchPitchDecksQuerySchema,
} from '@deckvalid/contract/pitchdecks';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { deleteUploadQuerySchema, uploadTicketQuerySchema, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { UploadsService } from '@/modules/storage/uploads.service';
import type { PitchDecksService } from './pitchdecks.service';

/** The founder's deck calls (User API) and the investor's (Investor API) of spec §7. */
export async function pitchDecksRoutes(
  parent: FastifyInstance,
  { auth, pitchDecks, uploads }: { auth: Authenticator; pitchDecks: PitchDecksService; uploads: UploadsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };

  app.get(
    founderDeckPaths.uploadTicket,
    { ...founder, schema: { querystring: uploadTicketQuerySchema, response: { 200: uploadTicketSchema } } },
    (request) => uploads.issueTicket(principalOf(request), 'deck', request.query),
  );

  app.delete(
    founderDeckPaths.uploadedFile,
    { ...founder, schema: { querystring: deleteUploadQuerySchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await pitchDecks.deleteUnusedUpload(principalOf(request), request.query.key);
      return reply.status(204).send();
    },
  );

  app.post(
    founderDeckPaths.pitchDecks,
    { ...founder, schema: { body: createPitchDeckBodySchema, response: { 201: founderPitchDeckResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send({ pitchDeck: await pitchDecks.create(principalOf(request), request.body) }),
  );

  app.get(
    founderDeckPaths.pitchDecks,
    { ...founder, schema: { querystring: paginationQuerySchema, response: { 200: founderPitchDeckPageSchema } } },
    (request) => pitchDecks.listMine(principalOf(request), request.query),
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id`,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 200: founderPitchDeckResponseSchema } } },
    async (request) => ({ pitchDeck: await pitchDecks.getMine(principalOf(request), request.params.id) }),
  );

  app.delete(
    `${founderDeckPaths.pitchDecks}/:id`,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await pitchDecks.deleteMine(principalOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id/analytics`,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 200: deckAnalyticsResponseSchema } } },
    async (request) => ({ analytics: await pitchDecks.analytics(principalOf(request), request.params.id) }),
  );

  app.get(
    investorDeckPaths.pitchDecks,
    {
      ...investor,
      schema: { querystring: searchPitchDecksQuerySchema, response: { 200: investorPitchDeckPageSchema } },
    },
    (request) => pitchDecks.search(principalOf(request), request.query),
  );

  app.get(
    `${investorDeckPaths.pitchDecks}/:id`,
    { ...investor, schema: { params: pitchDeckIdParamsSchema, response: { 200: investorPitchDeckResponseSchema } } },
    async (request) => ({ pitchDeck: await pitchDecks.getForInvestor(principalOf(request), request.params.id) }),
  );

  app.post(
    `${investorDeckPaths.pitchDecks}/:id/views`,
    {
      ...investor,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: recordDeckViewBodySchema,
        response: { 204: noContentResponseSchema },
      },
    },
    async (request, reply) => {
      await pitchDecks.recordView(principalOf(request), request.params.id, request.body);
      return reply.status(204).send();
    },
  );
}
