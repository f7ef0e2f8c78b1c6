import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { ReviewsRepository } from './reviews.repository';
import { reviewsRoutes } from './reviews.routes';
import { type ReviewedDecks, ReviewsService } from './reviews.service';

/** Mentors' reviews of deck versions, beside the validation report. */
export function createReviewsModule(
  context: ModuleContext,
  { auth, decks }: { auth: Authenticator; decks: ReviewedDecks },
) {
  const reviews = new ReviewsService({
    repo: new ReviewsRepository(context.db),
    decks,
    clock: context.clock,
    events: context.events,
  });
  const module: AppModule = {
    name: 'reviews',
    routes: async (app) => {
      await reviewsRoutes(app, { auth, reviews });
    },
  };
  return { module, reviews };
}
