import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventTransport } from '@/core/events';
import type { InvalidationBus, InvalidationMessage } from '@/modules/auth/session-cache';

const invalidationChannel = 'pitchlane:auth:invalidate';
const eventsChannel = 'pitchlane:events';

/** The Redis connections of one process: commands, and a subscriber (a subscribed connection can do nothing else). */
export type RedisConnections = { command: Redis; subscriber: Redis; close: () => Promise<void> };

export function connectRedis(url: string, logger: Logger): RedisConnections {
  const command = new Redis(url, { maxRetriesPerRequest: 3, lazyConnect: false });
  const subscriber = command.duplicate();
  for (const connection of [command, subscriber]) {
    connection.on('error', (error) => logger.error({ err: error }, 'redis connection error'));
  }
  return {
    command,
    subscriber,
    close: async () => {
      await Promise.allSettled([command.quit(), subscriber.quit()]);
    },
  };
}

/** Carries session invalidations to every process sharing this Redis. */
export function redisInvalidationBus(redis: RedisConnections, logger: Logger): InvalidationBus {
  return {
    publish: (message) => {
      redis.command.publish(invalidationChannel, JSON.stringify(message)).catch((error: unknown) => {
        logger.error({ err: error }, 'could not publish a session invalidation');
      });
    },
    subscribe: (handler) => {
      void redis.subscriber.subscribe(invalidationChannel);
      redis.subscriber.on('message', (channel, payload) => {
        if (channel !== invalidationChannel) return;
        try {
          handler(JSON.parse(payload) as InvalidationMessage);
        } catch (error) {
          logger.warn({ err: error }, 'ignored a malformed session invalidation');
        }
      });
    },
  };
}

/** Carries domain events to every process sharing this Redis (the bus drops its own echoes). */
export function redisEventTransport(redis: RedisConnections, logger: Logger): EventTransport {
  return {
    publish: (message) => {
      redis.command.publish(eventsChannel, message).catch((error: unknown) => {
        logger.error({ err: error }, 'could not publish a domain event');
      });
    },
    subscribe: (handler) => {
      void redis.subscriber.subscribe(eventsChannel);
      redis.subscriber.on('message', (channel, payload) => {
        if (channel === eventsChannel) handler(payload);
      });
    },
  };
}
