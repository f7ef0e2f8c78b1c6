import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { EventTransport } from '@/core/events';

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
