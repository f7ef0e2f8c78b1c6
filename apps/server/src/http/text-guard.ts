import type { FieldError } from '@deckvalid/contract/errors';
import { findUnstorableText } from '@deckvalid/contract/text';
import type { FastifyInstance } from 'fastify';
import { AppError } from '@/lib/errors';

/** The parts of a request the guard reads, by the names validation errors give them (`details.in`). */
const parts = [
  ['body', (request: { body: unknown }) => request.body],
  ['querystring', (request: { query: unknown }) => request.query],
  ['params', (request: { params: unknown }) => request.params],
] as const;

/**
 * The net under the contract's text schema: refuses NUL and lone surrogates in any body, query
 * or path parameter, value or key, before any schema runs, with the same sentence as the schema
 * and the field named as schema errors name it. The contract's schemas already refuse these in
 * every field they describe (text.test.ts holds them to it); the net catches the fields a route
 * reads without one, so none reaches PostgreSQL, whose text cannot hold NUL and whose UTF-8
 * cannot hold half a surrogate pair.
 */
export function registerTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [part, read] of parts) {
      const found = findUnstorableText(read(request));
      if (found) {
        const fields: FieldError[] = [{ path: found.path || part, message: found.message }];
        done(new AppError('VALIDATION_FAILED', found.message, { fields, in: part }));
        return;
      }
    }
    done();
  });
}
