import { type AccountRole, credentialHeaders } from '@deckvalid/contract/auth';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '@/lib/errors';
import type { AuthService, Principal } from '@/modules/auth/auth.service';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
}

const roleNames: Record<AccountRole, string> = { user: 'founders', investor: 'investors' };

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The onRequest hook of every authenticated route: all three credentials, a live session, and
 * the route's role. Founder credentials on an investor route are 403, and the reverse.
 */
export function requireRole(auth: AuthService, role: AccountRole): onRequestAsyncHookHandler {
  return async (request) => {
    const principal = await auth.authenticate({
      authorization: header(request, credentialHeaders.authorization),
      controlSignature: header(request, credentialHeaders.controlSignature),
      hashToken: header(request, credentialHeaders.hashToken),
    });
    if (principal.role !== role) {
      throw new AppError('FORBIDDEN', `This is only for ${roleNames[role]}. Sign in with that kind of account.`);
    }
    request.principal = principal;
  };
}

/** The principal a guarded handler runs for; a handler without the guard is a programming error. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new Error(`route ${request.routeOptions.url} read a principal without requireRole`);
  return request.principal;
}
