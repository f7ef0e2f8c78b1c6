import type { Authenticator } from '@/core/identity/principal';
import type { AppModule } from '@/core/module';
import { searchRoutes } from './search.routes';
import {
  type SearchableDecks,
  type SearchableMilestones,
  type SearchablePeople,
  type SearchableRooms,
  SearchService,
} from './search.service';

/**
 * One search over decks, milestones, tasks, chat rooms and people for the command palette. It
 * owns no table and no repository: each kind is read through its owning module's service, as
 * the caller, handed in by app.ts.
 */
export function createSearchModule(deps: {
  auth: Authenticator;
  decks: SearchableDecks;
  milestones: SearchableMilestones;
  rooms: SearchableRooms;
  people: SearchablePeople;
}) {
  const { auth, ...readers } = deps;
  const search = new SearchService(readers);
  const module: AppModule = { name: 'search', routes: (app) => searchRoutes(app, { auth, search }) };
  return { module, search };
}
