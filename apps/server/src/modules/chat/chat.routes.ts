import {
  addChatMembersBodySchema,
  chatContactsQuerySchema,
  chatContactsResponseSchema,
  chatMemberParamsSchema,
  chatMessageOnlyResponseSchema,
  chatMessageParamsSchema,
  chatMessagesQuerySchema,
  chatMessagesResponseSchema,
  chatPaths,
  chatRoomOnlyResponseSchema,
  chatRoomParamsSchema,
  chatRoomResponseSchema,
  chatRoomsQuerySchema,
  chatRoomsResponseSchema,
  chatSearchQuerySchema,
  chatSearchResponseSchema,
  createGroupRoomBodySchema,
  editChatMessageBodySchema,
  markChatReadBodySchema,
  markChatReadResponseSchema,
  muteChatRoomBodySchema,
  muteChatRoomResponseSchema,
  openPrivateRoomBodySchema,
  reactChatMessageBodySchema,
  renameChatRoomBodySchema,
} from '@deckvalid/contract/chat';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireSignedIn } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { BotRoomsService } from './bot-rooms.service';
import type { ChatService } from './chat.service';
import type { ChatFanout } from './chat.socket';
import type { ChatMembershipService } from './membership.service';
import type { ChatSearchService } from './search.service';

/**
 * The Chat API of spec §7, plus group rooms and membership (docs/api.md). Founders and investors
 * alike.
 */
export async function chatRoutes(
  parent: FastifyInstance,
  {
    auth,
    chat,
    membership,
    search,
    bots,
    fanout,
  }: {
    auth: Authenticator;
    chat: ChatService;
    membership: ChatMembershipService;
    search: ChatSearchService;
    bots: BotRoomsService;
    fanout: ChatFanout;
  },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: requireSignedIn(auth) };

  app.get(
    chatPaths.rooms,
    { ...signedIn, schema: { querystring: chatRoomsQuerySchema, response: { 200: chatRoomsResponseSchema } } },
    (request) => chat.listRooms(principalOf(request), request.query),
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
      const { room, created, reopened } = await chat.openPrivateRoom(principalOf(request), request.body.participantId);
      if (created || reopened)
        fanout.roomOpened(
          room.id,
          room.participants.map((participant) => participant.id),
        );
      return reply.status(created ? 201 : 200).send({ room, meta: { created } });
    },
  );

  // Signed in rather than investors only: a founder's 403 says the copilot is for investors.
  app.post(
    chatPaths.botRoom,
    { ...signedIn, schema: { response: { 200: chatRoomResponseSchema, 201: chatRoomResponseSchema } } },
    async (request, reply) => {
      const { room, created } = await bots.open(principalOf(request));
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

  // Edits, deletions and reactions (our additions, docs/chat.md): each is told to every member's
  // sockets through the same fan-out as messages, and numbered for the catch-up.
  const messageSchema = { params: chatMessageParamsSchema, response: { 200: chatMessageOnlyResponseSchema } };

  app.patch(
    `${chatPaths.rooms}/:roomId/messages/:messageId`,
    { ...signedIn, schema: { ...messageSchema, body: editChatMessageBodySchema } },
    async (request) => {
      const { roomId, messageId } = request.params;
      const changed = await chat.editMessage(principalOf(request), roomId, messageId, request.body.content);
      fanout.messageChanged(changed);
      return { message: changed.message };
    },
  );

  app.delete(
    `${chatPaths.rooms}/:roomId/messages/:messageId`,
    { ...signedIn, schema: messageSchema },
    async (request) => {
      const { roomId, messageId } = request.params;
      const changed = await chat.deleteMessage(principalOf(request), roomId, messageId);
      fanout.messageChanged(changed);
      return { message: changed.message };
    },
  );

  app.put(
    `${chatPaths.rooms}/:roomId/messages/:messageId/reactions`,
    { ...signedIn, schema: { ...messageSchema, body: reactChatMessageBodySchema } },
    async (request) => {
      const { roomId, messageId } = request.params;
      const changed = await chat.reactToMessage(principalOf(request), roomId, messageId, request.body);
      fanout.messageChanged(changed);
      return { message: changed.message };
    },
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

  app.delete(
    `${chatPaths.rooms}/:roomId/members/:accountId`,
    { ...signedIn, schema: { params: chatMemberParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      const { roomId, accountId } = request.params;
      fanout.roomsLeft([await membership.removeMember(principalOf(request), roomId, accountId)]);
      return reply.status(204).send();
    },
  );

  app.post(
    `${chatPaths.rooms}/:roomId/leave`,
    { ...signedIn, schema: { params: chatRoomParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      const left = await membership.leaveRoom(principalOf(request), request.params.roomId);
      if (left) fanout.roomsLeft([left]);
      return reply.status(204).send();
    },
  );

  app.put(
    `${chatPaths.rooms}/:roomId/mute`,
    {
      ...signedIn,
      schema: {
        params: chatRoomParamsSchema,
        body: muteChatRoomBodySchema,
        response: { 200: muteChatRoomResponseSchema },
      },
    },
    async (request) => {
      const principal = principalOf(request);
      const answer = await membership.muteRoom(principal, request.params.roomId, request.body.muted);
      // The person's other tabs drop (or bring back) the room's unread count.
      fanout.roomsChanged([principal.accountId]);
      return answer;
    },
  );

  app.get(
    chatPaths.contacts,
    {
      ...signedIn,
      schema: { querystring: chatContactsQuerySchema, response: { 200: chatContactsResponseSchema } },
    },
    (request) => search.listContacts(principalOf(request), request.query),
  );

  app.get(
    chatPaths.search,
    { ...signedIn, schema: { querystring: chatSearchQuerySchema, response: { 200: chatSearchResponseSchema } } },
    (request) => search.searchMessages(principalOf(request), request.query),
  );

  app.patch(
    `${chatPaths.rooms}/:roomId`,
    {
      ...signedIn,
      schema: {
        params: chatRoomParamsSchema,
        body: renameChatRoomBodySchema,
        response: { 200: chatRoomOnlyResponseSchema },
      },
    },
    async (request) => {
      const { room, memberIds } = await membership.renameRoom(
        principalOf(request),
        request.params.roomId,
        request.body.name,
      );
      fanout.roomsChanged(memberIds);
      return { room };
    },
  );

  app.post(
    `${chatPaths.rooms}/:roomId/members`,
    {
      ...signedIn,
      schema: {
        params: chatRoomParamsSchema,
        body: addChatMembersBodySchema,
        response: { 200: chatRoomOnlyResponseSchema },
      },
    },
    async (request) => {
      const { room, addedIds, memberIds } = await membership.addMembers(
        principalOf(request),
        request.params.roomId,
        request.body.participantIds,
      );
      // The newcomers' sockets learn of the room as of one made with them; the others re-read their lists.
      if (addedIds.length > 0) fanout.roomOpened(room.id, addedIds);
      fanout.roomsChanged(memberIds.filter((id) => !addedIds.includes(id)));
      return { room };
    },
  );
}
