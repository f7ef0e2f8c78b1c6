import type { FastifyReply } from 'fastify';

/**
 * Sends an answer a service has already written through its contract schema
 * (lib/serialize-answer.ts), unchanged: Fastify passes a string with a JSON content type by the
 * route's serializer, which would otherwise parse and write it a second time.
 */
export const sendJson = (reply: FastifyReply, json: string) => reply.type('application/json; charset=utf-8').send(json);
