import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  findUnstorableText,
  formatCount,
  storableTextCheck,
  textSchema,
  unstorableTextMessages,
  unstorableTextProblem,
} from './text';

/** What every zod 4 schema exposes of its definition: its kind, and the fields of that kind. */
type Definition = { type: string; [field: string]: unknown };
const definitionOf = (schema: unknown): Definition => (schema as { _zod: { def: Definition } })._zod.def;

/**
 * Built-in string formats whose own pattern admits only ASCII letters, digits and punctuation, so
 * they can hold neither NUL nor a surrogate. Any other string must carry the shared check.
 */
const asciiFormats = new Set(['email', 'uuid', 'guid', 'datetime', 'date', 'time']);

/** Kinds that hold no string at all. */
const leafKinds = new Set(['number', 'int', 'boolean', 'bigint', 'enum', 'literal', 'null', 'undefined', 'nan']);

/**
 * The paths of the strings under `schema` that a caller could send without the shared text check.
 * A pipe is judged by what it accepts (its input side), unless that side is a transform. A kind
 * this walk does not know is reported too, so a new zod construct cannot hide a string from it.
 */
function uncheckedStrings(schema: unknown, at: string, seen = new Set<unknown>()): string[] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const definition = definitionOf(schema);
  const walk = (inner: unknown, where = at) => uncheckedStrings(inner, where, seen);
  switch (definition.type) {
    case 'string': {
      const checks = (definition.checks as unknown[] | undefined) ?? [];
      const format = definition.format as string | undefined;
      return checks.includes(storableTextCheck) || (format !== undefined && asciiFormats.has(format)) ? [] : [at];
    }
    case 'object': {
      const shape = definition.shape as Record<string, unknown>;
      const fields = Object.entries(shape).flatMap(([key, field]) => walk(field, `${at}.${key}`));
      const catchall = definition.catchall;
      const rest = catchall && definitionOf(catchall).type !== 'never' ? walk(catchall, `${at}.*`) : [];
      return [...fields, ...rest];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return walk(definition.innerType);
    case 'pipe': {
      const input = definition.in;
      return definitionOf(input).type === 'transform' ? walk(definition.out) : walk(input);
    }
    case 'array':
      return walk(definition.element, `${at}[]`);
    case 'union':
      return (definition.options as unknown[]).flatMap((option) => walk(option));
    case 'intersection':
      return [...walk(definition.left), ...walk(definition.right)];
    case 'record':
      return [...walk(definition.keyType, `${at}{key}`), ...walk(definition.valueType, `${at}{}`)];
    case 'tuple':
      return [
        ...(definition.items as unknown[]).flatMap((item, index) => walk(item, `${at}[${index}]`)),
        ...(definition.rest ? walk(definition.rest, `${at}[]`) : []),
      ];
    case 'lazy':
      return walk((definition.getter as () => unknown)());
    default:
      return leafKinds.has(definition.type) ? [] : [`${at} (a ${definition.type} this test does not know)`];
  }
}

/** Every schema the contract exports for what callers send: bodies, queries, path parameters, socket payloads. */
async function inputSchemas(): Promise<Map<string, z.ZodType>> {
  const folder = import.meta.dirname;
  const files = readdirSync(folder).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  const found = new Map<string, z.ZodType>();
  for (const file of files) {
    const exports = (await import(path.join(folder, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exports)) {
      if (/(Body|Query|Params|Payload)Schema$/.test(name)) found.set(`${file}:${name}`, value as z.ZodType);
    }
  }
  return found;
}

describe('the shared text schema', () => {
  it('is carried by every string of every input schema of the contract', async () => {
    const schemas = await inputSchemas();
    // The walk must reach the inputs it guards; a renamed suffix would otherwise pass vacuously.
    expect(schemas.size).toBeGreaterThan(50);
    for (const name of ['chat.ts:sendChatMessagePayloadSchema', 'milestones.ts:createTaskBodySchema']) {
      expect([...schemas.keys()]).toContain(name);
    }
    const unchecked = [...schemas].flatMap(([name, schema]) => uncheckedStrings(schema, name));
    expect(unchecked).toEqual([]);
  });

  it('refuses NUL and lone surrogates, keeps whole surrogate pairs, and caps the length after trimming', () => {
    const title = textSchema({ max: 5 });
    expect(title.parse('  😀ab  ')).toBe('😀ab');
    for (const [value, message] of [
      ['a\u0000b', unstorableTextMessages.nul],
      ['a\ud800b', unstorableTextMessages.loneSurrogate],
      ['\udc00', unstorableTextMessages.loneSurrogate],
      ['ab\ud83d', unstorableTextMessages.loneSurrogate],
      ['\ude00\ud83d', unstorableTextMessages.loneSurrogate],
    ] as const) {
      const result = title.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(message);
    }
    expect(title.safeParse('abcdef').error?.issues[0]?.message).toBe('Use at most 5 characters.');
    expect(textSchema({ max: 3, trim: false }).parse(' a ')).toBe(' a ');
  });

  it('finds the first unstorable value or key of a JSON value, with its path', () => {
    expect(findUnstorableText({ title: 'fine 😀', tags: ['a', 'b'] })).toBeNull();
    expect(findUnstorableText({ attachments: [{ name: 'ok' }, { name: 'x\ud800' }] })).toEqual({
      path: 'attachments.1.name',
      message: unstorableTextMessages.loneSurrogate,
    });
    expect(findUnstorableText({ 'a\u0000': 1 })).toEqual({ path: 'a\ufffd', message: unstorableTextMessages.nul });
    expect(findUnstorableText('\udfff')).toEqual({ path: '', message: unstorableTextMessages.loneSurrogate });
    expect(unstorableTextProblem('plain')).toBeNull();
  });
});

describe('formatCount', () => {
  it('groups whole counts as the locale formatter does, without loading locale data', () => {
    for (const value of [0, 7, 999, 1_000, 12_345, 100_000, 1_234_567, -98_765]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en'));
    }
    expect(formatCount(1234.5)).toBe('1,234.5');
  });
});
