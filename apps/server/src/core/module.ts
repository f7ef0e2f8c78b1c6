import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Namespace } from 'socket.io';
import type { Config } from '@/config';
import type { Database } from '@/db/client';
import type { BackgroundTasks } from '@/lib/background';
import type { Clock } from '@/lib/clock';
import type { EventBus } from './events';
import type { RateLimiter } from './limits';
import type { Metrics } from './metrics';

/** What every module is built from: the process's shared infrastructure, nothing of other modules. */
export type ModuleContext = {
  config: Config;
  db: Database;
  events: EventBus;
  background: BackgroundTasks;
  logger: Logger;
  /** Every limit of the product: shared through Redis when there is one. */
  limits: RateLimiter;
  /** What time it is for rules that depend on it (the system's; tests move their own). */
  clock: Clock;
  /** Where a module defines what it counts and times (core/metrics.ts). */
  metrics: Metrics;
};

/** Periodic upkeep a module needs in a serving process (tests build apps without jobs). */
export type ModuleJob = {
  name: string;
  /** First run this long after start (0: at once). */
  firstAfterMs: number;
  everyMs: number;
  run: () => Promise<void>;
};

/**
 * A module as app.ts sees it: its HTTP routes as one plugin, its upkeep, and what it must let
 * finish before the database closes. app.ts builds modules in dependency order, then registers
 * their routes in a list (fastify/demo: external plugins, then app plugins, then routes).
 */
export type AppModule = {
  name: string;
  routes?: (app: FastifyInstance) => Promise<void>;
  /** Registers the module's socket events on the /chats namespace, once it exists. */
  realtime?: (namespace: Namespace) => void;
  jobs?: ModuleJob[];
  /**
   * Runs as the server starts closing, before background work is drained: stop taking new
   * work (a queue's next item), so shutdown waits only for what is under way.
   */
  stop?: () => void;
  /** Runs after the server closed and background work drained. */
  close?: () => Promise<void>;
};
