import { type AccountRole, credentialHeaders } from '@deckvalid/contract/auth';
import type { FastifyRequest, HookHandlerDoneFunction, onRequestHookHandler } from 'fastify';
import { AppError } from '@/lib/errors';
import type { Authenticator, Principal } from './principal';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const roleNames: Record<AccountRole, string> = { user: 'founders', investor: 'investors', mentor: 'mentors' };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The onRequest hook of every authenticated route: all three credentials, a live session, and
 * the route's role. Founder credentials on an investor route are 403, and the reverse.
 * Callback-style rather than async: a request whose credentials and session are already in
 * memory (nearly all of them) is admitted without creating a promise; the rest take the full
 * asynchronous check, which makes every refusal.
 */
export function requireRole(auth: Authenticator, role: AccountRole): onRequestHookHandler {
  return guard(
    auth,
    (principal) =>
      principal.role === role
        ? undefined
        : new AppError('FORBIDDEN', `This is only for ${roleNames[role]}. Sign in with that kind of account.`),
    `signed-in ${roleNames[role]}`,
  );
}

/** The same check for routes both roles use (chat): any live founder or investor session. */
export function requireSignedIn(auth: Authenticator): onRequestHookHandler {
  return guard(
    auth,
    (principal) =>
      Object.hasOwn(roleNames, principal.role)
        ? undefined
        : new AppError('FORBIDDEN', 'Sign in as a founder or an investor.'),
    'any signed-in account',
  );
}

/** Who each guard admits, by its hook: what the API document says of a route (http/openapi.ts). */
const admittedBy = new WeakMap<object, string>();

/** Whom a route's onRequest hook admits, when it is one of these guards. */
export function guardedFor(hook: unknown): string | undefined {
  return typeof hook === 'function' ? admittedBy.get(hook) : undefined;
}

function guard(
  auth: Authenticator,
  refusal: (principal: Principal) => AppError | undefined,
  admits: string,
): onRequestHookHandler {
  const admit = (request: FastifyRequest, principal: Principal, done: HookHandlerDoneFunction) => {
    const refused = refusal(principal);
    if (refused) {
      done(refused);
      return;
    }
    request.principal = principal;
    done();
  };
  const hook: onRequestHookHandler = (request, _reply, done) => {
    const presented = {
      authorization: header(request, credentialHeaders.authorization),
      controlSignature: header(request, credentialHeaders.controlSignature),
      hashToken: header(request, credentialHeaders.hashToken),
    };
    const recalled = auth.authenticateFromMemory(presented);
    if (recalled) {
      admit(request, recalled, done);
      return;
    }
    auth.authenticate(presented).then(
      (principal) => admit(request, principal, done),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
    );
  };
  admittedBy.set(hook, admits);
  return hook;
}

/** The principal a guarded handler runs for; a handler without the guard is a programming error. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal)
    throw new Error(`route ${request.routeOptions.url} read a principal without requireRole or requireSignedIn`);
  return request.principal;
}

/**
 * A route's limit per signed-in account (route `config` for @fastify/rate-limit): counted once the
 * guard has named the caller (preHandler), so one account looping on a frequent call is refused
 * with 429 and a retry time while everyone else is served. Routes of a `group` share one count.
 */
export function perAccountLimit(maxPerMinute: number, group: string) {
  return {
    rateLimit: {
      max: maxPerMinute,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      groupId: group,
      keyGenerator: (request: FastifyRequest) => `${group}:${request.principal?.accountId ?? request.ip}`,
    },
  };
}
