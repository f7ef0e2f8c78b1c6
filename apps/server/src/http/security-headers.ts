import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Security headers (helmet's defaults plus a CSP fit for the web app). @fastify/helmet rebuilds
 * helmet's middleware, re-parsing the CSP, on every request, which cost about a fifth of an
 * authenticated call's CPU in bench/http.ts; building it once and applying it per request sets
 * the same headers. See docs/decisions.md.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const applyHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });
  app.addHook('onRequest', (request, reply, done) => {
    applyHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
}
