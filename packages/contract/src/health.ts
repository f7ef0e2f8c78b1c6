import { z } from 'zod';

/**
 * GET /api/health. The same shape answers 200 and 503: a load balancer reads the status code,
 * a person reading the body sees which dependency is down.
 */
export const healthResponseSchema = z.object({
  /**
   * `ok` while every dependency answers; `degraded` while one does not. The status code is 503
   * only while the database is down: without Redis the process still serves every call.
   */
  status: z.enum(['ok', 'degraded']),
  /** Whether the database answered a ping just now. */
  db: z.enum(['up', 'down']),
  /** Whether Redis is connected; absent when the process runs without Redis. */
  redis: z.enum(['up', 'down']).optional(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
