import { publicLinksRoot } from '@deckvalid/contract/links';
import type { FastifyInstance } from 'fastify';

/** How often the one-line traffic summary is written at info level. */
const defaultSummaryIntervalMs = 60_000;

/** Response times kept per summary window for the percentiles; past this, a random sample. */
const maxSamples = 10_000;

export type RequestLogOptions = {
  /** Every this many milliseconds, one info line sums up the requests since the last one. */
  summaryIntervalMs?: number;
};

export type RequestLog = {
  /** Writes the summary now (if anything was served) and starts a new window; for tests and shutdown. */
  flushSummary: () => void;
};

/** The nearest-rank percentile of sorted values (0 < p ≤ 100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? 0;
}

/**
 * The path as a log may print it: a share link's slug is the whole secret of its address, so
 * under the visitors' root it is replaced by `:slug` (the rest of the path stays, to tell the
 * calls apart).
 */
export function loggablePath(path: string): string {
  if (!path.startsWith(publicLinksRoot)) return path;
  const rest = path.slice(publicLinksRoot.length);
  const slash = rest.indexOf('/');
  return `${publicLinksRoot}:slug${slash < 0 ? '' : rest.slice(slash)}`;
}

/**
 * Request logging for an app built with `disableRequestLogging: true`. Fastify's own logging
 * wrote two info lines per request (10,800 lines in a short tour of the app, drowning the lines
 * that matter); here each request is one debug line, and one info line a minute sums up the
 * traffic (requests, 4xx, 5xx, p50/p95/max time), written only when something was served.
 *
 * The logged URL has no query string: signed storage addresses carry their signature there; nor
 * a share link's slug (`loggablePath`).
 */
export function registerRequestLogging(app: FastifyInstance, options: RequestLogOptions = {}): RequestLog {
  let requests = 0;
  let clientErrors = 0;
  let serverErrors = 0;
  let samples: number[] = [];

  // Callback style: an async hook would cost every request a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const statusCode = reply.statusCode;
    const responseTimeMs = Math.round(reply.elapsedTime * 10) / 10;
    requests += 1;
    if (statusCode >= 500) serverErrors += 1;
    else if (statusCode >= 400) clientErrors += 1;
    if (samples.length < maxSamples) samples.push(responseTimeMs);
    else {
      // Reservoir sampling: every request of the window has the same chance to be kept.
      const slot = Math.floor(Math.random() * requests);
      if (slot < maxSamples) samples[slot] = responseTimeMs;
    }
    const path = loggablePath(request.url.split('?')[0] ?? '');
    request.log.debug({ method: request.method, path, statusCode, responseTimeMs }, 'request completed');
    done();
  });

  const flushSummary = () => {
    if (requests === 0) return;
    const sorted = samples.sort((a, b) => a - b);
    app.log.info(
      {
        requests,
        clientErrors,
        serverErrors,
        p50Ms: percentile(sorted, 50),
        p95Ms: percentile(sorted, 95),
        maxMs: sorted[sorted.length - 1] ?? 0,
      },
      'requests since the last summary',
    );
    requests = 0;
    clientErrors = 0;
    serverErrors = 0;
    samples = [];
  };

  const timer = setInterval(flushSummary, options.summaryIntervalMs ?? defaultSummaryIntervalMs);
  // The summary never keeps the process (or a test) alive on its own.
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    flushSummary();
  });
  return { flushSummary };
}

/** Codes and messages of a connection the client closed mid-request (a cancelled upload, a closed tab). */
const abortCodes = new Set([
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ERR_STREAM_PREMATURE_CLOSE',
  'FST_ERR_REQ_ABORTED',
]);

/**
 * Whether a failed request failed because its client went away: the request stream was aborted
 * or reset while the handler read it. That is the client's choice, not a fault of the server,
 * so it is logged as a warning without a stack trace (see error-handler.ts).
 */
export function isClientAbort(error: unknown, request: { raw: { readableAborted?: boolean } }): boolean {
  if (request.raw.readableAborted) return true;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && abortCodes.has(code)) return true;
  return message === 'aborted' || message === 'Premature close';
}
