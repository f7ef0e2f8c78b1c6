import { describe, expect, it } from 'vitest';
import { matchPages, pageSimilarity } from './page-matching';

const pages = (...texts: string[]) => texts.map((text, index) => ({ number: index + 1, text }));

describe('moving comments to a new version', () => {
  it('follows two pages that swapped places', () => {
    const before = pages('Acme seed round', 'The problem: invoices are late', 'Our market is large', 'The team');
    const after = pages('Acme seed round', 'Our market is large', 'The problem: invoices are late', 'The team');
    expect([...matchPages(before, after)]).toEqual([
      [1, 1],
      [2, 3],
      [3, 2],
      [4, 4],
    ]);
  });

  it('keeps a page that changed a little, and finds no page for one that is gone', () => {
    const before = pages('Pricing: 49 dollars a seat per month for teams', 'A page about our old office dog');
    const after = pages('Pricing: 59 dollars a seat per month for teams');
    expect(matchPages(before, after)).toEqual(
      new Map([
        [1, 1],
        [2, null],
      ]),
    );
  });

  it('prefers the nearest of equally good pages', () => {
    const before = pages('Appendix', 'Appendix', 'Appendix');
    const after = pages('Appendix', 'Appendix', 'Appendix');
    expect([...matchPages(before, after).values()]).toEqual([1, 2, 3]);
  });

  it('measures overlap of words, not their order or case', () => {
    expect(pageSimilarity(new Set(['a', 'b']), new Set(['b', 'a']))).toBe(1);
    expect(pageSimilarity(new Set(['a', 'b']), new Set(['c']))).toBe(0);
    expect(pageSimilarity(new Set(), new Set())).toBe(1);
  });
});
