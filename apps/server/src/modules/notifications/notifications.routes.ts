import { notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import {
  founderNotificationSettingsResponseSchema,
  investorNotificationSettingsResponseSchema,
  mentorNotificationSettingsResponseSchema,
  updateFounderNotificationSettingsBodySchema,
  updateInvestorNotificationSettingsBodySchema,
  updateMentorNotificationSettingsBodySchema,
} from '@deckvalid/contract/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { NotificationsService } from './notifications.service';

/** GET/PUT of each role's mail settings: /api/v1/users, /api/v1/investors and /api/v1/mentors `/notifications`. */
export async function notificationsRoutes(
  parent: FastifyInstance,
  { auth, notifications }: { auth: Authenticator; notifications: NotificationsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };
  const mentor = { onRequest: requireRole(auth, 'mentor') };

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

  app.get(
    notificationSettingsPaths.mentor,
    { ...mentor, schema: { response: { 200: mentorNotificationSettingsResponseSchema } } },
    async (request) => ({ notifications: await notifications.getSettings(principalOf(request), 'mentor') }),
  );

  app.put(
    notificationSettingsPaths.mentor,
    {
      ...mentor,
      schema: {
        body: updateMentorNotificationSettingsBodySchema,
        response: { 200: mentorNotificationSettingsResponseSchema },
      },
    },
    async (request) => ({
      notifications: await notifications.updateSettings(principalOf(request), 'mentor', request.body),
    }),
  );
}
