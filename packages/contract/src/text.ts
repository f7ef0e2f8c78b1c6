import { z } from 'zod';

/**
 * The one text rule of the API (issue 17): every string that reaches the database, over HTTP or a
 * socket, is built with `textSchema` (or carries `storableTextCheck`), which refuses what
 * PostgreSQL cannot store and caps the length. NUL cannot be stored in a text column at all; a
 * lone UTF-16 surrogate (half of a pair, such as "\ud800" alone) has no UTF-8 form, so it is
 * either rejected by the database (jsonb, where the activity log keeps old and new values) or
 * silently replaced, and in both cases the stored text is not what was sent. Nobody types either.
 * A test in text.test.ts walks every input schema of the contract and fails on a string without
 * the check, so a new field cannot forget it.
 */

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const loneSurrogate = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The sentences a refused text answers with, shared by the schemas and the HTTP and socket nets. */
export const unstorableTextMessages = {
  nul: 'Text cannot contain NUL characters. Remove them and try again.',
  loneSurrogate: 'Text cannot contain a broken character (half of a surrogate pair). Retype it and try again.',
} as const;

/**
 * Whether `value` holds a C0 or C1 control character or DEL: never part of a link a person
 * means, and CR or LF in one would end a line of a calendar file or a header.
 */
export function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/** Why `value` cannot be stored as text, as a sentence for the person; null when it can. */
export function unstorableTextProblem(value: string): string | null {
  if (value.includes('\u0000')) return unstorableTextMessages.nul;
  if (loneSurrogate.test(value)) return unstorableTextMessages.loneSurrogate;
  return null;
}

/**
 * The single shared check: no NUL, no lone surrogate. Schemas carry this very object, which is
 * how the contract test recognises it; do not copy it into a local refine.
 */
export const storableTextCheck = z.refine<string>((value) => unstorableTextProblem(value) === null, {
  error: (issue) =>
    (typeof issue.input === 'string' ? unstorableTextProblem(issue.input) : null) ?? unstorableTextMessages.nul,
});

export type TextSchemaOptions = {
  /** The most UTF-16 code units the value may hold, after trimming (the database column's cap). */
  max: number;
  /** The sentence of a value over `max`; names the field's limit when left out. */
  tooLong?: string;
  /** The sentence when the value is missing or not a string. */
  required?: string;
  /** Trim surrounding white space before checking (default true); false for secrets, ids and keys. */
  trim?: boolean;
};

/**
 * A whole count as sentences write it ("10,000"), grouped by hand: every text field of the
 * contract names its limit when its module loads, and the first `toLocaleString` or
 * `Intl.NumberFormat` of a page loads the browser's locale data, which cost the web app about
 * 20 ms of main thread before its first paint. A fraction goes through the locale formatter.
 */
export function formatCount(value: number): string {
  if (!Number.isInteger(value)) return value.toLocaleString('en');
  return String(value).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A string the database can store: trimmed (unless `trim: false`), free of NUL and lone
 * surrogates, at most `max` long. Chain `.min()`, `.regex()`, `.optional()` and the like after it.
 */
export function textSchema({ max, tooLong, required, trim = true }: TextSchemaOptions) {
  const base = z.string(required === undefined ? undefined : { error: required });
  return (trim ? base.trim() : base)
    .check(storableTextCheck)
    .max(max, tooLong ?? `Use at most ${formatCount(max)} characters.`);
}

/** The id of a stored object (`usr-…`, `mst-…`), as paths, queries and bodies carry it. */
export const idSchema = textSchema({ max: 64, trim: false }).min(1, 'Give an id.');

/** Where in a request or payload the first unstorable string is, and why; see `findUnstorableText`. */
export type UnstorableText = {
  /** Dotted path of the value, as validation errors name fields (`attachments.0.name`); '' for the value itself. */
  path: string;
  message: string;
};

/** A key as a path segment; a key that is itself unstorable is shown with U+FFFD in its place. */
const printableKey = (key: string) =>
  key.replaceAll('\u0000', '\ufffd').replace(new RegExp(loneSurrogate, 'g'), '\ufffd');

/**
 * The first string (value or key) in a parsed JSON value, query or socket payload that the
 * database could not store, with its path: the net under the schemas, for fields a schema does
 * not describe. Deeply nested values past `maxDepth` are left to the schemas.
 */
export function findUnstorableText(value: unknown, maxDepth = 32): UnstorableText | null {
  const visit = (item: unknown, path: string[], depth: number): UnstorableText | null => {
    if (typeof item === 'string') {
      const message = unstorableTextProblem(item);
      return message === null ? null : { path: path.join('.'), message };
    }
    if (depth > maxDepth || item === null || typeof item !== 'object') return null;
    // A stream (the body of a signed upload) is not text; its own route checks it.
    if (typeof (item as { pipe?: unknown }).pipe === 'function') return null;
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((element, index) => [String(index), element])
      : Object.entries(item);
    for (const [key, element] of entries) {
      const keyMessage = unstorableTextProblem(key);
      if (keyMessage !== null) return { path: [...path, printableKey(key)].join('.'), message: keyMessage };
      const found = visit(element, [...path, key], depth + 1);
      if (found) return found;
    }
    return null;
  };
  return visit(value, [], 0);
}
