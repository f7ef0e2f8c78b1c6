import type { Readable } from 'node:stream';
import { storagePathPrefix } from '@deckvalid/contract/api-paths';
import { signedUrlTtlSeconds } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import type { LocalFileStorage } from './local-storage';
import { assertAcceptedSize, parseObjectKey } from './storage';

const signedQuerySchema = z.object({
  expires: z.string().max(20).optional(),
  type: z.string().max(100).optional(),
  max: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

const keyOf = (params: unknown) => (params as { '*': string })['*'];

/**
 * The signed URLs of the local storage driver: PUT stores one upload, GET serves a file. They
 * carry no credentials; the signature in the query string is the permission.
 */
export async function storageRoutes(parent: FastifyInstance, { storage }: { storage: LocalFileStorage }) {
  // The body stays a stream: LocalFileStorage.write counts bytes and checks the first ones
  // while writing, so an oversized or disguised file is refused without being held in memory.
  parent.removeAllContentTypeParsers();
  parent.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  parent.put(`${storagePathPrefix}*`, async (request, reply) => {
    const key = keyOf(request.params);
    const { contentType, maxBytes } = storage.verify('PUT', key, signedQuerySchema.parse(request.query));
    const sentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (sentType !== contentType) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file with Content-Type ${contentType}, as the upload link says.`,
      );
    }
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    const kind = parseObjectKey(key)?.kind;
    // Refuse before reading a byte when the browser already said the file is too large.
    if (Number.isFinite(declared) && declared > maxBytes && kind) assertAcceptedSize(kind, declared);
    const { size } = await storage.write(key, request.body as Readable, { contentType, maxBytes });
    return reply.status(200).send({ key, size });
  });

  parent.get(`${storagePathPrefix}*`, async (request, reply) => {
    const key = keyOf(request.params);
    storage.verify('GET', key, signedQuerySchema.parse(request.query));
    const file = await storage.openRead(key);
    const parsed = parseObjectKey(key);
    if (!file || !parsed) throw new AppError('NOT_FOUND', 'This file no longer exists.');
    return reply
      .header('Content-Type', parsed.contentType)
      .header('Content-Length', file.size)
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', `private, max-age=${signedUrlTtlSeconds}`)
      .send(file.stream);
  });
}
