import type { Tokens } from '@deckvalid/contract/auth';
import { credentialHeadersOf } from './credential-headers';

/**
 * One GET asked before the app's code has loaded (the stored session's `me`, see
 * src/preflight.ts), answered to the first identical call of the base query instead of a second
 * request: a cold page spends most of its first second loading code, and this answer would
 * otherwise be asked for only once that code runs.
 */
type Preflight = { url: string; authorization: string; response: Promise<Response> };

let pending: Preflight | undefined;

/** Same as the base query's time limit: a call nobody answers fails rather than hangs. */
const preflightTimeoutMs = 15_000;

/** Starts a credentialed GET of `path` (same origin) with `tokens`, for the base query to take. */
export function startPreflight(path: string, tokens: Tokens): void {
  const url = new URL(path, window.location.origin).href;
  const headers = credentialHeadersOf(tokens);
  pending = {
    url,
    authorization: headers.authorization ?? '',
    response: fetch(url, { headers, signal: AbortSignal.timeout(preflightTimeoutMs) }),
  };
}

/**
 * The preflight's answer if `request` is the same call with the same credentials, once; otherwise
 * undefined (and a call for another session leaves it be, for nobody: it is not that session's).
 */
export function takePreflight(request: Request): Promise<Response> | undefined {
  const preflight = pending;
  if (!preflight || request.method !== 'GET' || request.url !== preflight.url) return undefined;
  pending = undefined;
  return request.headers.get('authorization') === preflight.authorization ? preflight.response : undefined;
}
