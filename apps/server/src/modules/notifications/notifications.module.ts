import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { AccountsService } from '@/modules/accounts/accounts.service';
import type { InterestsService } from '@/modules/interests/interests.service';
import type { Mailer } from '@/modules/mail/mail.service';
import { LiveNotifications } from './live-notifications';
import { MailOutboxRepository } from './mail-outbox.repository';
import { MailOutboxService } from './mail-outbox.service';
import { NotificationPreferencesRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import { NotificationSockets } from './notifications.socket';

/**
 * Telling people what others did (interests and decks now; chat and milestones next): mail, by
 * each account's choices, through a durable outbox; and live, at once, on the account's sockets.
 * Also the one security notice others cause (someone registered with a verified email), which
 * no setting turns off.
 *
 * Subscribers use `on`, so an event is handled once in the cluster, by the process that emitted
 * it, and run as background tasks, so shutdown waits for a mail being queued.
 */
export function createNotificationsModule(
  context: ModuleContext,
  deps: { auth: Authenticator; mailer: Mailer; accounts: AccountsService; interests: InterestsService },
) {
  const { config, db, events, background, logger } = context;
  const outbox = new MailOutboxService(
    new MailOutboxRepository(db),
    deps.mailer,
    background,
    logger,
    config.mailOutbox,
  );
  const notifications = new NotificationsService({
    preferences: new NotificationPreferencesRepository(db),
    outbox,
    interests: deps.interests,
    accounts: deps.accounts,
    mail: { productName: config.productName, publicUrl: config.publicUrl },
  });

  events.on('registration.repeated', (event) =>
    background.run('queue already-registered mail', () => notifications.handleRegistrationRepeated(event)),
  );
  events.on('interest.shown', (event) =>
    background.run('queue interest-shown mail', () => notifications.handleInterestShown(event)),
  );
  events.on('interest.decided', (event) =>
    background.run('queue interest-decided mail', () => notifications.handleInterestDecided(event)),
  );

  // The same events, told at once to the sockets of the person concerned.
  const sockets = new NotificationSockets();
  const live = new LiveNotifications({ interests: deps.interests, channel: sockets });
  events.on('interest.shown', (event) => live.interestShown(event));
  events.on('interest.decided', (event) => live.interestDecided(event));
  events.on('deck.ready', (event) => live.deckReady(event));
  events.on('deck.failed', (event) => live.deckFailed(event));

  const module: AppModule = {
    name: 'notifications',
    routes: (app) => notificationsRoutes(app, { auth: deps.auth, notifications }),
    realtime: (namespace) => sockets.attach(namespace),
    jobs: [
      {
        // At start (mail a stopped process left), then as often as configured (retries).
        name: 'deliver queued mail',
        firstAfterMs: 0,
        everyMs: config.mailOutbox.pollIntervalMs,
        run: async () => {
          await outbox.deliverDue();
        },
      },
      {
        name: 'prune delivered mail',
        firstAfterMs: 10 * 60_000,
        everyMs: 24 * 60 * 60_000,
        run: async () => {
          const pruned = await outbox.pruneFinished();
          if (pruned > 0) logger.info({ mails: pruned }, 'deleted old sent and given-up mail');
        },
      },
    ],
    stop: () => outbox.stop(),
  };
  return { module, notifications, outbox };
}
