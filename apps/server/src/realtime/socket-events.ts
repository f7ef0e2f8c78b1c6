import { chatLimits } from '@deckvalid/contract/chat';
import type { FieldError } from '@deckvalid/contract/errors';
import { findUnstorableText } from '@deckvalid/contract/text';
import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { unavailableAfterConnectionLoss } from '@/db/connection-loss';
import { AppError } from '@/lib/errors';

/**
 * What every acknowledged socket event answers: the handler's result, or an error in the usual
 * shape; a refused payload names its fields in `details.fields`, as an HTTP 400 does.
 */
export type Ack = (
  answer:
    | { ok: true; [key: string]: unknown }
    | { ok: false; error: { code: string; message: string; details?: { fields: FieldError[] } } },
) => void;

/** A field error's path as HTTP validation errors write it: dotted, or the part itself when it is the whole. */
const fieldPath = (path: readonly PropertyKey[]) => path.map(String).join('.') || 'payload';

/**
 * The socket side of the HTTP text guard: a payload holding NUL or a lone surrogate anywhere is
 * refused before its handler runs, even in a field its schema does not describe.
 */
function refuseUnstorableText(payload: unknown): void {
  const found = findUnstorableText(payload);
  if (found) {
    const fields: FieldError[] = [{ path: found.path || 'payload', message: found.message }];
    throw new AppError('VALIDATION_FAILED', found.message, { fields });
  }
}

/**
 * Whether a payload holds more than `limit` characters in its keys and strings (numbers and the
 * like count a few): counted up to the limit, so a huge payload costs no more than a fair one.
 */
export function isPayloadOver(payload: unknown, limit: number): boolean {
  let left = limit;
  const stack: unknown[] = [payload];
  while (stack.length > 0) {
    const value = stack.pop();
    if (typeof value === 'string') left -= value.length;
    else if (Array.isArray(value)) {
      left -= value.length;
      for (const item of value) stack.push(item);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        left -= key.length + 1;
        stack.push(item);
      }
    } else left -= 8;
    if (left < 0) return true;
  }
  return false;
}

function refuseOverSize(payload: unknown): void {
  if (isPayloadOver(payload, chatLimits.eventPayloadChars)) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `That is too much to send at once: keep it under ${chatLimits.eventPayloadChars / 1024}K characters.`,
    );
  }
}

/**
 * Serves acknowledged events on one socket, as routes serve requests: the handler parses its
 * payload with its schema and checks its policy; a refusal (AppError, ZodError) is answered in the
 * usual error shape, anything else is logged and answered as INTERNAL without its details.
 */
export function acknowledgedEvents(socket: Socket, logger: Pick<Logger, 'error'>) {
  return (names: string[], handler: (payload: unknown) => Promise<Record<string, unknown>>) => {
    for (const name of names) {
      socket.on(name, (payload: unknown, ack?: unknown) => {
        const reply: Ack = typeof ack === 'function' ? (ack as Ack) : () => undefined;
        const answered = async () => {
          refuseOverSize(payload);
          refuseUnstorableText(payload);
          return handler(payload);
        };
        answered().then(
          (answer) => reply({ ok: true, ...answer }),
          (error: unknown) => reply({ ok: false, error: describeSocketError(error, name, logger) }),
        );
      });
    }
  };
}

function describeSocketError(thrown: unknown, event: string, logger: Pick<Logger, 'error'>) {
  const error = unavailableAfterConnectionLoss(thrown) ?? thrown;
  if (error instanceof AppError) {
    const details = error.details as { retryAfterSeconds?: unknown; fields?: FieldError[] } | undefined;
    return {
      code: error.code,
      message: error.message,
      ...(typeof details?.retryAfterSeconds === 'number' ? { retryAfterSeconds: details.retryAfterSeconds } : {}),
      ...(Array.isArray(details?.fields) ? { details: { fields: details.fields } } : {}),
    };
  }
  if (error instanceof z.ZodError) {
    const fields = error.issues.map((issue) => ({ path: fieldPath(issue.path), message: issue.message }));
    return {
      code: 'VALIDATION_FAILED',
      message: fields[0]?.message ?? 'That payload is not valid.',
      details: { fields },
    };
  }
  logger.error({ err: error, event }, 'a socket event failed');
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' };
}
