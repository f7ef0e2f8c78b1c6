import {
  createDeckCommentBodySchema,
  deckCommentParamsSchema,
  deckCommentPaths,
  deckCommentReplyResponseSchema,
  deckCommentResponseSchema,
  deckCommentsParamsSchema,
  deckCommentsQuerySchema,
  deckCommentsResponseSchema,
  deckCommentTextBodySchema,
  deckDiscussionPeopleResponseSchema,
} from '@deckvalid/contract/deck-comments';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { CommentsService } from './comments.service';

/** Page comments: the same calls for a deck's founder and their mentors; the policy decides who. */
export async function commentsRoutes(
  parent: FastifyInstance,
  { auth, comments }: { auth: Authenticator; comments: CommentsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireSignedIn(auth) };

  app.get(
    deckCommentPaths.commentsPattern,
    {
      ...signedIn,
      schema: {
        params: deckCommentsParamsSchema,
        querystring: deckCommentsQuerySchema,
        response: { 200: deckCommentsResponseSchema },
      },
    },
    async (request) => ({
      data: await comments.list(principalOf(request), request.params.deckId, request.query),
    }),
  );

  app.get(
    deckCommentPaths.peoplePattern,
    {
      ...signedIn,
      schema: { params: deckCommentsParamsSchema, response: { 200: deckDiscussionPeopleResponseSchema } },
    },
    async (request) => ({ data: await comments.people(principalOf(request), request.params.deckId) }),
  );

  app.post(
    deckCommentPaths.commentsPattern,
    {
      ...signedIn,
      schema: {
        params: deckCommentsParamsSchema,
        body: createDeckCommentBodySchema,
        response: { 201: deckCommentResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ comment: await comments.create(principalOf(request), request.params.deckId, request.body) }),
  );

  app.post(
    deckCommentPaths.repliesPattern,
    {
      ...signedIn,
      schema: {
        params: deckCommentParamsSchema,
        body: deckCommentTextBodySchema,
        response: { 201: deckCommentReplyResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        reply: await comments.reply(principalOf(request), request.params.commentId, request.body.body),
      }),
  );

  app.patch(
    deckCommentPaths.commentPattern,
    {
      ...signedIn,
      schema: {
        params: deckCommentParamsSchema,
        body: deckCommentTextBodySchema,
        response: { 200: deckCommentResponseSchema },
      },
    },
    async (request) => ({
      comment: await comments.edit(principalOf(request), request.params.commentId, request.body.body),
    }),
  );

  app.delete(
    deckCommentPaths.commentPattern,
    { ...signedIn, schema: { params: deckCommentParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await comments.remove(principalOf(request), request.params.commentId);
      return reply.status(204).send();
    },
  );

  app.post(
    deckCommentPaths.resolvePattern,
    { ...signedIn, schema: { params: deckCommentParamsSchema, response: { 200: deckCommentResponseSchema } } },
    async (request) => ({
      comment: await comments.setResolved(principalOf(request), request.params.commentId, true),
    }),
  );

  app.post(
    deckCommentPaths.reopenPattern,
    { ...signedIn, schema: { params: deckCommentParamsSchema, response: { 200: deckCommentResponseSchema } } },
    async (request) => ({
      comment: await comments.setResolved(principalOf(request), request.params.commentId, false),
    }),
  );
}
