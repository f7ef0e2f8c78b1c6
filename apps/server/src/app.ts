import path from 'node:path';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from 'pino';
import type { Server as SocketServer } from 'socket.io';
import type { Config } from './config';
import { EventBus } from './core/events';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandling } from './http/error-handler';
import { registerSecurityHeaders } from './http/security-headers';
import { registerSpa } from './http/spa';
import { registerTextGuard } from './http/text-guard';
import { connectRedis, type RedisConnections, redisEventTransport, redisInvalidationBus } from './infra/redis';
import { BackgroundTasks } from './lib/background';
import { AppError } from './lib/errors';
import { InFlightHandlers } from './lib/in-flight';
import { AccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { AccountsService } from './modules/accounts/accounts.service';
import { AuthRepository } from './modules/auth/auth.repository';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService } from './modules/auth/auth.service';
import { SessionCache } from './modules/auth/session-cache';
import { healthRoutes } from './modules/health/health.routes';
import { InterestsRepository } from './modules/interests/interests.repository';
import { interestsRoutes } from './modules/interests/interests.routes';
import { InterestsService } from './modules/interests/interests.service';
import { Mailer } from './modules/mail/mail.service';
import { PitchDecksRepository } from './modules/pitchdecks/pitchdecks.repository';
import { pitchDecksRoutes } from './modules/pitchdecks/pitchdecks.routes';
import { PitchDecksService } from './modules/pitchdecks/pitchdecks.service';
import { DeckProcessor } from './modules/pitchdecks/processing/deck-processor';
import { PdfPool } from './modules/pitchdecks/processing/pdf-pool';
import { createStorage } from './modules/storage/create-storage';
import type { FileStorage } from './modules/storage/storage';
import { storageRoutes } from './modules/storage/storage.routes';
import { UploadsRepository } from './modules/storage/uploads.repository';
import { UploadsService } from './modules/storage/uploads.service';
import { attachRealtime } from './realtime/socket';

export type App = {
  fastify: FastifyInstance;
  io: SocketServer;
  mailer: Mailer;
  background: BackgroundTasks;
  /** Domain events: what modules and tests subscribe to. */
  events: EventBus;
  services: {
    auth: AuthService;
    accounts: AccountsService;
    pitchDecks: PitchDecksService;
    interests: InterestsService;
    uploads: UploadsService;
    processor: DeckProcessor;
    storage: FileStorage;
  };
  /** Stops accepting, lets in-flight requests finish, closes sockets, Redis and mail; the database stays open. */
  close: () => Promise<void>;
  /** Starts the periodic upkeep of a serving process; tests build apps without it. */
  startJobs: () => void;
};

/** A session checked within this window is trusted from memory; invalidations drop it sooner. */
const sessionCacheTtlMs = 30_000;

/**
 * Builds the whole server on an open, migrated database without listening, so tests can use
 * `inject` or listen on a port of their own. Plugins go in a fixed order: security, limits,
 * error handling, routes, then the web app's catch-all.
 */
export async function buildApp(config: Config, database: DatabaseHandle, logger: Logger): Promise<App> {
  const fastify: FastifyInstance = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  fastify.setValidatorCompiler(validatorCompiler);
  fastify.setSerializerCompiler(serializerCompiler);
  fastify.decorateRequest('principal', null);
  const inFlight = new InFlightHandlers();
  inFlight.attach(fastify);

  const redis: RedisConnections | undefined = config.redisUrl ? connectRedis(config.redisUrl, logger) : undefined;
  const background = new BackgroundTasks(logger);
  const mailer = new Mailer({
    smtpUrl: config.smtpUrl,
    outboxDir: path.join(config.dataDir, 'outbox'),
    from: config.mailFrom,
    logger,
    background,
  });
  // Domain events: in process, and over Redis to the other processes when there is one.
  const events = new EventBus(logger, redis ? redisEventTransport(redis, logger) : undefined);
  const sessionCache = new SessionCache(sessionCacheTtlMs, redis ? redisInvalidationBus(redis, logger) : undefined);
  const auth = new AuthService({
    repo: new AuthRepository(database.db),
    events,
    background,
    mailer,
    sessionCache,
    logger,
    authSecret: config.authSecret,
    productName: config.productName,
    publicUrl: config.publicUrl,
  });
  const storage = createStorage(config);
  const uploads = new UploadsService(storage, new UploadsRepository(database.db));
  const accounts = new AccountsService(new AccountsRepository(database.db), auth, uploads);
  const pitchDecksRepo = new PitchDecksRepository(database.db);
  const pdfPool = new PdfPool(logger);
  const processor = new DeckProcessor({ repo: pitchDecksRepo, storage, pool: pdfPool, background, events, logger });
  const pitchDecks = new PitchDecksService({ repo: pitchDecksRepo, uploads, processor });
  const timers: NodeJS.Timeout[] = [];
  const sweepUploads = () =>
    background.run('sweep unused uploads', async () => {
      const swept = await uploads.sweep();
      if (swept > 0) logger.info({ files: swept }, 'deleted uploads nothing used');
    });
  const resumeUnfinishedDecks = () =>
    background.run('resume unfinished decks', async () => {
      const resumed = await processor.resumeUnfinished();
      if (resumed > 0) logger.info({ decks: resumed }, 'resumed processing of decks left unfinished');
    });
  const pruneThrottles = () => background.run('prune sign-in and resend throttles', () => auth.pruneThrottleRecords());
  const interests = new InterestsService(new InterestsRepository(database.db), pitchDecks, events);

  registerSecurityHeaders(fastify, { fileOrigins: storage.origin ? [storage.origin] : [] });
  await fastify.register(cors, { origin: config.publicUrl, credentials: false });
  await fastify.register(rateLimit, {
    global: false,
    ...(redis ? { redis: redis.command, nameSpace: 'pitchlane:rate:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, {
        retryAfterSeconds: Math.ceil(context.ttl / 1000),
      }),
  });
  registerErrorHandling(fastify);
  registerTextGuard(fastify);

  await fastify.register(healthRoutes, { ping: database.ping });
  for (const [role, prefix] of [
    ['user', '/api/v1/users'],
    ['investor', '/api/v1/investors'],
  ] as const) {
    await fastify.register(authRoutes, { prefix, role, auth, publicRateLimit: config.authRateLimitPerMinute });
  }
  await fastify.register(accountsRoutes, { auth, accounts });
  await fastify.register(pitchDecksRoutes, { auth, pitchDecks, uploads });
  await fastify.register(interestsRoutes, { auth, interests });
  if (storage.driver === 'local') await fastify.register(storageRoutes, { storage });
  await registerSpa(fastify, config.webDist);

  const io = attachRealtime(fastify, { auth, events, redis });

  return {
    fastify,
    io,
    mailer,
    background,
    events,
    services: { auth, accounts, pitchDecks, interests, uploads, processor, storage },
    startJobs: () => {
      // Decks a stopped process left unfinished now, then every few seconds: a claim goes stale
      // when its holder stops beating (it died), and any live process takes it over. Unused
      // uploads and abandoned upload parts: a minute after start, then hourly. Unref'd: timers
      // never keep the process alive on their own.
      resumeUnfinishedDecks();
      timers.push(
        setInterval(resumeUnfinishedDecks, processor.takeoverCheckMs).unref(),
        setTimeout(sweepUploads, 60_000).unref(),
        setInterval(sweepUploads, 60 * 60_000).unref(),
        // Failed sign-ins and resend claims matter for minutes; older rows are only weight.
        setInterval(pruneThrottles, 15 * 60_000).unref(),
      );
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      // Sockets first: upgraded connections would otherwise keep the HTTP server from closing.
      io.local.disconnectSockets(true);
      io.engine.close();
      await fastify.close();
      // The server is closed; handlers whose connection is gone (or that `inject` ran) may
      // still be querying. The caller ends the database pool after this resolves.
      await inFlight.idle();
      // Mail and deck processing run as background tasks: let them finish before the pool goes.
      await background.drain();
      await pdfPool.close();
      await redis?.close();
    },
  };
}
