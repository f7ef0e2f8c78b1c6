import { describe, expect, it } from 'vitest';
import {
  deckSearchParams,
  effectiveSort,
  hasActiveFilters,
  investorDeckPageSize,
  pageCountLabel,
  parseDeckSearch,
  toSearchArgs,
} from './investor-deck-search';

const parse = (query: string) => parseDeckSearch(new URLSearchParams(query));

describe('parseDeckSearch', () => {
  it('reads every part of the search from the URL', () => {
    expect(parse('q=battery&sector=Climate&stage=Seed&sort=amount_desc&page=3')).toEqual({
      q: 'battery',
      sector: 'Climate',
      stage: 'Seed',
      sort: 'amount_desc',
      page: 3,
    });
  });

  it('reads unknown or broken values as not set', () => {
    expect(parse('sector=Crypto&stage=Series%20Z&sort=random&page=abc')).toEqual({
      q: '',
      sector: null,
      stage: null,
      sort: null,
      page: 1,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });
});

describe('deckSearchParams', () => {
  it('leaves defaults out and round-trips through the parser', () => {
    expect(deckSearchParams({ q: '  ', sector: null, stage: null, sort: null, page: 1 }).toString()).toBe('');
    const state = { q: 'solar panels', sector: 'Climate' as const, stage: null, sort: 'newest' as const, page: 2 };
    expect(parseDeckSearch(deckSearchParams(state))).toEqual(state);
  });
});

describe('effectiveSort and toSearchArgs', () => {
  it('defaults to best match with a term and newest without', () => {
    expect(effectiveSort({ q: 'ai', sort: null })).toBe('relevance');
    expect(effectiveSort({ q: '', sort: null })).toBe('newest');
    expect(effectiveSort({ q: '', sort: 'relevance' })).toBe('newest');
    expect(effectiveSort({ q: '', sort: 'amount_asc' })).toBe('amount_asc');
  });

  it('builds query arguments without blank filters', () => {
    expect(toSearchArgs({ q: ' ai ', sector: null, stage: 'Seed', sort: null, page: 2 })).toEqual({
      q: 'ai',
      sector: undefined,
      stage: 'Seed',
      sort: 'relevance',
      page: 2,
      limit: investorDeckPageSize,
    });
  });
});

describe('small helpers', () => {
  it('knows when something narrows the list', () => {
    expect(hasActiveFilters(parse(''))).toBe(false);
    expect(hasActiveFilters(parse('sort=newest&page=2'))).toBe(false);
    expect(hasActiveFilters(parse('stage=Seed'))).toBe(true);
  });

  it('formats amounts and page counts', () => {
    expect(pageCountLabel(1)).toBe('1 page');
    expect(pageCountLabel(12)).toBe('12 pages');
    expect(pageCountLabel(null)).toBeNull();
  });
});
