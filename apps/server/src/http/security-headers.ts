import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

const apiPrefix = '/api/';

/**
 * Helmet's defaults plus a CSP fit for the web app. `fileOrigins` are where signed file URLs
 * point besides this server (an S3 endpoint): the browser PUTs uploads there, and the viewer
 * and pictures read from there.
 */
const helmetFor = (fileOrigins: string[]) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...fileOrigins],
        connectSrc: ["'self'", 'ws:', 'wss:', ...fileOrigins],
        workerSrc: ["'self'", 'blob:'],
        upgradeInsecureRequests: null,
      },
    },
  });

/**
 * The headers helmet sets, recorded once from a dry run. With the options above every value is
 * a constant (no nonces, nothing read from the request), so recording them is exact. Helmet's
 * only other action, removing X-Powered-By, has nothing to remove: Fastify never sets it.
 */
export function securityHeaders(fileOrigins: string[] = []): Record<string, string> {
  const applyHelmet = helmetFor(fileOrigins);
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let isDone = false;
  applyHelmet({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    isDone = true;
  });
  // A helmet that answered later or read the request could not be recorded; fail at start-up.
  if (!isDone || Object.keys(headers).length === 0) throw new Error('helmet did not set its headers synchronously');
  return headers;
}

/**
 * Security headers on every answer. Applying helmet's middleware per request (setHeader on the
 * raw response thirteen times, then Node re-reading them) cost about 8 % of an authenticated
 * call's CPU in bench/http.ts, and @fastify/helmet, which also re-parses the CSP, about a fifth;
 * the recorded headers join Fastify's own reply headers instead and reach the client the same.
 * A route may still override one with `reply.header`. See docs/decisions.md.
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  { fileOrigins = [] }: { fileOrigins?: string[] } = {},
): void {
  const headers = securityHeaders(fileOrigins);
  // API answers carry accounts' data and, from login and verification, credentials: no browser,
  // proxy or CDN may keep them. A route with a cacheable answer (signed file reads) sets its own.
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.startsWith(apiPrefix) ? apiHeaders : headers);
    done();
  });
}
