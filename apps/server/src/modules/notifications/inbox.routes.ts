import { inboxPaths } from '@deckvalid/contract/api-paths';
import {
  inboxNotificationParamsSchema,
  inboxPageSchema,
  inboxQuerySchema,
  inboxUnreadResponseSchema,
} from '@deckvalid/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { InboxService } from './inbox.service';

/** The inbox (docs/api.md, Inbox): the same paths for both roles, each reading their own account's. */
export async function inboxRoutes(
  parent: FastifyInstance,
  { auth, inbox }: { auth: Authenticator; inbox: InboxService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireSignedIn(auth) };

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
