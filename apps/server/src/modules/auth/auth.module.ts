import { authApiRoot } from '@deckvalid/contract/api-paths';
import { accountRoles } from '@deckvalid/contract/auth';
import type { AppModule, ModuleContext } from '@/core/module';
import type { Mailer } from '@/modules/mail/mail.service';
import { type AccountCredentialsStore, AuthRepository } from './auth.repository';
import { authRoutes } from './auth.routes';
import { PasswordsService } from './passwords.service';
import { RegistrationService } from './registration.service';
import { SessionCache } from './session-cache';
import { SessionsService } from './sessions.service';

/** A session checked within this window is trusted from memory; invalidations drop it sooner. */
const sessionCacheTtlMs = 30_000;

/**
 * Registration, sessions and passwords for both roles, under both API roots. `accounts` is the
 * accounts module's store: it alone writes the accounts table, auth included.
 */
export function createAuthModule(
  context: ModuleContext,
  { accounts, mailer }: { accounts: AccountCredentialsStore; mailer: Mailer },
) {
  const { config, db, events, background, logger } = context;
  const deps = {
    repo: new AuthRepository(db, accounts),
    events,
    background,
    mailer,
    // Invalidations ride the domain-event bus, over Redis to every process when there is one.
    sessionCache: new SessionCache(sessionCacheTtlMs, {
      publish: (message) => events.emit('sessions.cache-invalidated', message),
      subscribe: (handler) => events.onEverywhere('sessions.cache-invalidated', handler),
      isReliable: () => events.isReachingEveryProcess(),
      onRestored: (handler) => events.onRestored(handler),
    }),
    logger,
    authSecret: config.authSecret,
    productName: config.productName,
    publicUrl: config.publicUrl,
  };
  // One SessionsService, whose memory of checked credentials every guard shares; registration
  // and passwords start and end sessions through it.
  const sessions = new SessionsService(deps);
  const registration = new RegistrationService({ ...deps, sessions });
  const passwords = new PasswordsService({ ...deps, sessions });
  const module: AppModule = {
    name: 'auth',
    routes: async (app) => {
      for (const role of accountRoles) {
        await app.register(authRoutes, {
          prefix: authApiRoot[role],
          role,
          registration,
          sessions,
          passwords,
          publicRateLimit: config.authRateLimitPerMinute,
        });
      }
    },
    jobs: [
      {
        // Failed sign-ins and resend claims matter for minutes; older rows are only weight.
        name: 'prune sign-in and resend throttles',
        firstAfterMs: 15 * 60_000,
        everyMs: 15 * 60_000,
        run: async () => {
          await sessions.pruneLoginFailures();
          await registration.pruneVerificationSends();
        },
      },
    ],
  };
  return { module, sessions, registration, passwords };
}
