import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { AccountsService } from '@/modules/accounts/accounts.service';
import type { InterestsService } from '@/modules/interests/interests.service';
import type { Mailer } from '@/modules/mail/mail.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { InboxRepository } from './inbox.repository';
import { inboxRoutes } from './inbox.routes';
import { InboxService } from './inbox.service';
import { InboxFactsRepository } from './inbox-facts.repository';
import { inboxLinks, linkFirstVisitWording, taskDueWording } from './inbox-wording';
import { MailOutboxRepository } from './mail-outbox.repository';
import { createMailMetrics, MailOutboxService } from './mail-outbox.service';
import { NotificationPreferencesRepository } from './notifications.repository';
import { notificationsRoutes } from './notifications.routes';
import { NotificationsService } from './notifications.service';
import { NotificationSockets } from './notifications.socket';

/**
 * Telling people what others did: mail, by each account's choices, through a durable outbox; and
 * an inbox per account (stored 90 days, told at once on the account's sockets).
 * Also the one security notice others cause (someone registered with a verified email), which
 * no setting turns off.
 *
 * Subscribers use `on`, so an event is handled once in the cluster, by the process that emitted
 * it, and run as background tasks, so shutdown waits for a mail being queued.
 */
export function createNotificationsModule(
  context: ModuleContext,
  deps: {
    auth: Authenticator;
    mailer: Mailer;
    accounts: AccountsService;
    interests: InterestsService;
    decks: Pick<PitchDecksService, 'findWeeklyThesisMatches'>;
  },
) {
  const { config, db, events, background, logger } = context;
  const outboxRepo = new MailOutboxRepository(db);
  const outbox = new MailOutboxService(
    outboxRepo,
    deps.mailer,
    background,
    logger,
    config.mailOutbox,
    createMailMetrics(context.metrics, outboxRepo),
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

  // The same events and the milestones' news, stored in each person's inbox and told at once to
  // their sockets (issue 18). Background tasks, so shutdown waits for a row being written.
  const sockets = new NotificationSockets();
  const inbox = new InboxService({
    inbox: new InboxRepository(db),
    facts: new InboxFactsRepository(db),
    interests: deps.interests,
    decks: deps.decks,
    channel: sockets,
    onStored: (accountId, notification) => notifications.handleInboxNotification(accountId, notification),
  });
  const toInbox =
    <Event>(name: string, handle: (event: Event) => Promise<void>) =>
    (event: Event) =>
      background.run(`inbox: ${name}`, () => handle(event));
  events.on(
    'interest.shown',
    toInbox('interest shown', (event) => inbox.interestShown(event)),
  );
  events.on(
    'interest.decided',
    toInbox('interest decided', (event) => inbox.interestDecided(event)),
  );
  events.on(
    'interest.withdrawn',
    toInbox('interest withdrawn', (event) => inbox.interestWithdrawn(event)),
  );
  events.on(
    'deck.ready',
    toInbox('deck ready', (event) => inbox.deckReady(event)),
  );
  events.on(
    'chat.read',
    toInbox('chat read', (event) => inbox.chatRead(event)),
  );
  events.on(
    'chat.mentioned',
    toInbox('chat mention', (event) => inbox.chatMentioned(event)),
  );
  events.on(
    'comment.posted',
    toInbox('comment posted', (event) => inbox.commentPosted(event)),
  );
  events.on(
    'comment.resolved',
    toInbox('comment resolved', (event) => inbox.commentResolved(event)),
  );
  events.on(
    'review.posted',
    toInbox('review posted', (event) => inbox.reviewPosted(event)),
  );
  events.on(
    'deck.new-version-for-commenters',
    toInbox('new version for commenters', (event) => inbox.newVersionForCommenters(event)),
  );
  events.on(
    'deck.new-version-for-investors',
    toInbox('new version for investors', (event) => inbox.newVersionForInvestors(event)),
  );
  events.on(
    'deck.failed',
    toInbox('deck failed', (event) => inbox.deckFailed(event)),
  );
  events.on(
    'milestone.changed',
    toInbox('milestone changed', (change) => inbox.milestoneChanged(change)),
  );
  events.on(
    'milestone.task-changed',
    toInbox('task changed', (change) => inbox.milestoneChanged(change)),
  );

  // Due-date reminders the milestones module claimed (once each): to the inbox, and mailed
  // through `onStored` under each recipient's taskDueReminders switch.
  events.on(
    'milestone.task-due',
    toInbox('task due', async (reminder) => {
      const wording = taskDueWording(reminder);
      await inbox.record(
        reminder.recipientIds.map((accountId) => ({
          accountId,
          ...wording,
          link: inboxLinks.milestone(accountId, reminder.milestoneId, reminder.taskKey),
          pitchDeckId: reminder.pitchDeckId,
          actor: null,
          sourceKey: `${wording.kind}:${reminder.taskId}:${reminder.dueDate}`,
        })),
      );
    }),
  );

  // A share link's first visit by each visitor, when the link says to tell: in the founder's inbox
  // (and so live in the bell) and by mail. The link's `notify` is the one switch for both.
  events.on(
    'link.visited',
    toInbox('share link visited', async (visit) => {
      if (!visit.isFirstVisit || !visit.notify) return;
      const wording = linkFirstVisitWording(visit);
      const isDeck = visit.pitchDeckId !== null;
      const path = isDeck ? inboxLinks.founderDeck(visit.pitchDeckId) : inboxLinks.founderDataRoom(visit.dataRoomId);
      await inbox.record([
        {
          accountId: visit.founderId,
          ...wording,
          link: path,
          pitchDeckId: visit.pitchDeckId,
          actor: null,
          sourceKey: `${wording.kind}:${visit.linkId}:${visit.email ?? visit.at}`,
        },
      ]);
      await notifications.sendLinkFirstVisit(visit.founderId, {
        title: wording.title,
        message: wording.message,
        path,
        isDeck,
        linkName: visit.linkName,
      });
    }),
  );

  const module: AppModule = {
    name: 'notifications',
    routes: async (app) => {
      await notificationsRoutes(app, { auth: deps.auth, notifications });
      await inboxRoutes(app, { auth: deps.auth, inbox });
    },
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
        // A chat message unread for 10 minutes lands in the inbox (issue 18).
        name: 'notify unread chat messages',
        firstAfterMs: 60_000,
        everyMs: 60_000,
        run: async () => {
          await inbox.notifyUnreadChats();
        },
      },
      {
        // Hourly, so a week's news goes out within the hour after Monday 08:00 UTC, and a process
        // that was down then sends it soon after it starts; the week's key stops a second send.
        name: 'tell investors of new decks matching their thesis',
        firstAfterMs: 2 * 60_000,
        everyMs: 60 * 60_000,
        run: async () => {
          const told = await inbox.notifyThesisMatches();
          if (told > 0) logger.info({ investors: told }, 'told investors of the week’s decks matching their thesis');
        },
      },
      {
        // Kept 90 days, read or not (issue 18).
        name: 'prune old inbox notifications',
        firstAfterMs: 15 * 60_000,
        everyMs: 24 * 60 * 60_000,
        run: async () => {
          const pruned = await inbox.prune();
          if (pruned > 0) logger.info({ notifications: pruned }, 'deleted inbox notifications older than 90 days');
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
  return { module, notifications, outbox, inbox };
}
