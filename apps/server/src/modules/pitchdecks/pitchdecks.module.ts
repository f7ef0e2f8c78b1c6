import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { FileStorage } from '@/modules/storage/storage';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { DeckVersionsService } from './deck-versions.service';
import { mentorDecksRoutes } from './mentor-decks.routes';
import { MentorDecksService, type Mentorships } from './mentor-decks.service';
import { PitchDecksRepository } from './pitchdecks.repository';
import { pitchDecksRoutes } from './pitchdecks.routes';
import { PitchDecksService } from './pitchdecks.service';
import { DeckProcessor } from './processing/deck-processor';
import { PdfPool } from './processing/pdf-pool';
import { ReadingActivityRepository } from './reading-activity.repository';
import { readingActivityRoutes } from './reading-activity.routes';
import { ReadingActivityService } from './reading-activity.service';

/** Decks: creation from uploads, new versions and details, processing in the PDF pool, search, reading analytics. */
export function createPitchDecksModule(
  context: ModuleContext,
  {
    auth,
    storage,
    uploads,
    mentorships,
  }: { auth: Authenticator; storage: FileStorage; uploads: UploadsService; mentorships: Mentorships },
) {
  const { db, events, background, logger, metrics } = context;
  const repo = new PitchDecksRepository(db);
  const pool = new PdfPool(logger);
  const processor = new DeckProcessor({ repo, storage, uploads, pool, background, events, logger, metrics });
  const pitchDecks = new PitchDecksService({ repo, uploads, processor, events });
  const versions = new DeckVersionsService({ repo, uploads, processor, decks: pitchDecks });
  const readingActivity = new ReadingActivityService(new ReadingActivityRepository(db));
  const mentorDecks = new MentorDecksService({ repo, uploads, mentorships });
  const module: AppModule = {
    name: 'pitchdecks',
    routes: async (app) => {
      await pitchDecksRoutes(app, { auth, pitchDecks, versions, uploads });
      await readingActivityRoutes(app, { auth, readingActivity });
      await mentorDecksRoutes(app, { auth, mentorDecks });
    },
    jobs: [
      {
        // At start, then as often as claim holders beat: a claim goes stale when its holder
        // stops beating (it died), and any live process takes the deck over.
        name: 'resume unfinished decks',
        firstAfterMs: 0,
        everyMs: processor.takeoverCheckMs,
        run: async () => {
          const resumed = await processor.resumeUnfinished();
          if (resumed > 0) logger.info({ decks: resumed }, 'resumed processing of decks left unfinished');
        },
      },
    ],
    close: () => pool.close(),
  };
  // The pool is lent to the data rooms, whose PDFs are read as decks are, on the same workers.
  return { module, pitchDecks, mentorDecks, processor, readingActivity, pdfPool: pool };
}
