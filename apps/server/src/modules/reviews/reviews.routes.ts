import {
  deckReviewParamsSchema,
  deckReviewPaths,
  deckReviewResponseSchema,
  deckReviewsParamsSchema,
  deckReviewsResponseSchema,
  putDeckReviewBodySchema,
} from '@deckvalid/contract/deck-reviews';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { ReviewsService } from './reviews.service';

/** The mentor's review of a version, and the reviews the founder and the mentor read. */
export async function reviewsRoutes(
  parent: FastifyInstance,
  { auth, reviews }: { auth: Authenticator; reviews: ReviewsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const mentor = { onRequest: requireRole(auth, 'mentor') };

  app.put(
    deckReviewPaths.reviewPattern,
    {
      ...mentor,
      schema: {
        params: deckReviewParamsSchema,
        body: putDeckReviewBodySchema,
        response: { 200: deckReviewResponseSchema },
      },
    },
    async (request) => ({
      review: await reviews.put(principalOf(request), request.params.deckId, request.params.version, request.body),
    }),
  );

  app.get(
    deckReviewPaths.mentorReviewsPattern,
    { ...mentor, schema: { params: deckReviewsParamsSchema, response: { 200: deckReviewsResponseSchema } } },
    async (request) => ({ data: await reviews.listForMentor(principalOf(request), request.params.deckId) }),
  );

  app.get(
    deckReviewPaths.founderReviewsPattern,
    { ...founder, schema: { params: deckReviewsParamsSchema, response: { 200: deckReviewsResponseSchema } } },
    async (request) => ({ data: await reviews.listForFounder(principalOf(request), request.params.deckId) }),
  );
}
