import type { Readable } from 'node:stream';
import { storagePathPrefix } from '@deckvalid/contract/api-paths';
import { signedUrlTtlSeconds, storedUploadSchema } from '@deckvalid/contract/uploads';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import type { LocalFileStorage } from './local-storage';
import { largerThanSignedError } from './storage';

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
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // Malformed queries get the central 400 like any call, before any signature work.
  const signed = { schema: { querystring: signedQuerySchema } };
  // The body stays a stream: LocalFileStorage.write counts bytes and checks the first ones
  // while writing, so an oversized or disguised file is refused without being held in memory.
  parent.removeAllContentTypeParsers();
  parent.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

  // The upload goes in as bytes, but the answer is JSON like any other call's, so it is declared.
  const stored = { schema: { ...signed.schema, response: { 200: storedUploadSchema } } };
  app.put(`${storagePathPrefix}*`, stored, async (request, reply) => {
    const key = keyOf(request.params);
    const { contentType, maxBytes } = storage.verify('PUT', key, request.query);
    const sentType = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    if (sentType !== contentType) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        `Send the file with Content-Type ${contentType}, as the upload link says.`,
      );
    }
    const declared = Number(request.headers['content-length'] ?? Number.NaN);
    // Refuse before reading a byte when the browser already said the file is too large.
    if (Number.isFinite(declared) && declared > maxBytes) throw largerThanSignedError(maxBytes);
    const { size } = await storage.write(key, request.body as Readable, { contentType, maxBytes });
    return reply.status(200).send({ key, size });
  });

  // No response schema: 200 and 206 stream the file's bytes and 416 has no body, so there is no
  // JSON for a serializer to check; the signature limits what can be read to one stored file.
  app.get(`${storagePathPrefix}*`, signed, async (request, reply) => {
    const key = keyOf(request.params);
    storage.verify('GET', key, request.query);
    const file = await storage.openRead(key);
    if (!file) throw new AppError('NOT_FOUND', 'This file no longer exists.');
    reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', 'inline')
      .header('Cache-Control', `private, max-age=${signedUrlTtlSeconds}`)
      // pdf.js asks for byte ranges when offered: a thumbnail then reads the first page, not 50 MB.
      .header('Accept-Ranges', 'bytes');
    const range = parseRange(request.headers.range, file.size);
    if (range === 'unsatisfiable') {
      return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
    }
    if (range) {
      return reply
        .status(206)
        .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('Content-Length', range.end - range.start + 1)
        .send(file.open(range.start, range.end));
    }
    return reply.header('Content-Length', file.size).send(file.open());
  });
}

/**
 * One `bytes=` range (RFC 9110 §14.1.2), made concrete against the file's size; several ranges
 * or a malformed header are served as the whole file, which the RFC allows.
 */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Math.min(Number(last), size);
    return length === 0 ? 'unsatisfiable' : { start: size - length, end: size - 1 };
  }
  const start = Number(first);
  if (start >= size) return 'unsatisfiable';
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  return end < start ? null : { start, end };
}
