/** One counted hit: how many hits the key has in its current window, and when that window ends. */
export type WindowHit = { count: number; resetInMs: number };

/** A token bucket: `perSecond` tokens flow in, up to `burst` wait; each take spends one. */
export type Bucket = { perSecond: number; burst: number };

/** Whether a take found a token, and if not, how long until one flows in. */
export type BucketTake = { isAllowed: boolean; retryAfterMs: number };

/**
 * The one mechanism behind every limit of the product (HTTP routes, chat sends, group rooms a
 * day): fixed windows that count hits, and token buckets that allow bursts. Shared by every
 * process through Redis when there is one, kept in this process's memory otherwise and while
 * Redis is away (infra/rate-limiter.ts). Services take it as a plain interface.
 */
export type RateLimiter = {
  hit: (key: string, windowMs: number) => Promise<WindowHit>;
  take: (key: string, bucket: Bucket) => Promise<BucketTake>;
};
