import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { Mentorships } from '@/modules/pitchdecks/mentor-decks.service';
import { CommentsRepository } from './comments.repository';
import { commentsRoutes } from './comments.routes';
import { type CommentedDecks, CommentsService } from './comments.service';

/** Page comments on decks between founders and their mentors; open ones follow each new version. */
export function createCommentsModule(
  context: ModuleContext,
  {
    auth,
    decks,
    mentorships,
  }: { auth: Authenticator; decks: CommentedDecks; mentorships: Pick<Mentorships, 'isMentorOf' | 'mentorsOf'> },
) {
  const { db, clock, events, background } = context;
  const comments = new CommentsService({ repo: new CommentsRepository(db), decks, mentorships, clock, events });
  // `on`, not `onEverywhere`: the rows are shared, so the process that processed the version re-pins.
  events.on('deck.ready', ({ pitchDeckId, versionId }) =>
    background.run('comments: new version', () => comments.repinForVersion(pitchDeckId, versionId)),
  );
  const module: AppModule = {
    name: 'comments',
    routes: async (app) => {
      await commentsRoutes(app, { auth, comments });
    },
  };
  return { module, comments };
}
