import type { AppModule } from '@/core/module';
import { healthRoutes } from './health.routes';

/** GET /api/health, answering from the database's own ping. */
export function createHealthModule(ping: () => Promise<boolean>): AppModule {
  return { name: 'health', routes: (app) => healthRoutes(app, { ping }) };
}
