import type { Authenticator } from '@/core/identity/principal';
import type { AppModule } from '@/core/module';
import { companiesRoutes } from './companies.routes';
import {
  CompaniesService,
  type CompanyDecks,
  type CompanyInterests,
  type CompanyReading,
  type DeckScores,
  type FounderProfiles,
  type ReadableMilestones,
} from './companies.service';

/**
 * The company page for investors. It owns no table and no repository: every figure is read
 * through the owning module's service, handed in by app.ts.
 */
export function createCompaniesModule(deps: {
  auth: Authenticator;
  profiles: FounderProfiles;
  decks: CompanyDecks;
  reading: CompanyReading;
  interests: CompanyInterests;
  milestones: ReadableMilestones;
  scores: DeckScores;
}) {
  const { auth, ...readers } = deps;
  const companies = new CompaniesService(readers);
  const module: AppModule = { name: 'companies', routes: (app) => companiesRoutes(app, { auth, companies }) };
  return { module, companies };
}
