import {
  createLinkBodySchema,
  deckLinkParamsSchema,
  deckLinkPaths,
  deckLinkResponseSchema,
  deckLinksResponseSchema,
  linkAccessBodySchema,
  linkAccessResponseSchema,
  linkVisitorsResponseSchema,
  publicLinkParamsSchema,
  publicLinkPaths,
  publicLinkResponseSchema,
  recordLinkViewBodySchema,
  sharedDeckPaths,
  sharedDecksResponseSchema,
  updateLinkBodySchema,
} from '@deckvalid/contract/links';
import { pitchDeckIdParamsSchema } from '@deckvalid/contract/pitchdecks';
import { noContentResponseSchema } from '@deckvalid/contract/responses';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { principalOf, requireRole } from '@/core/identity/guard';
import type { Authenticator } from '@/core/identity/principal';
import { viewerTokenSecurity } from '@/http/openapi';
import type { LinkAccessService, LinkFile } from './link-access.service';
import type { LinksService } from './links.service';

/** The founder's calls on their decks' share links, and an investor's decks shared by link. */
export async function linksRoutes(
  parent: FastifyInstance,
  { auth, links }: { auth: Authenticator; links: LinksService },
) {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const founder = { onRequest: requireRole(auth, 'user') };

  app.post(
    deckLinkPaths.linksPattern,
    {
      ...founder,
      schema: {
        params: pitchDeckIdParamsSchema,
        body: createLinkBodySchema,
        response: { 201: deckLinkResponseSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ link: await links.create(principalOf(request), request.params.id, request.body) }),
  );

  app.get(
    deckLinkPaths.linksPattern,
    { ...founder, schema: { params: pitchDeckIdParamsSchema, response: { 200: deckLinksResponseSchema } } },
    async (request) => ({ data: await links.list(principalOf(request), request.params.id) }),
  );

  app.patch(
    deckLinkPaths.linkPattern,
    {
      ...founder,
      schema: { params: deckLinkParamsSchema, body: updateLinkBodySchema, response: { 200: deckLinkResponseSchema } },
    },
    async (request) => ({
      link: await links.update(principalOf(request), request.params.id, request.params.linkId, request.body),
    }),
  );

  app.delete(
    deckLinkPaths.linkPattern,
    { ...founder, schema: { params: deckLinkParamsSchema, response: { 204: noContentResponseSchema } } },
    async (request, reply) => {
      await links.end(principalOf(request), request.params.id, request.params.linkId);
      return reply.status(204).send();
    },
  );

  app.get(
    deckLinkPaths.visitorsPattern,
    { ...founder, schema: { params: deckLinkParamsSchema, response: { 200: linkVisitorsResponseSchema } } },
    async (request) => ({
      data: await links.visitors(principalOf(request), request.params.id, request.params.linkId),
    }),
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
  return reply
    .header('content-type', 'application/pdf')
    .header(
      'content-disposition',
      `${disposition}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.filename)}`,
    )
    .header('cache-control', 'private, no-store')
    .header('x-robots-tag', 'noindex')
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
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
