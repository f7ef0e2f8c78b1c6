import type { FastifyReply } from 'fastify';

/**
 * Sends an answer a service has already written through its contract schema
 * (lib/serialize-answer.ts), as its UTF-8 bytes, unchanged: Fastify passes bytes by the route's
 * serializer, which would otherwise parse and write the answer a second time.
 */
export const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json);
