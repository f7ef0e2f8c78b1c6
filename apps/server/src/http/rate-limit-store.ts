import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { RateLimiter } from '@/core/limits';

/**
 * @fastify/rate-limit's store over the RateLimiter, so HTTP limits share the fallback: its own
 * Redis store fails the request (or waits) while Redis is away. Each route counts apart, unless
 * its limit names a `groupId`: the routes of a group share one count.
 */
export function rateLimitStore(limiter: RateLimiter): FastifyRateLimitStoreCtor {
  class CounterStore implements FastifyRateLimitStore {
    constructor(
      _options?: unknown,
      private readonly scope = 'http:',
    ) {}

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      limiter.hit(`${this.scope}${key}`, timeWindow).then(
        (hit) => callback(null, { current: hit.count, ttl: hit.resetInMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      // The plugin passes the route as `routeInfo` beside the merged limit options.
      const options = routeOptions as { routeInfo?: { method?: unknown; url?: string }; groupId?: string };
      if (options.groupId) return new CounterStore(undefined, `http:group:${options.groupId}:`);
      const route = options.routeInfo ?? {};
      return new CounterStore(undefined, `http:${String(route.method ?? '')}${route.url ?? ''}:`);
    }
  }
  return CounterStore;
}
