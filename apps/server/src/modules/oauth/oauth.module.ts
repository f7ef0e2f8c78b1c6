import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { OAuthRepository } from './oauth.repository';
import { oauthRoutes } from './oauth.routes';
import { type OAuthAccountStore, OAuthService, type SessionStarter } from './oauth.service';
import { createProviderClients } from './provider-clients';

/**
 * Sign-in through Google, GitHub, LinkedIn and any OpenID Connect issuer (issue 21). `accounts` is
 * the accounts module's store (the accounts table's one writer); `sessions` is auth's
 * SessionsService, which starts sessions for password sign-in too and checks every call.
 */
export function createOAuthModule(
  context: ModuleContext,
  { accounts, sessions }: { accounts: OAuthAccountStore; sessions: SessionStarter & Authenticator },
) {
  const { config, db, logger } = context;
  const oauth = new OAuthService({
    repo: new OAuthRepository(db),
    accounts,
    sessions,
    providers: createProviderClients(config.oauth.providers, config.oauth.redirectUrl),
    authSecret: config.authSecret,
    logger,
  });
  const module: AppModule = {
    name: 'oauth',
    routes: (app) => oauthRoutes(app, { auth: sessions, oauth, publicRateLimit: config.authRateLimitPerMinute }),
    jobs: [
      {
        // Started sign-ins live ten minutes and exchange codes one; older rows are only weight.
        name: 'prune finished and lapsed sign-ins',
        firstAfterMs: 10 * 60_000,
        everyMs: 60 * 60_000,
        run: () => oauth.pruneExpired(),
      },
    ],
  };
  return { module, oauth };
}
