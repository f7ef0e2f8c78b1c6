import { type Command, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';
import type { EventTransport } from '@/core/events';

const eventsChannel = 'pitchlane:events';

/**
 * The Redis connections of one process. Redis is a helper here, never a dependency a request
 * waits on: rate limits, session revocations, socket fan-out and the event bus each know what to
 * do while it is away, and every connection reconnects by itself when it returns.
 */
export type RedisConnections = {
  /**
   * Commands. It fails at once while disconnected (no offline queue), so a caller falls back to
   * this process's memory instead of waiting for retries that end in MaxRetriesPerRequestError.
   */
  command: Redis;
  /** Subscriptions only: they wait for the connection and are renewed after every reconnect. */
  subscriber: Redis;
  /** A publishing and a subscribing connection of their own for the Socket.IO adapter. */
  adapterClients: () => { pub: Redis; sub: Redis };
  /** Whether commands and subscriptions are both live now. */
  isReady: () => boolean;
  /** Runs `handler` each time Redis is back after a loss: what was published meanwhile was missed. */
  onRestored: (handler: () => void) => void;
  close: () => Promise<void>;
};

/** Connections that only subscribe: their few commands wait for a connection however long it takes. */
const subscriberOptions: RedisOptions = { maxRetriesPerRequest: null, enableOfflineQueue: true };

/** A connected client gets this long to say goodbye (QUIT) before it is cut off. */
const quitTimeoutMs = 1_000;

/**
 * Ends one connection without waiting on Redis: QUIT, which a subscriber with an offline queue
 * would hold until Redis answered (20 s of a shutdown, with Redis unreachable), only while the
 * connection is up, and then for a second at most; otherwise the socket is simply closed.
 */
async function closeClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  const cutOff = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, quitTimeoutMs);
  });
  await Promise.race([
    client.quit().then(
      () => undefined,
      () => undefined,
    ),
    cutOff,
  ]);
  clearTimeout(timer);
  // Cuts a QUIT that did not finish; after one that did, it changes nothing.
  client.disconnect();
}

/**
 * For a connection whose commands are also sent by code that never looks at their outcome: the
 * Socket.IO adapter subscribes and publishes without catching, and ioredis renews subscriptions
 * after a reconnect the same way. When the connection is closed before Redis answered (a process
 * stopped while Redis is being reached, or away), each of those commands is rejected with
 * "Connection is closed.", and one rejection nobody handles ends the process. Here every command
 * of the connection counts as handled; a caller that awaits one still sees its failure.
 */
function toleratingUnheededFailures(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    command.promise.catch(() => undefined);
    return send(command, stream);
  };
  return client;
}

export function connectRedis(url: string, logger: Pick<Logger, 'warn' | 'info'>): RedisConnections {
  const command = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 });
  const subscriber = toleratingUnheededFailures(new Redis(url, subscriberOptions));
  const clients: Redis[] = [];
  const restoredHandlers: Array<() => void> = [];
  let isLost = false;

  const isReady = () => command.status === 'ready' && subscriber.status === 'ready';
  const watch = (connection: Redis) => {
    clients.push(connection);
    // ioredis emits `error` on every failed reconnect attempt; without a listener each would be
    // an unhandled error. One warning per outage is enough for the log.
    connection.on('error', (error) => {
      if (isLost) return;
      isLost = true;
      logger.warn({ err: error }, 'Redis is unreachable; rate limits and revocations fall back to this process');
    });
    connection.on('ready', () => {
      if (!isLost || !isReady()) return;
      isLost = false;
      logger.info('Redis is back');
      for (const handler of restoredHandlers) handler();
    });
  };
  watch(command);
  watch(subscriber);

  return {
    command,
    subscriber,
    adapterClients: () => {
      // A publish fails at once while Redis is away: events to other processes are lost
      // meanwhile (clients catch up on seq); this process's own sockets are served without Redis.
      const pub = toleratingUnheededFailures(new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1 }));
      const sub = toleratingUnheededFailures(new Redis(url, subscriberOptions));
      watch(pub);
      watch(sub);
      return { pub, sub };
    },
    isReady,
    onRestored: (handler) => {
      restoredHandlers.push(handler);
    },
    close: async () => {
      await Promise.allSettled(clients.map(closeClient));
    },
  };
}

/** Carries domain events to every process sharing this Redis (the bus drops its own echoes). */
export function redisEventTransport(redis: RedisConnections, logger: Pick<Logger, 'error'>): EventTransport {
  return {
    publish: (message) => {
      // While Redis is away other processes miss this event, which is why their caches stop
      // trusting the bus until `onRestored` (see isConnected); the outage is logged once.
      if (!redis.isReady()) return;
      redis.command.publish(eventsChannel, message).catch((error: unknown) => {
        logger.error({ err: error }, 'could not publish a domain event');
      });
    },
    subscribe: (handler) => {
      redis.subscriber.subscribe(eventsChannel).catch((error: unknown) => {
        logger.error({ err: error }, 'could not subscribe to domain events');
      });
      redis.subscriber.on('message', (channel, payload) => {
        if (channel === eventsChannel) handler(payload);
      });
    },
    isConnected: redis.isReady,
    onRestored: redis.onRestored,
  };
}
