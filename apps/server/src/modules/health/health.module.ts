import type { AppModule } from '@/core/module';
import { healthRoutes } from './health.routes';

/** GET /api/health, answering from the database's own ping and, with Redis, its connection state. */
export function createHealthModule(ping: () => Promise<boolean>, isRedisUp?: () => boolean): AppModule {
  return { name: 'health', routes: (app) => healthRoutes(app, { ping, isRedisUp }) };
}
