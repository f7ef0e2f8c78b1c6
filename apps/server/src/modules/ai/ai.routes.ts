import {
  aiActionParamsSchema,
  aiCancelActionResponseSchema,
  aiChatBodySchema,
  aiChatResponseSchema,
  aiConfirmActionResponseSchema,
  aiRepliesQuerySchema,
  aiRepliesResponseSchema,
} from '@deckvalid/contract/ai';
import { aiPaths } from '@deckvalid/contract/api-paths';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { AiService } from './ai.service';

/** The investor copilot (spec §7 POST /api/v1/ai/chat; the action and reply calls, docs/api.md). Investors only. */
export async function aiRoutes(parent: FastifyInstance, { auth, ai }: { auth: Authenticator; ai: AiService }) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const investors = { onRequest: requireRole(auth, 'investor') };

  app.post(
    aiPaths.chat,
    { ...investors, schema: { body: aiChatBodySchema, response: { 200: aiChatResponseSchema } } },
    (request) => ai.ask(principalOf(request), request.body),
  );

  app.post(
    aiPaths.confirmActionPattern,
    { ...investors, schema: { params: aiActionParamsSchema, response: { 200: aiConfirmActionResponseSchema } } },
    (request) => ai.confirmAction(principalOf(request), request.params.id),
  );

  app.post(
    aiPaths.cancelActionPattern,
    { ...investors, schema: { params: aiActionParamsSchema, response: { 200: aiCancelActionResponseSchema } } },
    (request) => ai.cancelAction(principalOf(request), request.params.id),
  );

  app.get(
    aiPaths.replies,
    { ...investors, schema: { querystring: aiRepliesQuerySchema, response: { 200: aiRepliesResponseSchema } } },
    (request) => ai.readReplies(principalOf(request), request.query.messageIds),
  );
}
