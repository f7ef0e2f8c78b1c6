import {
  deleteProfileBodySchema,
  founderProfileResponseSchema,
  investorInfoBodySchema,
  investorInfoResponseSchema,
  savedInvestorInfoResponseSchema,
  updateFounderProfileBodySchema,
} from '@deckvalid/contract/accounts';
import { apiPaths } from '@deckvalid/contract/api-paths';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { setProfilePictureBodySchema, uploadTicketQuerySchema, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { AccountsService } from './accounts.service';

/** GET/PUT/DELETE /api/users/profile (founders) and GET/POST/PUT /api/v1/investors/info. */
export async function accountsRoutes(
  parent: FastifyInstance,
  { auth, accounts }: { auth: Authenticator; accounts: AccountsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };

  app.get(
    apiPaths.founderProfile,
    { ...founder, schema: { response: { 200: founderProfileResponseSchema } } },
    async (request) => ({
      profile: await accounts.getProfile(principalOf(request)),
    }),
  );

  app.put(
    apiPaths.founderProfile,
    { ...founder, schema: { body: updateFounderProfileBodySchema, response: { 200: founderProfileResponseSchema } } },
    async (request) => ({
      profile: await accounts.updateProfile(principalOf(request), request.body),
    }),
  );

  app.get(
    apiPaths.founderPictureUpload,
    { ...founder, schema: { querystring: uploadTicketQuerySchema, response: { 200: uploadTicketSchema } } },
    (request) => accounts.pictureUploadTicket(principalOf(request), request.query),
  );

  app.put(
    apiPaths.founderPicture,
    { ...founder, schema: { body: setProfilePictureBodySchema, response: { 200: founderProfileResponseSchema } } },
    async (request) => ({
      profile: await accounts.setPicture(principalOf(request), request.body.key),
    }),
  );

  app.delete(
    apiPaths.founderProfile,
    { ...founder, schema: { body: deleteProfileBodySchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await accounts.deleteProfile(principalOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    apiPaths.investorInfo,
    { ...investor, schema: { response: { 200: investorInfoResponseSchema } } },
    async (request) => ({
      info: await accounts.getInvestorInfo(principalOf(request)),
    }),
  );

  app.post(
    apiPaths.investorInfo,
    { ...investor, schema: { body: investorInfoBodySchema, response: { 201: savedInvestorInfoResponseSchema } } },
    async (request, reply) => {
      return reply.status(201).send({ info: await accounts.createInvestorInfo(principalOf(request), request.body) });
    },
  );

  app.put(
    apiPaths.investorInfo,
    { ...investor, schema: { body: investorInfoBodySchema, response: { 200: savedInvestorInfoResponseSchema } } },
    async (request) => ({
      info: await accounts.updateInvestorInfo(principalOf(request), request.body),
    }),
  );
}
