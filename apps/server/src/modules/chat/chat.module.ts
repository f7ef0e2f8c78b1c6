import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import { ChatRepository } from './chat.repository';
import { chatRoutes } from './chat.routes';
import { ChatService, type PictureUrls, type TieReader } from './chat.service';
import { ChatSockets } from './chat.socket';

/** Rooms and messages between tied founders and investors, over REST and the /chats namespace. */
export function createChatModule(
  context: ModuleContext,
  { auth, ties, pictures }: { auth: Authenticator; ties: TieReader; pictures: PictureUrls },
) {
  const chat = new ChatService(new ChatRepository(context.db), ties, pictures, context.limits);
  const sockets = new ChatSockets(chat, context.logger);
  // An interest that changes may end or renew a tie: both sides re-read their rooms' readOnly.
  for (const name of ['interest.shown', 'interest.decided', 'interest.withdrawn'] as const) {
    context.events.on(name, (event) => sockets.tiesChanged([event.founderId, event.investorId]));
  }
  const module: AppModule = {
    name: 'chat',
    routes: (app) => chatRoutes(app, { auth, chat, fanout: sockets }),
    realtime: (namespace) => sockets.attach(namespace),
  };
  return { module, chat };
}
