import type { Authenticator } from '@/core/identity/principal';
import type { AppModule } from '@/core/module';
import { trendsRoutes } from './trends.routes';
import {
  type OwnDecks,
  type TrendsInterests,
  type TrendsLinkVisits,
  type TrendsReading,
  TrendsService,
  type TrendsTasks,
} from './trends.service';

/**
 * The founder's trends. A module of its own, built after milestones and links: it reads the pitch
 * decks, interests, milestones and links modules, and the pitch decks module is built before the
 * others (docs/decisions.md).
 */
export function createTrendsModule(deps: {
  auth: Authenticator;
  decks: OwnDecks;
  reading: TrendsReading;
  interests: TrendsInterests;
  tasks: TrendsTasks;
  linkVisits: TrendsLinkVisits;
}) {
  const { auth, ...readers } = deps;
  const trends = new TrendsService(readers);
  const module: AppModule = { name: 'trends', routes: (app) => trendsRoutes(app, { auth, trends }) };
  return { module, trends };
}
