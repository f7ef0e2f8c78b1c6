import type { AppModule, ModuleContext } from '@/core/module';
import type { SessionsService } from '@/modules/auth/sessions.service';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { AccountsRepository } from './accounts.repository';
import { accountsRoutes } from './accounts.routes';
import { AccountsService } from './accounts.service';

/**
 * The accounts table's one writer, made before auth: registration and password changes write
 * accounts through it, so it is handed to the auth module before the service below exists.
 */
export function createAccountsStore(context: Pick<ModuleContext, 'db'>): AccountsRepository {
  return new AccountsRepository(context.db);
}

/** The founder profile (with its picture) and the investor info. */
export function createAccountsModule({
  store,
  sessions,
  uploads,
}: {
  store: AccountsRepository;
  sessions: SessionsService;
  uploads: UploadsService;
}) {
  const accounts = new AccountsService(store, sessions, uploads);
  const module: AppModule = { name: 'accounts', routes: (app) => accountsRoutes(app, { auth: sessions, accounts }) };
  return { module, accounts };
}
