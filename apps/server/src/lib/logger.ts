import pino, { type DestinationStream, type Logger } from 'pino';
import { serializeError } from './log-errors';

/**
 * The server's logger: JSON lines at `level`, errors through `serializeError` (a failed query
 * logs the database's reason, never the values it was sent). The process and the tests make
 * theirs here, so both log errors alike.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, serializers: { err: serializeError, error: serializeError } };
  return destination ? pino(options, destination) : pino(options);
}
