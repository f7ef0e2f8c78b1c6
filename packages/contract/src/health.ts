import { z } from 'zod';

/**
 * GET /api/health. The same shape answers 200 and 503: a load balancer reads the status code,
 * a person reading the body sees which dependency is down.
 */
export const healthResponseSchema = z.object({
  /** `ok` with 200; `degraded` with 503 while a dependency does not answer. */
  status: z.enum(['ok', 'degraded']),
  /** Whether the database answered a ping just now. */
  db: z.enum(['up', 'down']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
