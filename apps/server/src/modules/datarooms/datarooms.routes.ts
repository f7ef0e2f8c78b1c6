import {
  addFileBodySchema,
  createDataRoomBodySchema,
  createFolderBodySchema,
  createGrantBodySchema,
  dataRoomGrantParamsSchema,
  dataRoomGrantPaths,
  dataRoomGrantResponseSchema,
  dataRoomGrantsResponseSchema,
  dataRoomItemParamsSchema,
  dataRoomItemResponseSchema,
  dataRoomParamsSchema,
  dataRoomPaths,
  dataRoomResponseSchema,
  dataRoomsResponseSchema,
  investorDataRoomPaths,
  updateDataRoomBodySchema,
  updateItemBodySchema,
} from '@deckvalid/contract/datarooms';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import { uploadTicketQuerySchema, uploadTicketSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import type { DataRoomGrantsService } from './data-room-grants.service';
import type { DataRoomsService, RoomFile } from './datarooms.service';

/**
 * Only PDFs open in the browser; any other type is a download, so a stored HTML or SVG file can
 * never run as a page of this origin.
 */
function sendRoomFile(reply: FastifyReply, file: RoomFile) {
  const disposition = file.isInline ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.isInline ? file.mime : 'application/octet-stream')
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('cache-control', 'private, no-store')
    .header('content-length', file.size)
    .send(file.stream);
}

/** The founder's calls on their data rooms, folders, files and grants; the investor's reads of rooms granted to them. */
export async function dataRoomsRoutes(
  parent: FastifyInstance,
  { auth, rooms, grants }: { auth: Authenticator; rooms: DataRoomsService; grants: DataRoomGrantsService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const investor = { onRequest: requireRole(auth, 'investor') };

  app.post(
    dataRoomGrantPaths.grantsPattern,
    {
      ...founder,
      schema: {
        params: dataRoomParamsSchema,
        body: createGrantBodySchema,
        response: { 201: dataRoomGrantResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ grant: await grants.grant(principalOf(request), request.params.roomId, request.body) }),
  );

  app.get(
    dataRoomGrantPaths.grantsPattern,
    { ...founder, schema: { params: dataRoomParamsSchema, response: { 200: dataRoomGrantsResponseSchema } } },
    async (request) => ({ data: await grants.list(principalOf(request), request.params.roomId) }),
  );

  app.delete(
    dataRoomGrantPaths.grantPattern,
    { ...founder, schema: { params: dataRoomGrantParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await grants.revoke(principalOf(request), request.params.roomId, request.params.grantId);
      return reply.status(204).send();
    },
  );

  app.get(
    investorDataRoomPaths.rooms,
    { ...investor, schema: { response: { 200: dataRoomsResponseSchema } } },
    async (request) => ({
      data: await grants.listGranted(principalOf(request)),
    }),
  );

  app.get(
    investorDataRoomPaths.roomPattern,
    { ...investor, schema: { params: dataRoomParamsSchema, response: { 200: dataRoomResponseSchema } } },
    async (request) => ({ room: await grants.getGranted(principalOf(request), request.params.roomId) }),
  );

  app.get(
    investorDataRoomPaths.filePattern,
    { ...investor, schema: { params: dataRoomItemParamsSchema } },
    async (request, reply) =>
      sendRoomFile(reply, await grants.fileGranted(principalOf(request), request.params.roomId, request.params.itemId)),
  );

  app.post(
    dataRoomPaths.rooms,
    { ...founder, schema: { body: createDataRoomBodySchema, response: { 201: dataRoomResponseSchema } } },
    async (request, reply) => reply.status(201).send({ room: await rooms.create(principalOf(request), request.body) }),
  );

  app.get(
    dataRoomPaths.rooms,
    { ...founder, schema: { response: { 200: dataRoomsResponseSchema } } },
    async (request) => ({
      data: await rooms.list(principalOf(request)),
    }),
  );

  app.get(
    dataRoomPaths.roomPattern,
    { ...founder, schema: { params: dataRoomParamsSchema, response: { 200: dataRoomResponseSchema } } },
    async (request) => ({ room: await rooms.get(principalOf(request), request.params.roomId) }),
  );

  app.patch(
    dataRoomPaths.roomPattern,
    {
      ...founder,
      schema: {
        params: dataRoomParamsSchema,
        body: updateDataRoomBodySchema,
        response: { 200: dataRoomResponseSchema },
      },
    },
    async (request) => ({ room: await rooms.rename(principalOf(request), request.params.roomId, request.body) }),
  );

  app.delete(
    dataRoomPaths.roomPattern,
    { ...founder, schema: { params: dataRoomParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await rooms.delete(principalOf(request), request.params.roomId);
      return reply.status(204).send();
    },
  );

  app.get(
    dataRoomPaths.uploadTicket,
    { ...founder, schema: { querystring: uploadTicketQuerySchema, response: { 200: uploadTicketSchema } } },
    (request) => rooms.uploadTicket(principalOf(request), request.query),
  );

  app.post(
    dataRoomPaths.filesPattern,
    {
      ...founder,
      schema: { params: dataRoomParamsSchema, body: addFileBodySchema, response: { 201: dataRoomItemResponseSchema } },
    },
    async (request, reply) =>
      reply.status(201).send({ item: await rooms.addFile(principalOf(request), request.params.roomId, request.body) }),
  );

  app.get(
    dataRoomPaths.filePattern,
    { ...founder, schema: { params: dataRoomItemParamsSchema } },
    async (request, reply) => {
      const file = await rooms.file(principalOf(request), request.params.roomId, request.params.itemId);
      return sendRoomFile(reply, file);
    },
  );

  app.post(
    dataRoomPaths.foldersPattern,
    {
      ...founder,
      schema: {
        params: dataRoomParamsSchema,
        body: createFolderBodySchema,
        response: { 201: dataRoomItemResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ item: await rooms.createFolder(principalOf(request), request.params.roomId, request.body) }),
  );

  app.patch(
    dataRoomPaths.itemPattern,
    {
      ...founder,
      schema: {
        params: dataRoomItemParamsSchema,
        body: updateItemBodySchema,
        response: { 200: dataRoomItemResponseSchema },
      },
    },
    async (request) => ({
      item: await rooms.updateItem(principalOf(request), request.params.roomId, request.params.itemId, request.body),
    }),
  );

  app.delete(
    dataRoomPaths.itemPattern,
    { ...founder, schema: { params: dataRoomItemParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await rooms.deleteItem(principalOf(request), request.params.roomId, request.params.itemId);
      return reply.status(204).send();
    },
  );
}
