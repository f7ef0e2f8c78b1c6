import type { ErrorCode, ErrorResponse, FieldError } from '@deckvalid/contract/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { unavailableAfterConnectionLoss } from '@/db/connection-loss';
import { AppError } from '@/lib/errors';
import { isClientAbort, loggablePath } from './request-log';

const codeByStatus: Record<number, ErrorCode> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
};

/** Sentences for Fastify's own 4xx errors, whose messages speak to developers. */
const messageByFastifyCode: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its declared length.',
};

function send(reply: import('fastify').FastifyReply, status: number, body: ErrorResponse) {
  return reply.status(status).send(body);
}

/**
 * The one place errors become answers: every error body has the contract's shape, and a 500
 * says only that something failed; its detail goes to the log, never to the client.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | AppError | Error, request, reply) => {
    const unavailable = isClientAbort(thrown, request) ? undefined : unavailableAfterConnectionLoss(thrown);
    if (unavailable) {
      // Not a bug: a dropped connection costs this request a retry. A warning, not an error.
      request.log.warn({ err: thrown, method: request.method }, 'a request lost its database connection');
    }
    const error = unavailable ?? thrown;
    if (error instanceof AppError) {
      const retryAfterSeconds = (error.details as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
      if (typeof retryAfterSeconds === 'number') reply.header('retry-after', String(retryAfterSeconds));
      return send(reply, error.status, {
        error: {
          code: error.code,
          message: error.message,
          ...(error.details === undefined ? {} : { details: error.details }),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: FieldError[] = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body'),
        message: issue.message ?? 'Invalid value.',
      }));
      return send(reply, 400, {
        error: {
          code: 'VALIDATION_FAILED',
          message: fields[0]?.message ?? 'Check the highlighted fields.',
          details: { fields, in: error.validationContext },
        },
      });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    const code = codeByStatus[status];
    if (status < 500 && code) {
      const fastifyCode = 'code' in error ? String(error.code) : '';
      const message = messageByFastifyCode[fastifyCode] ?? 'The request could not be processed.';
      // A body the parser refused (bad JSON, a `__proto__` key) is named as a whole, as the
      // schema errors name their fields, so a client can point at what to fix.
      const isBodyRefused = status === 400 && fastifyCode.startsWith('FST_ERR_CTP_');
      return send(reply, status, {
        error: {
          code,
          message,
          ...(isBodyRefused ? { details: { fields: [{ path: 'body', message }], in: 'body' } } : {}),
        },
      });
    }
    if (isClientAbort(error, request)) {
      // The client left (a cancelled upload, a closed tab): nothing failed here, and nobody reads
      // the answer. A warning without a stack, and not a 5xx in the traffic summary.
      const code = 'code' in error && typeof error.code === 'string' ? error.code : undefined;
      request.log.warn(
        { method: request.method, path: loggablePath(request.url.split('?')[0] ?? ''), code },
        'client closed the connection before the request finished',
      );
      return send(reply, 400, {
        error: { code: 'VALIDATION_FAILED', message: 'The request ended before all of it arrived. Try again.' },
      });
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, {
      error: { code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' },
    });
  });
}

/**
 * Fastify's router refuses a path it cannot decode (a percent-encoded lone surrogate, a broken
 * escape) before any hook or handler runs, answering in its own shape: this answers in ours.
 */
export function frameworkErrors(
  _error: FastifyError,
  _request: import('fastify').FastifyRequest,
  reply: import('fastify').FastifyReply,
): void {
  send(reply, 400, {
    error: { code: 'VALIDATION_FAILED', message: 'The address holds characters that cannot be read. Check the link.' },
  });
}

/** Unknown API paths answer 404 in the error shape; see spa.ts for everything else. */
export function notFoundBody(): ErrorResponse {
  return { error: { code: 'NOT_FOUND', message: 'There is nothing at this address.' } };
}
