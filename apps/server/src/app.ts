import path from 'node:path';
import { apiPaths } from '@deckvalid/contract/api-paths';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import { type Config, dataDirEntries } from './config';
import { EventBus } from './core/events';
import { Metrics } from './core/metrics';
import type { AppModule, ModuleContext } from './core/module';
import type { DatabaseHandle } from './db/client';
import { frameworkErrors, registerErrorHandling } from './http/error-handler';
import { InFlightHandlers } from './http/in-flight';
import { registerMetricsRoute, registerRequestMetrics, wantsMetrics } from './http/metrics';
import { apiVersion, documentedAs, registerOpenApi } from './http/openapi';
import { rateLimitStore } from './http/rate-limit-store';
import { registerRequestLogging } from './http/request-log';
import { responseSerializerCompiler } from './http/response-serializer';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { testClockModule } from './http/test-clock';
import { registerTextGuard } from './http/text-guard';
import { createRateLimiter } from './infra/rate-limiter';
import { connectRedis, type RedisConnections, redisEventTransport } from './infra/redis';
import { BackgroundTasks } from './lib/background';
import { type Clock, MovableClock, systemClock } from './lib/clock';
import { AppError } from './lib/errors';
import { createAccountsModule, createAccountsStore } from './modules/accounts/accounts.module';
import type { AccountsService } from './modules/accounts/accounts.service';
import { createAiModule } from './modules/ai/ai.module';
import type { AiService } from './modules/ai/ai.service';
import { createAnalysisModule } from './modules/analysis/analysis.module';
import type { AnalysisService } from './modules/analysis/analysis.service';
import { createAuthModule } from './modules/auth/auth.module';
import type { PasswordsService } from './modules/auth/passwords.service';
import type { RegistrationService } from './modules/auth/registration.service';
import type { SessionsService } from './modules/auth/sessions.service';
import type { BotRoomsService } from './modules/chat/bot-rooms.service';
import { createChatModule } from './modules/chat/chat.module';
import { type ChatService, tiesOfAnyKind } from './modules/chat/chat.service';
import { createCommentsModule } from './modules/comments/comments.module';
import type { CommentsService } from './modules/comments/comments.service';
import { createCompaniesModule } from './modules/companies/companies.module';
import type { DataRoomGrantsService } from './modules/datarooms/data-room-grants.service';
import { createDataRoomsModule } from './modules/datarooms/datarooms.module';
import type { DataRoomsService } from './modules/datarooms/datarooms.service';
import { createHealthModule } from './modules/health/health.module';
import { createInterestsModule } from './modules/interests/interests.module';
import type { InterestsService } from './modules/interests/interests.service';
import type { LinkAccessService } from './modules/links/link-access.service';
import { createLinksModule } from './modules/links/links.module';
import type { LinksService } from './modules/links/links.service';
import { Mailer } from './modules/mail/mail.service';
import { createMentorsModule } from './modules/mentors/mentors.module';
import type { MentorsService } from './modules/mentors/mentors.service';
import { createMilestonesModule, type MilestoneServices } from './modules/milestones/milestones.module';
import type { TaskReminders } from './modules/milestones/task-reminders';
import type { InboxService } from './modules/notifications/inbox.service';
import type { MailOutboxService } from './modules/notifications/mail-outbox.service';
import { createNotificationsModule } from './modules/notifications/notifications.module';
import type { NotificationsService } from './modules/notifications/notifications.service';
import { createOAuthModule } from './modules/oauth/oauth.module';
import { createPitchDecksModule } from './modules/pitchdecks/pitchdecks.module';
import type { PitchDecksService } from './modules/pitchdecks/pitchdecks.service';
import type { DeckProcessor } from './modules/pitchdecks/processing/deck-processor';
import { createReviewsModule } from './modules/reviews/reviews.module';
import type { ReviewsService } from './modules/reviews/reviews.service';
import { createSearchModule } from './modules/search/search.module';
import type { FileStorage } from './modules/storage/storage';
import { createStorageModule } from './modules/storage/storage.module';
import type { UploadsService } from './modules/storage/uploads.service';
import { createTrendsModule } from './modules/trends/trends.module';
import { attachRealtime } from './realtime/socket';

export type App = {
  fastify: FastifyInstance;
  io: SocketServer;
  mailer: Mailer;
  background: BackgroundTasks;
  /** Domain events: what modules and tests subscribe to. */
  events: EventBus;
  /** This process's metrics (`/metrics`, docs/operations.md). */
  metrics: Metrics;
  /** The clock every time-dependent rule reads (tests pass a movable one to buildApp). */
  clock: Clock;
  services: {
    auth: { registration: RegistrationService; sessions: SessionsService; passwords: PasswordsService };
    accounts: AccountsService;
    pitchDecks: PitchDecksService;
    analysis: AnalysisService;
    interests: InterestsService;
    chat: ChatService;
    chatBots: BotRoomsService;
    ai: AiService;
    milestones: MilestoneServices;
    /** Share links: the founder's side, and the visitor's gate and files. */
    links: { links: LinksService; access: LinkAccessService };
    /** Data rooms: the founder's rooms and what they give to investors. */
    dataRooms: { rooms: DataRoomsService; grants: DataRoomGrantsService };
    mentors: MentorsService;
    comments: CommentsService;
    reviews: ReviewsService;
    /** The due-date reminder job's work (tests run it with their clock moved). */
    milestoneReminders: TaskReminders;
    notifications: NotificationsService;
    mailOutbox: MailOutboxService;
    inbox: InboxService;
    uploads: UploadsService;
    processor: DeckProcessor;
    storage: FileStorage;
  };
  /** Stops accepting, lets in-flight requests finish, closes sockets, Redis and mail; the database stays open. */
  close: () => Promise<void>;
  /** Starts the periodic upkeep of a serving process; tests build apps without it. */
  startJobs: () => void;
};

/**
 * Builds the whole server on an open, migrated database without listening, so tests can use
 * `inject` or listen on a port of their own. Modules are built in dependency order from one shared
 * context; plugins go in a fixed order: security, limits, error handling, each module's routes,
 * then the web app's catch-all.
 */
export async function buildApp(
  config: Config,
  database: DatabaseHandle,
  logger: Logger,
  options: { /** Tests' own clock; else a movable one under TEST_CLOCK, the system's otherwise. */ clock?: Clock } = {},
): Promise<App> {
  const clock = options.clock ?? (config.testClock ? new MovableClock() : systemClock);
  const fastify: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // One debug line per request and a summary a minute instead (http/request-log.ts).
    logController: new LogController({ disableRequestLogging: true }),
    frameworkErrors,
  });
  registerRequestLogging(fastify);
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(responseSerializerCompiler);
  fastify.decorateRequest('principal', null);
  const inFlight = new InFlightHandlers();
  inFlight.attach(fastify);

  const redis: RedisConnections | undefined = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  // Every limit counts here: across processes through Redis, in memory while it is away.
  const limits = createRateLimiter(redis);
  const background = new BackgroundTasks(logger);
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, dataDirEntries.outbox),
    from: config.mailFrom,
    logger,
    background,
  });
  // Domain events: in process, and over Redis to the other processes when there is one.
  const events = new EventBus(logger, redis ? redisEventTransport(redis, logger) : undefined);
  const metrics = new Metrics();
  const context: ModuleContext = { config, db: database.db, events, background, logger, limits, clock, metrics };

  // Modules in dependency order; each is built from the shared context and what it names.
  const accountsStore = createAccountsStore(context);
  const auth = createAuthModule(context, { accounts: accountsStore, mailer });
  const files = createStorageModule(context);
  const accounts = createAccountsModule({ store: accountsStore, sessions: auth.sessions, uploads: files.uploads });
  const oauth = createOAuthModule(context, { accounts: accountsStore, sessions: auth.sessions });
  const mentors = createMentorsModule(context, { auth: auth.sessions, mailer });
  const decks = createPitchDecksModule(context, {
    auth: auth.sessions,
    storage: files.storage,
    uploads: files.uploads,
    mentorships: mentors.mentors,
  });
  const interests = createInterestsModule(context, { auth: auth.sessions, pitchDecks: decks.pitchDecks });
  const dataRooms = createDataRoomsModule(context, {
    auth: auth.sessions,
    uploads: files.uploads,
    storage: files.storage,
    pdf: decks.pdfPool,
    interests: interests.interests,
  });
  const links = createLinksModule(context, {
    auth: auth.sessions,
    decks: decks.pitchDecks,
    rooms: dataRooms.rooms,
    files: files.storage,
    mailer,
  });
  const comments = createCommentsModule(context, {
    auth: auth.sessions,
    decks: decks.pitchDecks,
    mentorships: mentors.mentors,
  });
  const reviews = createReviewsModule(context, {
    auth: auth.sessions,
    decks: { founder: decks.pitchDecks, mentor: decks.mentorDecks },
  });
  const analysis = createAnalysisModule(context, {
    auth: auth.sessions,
    decks: decks.pitchDecks,
    mentorships: mentors.mentors,
  });
  const notifications = createNotificationsModule(context, {
    auth: auth.sessions,
    mailer,
    accounts: accounts.accounts,
    interests: interests.interests,
    decks: decks.pitchDecks,
  });
  const chat = createChatModule(context, {
    auth: auth.sessions,
    ties: tiesOfAnyKind(interests.interests, mentors.mentors),
    pictures: files.uploads,
  });
  const milestones = createMilestonesModule(context, {
    auth: auth.sessions,
    decks: decks.pitchDecks,
    investors: interests.interests,
    attachments: files.uploads,
    meetMail: notifications.notifications,
  });
  const companies = createCompaniesModule({
    auth: auth.sessions,
    profiles: accounts.accounts,
    decks: decks.pitchDecks,
    reading: decks.readingActivity,
    interests: interests.interests,
    milestones: milestones.milestones,
    scores: analysis.analysis,
  });
  const trends = createTrendsModule({
    auth: auth.sessions,
    decks: decks.pitchDecks,
    reading: decks.readingActivity,
    interests: interests.interests,
    tasks: milestones.milestones,
    linkVisits: links.links,
  });
  // The command palette's search asks each module as the caller, through its service.
  const search = createSearchModule({
    auth: auth.sessions,
    decks: decks.pitchDecks,
    milestones: milestones.milestones,
    rooms: chat.chat,
    people: chat.search,
  });
  // The copilot asks every other module as the investor, through their services.
  const ai = createAiModule(context, {
    auth: auth.sessions,
    rooms: chat.bots,
    services: {
      decks: decks.pitchDecks,
      analysis: analysis.analysis,
      interests: interests.interests,
      milestones: milestones.milestones,
    },
    interests: interests.interests,
  });
  const modules: AppModule[] = [
    createHealthModule(database.ping, redis ? redis.isReady : undefined),
    auth.module,
    accounts.module,
    oauth.module,
    decks.module,
    links.module,
    dataRooms.module,
    mentors.module,
    comments.module,
    reviews.module,
    analysis.module,
    interests.module,
    chat.module,
    milestones.module,
    companies.module,
    trends.module,
    search.module,
    ai.module,
    notifications.module,
    files.module,
  ];
  // Browser tests only (config.ts refuses TEST_CLOCK in production): a route that moves the clock.
  if (config.testClock && clock instanceof MovableClock) {
    modules.push(
      testClockModule(clock, {
        isEnabled: () => config.testClock === true && config.env !== 'production',
        runClockedJobs: async () => {
          const sent = await milestones.reminders.run();
          await background.drain();
          return sent;
        },
      }),
    );
  }

  registerSecurityHeaders(fastify, { fileOrigins: files.storage.origin ? [files.storage.origin] : [] });
  await fastify.register(cors, { origin: config.publicUrl, credentials: false });
  await fastify.register(rateLimit, {
    global: false,
    store: rateLimitStore(limits),
    errorResponseBuilder: (_request, limit) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(limit.ttl / 1000)} seconds.`, {
        retryAfterSeconds: Math.ceil(limit.ttl / 1000),
      }),
  });
  registerErrorHandling(fastify);
  registerTextGuard(fastify);
  if (wantsMetrics(config.metrics)) {
    metrics.collectProcessMetrics();
    registerRequestMetrics(fastify, metrics);
    if (config.metrics.token) registerMetricsRoute(fastify, metrics, config.metrics.token);
  }
  await registerOpenApi(fastify, { title: `${config.productName} API`, version: apiVersion });

  for (const module of modules) if (module.routes) await fastify.register(documentedAs(module.name, module.routes));
  await registerSpa(fastify, config.webDist);

  const io = attachRealtime(fastify, { auth: auth.sessions, events, redis });
  metrics.gauge('socket_connections', 'Socket.IO connections open on this process.', () => io.engine.clientsCount);
  const pool = database.poolUse;
  if (pool) {
    metrics.labelledGauge('db_pool_connections', 'PostgreSQL pool connections, by state.', ['state'], () => {
      const { total, idle } = pool();
      return [
        { labels: { state: 'in_use' }, value: total - idle },
        { labels: { state: 'idle' }, value: idle },
      ];
    });
    metrics.gauge('db_pool_waiting', 'Queries waiting for a free PostgreSQL connection.', () => pool().waiting);
  }
  const chats = io.of(apiPaths.socketNamespace);
  for (const module of modules) module.realtime?.(chats);
  const timers: NodeJS.Timeout[] = [];

  return {
    fastify,
    io,
    mailer,
    background,
    events,
    clock,
    metrics,
    services: {
      auth: { registration: auth.registration, sessions: auth.sessions, passwords: auth.passwords },
      accounts: accounts.accounts,
      pitchDecks: decks.pitchDecks,
      analysis: analysis.analysis,
      interests: interests.interests,
      chat: chat.chat,
      chatBots: chat.bots,
      ai: ai.ai,
      milestones: milestones.services,
      links: { links: links.links, access: links.access },
      dataRooms: { rooms: dataRooms.rooms, grants: dataRooms.grants },
      mentors: mentors.mentors,
      comments: comments.comments,
      reviews: reviews.reviews,
      milestoneReminders: milestones.reminders,
      notifications: notifications.notifications,
      mailOutbox: notifications.outbox,
      inbox: notifications.inbox,
      uploads: files.uploads,
      processor: decks.processor,
      storage: files.storage,
    },
    startJobs: () => {
      // Each module's upkeep, run as background work so shutdown waits for it. Unref'd: timers
      // never keep the process alive on their own.
      for (const job of modules.flatMap((module) => module.jobs ?? [])) {
        const run = () => background.run(job.name, job.run);
        const start = () => {
          run();
          timers.push(setInterval(run, job.everyMs).unref());
        };
        if (job.firstAfterMs === 0) start();
        else timers.push(setTimeout(start, job.firstAfterMs).unref());
      }
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const module of modules) module.stop?.();
      // Sockets first: upgraded connections would otherwise keep the HTTP server from closing.
      io.local.disconnectSockets(true);
      io.engine.close();
      await fastify.close();
      // The server is closed; handlers whose connection is gone (or that `inject` ran) may
      // still be querying. The caller ends the database pool after this resolves.
      await inFlight.idle();
      // Mail and deck processing run as background tasks: let them finish before the pool goes.
      await background.drain();
      for (const module of modules) await module.close?.();
      await redis?.close();
    },
  };
}
