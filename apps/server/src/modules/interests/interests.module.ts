import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import { InterestsRepository } from './interests.repository';
import { interestsRoutes } from './interests.routes';
import { InterestsService } from './interests.service';

/** The interest lifecycle between an investor and a founder's deck. */
export function createInterestsModule(
  context: ModuleContext,
  { auth, pitchDecks }: { auth: Authenticator; pitchDecks: PitchDecksService },
) {
  const interests = new InterestsService(new InterestsRepository(context.db), pitchDecks, context.events);
  const module: AppModule = { name: 'interests', routes: (app) => interestsRoutes(app, { auth, interests }) };
  return { module, interests };
}
