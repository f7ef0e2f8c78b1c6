import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/**
 * Sends an answer a service has already written through its contract schema
 * (lib/serialize-answer.ts), as its UTF-8 bytes, unchanged: Fastify passes bytes by the route's
 * serializer, which would otherwise parse and write the answer a second time.
 */
export const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json);

/** Below this an answer goes as it is: the header and the CPU cost more than the bytes saved. */
const minGzipBytes = 8 * 1024;

/** The gzip of each kept answer, made once: the key is the very Buffer a cache keeps, and goes with it. */
const gzipped = new WeakMap<Buffer, Promise<Buffer>>();

/** Whether an Accept-Encoding header takes gzip (named or `*`, with a q-value above zero). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.split(',')) {
    const [coding = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const isAccepted = q === undefined || Number(q.slice(2)) > 0;
    if (coding.trim() === 'gzip') return isAccepted;
    if (coding.trim() === '*') star = isAccepted;
  }
  return star;
}

/**
 * `sendJson` for an answer kept per stamp (a milestone's board: 500 tasks are 200 KB, the same
 * bytes for every read until the milestone changes). A client that takes gzip (every browser)
 * gets it compressed, about an eighth of the bytes; the compression runs once per kept answer, on
 * libuv's thread pool, not once per read and not on the event loop.
 */
export async function sendKeptJson(request: FastifyRequest, reply: FastifyReply, json: Buffer) {
  reply.header('vary', 'accept-encoding');
  if (json.byteLength < minGzipBytes || !acceptsGzip(request.headers['accept-encoding'])) return sendJson(reply, json);
  let compressed = gzipped.get(json);
  if (!compressed) {
    compressed = gzipAsync(json);
    gzipped.set(json, compressed);
  }
  try {
    const body = await compressed;
    return reply.type('application/json; charset=utf-8').header('content-encoding', 'gzip').send(body);
  } catch {
    // A failed compression is forgotten (the next read tries again); this read goes uncompressed.
    gzipped.delete(json);
    return sendJson(reply, json);
  }
}
