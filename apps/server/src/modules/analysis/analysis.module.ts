import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { Mentorships } from '@/modules/pitchdecks/mentor-decks.service';
import { AnalysisRepository } from './analysis.repository';
import { analysisRoutes } from './analysis.routes';
import { type AnalysedDecks, AnalysisService } from './analysis.service';

/** Passes of the live decks one run of the job makes at most, however many decks keep coming. */
const maxPasses = 10;

/**
 * Passes over the live decks until one finds every deck analysed. A pass walks the live versions
 * in id order, so a deck that goes live while it runs (without its `deck.ready` analysis: a
 * process stopped in between, a script that wrote it) may sort behind where the pass already is;
 * one pass alone left such a deck without its report, and its score out of every list, until the
 * next hourly run. Answers how many decks got a report.
 */
export async function analyseWhileSomeAreMissing(analysis: Pick<AnalysisService, 'analyseLiveVersions'>) {
  let computed = 0;
  for (let pass = 0; pass < maxPasses; pass++) {
    const found = await analysis.analyseLiveVersions();
    computed += found;
    if (found === 0) break;
  }
  return computed;
}

/**
 * The deck validation report (docs/analysis.md): computed when a version goes ready, stored per
 * version, read by the deck's founder and by investors; its scores are read by other modules.
 */
export function createAnalysisModule(
  context: ModuleContext,
  {
    auth,
    decks,
    mentorships,
  }: { auth: Authenticator; decks: AnalysedDecks; mentorships: Pick<Mentorships, 'isMentorOf'> },
) {
  const { db, events, background, logger } = context;
  const analysis = new AnalysisService({ repo: new AnalysisRepository(db), decks, mentorships });
  events.on('deck.ready', ({ pitchDeckId, versionId }) =>
    background.run('analysis: deck ready', async () => {
      await analysis.analyseVersion(pitchDeckId, versionId);
      // With the report stored, investors of the deck hear what changed since the version before.
      const news = await analysis.newVersionNews(pitchDeckId, versionId);
      if (news) events.emit('deck.new-version-for-investors', { pitchDeckId, ...news });
    }),
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
          const computed = await analyseWhileSomeAreMissing(analysis);
          if (computed > 0) logger.info({ decks: computed }, 'analysed live decks without a current report');
        },
      },
    ],
  };
  return { module, analysis };
}
