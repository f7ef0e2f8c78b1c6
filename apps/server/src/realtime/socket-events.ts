import type { Logger } from 'pino';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { AppError } from '@/lib/errors';

/** What every acknowledged socket event answers: the handler's result, or an error in the usual shape. */
export type Ack = (
  answer: { ok: true; [key: string]: unknown } | { ok: false; error: { code: string; message: string } },
) => void;

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
        handler(payload).then(
          (answer) => reply({ ok: true, ...answer }),
          (error: unknown) => reply({ ok: false, error: describeSocketError(error, name, logger) }),
        );
      });
    }
  };
}

function describeSocketError(error: unknown, event: string, logger: Pick<Logger, 'error'>) {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  if (error instanceof z.ZodError) {
    return { code: 'VALIDATION_FAILED', message: error.issues[0]?.message ?? 'That payload is not valid.' };
  }
  logger.error({ err: error, event }, 'a socket event failed');
  return { code: 'INTERNAL', message: 'Something went wrong on our side. Try again in a moment.' };
}
