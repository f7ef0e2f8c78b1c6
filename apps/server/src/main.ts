import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { buildApp } from './app';
import { dataDirEntries, loadConfig } from './config';
import { openDatabase } from './db/client';
import { serveMetrics } from './http/metrics';
import { createLogger } from './lib/logger';
import { markServing, serveOperations } from './ops/operations-socket';
import { seedDemo } from './seed/demo';
import { seedDemoDecks } from './seed/demo-decks';
import { seedDemoHistory } from './seed/demo-history';
import { seedDemoWorkspace } from './seed/demo-workspace';

/** Reads the configuration, opens and migrates the database, listens, and shuts down cleanly on SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  mkdirSync(config.dataDir, { recursive: true });

  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, logger })
    : await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, dataDirEntries.database) });
  await database.migrate();
  logger.info({ db: database.kind }, 'database ready');

  let seeded: Awaited<ReturnType<typeof seedDemo>> = null;
  if (config.seedDemo) {
    if (database.kind === 'postgres' && process.env.SEED_DEMO !== '1') {
      logger.warn('SEED_DEMO is only honoured on PostgreSQL when set to exactly 1');
    } else {
      seeded = await seedDemo(database.db, logger);
    }
  }

  const app = await buildApp(config, database, logger);
  if (seeded) await seedDemoDecks(app, seeded, logger);
  if (seeded) await seedDemoHistory(app, database.db, seeded, logger);
  // After the history: the milestone needs Ravi accepted on Ledgerleaf; each of its steps logs its own failure.
  if (seeded) await seedDemoWorkspace(app, database.db, seeded, logger);
  await app.fastify.listen({ port: config.port, host: config.host });
  logger.info(`${config.productName} is running at ${config.publicUrl}`);
  const metricsPort = config.metrics?.port;
  const metricsServer = metricsPort ? await serveMetrics(app.metrics, { port: metricsPort, host: config.host }) : null;
  if (metricsPort) logger.info({ port: metricsPort }, 'metrics served on their own port at /metrics');
  const unmarkServing = await markServing(config.dataDir);
  // `npm run backup` asks the running server, which dumps its embedded database consistently.
  const dump = database.dump;
  const operations = dump
    ? await serveOperations({ dataDir: config.dataDir, dump, logger }).catch((error: unknown) => {
        // A socket path too long for the system, say: the server serves on, backed up while stopped.
        logger.warn(
          { err: error },
          'no operations socket in DATA_DIR; npm run backup works while the server is stopped',
        );
        return null;
      })
    : null;
  if (seeded) console.log(`\n${seeded.signInDetails}\n`);
  app.startJobs();

  let isClosing = false;
  const shutdown = async (signal: string) => {
    if (isClosing) return;
    isClosing = true;
    logger.info({ signal }, 'shutting down');
    const deadline = setTimeout(() => {
      logger.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    deadline.unref();
    try {
      await metricsServer?.close();
      await operations?.close();
      await unmarkServing();
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // Started by scripts/start.mjs (npm start) over an IPC channel: if that script dies, even by
  // SIGKILL, the channel closes and the server stops instead of running on unsupervised.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void shutdown('parent exited'));
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
