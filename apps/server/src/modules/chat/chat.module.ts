import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { BotRoomsService } from './bot-rooms.service';
import { createChatMetrics } from './chat.metrics';
import { ChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { ChatService, type PictureUrls, type TieReader } from './chat.service';
import { ChatSockets } from './chat.socket';
import { KeptTies } from './kept-ties';
import { ChatMembershipService } from './membership.service';
import { ChatSearchService } from './search.service';

/** How long a sender's ties are kept at most: every change of a tie drops them before (KeptTies). */
const senderTiesTtlMs = 10 * 60_000;

/** Rooms and messages between tied accounts (founders and investors, founders and mentors), over REST and the /chats namespace. */
export function createChatModule(
  context: ModuleContext,
  { auth, ties, pictures }: { auth: Authenticator; ties: TieReader; pictures: PictureUrls },
) {
  const repo = new ChatRepository(context.db);
  const senderTies = new KeptTies(
    ties,
    {
      isReliable: () => context.events.isReachingEveryProcess(),
      onRestored: (handler) => context.events.onRestored(handler),
    },
    senderTiesTtlMs,
  );
  // Every change of a tie, on whichever process, drops both sides' kept ties on every process.
  for (const name of ['interest.shown', 'interest.decided', 'interest.withdrawn'] as const) {
    context.events.onEverywhere(name, ({ founderId, investorId }) => senderTies.forget([founderId, investorId]));
  }
  context.events.onEverywhere('deck.deleted', ({ founderId, investorIds }) =>
    senderTies.forget([founderId, ...investorIds]),
  );
  for (const name of ['mentorship.started', 'mentorship.ended'] as const) {
    context.events.onEverywhere(name, ({ founderId, mentorId }) => senderTies.forget([founderId, mentorId]));
  }
  const metrics = createChatMetrics(context.metrics);
  const chat = new ChatService(repo, ties, pictures, context.limits, context.events, {
    senderTies,
    databaseIsServer: context.config.databaseUrl !== undefined,
    metrics,
  });
  const membership = new ChatMembershipService(repo, ties, chat);
  const search = new ChatSearchService(repo, ties, pictures);
  const sockets = new ChatSockets(chat, context.logger, metrics);
  const bots = new BotRoomsService(repo, chat, sockets);
  // An interest that changes may end or renew a tie: both sides re-read their rooms' readOnly.
  for (const name of ['interest.shown', 'interest.decided', 'interest.withdrawn'] as const) {
    context.events.on(name, (event) => sockets.tiesChanged([event.founderId, event.investorId]));
  }
  for (const name of ['mentorship.started', 'mentorship.ended'] as const) {
    context.events.on(name, (event) => sockets.tiesChanged([event.founderId, event.mentorId]));
  }
  // A tie that ends takes its members out of the rooms that depended on it, at once, on every
  // process (the adapter carries the sockets' leave), as milestones do with their rooms.
  const tieEnded = async ({ founderId, investorId }: { founderId: string; investorId: string }) =>
    sockets.roomsLeft(await membership.tieEnded(founderId, investorId));
  context.events.on('interest.withdrawn', tieEnded);
  context.events.on('interest.decided', (event) => (event.status === 'declined' ? tieEnded(event) : undefined));
  context.events.on('mentorship.ended', ({ founderId, mentorId }) => tieEnded({ founderId, investorId: mentorId }));
  // A deleted deck takes its interests with it: each investor it tied may have lost their last tie.
  context.events.on('deck.deleted', async ({ founderId, investorIds }) => {
    sockets.tiesChanged([founderId, ...investorIds]);
    for (const investorId of investorIds) await tieEnded({ founderId, investorId });
  });
  const module: AppModule = {
    name: 'chat',
    routes: (app) => chatRoutes(app, { auth, chat, membership, search, bots, fanout: sockets }),
    realtime: (namespace) => sockets.attach(namespace),
  };
  return { module, chat, bots, search };
}
