import type { Redis } from 'ioredis';
import type { Bucket, BucketTake, RateLimiter, WindowHit } from '@/core/limits';
import type { RedisConnections } from './redis';

/**
 * Limits kept in this process's memory. Keys live in insertion order; past `maxKeys` the oldest
 * go first, so a flood of distinct keys costs bounded memory (and at worst forgets a limit).
 */
export class LocalRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, { count: number; endsAt: number }>();
  private readonly buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly maxKeys = 100_000) {}

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    return this.hitNow(key, windowMs);
  }

  async take(key: string, bucket: Bucket): Promise<BucketTake> {
    return this.takeNow(key, bucket);
  }

  hitNow(key: string, windowMs: number): WindowHit {
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      this.windows.delete(key);
      bound(this.windows, this.maxKeys);
      window = { count: 0, endsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { count: window.count, resetInMs: window.endsAt - now };
  }

  takeNow(key: string, { perSecond, burst }: Bucket): BucketTake {
    const now = Date.now();
    const state = this.buckets.get(key);
    const tokens = state ? Math.min(burst, state.tokens + ((now - state.at) / 1000) * perSecond) : burst;
    if (!state) bound(this.buckets, this.maxKeys);
    if (tokens < 1) {
      this.buckets.set(key, { tokens, at: now });
      return { isAllowed: false, retryAfterMs: Math.ceil(((1 - tokens) / perSecond) * 1000) };
    }
    this.buckets.set(key, { tokens: tokens - 1, at: now });
    return { isAllowed: true, retryAfterMs: 0 };
  }
}

function bound(map: Map<string, unknown>, maxKeys: number): void {
  if (map.size < maxKeys) return;
  // Maps iterate in insertion order: the first key is the oldest.
  const oldest = map.keys().next().value;
  if (oldest !== undefined) map.delete(oldest);
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

/**
 * A token bucket in one round trip, on Redis's clock so that every process agrees. The bucket
 * expires once it would be full again: an idle key costs nothing. Tokens are kept in
 * thousandths, since Lua numbers returned to the client are truncated to integers.
 */
const takeScript = `
local perSecond = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local state = redis.call('HMGET', KEYS[1], 't', 'at')
local tokens = burst
if state[1] then
  tokens = math.min(burst, tonumber(state[1]) / 1000 + (now - tonumber(state[2])) / 1000 * perSecond)
end
local allowed = 0
local retry = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
else
  retry = math.ceil((1 - tokens) / perSecond * 1000)
end
redis.call('HSET', KEYS[1], 't', math.floor(tokens * 1000), 'at', now)
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / perSecond * 1000) + 1000)
return {allowed, retry}
`;

type RedisWithLimits = Redis & {
  pitchlaneHit: (key: string, windowMs: number) => Promise<[number, number]>;
  pitchlaneTake: (key: string, perSecond: number, burst: number) => Promise<[number, number]>;
};

/**
 * Limits in Redis, shared by every process, falling back to this process's memory whenever
 * Redis does not answer at once: while it is away a limit holds per process instead of per
 * cluster, and no request waits for it.
 */
export class SharedRateLimiter implements RateLimiter {
  private readonly local = new LocalRateLimiter();
  private readonly redis: RedisWithLimits;

  constructor(
    private readonly connections: RedisConnections,
    private readonly prefix = 'pitchlane:rate:',
  ) {
    const command = connections.command as RedisWithLimits;
    if (typeof command.pitchlaneHit !== 'function') {
      command.defineCommand('pitchlaneHit', { numberOfKeys: 1, lua: hitScript });
      command.defineCommand('pitchlaneTake', { numberOfKeys: 1, lua: takeScript });
    }
    this.redis = command;
  }

  async hit(key: string, windowMs: number): Promise<WindowHit> {
    if (!this.connections.isReady()) return this.local.hitNow(key, windowMs);
    try {
      const [count, ttl] = await this.redis.pitchlaneHit(`${this.prefix}window:${key}`, windowMs);
      return { count, resetInMs: ttl };
    } catch {
      return this.local.hitNow(key, windowMs);
    }
  }

  async take(key: string, bucket: Bucket): Promise<BucketTake> {
    if (!this.connections.isReady()) return this.local.takeNow(key, bucket);
    try {
      const [allowed, retryAfterMs] = await this.redis.pitchlaneTake(
        `${this.prefix}bucket:${key}`,
        bucket.perSecond,
        bucket.burst,
      );
      return { isAllowed: allowed === 1, retryAfterMs };
    } catch {
      return this.local.takeNow(key, bucket);
    }
  }
}

/** The limiter of a process: shared through Redis when there is one. */
export function createRateLimiter(redis: RedisConnections | undefined): RateLimiter {
  return redis ? new SharedRateLimiter(redis) : new LocalRateLimiter();
}
