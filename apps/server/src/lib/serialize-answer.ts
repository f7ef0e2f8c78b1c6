import type { z } from 'zod';

/**
 * An answer written as the routes' serializer writes it (http/response-serializer.ts): parsed by
 * its contract schema, so undeclared keys are left out and a broken answer throws, then JSON. For
 * answers kept serialized and sent as they are.
 */
export const serializeAnswer = <Schema extends z.ZodType>(schema: Schema, answer: z.input<Schema>): string =>
  JSON.stringify(schema.parse(answer));

/**
 * `serializeAnswer` as UTF-8 bytes: what a kept answer should hold, since a string is encoded
 * again on every send (a 200 KB board spent a fifth of its CPU there).
 */
export const serializeAnswerBytes = <Schema extends z.ZodType>(schema: Schema, answer: z.input<Schema>): Buffer =>
  Buffer.from(serializeAnswer(schema, answer));
