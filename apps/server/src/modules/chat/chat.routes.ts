import {
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatPaths,
  chatRoomParamsSchema,
  chatRoomResponseSchema,
  chatRoomsResponseSchema,
  createGroupRoomBodySchema,
  markChatReadBodySchema,
  markChatReadResponseSchema,
  openPrivateRoomBodySchema,
} from '@deckvalid/contract/chat';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { ChatService } from './chat.service';
import type { ChatFanout } from './chat.socket';

/** The Chat API of spec §7, plus group rooms (docs/api.md). Founders and investors alike. */
export async function chatRoutes(
  parent: FastifyInstance,
  { auth, chat, fanout }: { auth: Authenticator; chat: ChatService; fanout: ChatFanout },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireSignedIn(auth) };

  app.get(
    chatPaths.rooms,
    { ...signedIn, schema: { response: { 200: chatRoomsResponseSchema } } },
    async (request) => ({
      rooms: await chat.listRooms(principalOf(request)),
    }),
  );

  app.post(
    chatPaths.privateRoom,
    {
      ...signedIn,
      schema: {
        body: openPrivateRoomBodySchema,
        response: { 200: chatRoomResponseSchema, 201: chatRoomResponseSchema },
      },
    },
    async (request, reply) => {
      const { room, created } = await chat.openPrivateRoom(principalOf(request), request.body.participantId);
      if (created)
        fanout.roomOpened(
          room.id,
          room.participants.map((participant) => participant.id),
        );
      return reply.status(created ? 201 : 200).send({ room, meta: { created } });
    },
  );

  app.post(
    chatPaths.groupRoom,
    { ...signedIn, schema: { body: createGroupRoomBodySchema, response: { 201: chatRoomResponseSchema } } },
    async (request, reply) => {
      const room = await chat.createGroupRoom(principalOf(request), request.body);
      fanout.roomOpened(
        room.id,
        room.participants.map((participant) => participant.id),
      );
      return reply.status(201).send({ room, meta: { created: true } });
    },
  );

  app.get(
    `${chatPaths.rooms}/:roomId/messages`,
    {
      ...signedIn,
      schema: {
        params: chatRoomParamsSchema,
        querystring: chatMessagesQuerySchema,
        response: { 200: chatMessagesResponseSchema },
      },
    },
    (request) => chat.listMessages(principalOf(request), request.params.roomId, request.query),
  );

  app.put(
    `${chatPaths.rooms}/:roomId/read`,
    {
      ...signedIn,
      schema: {
        params: chatRoomParamsSchema,
        body: markChatReadBodySchema,
        response: { 200: markChatReadResponseSchema },
      },
    },
    async (request) => {
      const { answer, read } = await chat.markRead(principalOf(request), request.params.roomId, request.body?.seq);
      if (read) fanout.messagesRead(read);
      return answer;
    },
  );
}
