import { stdSerializers } from 'pino';

/** A statement is logged up to this many characters. */
const maxStatementLength = 1_000;
/** Causes followed under an error before the rest is left out. */
const maxCauseDepth = 5;
/** The fields of a database error that name what failed without quoting a value. */
const databaseFields = ['code', 'severity', 'schema', 'table', 'column', 'constraint', 'routine'] as const;

type SerializedError = Record<string, unknown>;

/**
 * drizzle's DrizzleQueryError, known by its shape (the statement and its parameters beside the
 * database's error as its cause), so that logging does not reach into the ORM.
 */
type QueryError = Error & { query: string; params: unknown[] };

function isQueryError(error: Error): error is QueryError {
  const fields = error as Partial<QueryError>;
  return typeof fields.query === 'string' && Array.isArray(fields.params);
}

/**
 * pino's error serializer, but a failed query (drizzle's DrizzleQueryError, anywhere in the cause
 * chain) is logged as the database's reason and the statement with its placeholders: its own
 * message and stack hold every parameter, which are users' words (messages, names, emails), and
 * the database's `detail` quotes values too. Any parameter a database message quotes is redacted.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error) || !holdsQueryError(error)) return stdSerializers.err(error as Error);
  return describe(error, 0);
}

function holdsQueryError(error: Error): boolean {
  let cursor: unknown = error;
  for (let depth = 0; cursor instanceof Error && depth <= maxCauseDepth; depth++) {
    if (isQueryError(cursor)) return true;
    cursor = cursor.cause;
  }
  return false;
}

function describe(error: Error, depth: number): SerializedError {
  if (isQueryError(error)) return describeQueryError(error);
  const cause = error.cause instanceof Error && depth < maxCauseDepth ? describe(error.cause, depth + 1) : undefined;
  return { type: error.name, message: error.message, stack: error.stack, ...(cause ? { cause } : {}) };
}

function describeQueryError(error: QueryError): SerializedError {
  const redact = redactorOf(error.params);
  const cause = error.cause instanceof Error ? error.cause : undefined;
  const reason = cause ? redact(cause.message) : 'no reason given';
  const message = `a database query failed: ${reason}`;
  // The stack's first line is the message with the parameters: keep only the frames.
  const frames = (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));
  return {
    type: 'DrizzleQueryError',
    message,
    stack: [`DrizzleQueryError: ${message}`, ...frames].join('\n'),
    query: error.query.slice(0, maxStatementLength),
    ...(cause ? { cause: describeDatabaseError(cause, redact) } : {}),
  };
}

function describeDatabaseError(error: Error, redact: (text: string) => string): SerializedError {
  const described: SerializedError = { type: error.name, message: redact(error.message) };
  for (const field of databaseFields) {
    const value = (error as unknown as Record<string, unknown>)[field];
    if (typeof value === 'string' && value !== '') described[field] = redact(value);
  }
  return described;
}

/** Replaces every parameter's text in a message with "[redacted]", longest first. */
function redactorOf(params: readonly unknown[]): (text: string) => string {
  const values = params
    .map((param) => (typeof param === 'string' ? param : param instanceof Date ? '' : String(param ?? '')))
    .filter((value) => value.length >= 2)
    .sort((a, b) => b.length - a.length);
  return (text) => values.reduce((redacted, value) => redacted.split(value).join('[redacted]'), text);
}
