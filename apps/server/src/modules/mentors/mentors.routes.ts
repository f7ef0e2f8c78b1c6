import {
  acceptMentorInvitationBodySchema,
  acceptMentorInvitationResponseSchema,
  createMentorInvitationBodySchema,
  founderMentorPaths,
  foundersMentorsResponseSchema,
  mentoredFounderParamsSchema,
  mentorFounderPaths,
  mentorInvitationParamsSchema,
  mentorInvitationPreviewResponseSchema,
  mentorInvitationResponseSchema,
  mentorParamsSchema,
  mentorsFoundersResponseSchema,
} from '@deckvalid/contract/mentors';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perAccountLimit, principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { MentorsService } from './mentors.service';

/** Invitations one founder may send a minute, on top of the cap on those waiting for an answer. */
const invitationsPerMinute = 10;

/** The founder's calls on their mentors and invitations; the mentor's on the founders they help. */
export async function mentorsRoutes(
  parent: FastifyInstance,
  { auth, mentors, publicRateLimit }: { auth: Authenticator; mentors: MentorsService; publicRateLimit: number },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const mentor = { onRequest: requireRole(auth, 'mentor') };

  app.post(
    founderMentorPaths.invitations,
    {
      ...founder,
      // Each invitation sends a mail to an address the caller chose.
      config: perAccountLimit(invitationsPerMinute, 'mentor-invitations'),
      schema: { body: createMentorInvitationBodySchema, response: { 201: mentorInvitationResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ invitation: await mentors.invite(principalOf(request), request.body) }),
  );

  app.get(
    founderMentorPaths.mentors,
    { ...founder, schema: { response: { 200: foundersMentorsResponseSchema } } },
    async (request) => mentors.listMentors(principalOf(request)),
  );

  app.delete(
    founderMentorPaths.invitationPattern,
    { ...founder, schema: { params: mentorInvitationParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await mentors.withdrawInvitation(principalOf(request), request.params.invitationId);
      return reply.status(204).send();
    },
  );

  app.delete(
    founderMentorPaths.mentorPattern,
    { ...founder, schema: { params: mentorParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await mentors.endAsFounder(principalOf(request), request.params.mentorId);
      return reply.status(204).send();
    },
  );

  app.post(
    mentorFounderPaths.accept,
    {
      ...mentor,
      schema: { body: acceptMentorInvitationBodySchema, response: { 200: acceptMentorInvitationResponseSchema } },
    },
    async (request) => mentors.accept(principalOf(request), request.body),
  );

  app.post(
    mentorFounderPaths.preview,
    {
      // Anyone may ask, signed in or not: guesses are limited per address like sign-in.
      config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } },
      schema: { body: acceptMentorInvitationBodySchema, response: { 200: mentorInvitationPreviewResponseSchema } },
    },
    async (request) => mentors.preview(request.body),
  );

  app.get(
    mentorFounderPaths.founders,
    { ...mentor, schema: { response: { 200: mentorsFoundersResponseSchema } } },
    async (request) => mentors.listFounders(principalOf(request)),
  );

  app.delete(
    mentorFounderPaths.founderPattern,
    { ...mentor, schema: { params: mentoredFounderParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await mentors.endAsMentor(principalOf(request), request.params.founderId);
      return reply.status(204).send();
    },
  );
}
