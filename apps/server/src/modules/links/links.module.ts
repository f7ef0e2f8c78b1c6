import type { Authenticator } from '@/core/identity/principal';
import type { AppModule, ModuleContext } from '@/core/module';
import type { Mailer } from '@/modules/mail/mail.service';
import { LinkAccessService, type LinkFiles } from './link-access.service';
import { LinksRepository } from './links.repository';
import { linksRoutes, publicLinkRoutes } from './links.routes';
import { type LinkDecks, type LinkRooms, LinksService } from './links.service';
import { LinkSockets } from './links.socket';
import { WatermarkPool } from './watermark-pool';

/**
 * Share links to a deck or a data room: the founder's links and their visitors, and the visitor's
 * gate, files, downloads and reading reports without an account. The first-visit news (inbox and mail) is the
 * notifications module's, from the `link.visited` event; the live alert is sent here.
 */
export function createLinksModule(
  context: ModuleContext,
  {
    auth,
    decks,
    rooms,
    files,
    mailer,
  }: { auth: Authenticator; decks: LinkDecks; rooms: LinkRooms; files: LinkFiles; mailer: Mailer },
) {
  const { config, db, events, clock, logger } = context;
  const repo = new LinksRepository(db);
  const stamper = new WatermarkPool(logger);
  const links = new LinksService({ repo, decks, rooms, clock, publicUrl: config.publicUrl });
  const access = new LinkAccessService({
    repo,
    rooms,
    files,
    stamper,
    events,
    clock,
    // As sign-up codes are sent: after the answer, retried a few times, not kept in the outbox
    // (which is for account holders' news; a code is stale before a later retry could matter).
    mail: (message) => mailer.enqueue(message),
    mailContext: { productName: config.productName, publicUrl: config.publicUrl },
    secret: config.authSecret,
  });
  const sockets = new LinkSockets();
  events.on('link.visited', (visit) =>
    sockets.viewing(visit.founderId, {
      pitchDeckId: visit.pitchDeckId,
      dataRoomId: visit.dataRoomId,
      linkId: visit.linkId,
      linkName: visit.linkName,
      deckTitle: visit.deckTitle,
      email: visit.email,
      isFirstVisit: visit.isFirstVisit,
      notify: visit.notify,
      at: visit.at,
    }),
  );
  const module: AppModule = {
    name: 'links',
    routes: async (app) => {
      await linksRoutes(app, { auth, links });
      await publicLinkRoutes(app, { access, publicRateLimit: config.authRateLimitPerMinute });
    },
    realtime: (namespace) => sockets.attach(namespace),
    jobs: [
      {
        name: 'prune expired viewer tokens',
        firstAfterMs: 20 * 60_000,
        everyMs: 24 * 60 * 60_000,
        run: async () => {
          const pruned = await access.pruneTokens();
          if (pruned > 0) logger.info({ tokens: pruned }, 'deleted expired share-link viewer tokens');
        },
      },
    ],
    close: () => stamper.close(),
  };
  return { module, links, access };
}
