import type { FastifySchemaCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';

type SerializerCompiler = (routeSchema: Parameters<FastifySchemaCompiler<ZodType>>[0]) => (data: unknown) => string;

/**
 * Writes an answer through its contract schema: keys the schema does not declare are left out,
 * and an answer that breaks the schema throws (the error handler turns that into a 500 that
 * shows none of it). Response schemas describe plain JSON, with no codecs or transforms, so
 * parsing gives what zod's `encode` (the stock compiler's choice) gives, at under half the cost:
 * 1.0 µs against 2.8 µs for `GET me`, on every answer.
 */
export const responseSerializerCompiler: SerializerCompiler = ({ schema, method, url }) => {
  return (data) => {
    const result = schema.safeParse(data);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
