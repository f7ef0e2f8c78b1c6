import { expect } from 'vitest';
import { z } from 'zod';

/**
 * Asserts that `value` has exactly the keys `schema` declares, at every depth: none missing
 * unless optional, none extra. Stricter than `schema.parse`, which strips extras silently, so
 * it tells whether an answer left the server with more than its contract.
 */
export function expectContractShape(value: unknown, schema: z.ZodType, path = 'answer'): void {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) {
    if (value === undefined || value === null) return;
    expectContractShape(value, schema.unwrap() as z.ZodType, path);
    return;
  }
  if (schema instanceof z.ZodArray) {
    expect(Array.isArray(value), `${path} is a list`).toBe(true);
    (value as unknown[]).forEach((item, index) => {
      expectContractShape(item, schema.element as z.ZodType, `${path}[${index}]`);
    });
    return;
  }
  if (schema instanceof z.ZodObject) {
    expect(typeof value === 'object' && value !== null, `${path} is an object`).toBe(true);
    const record = value as Record<string, unknown>;
    const shape = schema.shape as Record<string, z.ZodType>;
    const declared = Object.keys(shape);
    const required = declared.filter((key) => !shape[key]?.safeParse(undefined).success);
    expect(
      Object.keys(record).filter((key) => !declared.includes(key)),
      `${path} has keys its schema does not declare`,
    ).toEqual([]);
    expect(
      required.filter((key) => !(key in record)),
      `${path} lacks keys its schema requires`,
    ).toEqual([]);
    for (const key of declared) {
      if (key in record) expectContractShape(record[key], shape[key] as z.ZodType, `${path}.${key}`);
    }
    return;
  }
  // Leaves (strings, enums, literals, records of headers) are checked by the schema itself.
  expect(schema.safeParse(value).success, `${path} matches its schema`).toBe(true);
}
