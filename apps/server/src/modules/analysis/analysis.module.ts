import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { AnalysisRepository } from './analysis.repository';
import { analysisRoutes } from './analysis.routes';
import { type AnalysedDecks, AnalysisService } from './analysis.service';

/**
 * The deck validation report (docs/analysis.md): computed when a version goes ready, stored per
 * version, read by the deck's founder and by investors; its scores are read by other modules.
 */
export function createAnalysisModule(
  context: ModuleContext,
  { auth, decks }: { auth: Authenticator; decks: AnalysedDecks },
) {
  const { db, events, background, logger } = context;
  const analysis = new AnalysisService({ repo: new AnalysisRepository(db), decks });
  events.on('deck.ready', ({ pitchDeckId, versionId }) =>
    background.run('analysis: deck ready', () => analysis.analyseVersion(pitchDeckId, versionId)),
  );
  const module: AppModule = {
    name: 'analysis',
    routes: (app) => analysisRoutes(app, { auth, analysis }),
    jobs: [
      {
        // Decks live before this analyser (or before the report existed) get their report.
        name: 'analyse live decks',
        firstAfterMs: 5_000,
        everyMs: 60 * 60 * 1000,
        run: async () => {
          const computed = await analysis.analyseLiveVersions();
          if (computed > 0) logger.info({ decks: computed }, 'analysed live decks without a current report');
        },
      },
    ],
  };
  return { module, analysis };
}
