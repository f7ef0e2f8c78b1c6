import { mentorDeckPaths } from '@deckvalid/contract/api-paths';
import {
  mentorDeckVersionsResponseSchema,
  mentorPitchDeckResponseSchema,
  mentorPitchDecksResponseSchema,
  pitchDeckIdParamsSchema,
} from '@deckvalid/contract/pitchdecks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { MentorDecksService } from './mentor-decks.service';

/** A mentor's reads of the decks of the founders they mentor (our addition to spec §7). */
export async function mentorDecksRoutes(
  parent: FastifyInstance,
  { auth, mentorDecks }: { auth: Authenticator; mentorDecks: MentorDecksService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const mentor = { onRequest: requireRole(auth, 'mentor') };

  app.get(
    mentorDeckPaths.pitchDecks,
    { ...mentor, schema: { response: { 200: mentorPitchDecksResponseSchema } } },
    async (request) => ({ data: await mentorDecks.list(principalOf(request)) }),
  );

  app.get(
    `${mentorDeckPaths.pitchDecks}/:id`,
    { ...mentor, schema: { params: pitchDeckIdParamsSchema, response: { 200: mentorPitchDeckResponseSchema } } },
    async (request) => ({ pitchDeck: await mentorDecks.get(principalOf(request), request.params.id) }),
  );

  app.get(
    `${mentorDeckPaths.pitchDecks}/:id/versions`,
    { ...mentor, schema: { params: pitchDeckIdParamsSchema, response: { 200: mentorDeckVersionsResponseSchema } } },
    async (request) => ({ versions: await mentorDecks.listVersions(principalOf(request), request.params.id) }),
  );
}
