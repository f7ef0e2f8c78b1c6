import { apiPaths } from '@deckvalid/contract/api-paths';
import { chatRateLimits } from '@deckvalid/contract/chat';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server, type Socket } from 'socket.io';
import type { EventBus } from '@/core/events';
import type { Authenticator } from '@/core/identity/principal';
import { type SocketData, socketHandshake } from '@/core/identity/socket-handshake';
import type { RedisConnections } from '@/infra/redis';

/** Room every socket of one account joins, so a message can reach all of a person's tabs. */
export const accountRoom = (accountId: string) => `account:${accountId}`;

/**
 * Room of the account's sockets that hear every message event (the `full` event mode): each
 * message under its second name, and the read receipt a send implies. Compact sockets derive
 * the receipt from the message and are spared both frames.
 */
export const fullEventsRoom = (accountId: string) => `account-full:${accountId}`;

/** Room of the sockets opened with one session's credentials, so they can end with it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

/**
 * Refuses a socket beyond `limit` open for one account on this process (each tab and device
 * holds one): an account once held 1,500, each a share of every broadcast to it. Counted from
 * the handshake, not from room membership, so that a burst of concurrent connects cannot all
 * pass before the first one joins its rooms.
 */
function socketsPerAccount(limit: number) {
  const held = new Map<string, number>();
  return (socket: Socket, next: (error?: Error) => void) => {
    const { accountId } = (socket.data as SocketData).principal;
    const count = held.get(accountId) ?? 0;
    if (count >= limit) {
      // As the handshake refuses: the code as the message (what clients read), and the detail.
      const refusal = Object.assign(new Error('RATE_LIMITED'), {
        data: {
          message: `You have ${limit} connections open. Close a tab or device and try again.`,
          retryAfterSeconds: 30,
        },
      });
      next(refusal);
      return;
    }
    held.set(accountId, count + 1);
    // Released once, by whichever comes first: a socket whose client goes away during the
    // handshake (a page reloaded at once) never connects, so it never emits `disconnect`; its
    // connection still closes. Counting on `disconnect` alone leaked a place per such reload
    // until the account could open no socket at all.
    let isReleased = false;
    const release = () => {
      if (isReleased) return;
      isReleased = true;
      const left = (held.get(accountId) ?? 1) - 1;
      if (left > 0) held.set(accountId, left);
      else held.delete(accountId);
    };
    socket.once('disconnect', release);
    socket.conn.once('close', release);
    next();
  };
}

function adapterOver(redis: RedisConnections) {
  const { pub, sub } = redis.adapterClients();
  return createAdapter(pub, sub);
}

/**
 * Socket.IO on the HTTP server's port with the /chats namespace. The handshake carries the
 * same three credentials as HTTP calls; a socket that fails them is refused before it joins
 * anything. With Redis the adapter fans events out to every process.
 */
export function attachRealtime(
  app: FastifyInstance,
  { auth, events, redis }: { auth: Authenticator; events: EventBus; redis: RedisConnections | undefined },
): Server {
  const io = new Server(app.server, {
    serveClient: false,
    transports: ['websocket', 'polling'],
    ...(redis ? { adapter: adapterOver(redis) } : {}),
  });
  const chats = io.of(apiPaths.socketNamespace);
  chats.use(socketHandshake(auth));
  chats.use(socketsPerAccount(chatRateLimits.socketsPerAccount));
  chats.on('connection', (socket) => {
    const { principal, eventMode } = socket.data as SocketData;
    const rooms = [accountRoom(principal.accountId), sessionRoom(principal.sessionId)];
    if (eventMode === 'full') rooms.push(fullEventsRoom(principal.accountId));
    void socket.join(rooms);
  });
  // A revoked session's sockets are closed at once, on every process when the Redis adapter is
  // in use; a reconnect then fails the handshake like any call with those credentials.
  events.on('sessions.ended', (ended) => {
    const rooms = 'accountId' in ended ? [accountRoom(ended.accountId)] : ended.sessionIds.map(sessionRoom);
    chats.in(rooms).disconnectSockets(true);
  });
  return io;
}
