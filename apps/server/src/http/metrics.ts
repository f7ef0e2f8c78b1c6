import { createServer, type Server } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { MetricsConfig } from '@/config';
import { latencyBuckets, type Metrics } from '@/core/metrics';
import { safeEqual } from '@/lib/crypto';
import { AppError } from '@/lib/errors';

/** Where Prometheus reads the text, on the API's port or a port of its own. */
export const metricsPath = '/metrics';

/**
 * Times every answer by route pattern (never the raw URL: one series per route, not per id) and
 * status. An unmatched URL counts under `unmatched`.
 */
export function registerRequestMetrics(app: FastifyInstance, metrics: Metrics): void {
  const duration = metrics.histogram(
    'http_request_duration_seconds',
    'Time to answer a request, by method, route pattern and status.',
    latencyBuckets,
    ['method', 'route', 'status'],
  );
  // Callback style, as request-log.ts: an async hook would cost every request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    duration.observe(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/** `GET /metrics` on the API's port, for callers presenting `Authorization: Bearer <token>`. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, token: string): void {
  const expected = `Bearer ${token}`;
  app.get(metricsPath, { schema: { hide: true } }, async (request, reply) => {
    const presented = request.headers.authorization ?? '';
    if (!safeEqual(presented, expected)) {
      throw new AppError('UNAUTHORIZED', 'Metrics need the bearer token the server was started with (METRICS_TOKEN).');
    }
    const { contentType, body } = await metrics.text();
    return reply.header('cache-control', 'no-store').type(contentType).send(body);
  });
}

/**
 * `GET /metrics` on a port of its own (METRICS_PORT), without a token: for a port only the
 * monitoring network reaches. Anything else on it is 404. Resolves once it listens.
 */
export async function serveMetrics(
  metrics: Metrics,
  { port, host }: { port: number; host: string },
): Promise<{ server: Server; close: () => Promise<void> }> {
  const server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== metricsPath) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found\n');
      return;
    }
    metrics.text().then(
      ({ contentType, body }) => response.writeHead(200, { 'content-type': contentType }).end(body),
      () => response.writeHead(500, { 'content-type': 'text/plain' }).end('Metrics could not be collected\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a served process exposes, by its configuration. */
export function wantsMetrics(config: MetricsConfig | undefined): config is MetricsConfig {
  return Boolean(config?.token || config?.port);
}
