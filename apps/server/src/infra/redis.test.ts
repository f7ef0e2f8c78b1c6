import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import pino from 'pino';
import { Server } from 'socket.io';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../test/processes';
import { connectRedis, type RedisConnections, redisEventTransport } from './redis';

const silent = pino({ level: 'silent' });

/** Collects the promise rejections nobody handled while `work` runs, and a moment after. */
async function unhandledRejectionsDuring(work: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const record = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', record);
  try {
    await work();
    // Rejections are reported after the microtask queue drains; give them a few turns.
    await new Promise((resolve) => setTimeout(resolve, 50));
  } finally {
    process.off('unhandledRejection', record);
  }
  return seen;
}

/**
 * A process may be closed while Redis is still being reached (a quick restart, a test that builds
 * and closes an app at once): whatever the Socket.IO adapter and the event bus had queued for the
 * connection is dropped with it, and no rejection of theirs may escape to end the process.
 */
describe('closing the Redis connections of a process', () => {
  let redis: RedisConnections | undefined;
  afterEach(async () => {
    await redis?.close();
    redis = undefined;
  });

  it('while Redis has not answered yet drops the queued subscriptions without an unhandled rejection', async () => {
    // Nothing listens on this port: every connection stays in `connecting` with its queue.
    const url = `redis://127.0.0.1:${await freePort()}`;
    const unhandled = await unhandledRejectionsDuring(async () => {
      const connections = connectRedis(url, silent);
      redis = connections;
      redisEventTransport(connections, silent).subscribe(() => undefined);
      const io = new Server(createServer());
      const { pub, sub } = connections.adapterClients();
      io.adapter(createAdapter(pub, sub));
      expect(sub.status).not.toBe('ready');
      // The adapter's unsubscribes at close meet a connection that is already gone.
      await connections.close();
      await new Promise<void>((resolve) => io.close(() => resolve()));
    });
    expect(unhandled.map(String)).toEqual([]);
  });
});
