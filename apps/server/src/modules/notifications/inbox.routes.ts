import { inboxPaths } from '@deckvalid/contract/api-paths';
import {
  inboxNotificationParamsSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxUnreadResponseSchema,
} from '@deckvalid/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { perAccountLimit, principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { InboxService } from './inbox.service';

/** Inbox calls one account may make a minute, all together: far above what its screens ask. */
export const inboxCallsPerMinute = 600;

/** The inbox (docs/api.md, Inbox): the same paths for both roles, each reading their own account's. */
export async function inboxRoutes(
  parent: FastifyInstance,
  { auth, inbox }: { auth: Authenticator; inbox: InboxService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireSignedIn(auth), config: perAccountLimit(inboxCallsPerMinute, 'inbox') };

  app.get(
    inboxPaths.list,
    { ...signedIn, schema: { querystring: inboxQuerySchema, response: { 200: inboxPageSchema } } },
    async (request) => inbox.list(principalOf(request), request.query),
  );

  app.put(
    inboxPaths.readAll,
    { ...signedIn, schema: { response: { 200: inboxUnreadResponseSchema } } },
    async (request) => inbox.markAllRead(principalOf(request)),
  );

  app.put(
    inboxPaths.readPattern,
    {
      ...signedIn,
      schema: { params: inboxNotificationParamsSchema, response: { 200: inboxUnreadResponseSchema } },
    },
    async (request) => inbox.markRead(principalOf(request), request.params.notificationId),
  );
}
