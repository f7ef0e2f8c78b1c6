import { AppError } from '@/lib/errors';

/**
 * SQLSTATEs PostgreSQL answers when the session, not the statement, failed: the backend was
 * terminated (57P01 admin_shutdown by pg_terminate_backend or a fast shutdown, 57P02 crash
 * shutdown), the server is starting or stopping (57P03), or it has no connection slot (53300).
 * Class 08 (connection exception) is matched by prefix.
 */
const lostSessionStates = new Set(['57P01', '57P02', '57P03', '53300']);

/**
 * Socket errors under a database connection: the server, or the path to it, went away. A browser
 * closing its own request raises a reset too; the HTTP error handler tells that apart first.
 */
const lostSocketCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH']);

/**
 * What node-postgres says when it loses a connection it was using, or cannot get one in time;
 * these errors carry no code, only their message.
 */
const lostConnectionMessages = [
  /connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /not queryable/i,
  /connection is closed/i,
];

/** Seconds a client is told to wait: the pool opens a fresh connection on the next query. */
export const retryAfterLostConnectionSeconds = 1;

/**
 * Whether an error (or any error it was caused by, as Drizzle wraps the driver's) means the
 * database connection was lost or could not be had, so that the same request, sent again,
 * would most likely succeed. A statement PostgreSQL refused (a constraint, bad SQL) is not.
 */
export function isDatabaseConnectionLost(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (lostSessionStates.has(code) || code.startsWith('08') || lostSocketCodes.has(code))
    ) {
      return true;
    }
    if (lostConnectionMessages.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) {
      return true;
    }
    current = current.cause;
  }
  return false;
}

/**
 * The answer to a request whose database connection was lost: 503 UNAVAILABLE with a retry
 * hint (the HTTP error handler adds `Retry-After`), instead of a 500 that reads as a bug. Its
 * transaction, if any, was rolled back by the server when the session ended.
 */
export function unavailableAfterConnectionLoss(error: unknown): AppError | undefined {
  if (!isDatabaseConnectionLost(error)) return undefined;
  return new AppError(
    'UNAVAILABLE',
    'We lost our connection to the database for a moment. Nothing was saved; try again in a second.',
    { retryAfterSeconds: retryAfterLostConnectionSeconds },
  );
}
