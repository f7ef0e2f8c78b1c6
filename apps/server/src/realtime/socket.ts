import { apiPaths } from '@deckvalid/contract/api-paths';
import { createAdapter } from '@socket.io/redis-adapter';
import type { FastifyInstance } from 'fastify';
import { Server } from 'socket.io';
import type { EventBus } from '@/core/events';
import type { Authenticator } from '@/core/identity/principal';
import { type SocketData, socketHandshake } from '@/core/identity/socket-handshake';
import type { RedisConnections } from '@/infra/redis';

/** Room every socket of one account joins, so a message can reach all of a person's tabs. */
export const accountRoom = (accountId: string) => `account:${accountId}`;

/** Room of the sockets opened with one session's credentials, so they can end with it. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;

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
  chats.on('connection', (socket) => {
    const { principal } = socket.data as SocketData;
    void socket.join([accountRoom(principal.accountId), sessionRoom(principal.sessionId)]);
  });
  // A revoked session's sockets are closed at once, on every process when the Redis adapter is
  // in use; a reconnect then fails the handshake like any call with those credentials.
  events.on('sessions.ended', (ended) => {
    const rooms = 'accountId' in ended ? [accountRoom(ended.accountId)] : ended.sessionIds.map(sessionRoom);
    chats.in(rooms).disconnectSockets(true);
  });
  return io;
}
