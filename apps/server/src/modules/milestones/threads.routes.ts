import {
  createThreadBodySchema,
  investorMilestonePaths,
  mentorMilestonePaths,
  messageBodySchema,
  messageParamsSchema,
  milestoneParamsSchema,
  milestonePaths,
  taskParamsSchema,
  threadBodySchema,
  threadMessagePageSchema,
  threadMessageResponseSchema,
  threadMessagesQuerySchema,
  threadParamsSchema,
  threadResponseSchema,
  threadsResponseSchema,
} from '@deckvalid/contract/milestones';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { uploadTicketQuerySchema, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { ThreadsService } from './threads.service';

/**
 * Threads and messages (spec §7: the Milestones API and the Investor API), the same calls under
 * each side's prefix: founders under /api/v1/milestones, investors under /api/v1/investors,
 * mentors under /api/v1/mentors (each sees the threads of their audience only). The
 * prefix picks the role (the other role gets 403); the service decides who may act on which
 * thread or message.
 */
async function threadRoutes(
  parent: FastifyInstance,
  {
    threads,
    guard,
    milestonesRoot,
    root,
  }: {
    threads: ThreadsService;
    guard: { onRequest: ReturnType<typeof requireRole> };
    milestonesRoot: string;
    root: string;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  app.get(
    `${root}/attachments/upload`,
    { ...guard, schema: { querystring: uploadTicketQuerySchema, response: { 200: uploadTicketSchema } } },
    (request) => threads.uploadTicket(principalOf(request), request.query),
  );
  app.post(
    `${milestonesRoot}/:id/threads`,
    {
      ...guard,
      schema: { params: milestoneParamsSchema, body: createThreadBodySchema, response: { 201: threadResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        thread: await threads.createOnMilestone(principalOf(request), request.params.id, request.body),
      }),
  );
  app.get(
    `${milestonesRoot}/:id/threads`,
    { ...guard, schema: { params: milestoneParamsSchema, response: { 200: threadsResponseSchema } } },
    async (request) => ({ data: await threads.listForMilestone(principalOf(request), request.params.id) }),
  );
  app.post(
    `${root}/tasks/:taskId/threads`,
    {
      ...guard,
      schema: { params: taskParamsSchema, body: createThreadBodySchema, response: { 201: threadResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        thread: await threads.createOnTask(principalOf(request), request.params.taskId, request.body),
      }),
  );
  app.get(
    `${root}/tasks/:taskId/threads`,
    { ...guard, schema: { params: taskParamsSchema, response: { 200: threadsResponseSchema } } },
    async (request) => ({ data: await threads.listForTask(principalOf(request), request.params.taskId) }),
  );
  app.patch(
    `${root}/threads/:threadId`,
    {
      ...guard,
      schema: { params: threadParamsSchema, body: threadBodySchema, response: { 200: threadResponseSchema } },
    },
    async (request) => ({
      thread: await threads.rename(principalOf(request), request.params.threadId, request.body.title),
    }),
  );
  app.delete(
    `${root}/threads/:threadId`,
    { ...guard, schema: { params: threadParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await threads.remove(principalOf(request), request.params.threadId);
      return reply.status(204).send();
    },
  );
  app.post(
    `${root}/threads/:threadId/messages`,
    {
      ...guard,
      schema: { params: threadParamsSchema, body: messageBodySchema, response: { 201: threadMessageResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({
        message: await threads.post(principalOf(request), request.params.threadId, request.body),
      }),
  );
  app.get(
    `${root}/threads/:threadId/messages`,
    {
      ...guard,
      schema: {
        params: threadParamsSchema,
        querystring: threadMessagesQuerySchema,
        response: { 200: threadMessagePageSchema },
      },
    },
    (request) => threads.listMessages(principalOf(request), request.params.threadId, request.query),
  );
  app.patch(
    `${root}/messages/:messageId`,
    {
      ...guard,
      schema: { params: messageParamsSchema, body: messageBodySchema, response: { 200: threadMessageResponseSchema } },
    },
    async (request) => ({
      message: await threads.edit(principalOf(request), request.params.messageId, request.body),
    }),
  );
  app.delete(
    `${root}/messages/:messageId`,
    { ...guard, schema: { params: messageParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await threads.removeMessage(principalOf(request), request.params.messageId);
      return reply.status(204).send();
    },
  );
}

/** Every side's thread calls: founders on their milestones, investors on those they follow, mentors on those shared with them. */
export async function threadsRoutes(
  app: FastifyInstance,
  { auth, threads }: { auth: Authenticator; threads: ThreadsService },
) {
  await threadRoutes(app, {
    threads,
    guard: { onRequest: requireRole(auth, 'user') },
    milestonesRoot: milestonePaths.milestones,
    root: milestonePaths.milestones,
  });
  await threadRoutes(app, {
    threads,
    guard: { onRequest: requireRole(auth, 'investor') },
    milestonesRoot: investorMilestonePaths.milestones,
    root: '/api/v1/investors',
  });
  await threadRoutes(app, {
    threads,
    guard: { onRequest: requireRole(auth, 'mentor') },
    milestonesRoot: mentorMilestonePaths.milestones,
    root: '/api/v1/mentors',
  });
}
