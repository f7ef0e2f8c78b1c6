import type { Redis } from 'ioredis';
import type { RedisConnections } from './redis';

/** One counted hit: how many hits the key has in its current window, and when that window ends. */
export type Hit = { count: number; resetInMs: number };

/**
 * Counts hits per key in fixed windows: the one mechanism behind every limit (HTTP routes,
 * socket messages, sockets per account, rooms per day). Shared between processes through Redis
 * when there is one; this process's memory otherwise, and while Redis is away.
 */
export type RateCounter = { hit: (key: string, windowMs: number) => Promise<Hit> };

/** Counts in this process's memory; the oldest keys go first past `maxKeys`. */
export class LocalRateCounter implements RateCounter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, windowMs: number): Promise<Hit> {
    return this.hitNow(key, windowMs);
  }

  hitNow(key: string, windowMs: number): Hit {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) {
        // Maps iterate in insertion order: the first key is the longest-lived window.
        const oldest = this.windows.keys().next().value;
        if (oldest !== undefined) this.windows.delete(oldest);
      }
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }
}

/** INCR and its window in one round trip; a key without an expiry (a lost PEXPIRE) gets one. */
const hitScript = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

type RedisWithHit = Redis & { pitchlaneHit: (key: string, windowMs: number) => Promise<[number, number]> };

/**
 * Counts in Redis, shared by every process, and falls back to this process's memory whenever
 * Redis does not answer at once: while it is away a limit holds per process instead of per
 * cluster, and no request waits for it.
 */
export class SharedRateCounter implements RateCounter {
  private readonly local = new LocalRateCounter();
  private readonly redis: RedisWithHit;

  constructor(
    private readonly connections: RedisConnections,
    private readonly prefix = 'pitchlane:rate:',
  ) {
    const command = connections.command as RedisWithHit;
    if (typeof command.pitchlaneHit !== 'function') {
      command.defineCommand('pitchlaneHit', { numberOfKeys: 1, lua: hitScript });
    }
    this.redis = command;
  }

  async hit(key: string, windowMs: number): Promise<Hit> {
    if (!this.connections.isReady()) return this.local.hitNow(key, windowMs);
    try {
      const [count, ttl] = await this.redis.pitchlaneHit(`${this.prefix}${key}`, windowMs);
      return { count, resetInMs: ttl };
    } catch {
      return this.local.hitNow(key, windowMs);
    }
  }
}

/** The counter of a process: shared through Redis when there is one. */
export function createRateCounter(redis: RedisConnections | undefined): RateCounter {
  return redis ? new SharedRateCounter(redis) : new LocalRateCounter();
}
