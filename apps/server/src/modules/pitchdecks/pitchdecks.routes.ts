import { founderDeckPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { paginationQuerySchema } from '@deckvalid/contract/pagination';
import {
  createPitchDeckBodySchema,
  createPitchDeckVersionBodySchema,
  deckAnalyticsQuerySchema,
  deckAnalyticsResponseSchema,
  founderDeckVersionsResponseSchema,
  founderPitchDeckPageSchema,
  founderPitchDeckResponseSchema,
  investorPitchDeckPageSchema,
  investorPitchDeckResponseSchema,
  pitchDeckIdParamsSchema,
  recordDeckViewBodySchema,
  searchPitchDecksQuerySchema,
  updatePitchDeckBodySchema,
} from '@deckvalid/contract/pitchdecks';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { deleteUploadQuerySchema, uploadTicketQuerySchema, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { UploadsService } from '@/modules/storage/uploads.service';
import type { DeckVersionsService } from './deck-versions.service';
import type { PitchDecksService } from './pitchdecks.service';

/**
 * The founder's deck calls (User API) and the investor's (Investor API) of spec §7, and our
 * additions: deleting a deck, editing its details, and its versions.
 */
export async function pitchDecksRoutes(
  parent: FastifyInstance,
  {
    auth,
    pitchDecks,
    versions,
    uploads,
  }: { auth: Authenticator; pitchDecks: PitchDecksService; versions: DeckVersionsService; uploads: UploadsService },
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

  app.put(
    `${founderDeckPaths.pitchDecks}/:id`,
    {
      ...founder,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: updatePitchDeckBodySchema,
        response: { 200: founderPitchDeckResponseSchema },
      },
    },
    async (request) => ({
      pitchDeck: await versions.updateDetails(principalOf(request), request.params.id, request.body),
    }),
  );

  app.get(
    `${founderDeckPaths.pitchDecks}/:id/versions`,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 200: founderDeckVersionsResponseSchema } } },
    async (request) => ({ versions: await versions.listVersions(principalOf(request), request.params.id) }),
  );

  app.post(
    `${founderDeckPaths.pitchDecks}/:id/versions`,
    {
      ...founder,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: createPitchDeckVersionBodySchema,
        response: { 201: founderPitchDeckResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        pitchDeck: await versions.addVersion(principalOf(request), request.params.id, request.body),
      }),
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
    {
      ...founder,
      schema: {
        params: pitchDeckIdParamsSchema,
        querystring: deckAnalyticsQuerySchema,
        response: { 200: deckAnalyticsResponseSchema },
      },
    },
    async (request) => ({
      analytics: await pitchDecks.analytics(principalOf(request), request.params.id, request.query),
    }),
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
