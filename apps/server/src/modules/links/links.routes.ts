import { dataRoomParamsSchema } from '@deckvalid/contract/datarooms';
import {
  type CreateLinkBody,
  type CreateRoomLinkBody,
  createLinkBodySchema,
  createRoomLinkBodySchema,
  deckLinkParamsSchema,
  deckLinkPaths,
  deckLinkResponseSchema,
  deckLinksResponseSchema,
  linkAccessBodySchema,
  linkAccessResponseSchema,
  linkVisitorsResponseSchema,
  publicLinkItemParamsSchema,
  publicLinkParamsSchema,
  publicLinkPaths,
  publicLinkResponseSchema,
  publicLinkRoomResponseSchema,
  recordLinkViewBodySchema,
  roomLinkParamsSchema,
  roomLinkPaths,
  sharedDeckPaths,
  sharedDecksResponseSchema,
  type UpdateLinkBody,
  type UpdateRoomLinkBody,
  updateLinkBodySchema,
  updateRoomLinkBodySchema,
} from '@deckvalid/contract/links';
import { pitchDeckIdParamsSchema } from '@deckvalid/contract/pitchdecks';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import { viewerTokenSecurity } from '@/http/openapi';
import type { LinkAccessService, LinkFile } from './link-access.service';
import type { LinkOwner, LinksService } from './links.service';

/** Where a founder's link calls live, for decks and for data rooms alike. */
type OwnerRoutes = {
  paths: { linksPattern: string; linkPattern: string; visitorsPattern: string };
  params: z.ZodType<Record<string, string>>;
  linkParams: z.ZodType<Record<string, string> & { linkId: string }>;
  create: z.ZodType<CreateLinkBody | CreateRoomLinkBody>;
  update: z.ZodType<UpdateLinkBody | UpdateRoomLinkBody>;
  /** The owner the path names (its deck's `id` or its room's `roomId`). */
  ownerOf: (params: Record<string, string>) => LinkOwner;
};

/** The five calls on one kind of owner's links: make, list, change, end, and who visited. */
function ownerLinkRoutes(
  app: FastifyInstance,
  { auth, links }: { auth: Authenticator; links: LinksService },
  owner: OwnerRoutes,
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };
  const { paths, params, linkParams, ownerOf } = owner;

  typed.post(
    paths.linksPattern,
    { ...founder, schema: { params, body: owner.create, response: { 201: deckLinkResponseSchema } } },
    async (request, reply) =>
      reply.status(201).send({ link: await links.create(principalOf(request), ownerOf(request.params), request.body) }),
  );

  typed.get(
    paths.linksPattern,
    { ...founder, schema: { params, response: { 200: deckLinksResponseSchema } } },
    async (request) => ({ data: await links.list(principalOf(request), ownerOf(request.params)) }),
  );

  typed.patch(
    paths.linkPattern,
    { ...founder, schema: { params: linkParams, body: owner.update, response: { 200: deckLinkResponseSchema } } },
    async (request) => ({
      link: await links.update(principalOf(request), ownerOf(request.params), request.params.linkId, request.body),
    }),
  );

  typed.delete(
    paths.linkPattern,
    { ...founder, schema: { params: linkParams, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await links.end(principalOf(request), ownerOf(request.params), request.params.linkId);
      return reply.status(204).send();
    },
  );

  typed.get(
    paths.visitorsPattern,
    { ...founder, schema: { params: linkParams, response: { 200: linkVisitorsResponseSchema } } },
    async (request) => ({
      data: await links.visitors(principalOf(request), ownerOf(request.params), request.params.linkId),
    }),
  );
}

/** The founder's calls on their decks' and data rooms' share links, and an investor's decks shared by link. */
export async function linksRoutes(
  parent: FastifyInstance,
  { auth, links }: { auth: Authenticator; links: LinksService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  ownerLinkRoutes(
    parent,
    { auth, links },
    {
      paths: deckLinkPaths,
      params: pitchDeckIdParamsSchema,
      linkParams: deckLinkParamsSchema,
      create: createLinkBodySchema,
      update: updateLinkBodySchema,
      ownerOf: (params) => ({ pitchDeckId: params.id ?? '' }),
    },
  );
  ownerLinkRoutes(
    parent,
    { auth, links },
    {
      paths: roomLinkPaths,
      params: dataRoomParamsSchema,
      linkParams: roomLinkParamsSchema,
      create: createRoomLinkBodySchema,
      update: updateRoomLinkBodySchema,
      ownerOf: (params) => ({ dataRoomId: params.roomId ?? '' }),
    },
  );

  // An investor's decks shared with them by link: their own proven email's reading only.
  app.get(
    sharedDeckPaths.sharedDecks,
    { onRequest: requireRole(auth, 'investor'), schema: { response: { 200: sharedDecksResponseSchema } } },
    async (request) => ({ data: await links.sharedWith(principalOf(request)) }),
  );
}

/** A file a visitor receives: never cached by anything between, never indexed. */
function sendFile(reply: FastifyReply, file: LinkFile, disposition: 'inline' | 'attachment') {
  const ascii = file.filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  reply
    .header('content-type', file.mime)
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex');
  if ('stream' in file) return reply.header('content-length', file.size).send(file.stream);
  return reply.send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/**
 * A visitor's calls, without an account: the gate is limited per address on top of the guesses
 * each link counts per visitor (in the database), and the rest need the viewer token.
 */
export async function publicLinkRoutes(
  parent: FastifyInstance,
  { access, publicRateLimit }: { access: LinkAccessService; publicRateLimit: number },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const gate = { config: { rateLimit: { max: publicRateLimit, timeWindow: '1 minute' } } };
  const look = { config: { rateLimit: { max: publicRateLimit * 5, timeWindow: '1 minute' } } };

  app.get(
    publicLinkPaths.linkPattern,
    { ...look, schema: { params: publicLinkParamsSchema, response: { 200: publicLinkResponseSchema } } },
    async (request) => ({ link: await access.describe(request.params.slug) }),
  );

  app.post(
    publicLinkPaths.accessPattern,
    {
      ...gate,
      schema: {
        params: publicLinkParamsSchema,
        body: linkAccessBodySchema,
        response: { 200: linkAccessResponseSchema },
      },
    },
    (request) => access.access(request.params.slug, request.body, request.ip),
  );

  // No response schema: 200 is the PDF's bytes, shown in the viewer or saved as a download.
  const fileRoutes = [
    { pattern: publicLinkPaths.filePattern, isDownload: false, disposition: 'inline' },
    { pattern: publicLinkPaths.downloadPattern, isDownload: true, disposition: 'attachment' },
  ] as const;
  for (const { pattern, isDownload, disposition } of fileRoutes) {
    app.get(
      pattern,
      { schema: { params: publicLinkParamsSchema, security: viewerTokenSecurity } },
      async (request, reply) =>
        sendFile(
          reply,
          await access.file(request.params.slug, request.headers.authorization, { isDownload }),
          disposition,
        ),
    );
  }

  app.get(
    publicLinkPaths.roomPattern,
    {
      schema: {
        params: publicLinkParamsSchema,
        security: viewerTokenSecurity,
        response: { 200: publicLinkRoomResponseSchema },
      },
    },
    async (request) => ({ room: await access.room(request.params.slug, request.headers.authorization) }),
  );

  // A data room's documents: a processed PDF inline; anything else only as a download.
  const roomFileRoutes = [
    { pattern: publicLinkPaths.roomFilePattern, isDownload: false, disposition: 'inline' },
    { pattern: publicLinkPaths.roomDownloadPattern, isDownload: true, disposition: 'attachment' },
  ] as const;
  for (const { pattern, isDownload, disposition } of roomFileRoutes) {
    app.get(
      pattern,
      { schema: { params: publicLinkItemParamsSchema, security: viewerTokenSecurity } },
      async (request, reply) =>
        sendFile(
          reply,
          await access.roomFile(request.params.slug, request.headers.authorization, request.params.itemId, {
            isDownload,
          }),
          disposition,
        ),
    );
  }

  app.post(
    publicLinkPaths.viewsPattern,
    {
      schema: {
        params: publicLinkParamsSchema,
        security: viewerTokenSecurity,
        body: recordLinkViewBodySchema,
        response: { 204: noContentResponseSchema },
      },
    },
    async (request, reply) => {
      await access.recordView(request.params.slug, request.headers.authorization, request.body);
      return reply.status(204).send();
    },
  );
}
