import type { FastifyInstance } from 'fastify';
import { AppError } from '@/lib/errors';

/** Whether a parsed JSON value or query holds a NUL character in any string, key or value. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // A stream (the body of a signed upload) is not text; it is checked by its own route.
  if (typeof (value as { pipe?: unknown }).pipe === 'function') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

/**
 * Refuses text with NUL characters in any body, query or path parameter, before any schema
 * runs. PostgreSQL's text type cannot store them, so they would otherwise surface as a 500
 * from whichever column they reached; no person types one.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    if (containsNul(request.body) || containsNul(request.query) || containsNul(request.params)) {
      done(new AppError('VALIDATION_FAILED', 'Text cannot contain NUL characters. Remove them and try again.'));
      return;
    }
    done();
  });
}
