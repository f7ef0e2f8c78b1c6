import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import {
  founderNotificationSettingsResponseSchema,
  investorNotificationSettingsResponseSchema,
  updateFounderNotificationSettingsBodySchema,
  updateInvestorNotificationSettingsBodySchema,
} from '@deckvalid/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { NotificationsService } from './notifications.service';

/** GET/PUT /api/v1/users/notifications (founders) and /api/v1/investors/notifications (investors). */
export async function notificationsRoutes(
  parent: FastifyInstance,
  { auth, notifications }: { auth: Authenticator; notifications: NotificationsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };

  app.get(
    notificationSettingsPaths.user,
    { ...founder, schema: { response: { 200: founderNotificationSettingsResponseSchema } } },
    async (request) => ({ notifications: await notifications.getSettings(principalOf(request), 'user') }),
  );

  app.put(
    notificationSettingsPaths.user,
    {
      ...founder,
      schema: {
        body: updateFounderNotificationSettingsBodySchema,
        response: { 200: founderNotificationSettingsResponseSchema },
      },
    },
    async (request) => ({
      notifications: await notifications.updateSettings(principalOf(request), 'user', request.body),
    }),
  );

  app.get(
    notificationSettingsPaths.investor,
    { ...investor, schema: { response: { 200: investorNotificationSettingsResponseSchema } } },
    async (request) => ({ notifications: await notifications.getSettings(principalOf(request), 'investor') }),
  );

  app.put(
    notificationSettingsPaths.investor,
    {
      ...investor,
      schema: {
        body: updateInvestorNotificationSettingsBodySchema,
        response: { 200: investorNotificationSettingsResponseSchema },
      },
    },
    async (request) => ({
      notifications: await notifications.updateSettings(principalOf(request), 'investor', request.body),
    }),
  );
}
