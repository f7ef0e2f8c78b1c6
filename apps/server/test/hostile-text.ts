import fc from 'fast-check';

/**
 * Code units that have broken a route before (issue 17): NUL, which PostgreSQL's text cannot
 * hold; lone surrogates, which have no UTF-8 form; CR, LF and other controls, which calendar
 * files and headers write raw; and a whole pair, which must keep working.
 */
export const hostileCharacters = [
  '\u0000',
  '\ud800',
  '\udc00',
  '\udbff',
  '\udfff',
  '\r',
  '\n',
  '\r\n',
  '\t',
  '\u0085',
  '\u2028',
  '\u007f',
  '😀',
] as const;

/** One of the hostile characters, alone or inside ordinary text, or any string of any code units. */
export const hostileText = (maxLength = 40) =>
  fc.oneof(
    fc.constantFrom(...hostileCharacters),
    fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...hostileCharacters), fc.string({ maxLength: 10 }))
      .map(([before, character, after]) => `${before}${character}${after}`),
    fc.string({ unit: 'binary', maxLength }),
    fc.string({ maxLength }),
  );

/**
 * Characters that mean something to a database's search syntax rather than being text: tsquery's
 * operators and weights, LIKE's wildcards, quotes and backslashes (issue 18: a message search
 * hands what people type to PostgreSQL full-text search).
 */
export const querySyntaxCharacters = [
  '&',
  '|',
  '!',
  ':*',
  ':A',
  '<->',
  '<2>',
  "'",
  '"',
  '(',
  ')',
  '\\',
  '%',
  '_',
  '*',
] as const;

/** Search text made of query syntax and hostile characters, alone, mixed with words, or at random. */
export const querySyntaxText = (maxLength = 40) =>
  fc.oneof(
    fc
      .array(fc.constantFrom(...querySyntaxCharacters, ...hostileCharacters, 'deal', ' '), { maxLength: 8 })
      .map((parts) => parts.join('')),
    hostileText(maxLength),
  );

/** Integers at the edges of the database's int4 and of JavaScript's safe range, as numbers. */
export const edgeIntegers = fc.constantFrom(
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 32,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
);

/** Calendar days and instants a person never means: year 0, before the epoch, past 9999. */
export const edgeDates = fc.constantFrom(
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1969-12-31',
  '9999-12-31',
  '10000-01-01',
);
export const edgeInstants = fc.constantFrom(
  '0000-01-01T00:00:00Z',
  '0001-06-01T10:00:00+01:00',
  '1969-12-31T23:59:59Z',
  '9999-12-31T23:00:00-05:00',
  '+010000-01-01T00:00:00Z',
);

/**
 * A path segment as a client that does not check its text would send it: UTF-8 percent-encoded,
 * a lone surrogate as the bytes of its code unit (encodeURIComponent refuses to encode it).
 */
export const rawPathSegment = (value: string) =>
  [...value]
    .map((char) => {
      const code = char.charCodeAt(0);
      if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
      return encodeURIComponent(char);
    })
    .join('');
