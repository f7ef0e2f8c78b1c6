import type { z } from 'zod';

/**
 * An answer written as the routes' serializer writes it (http/response-serializer.ts): parsed by
 * its contract schema, so undeclared keys are left out and a broken answer throws, then JSON. For
 * answers kept serialized and sent as they are.
 */
export const serializeAnswer = <Schema extends z.ZodType>(schema: Schema, answer: z.input<Schema>): string =>
  JSON.stringify(schema.parse(answer));
