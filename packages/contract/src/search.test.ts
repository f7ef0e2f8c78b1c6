import { describe, expect, it } from 'vitest';
import { nameMatches, queryWordsOf, searchQuerySchema } from './search';

describe('queryWordsOf', () => {
  it('keeps runs of letters and digits, lower-cased and once each', () => {
    expect(queryWordsOf('LDG-12 ldg')).toEqual(['ldg', '12']);
    expect(queryWordsOf('Q3: launch — Zürich')).toEqual(['q3', 'launch', 'zürich']);
  });

  it('has no words for punctuation alone or nothing', () => {
    expect(queryWordsOf('%_ -- !')).toEqual([]);
    expect(queryWordsOf('')).toEqual([]);
  });

  it('keeps at most eight words', () => {
    expect(queryWordsOf('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe('nameMatches', () => {
  it('needs every word, each anywhere in the name', () => {
    expect(nameMatches('Harbor crane survey', ['crane', 'harb'])).toBe(true);
    expect(nameMatches('Harbor crane survey', ['crane', 'pilot'])).toBe(false);
  });

  it('matches everything when there are no words', () => {
    expect(nameMatches('Anything', [])).toBe(true);
  });
});

describe('searchQuerySchema', () => {
  it('defaults to an empty query and trims', () => {
    expect(searchQuerySchema.parse({})).toEqual({ q: '' });
    expect(searchQuerySchema.parse({ q: '  pilot ' })).toEqual({ q: 'pilot' });
  });

  it('refuses a query longer than a name and unstorable text', () => {
    expect(searchQuerySchema.safeParse({ q: 'x'.repeat(101) }).success).toBe(false);
    expect(searchQuerySchema.safeParse({ q: 'a\u0000b' }).success).toBe(false);
  });
});
