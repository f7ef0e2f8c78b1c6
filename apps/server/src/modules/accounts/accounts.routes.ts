import {
  deleteProfileBodySchema,
  investorInfoBodySchema,
  updateFounderProfileBodySchema,
} from '@deckvalid/contract/accounts';
import { apiPaths } from '@deckvalid/contract/api-paths';
import { setProfilePictureBodySchema, uploadTicketQuerySchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/http/auth-guard';
import type { AuthService } from '@/modules/auth/auth.service';
import type { AccountsService } from './accounts.service';

/** GET/PUT/DELETE /api/users/profile (founders) and GET/POST/PUT /api/v1/investors/info. */
export async function accountsRoutes(
  parent: FastifyInstance,
  { auth, accounts }: { auth: AuthService; accounts: AccountsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };

  app.get(apiPaths.founderProfile, founder, async (request) => ({
    profile: await accounts.getProfile(principalOf(request)),
  }));

  app.put(
    apiPaths.founderProfile,
    { ...founder, schema: { body: updateFounderProfileBodySchema } },
    async (request) => ({
      profile: await accounts.updateProfile(principalOf(request), request.body),
    }),
  );

  app.get(apiPaths.founderPictureUpload, { ...founder, schema: { querystring: uploadTicketQuerySchema } }, (request) =>
    accounts.pictureUploadTicket(principalOf(request), request.query),
  );

  app.put(apiPaths.founderPicture, { ...founder, schema: { body: setProfilePictureBodySchema } }, async (request) => ({
    profile: await accounts.setPicture(principalOf(request), request.body.key),
  }));

  app.delete(
    apiPaths.founderProfile,
    { ...founder, schema: { body: deleteProfileBodySchema } },
    async (request, reply) => {
      await accounts.deleteProfile(principalOf(request), request.body);
      return reply.status(204).send();
    },
  );

  app.get(apiPaths.investorInfo, investor, async (request) => ({
    info: await accounts.getInvestorInfo(principalOf(request)),
  }));

  app.post(apiPaths.investorInfo, { ...investor, schema: { body: investorInfoBodySchema } }, async (request, reply) => {
    return reply.status(201).send({ info: await accounts.createInvestorInfo(principalOf(request), request.body) });
  });

  app.put(apiPaths.investorInfo, { ...investor, schema: { body: investorInfoBodySchema } }, async (request) => ({
    info: await accounts.updateInvestorInfo(principalOf(request), request.body),
  }));
}
