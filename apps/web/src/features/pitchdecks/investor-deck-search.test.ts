import { describe, expect, it } from 'vitest';
import {
  deckSearchParams,
  effectiveSort,
  hasActiveFilters,
  investorDeckPageSize,
  pageCountLabel,
  parseDeckSearch,
  sortOptionsFor,
  toSearchArgs,
} from './investor-deck-search';

const parse = (query: string) => parseDeckSearch(new URLSearchParams(query));

describe('parseDeckSearch', () => {
  it('reads every part of the search from the URL', () => {
    expect(parse('q=battery&sector=Climate&stage=Seed&sort=amount_desc&thesis=match&page=3')).toEqual({
      q: 'battery',
      sector: 'Climate',
      stage: 'Seed',
      sort: 'amount_desc',
      isThesisOnly: true,
      page: 3,
    });
  });

  it('reads unknown or broken values as not set', () => {
    expect(parse('sector=Crypto&stage=Series%20Z&sort=random&thesis=yes&page=abc')).toEqual({
      q: '',
      sector: null,
      stage: null,
      sort: null,
      isThesisOnly: false,
      page: 1,
    });
    expect(parse('page=0').page).toBe(1);
    expect(parse('page=2.5').page).toBe(1);
    expect(parse(`q=${'a'.repeat(300)}`).q).toHaveLength(200);
  });
});

describe('deckSearchParams', () => {
  it('leaves defaults out and round-trips through the parser', () => {
    const blank = { q: '  ', sector: null, stage: null, sort: null, isThesisOnly: false, page: 1 };
    expect(deckSearchParams(blank).toString()).toBe('');
    expect(deckSearchParams({ ...blank, isThesisOnly: true }).toString()).toBe('thesis=match');
    const state = {
      q: 'solar panels',
      sector: 'Climate' as const,
      stage: null,
      sort: 'newest' as const,
      isThesisOnly: true,
      page: 2,
    };
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

  it('ranks by fit by default once the investor has a thesis, and names the sort so', () => {
    expect(effectiveSort({ q: '', sort: null }, true)).toBe('relevance');
    expect(effectiveSort({ q: '', sort: 'relevance' }, true)).toBe('relevance');
    expect(effectiveSort({ q: '', sort: 'newest' }, true)).toBe('newest');
    expect(sortOptionsFor(true).find((option) => option.value === 'relevance')?.label).toBe('Best fit');
    expect(sortOptionsFor(false).find((option) => option.value === 'relevance')?.label).toBe('Best match');
  });

  it('asks for thesis matches only for an investor who has a thesis', () => {
    const state = parse('thesis=match');
    expect(toSearchArgs(state, true)).toMatchObject({ matchesThesis: true, sort: 'relevance' });
    expect(toSearchArgs(state, false)).not.toHaveProperty('matchesThesis');
    expect(toSearchArgs(parse(''), true)).not.toHaveProperty('matchesThesis');
  });

  it('builds query arguments without blank filters', () => {
    expect(toSearchArgs({ q: ' ai ', sector: null, stage: 'Seed', sort: null, isThesisOnly: false, page: 2 })).toEqual({
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
    expect(hasActiveFilters(parse('thesis=match'))).toBe(true);
  });

  it('formats amounts and page counts', () => {
    expect(pageCountLabel(1)).toBe('1 page');
    expect(pageCountLabel(12)).toBe('12 pages');
    expect(pageCountLabel(null)).toBeNull();
  });
});
