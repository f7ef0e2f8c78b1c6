import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/**
 * Counts route handlers still running. `fastify.close()` waits for open connections only: a
 * handler whose client went away, or one run by `inject`, may still be halfway through its
 * queries when the server has closed. Shutdown waits for this count to reach zero before it
 * ends the database pool, so no handler meets a closed pool.
 */
export class InFlightHandlers {
  private running = 0;
  private waiters: (() => void)[] = [];

  /** Wraps every route registered after this call; register it before the routes. */
  attach(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      route.handler = async function trackedHandler(this: FastifyInstance, request, reply) {
        tracker.running += 1;
        try {
          const result = await handler.call(this, request, reply);
          // A callback-style handler (a plugin's file server) returns nothing and sends later:
          // returning the reply tells Fastify so, where `undefined` would send an empty answer.
          return result === undefined && !reply.sent ? reply : result;
        } finally {
          tracker.running -= 1;
          if (tracker.running === 0) tracker.release();
        }
      };
    });
    const tracker = this;
  }

  /** Resolves once no handler is running (at once when none is). */
  idle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  private release(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const resolve of waiters) resolve();
  }
}
