import type { DeckFigure } from '@deckvalid/contract/analysis';
import { describe, expect, it } from 'vitest';
import {
  bodyFontSizeCheck,
  type CheckPage,
  closingCheck,
  figuresAgreeCheck,
  slideCountCheck,
  sourcedMarketCheck,
  wordsPerSlideCheck,
} from './checks';
import { readText } from './nlp';

const page = (number: number, text: string, bodyFontSize: number | null = 24): CheckPage => ({
  number,
  read: readText(text),
  bodyFontSize: text === '' ? null : bodyFontSize,
  hasText: text.trim() !== '',
});

describe('slideCountCheck', () => {
  it.each([
    [9, false],
    [10, true],
    [20, true],
    [21, false],
  ])('%i slides pass: %s', (count, passed) => {
    const check = slideCountCheck(count);
    expect(check).toMatchObject({ key: 'slide_count', passed, value: count, target: '10–20 slides' });
  });
});

describe('bodyFontSizeCheck', () => {
  it('reports the smallest body size found and the page it is on', () => {
    const check = bodyFontSizeCheck([page(1, 'Cover', 40), page(2, 'Problem text', 18.04), page(3, 'More', 32)]);
    expect(check).toMatchObject({ passed: false, value: 18 });
    expect(check.message).toContain('page 2');
  });

  it('passes at 30 pt and says nothing can be checked without text', () => {
    expect(bodyFontSizeCheck([page(1, 'Big words', 30)]).passed).toBe(true);
    expect(bodyFontSizeCheck([page(1, '')])).toMatchObject({ passed: null, value: null });
  });
});

describe('wordsPerSlideCheck', () => {
  it('lists the pages over 100 words', () => {
    const long = Array.from({ length: 101 }, (_, index) => `word${index}`).join(' ');
    const check = wordsPerSlideCheck([page(1, 'Short slide'), page(2, long), page(3, `${long}, ${long}`)]);
    expect(check).toMatchObject({ passed: false, value: [2, 3] });
    expect(check.message).toBe('Pages 2 and 3 have more than 100 words.');
  });

  it('counts words, not punctuation: 100 words and a full stop pass', () => {
    const exactly = `${Array.from({ length: 100 }, () => 'word').join(' ')}.`;
    expect(wordsPerSlideCheck([page(1, exactly)])).toMatchObject({ passed: true, value: [] });
  });
});

describe('closingCheck', () => {
  it('finds a contact on the last slides', () => {
    const pages = [page(1, 'Cover'), page(2, 'Team'), page(3, 'Thanks'), page(4, 'maya@invoicely.com')];
    expect(closingCheck(pages, 4, [])).toMatchObject({ passed: true, value: 4 });
  });

  it('finds the ask on the last slides, and fails when neither stands there', () => {
    const pages = Array.from({ length: 10 }, (_, index) => page(index + 1, `Slide ${index + 1}`));
    expect(closingCheck(pages, 10, [9])).toMatchObject({ passed: true, value: 9 });
    expect(closingCheck(pages, 10, [3])).toMatchObject({ passed: false, value: null });
  });
});

describe('sourcedMarketCheck', () => {
  const market = (page: number): DeckFigure => ({
    key: 'market_size',
    value: 1e9,
    unit: 'USD',
    text: '$1B',
    page,
    period: 'current',
  });

  it('flags market pages with neither a source nor a date', () => {
    const pages = [page(4, 'TAM: $1B (Gartner, 2023)'), page(5, 'SAM: $1B'), page(6, 'Source: IDC. SOM $1B')];
    expect(sourcedMarketCheck(pages, [market(4), market(5), market(6)])).toMatchObject({ passed: false, value: [5] });
  });

  it('is not applicable without a market figure', () => {
    expect(sourcedMarketCheck([page(1, 'Hello')], [])).toMatchObject({ passed: null, value: null });
  });
});

describe('figuresAgreeCheck', () => {
  const figure = (
    key: DeckFigure['key'],
    value: number,
    page: number,
    extra: Partial<DeckFigure> = {},
  ): DeckFigure => ({
    key,
    value,
    unit: key === 'runway' ? 'months' : key === 'growth' ? 'percent' : key === 'customers' ? 'count' : 'USD',
    text: `${key} ${value}`,
    page,
    period: 'current',
    ...extra,
  });

  it('is not measured when the deck states nothing to compare', () => {
    expect(figuresAgreeCheck([figure('arr', 1.2e6, 8)])).toMatchObject({ passed: null, value: null });
  });

  it.each([
    [
      'ARR against MRR × 12',
      [figure('arr', 2.4e6, 5), figure('mrr', 120e3, 6)],
      [5, 6],
      /MRR “mrr 120000” \(p\. 6\) × 12/,
    ],
    [
      'SAM above TAM',
      [figure('market_size', 6e9, 4, { scope: 'TAM' }), figure('market_size', 9e9, 4, { scope: 'SAM' })],
      [4],
      /SAM .* is larger than TAM/,
    ],
    [
      'post-money against pre-money plus the raise',
      [figure('pre_money', 8e6, 9), figure('raise', 3e6, 9), figure('post_money', 10e6, 9)],
      [9],
      /USD\s11M/,
    ],
    [
      'runway against cash ÷ burn',
      [figure('cash', 2e6, 6), figure('burn', 250e3, 6), figure('runway', 24, 7)],
      [6, 7],
      /= 8 months/,
    ],
    [
      'customers × price against revenue',
      [figure('customers', 2000, 4), figure('price', 99, 5, { per: 'month' }), figure('arr', 500e3, 4)],
      [4, 5],
      /USD\s2\.4M a year/,
    ],
    [
      'growth against the figures it comes from',
      [figure('revenue', 480e3, 4), figure('revenue', 200e3, 4, { period: 'past' }), figure('growth', 400, 4)],
      [4],
      /\(140%\)/,
    ],
  ] as const)('fails on %s, naming both figures and pages', (_name, figures, pages, message) => {
    // The page the price stands on: a whole price, not an option or a part of a sum.
    const check = figuresAgreeCheck([...figures], [page(5, 'Owners pay price 99 a month.')]);
    expect(check).toMatchObject({ passed: false, value: pages });
    expect(check.message).toMatch(message);
  });

  it('passes figures within their tolerances, and compares only current ones and one currency', () => {
    const check = figuresAgreeCheck([
      figure('arr', 1.3e6, 8),
      figure('mrr', 100e3, 8),
      figure('market_size', 18e9, 6, { scope: 'TAM' }),
      figure('market_size', 2.1e9, 6, { scope: 'SAM' }),
      figure('cash', 1.6e6, 11),
      figure('burn', 90e3, 11),
      figure('runway', 18, 11),
      // A plan and another currency are not compared.
      figure('arr', 4.5e6, 11, { period: 'projected', year: 2027 }),
      figure('pre_money', 8e6, 12, { unit: 'EUR' }),
      figure('raise', 2e6, 12),
      figure('post_money', 12e6, 12),
    ]);
    expect(check).toMatchObject({ passed: true, value: [] });
    expect(check.message).toBe('All 3 pairs of related figures the deck states agree.');
  });

  it('leaves out a price that is an option or a part of what customers pay', () => {
    const figures = [figure('customers', 2000, 4), figure('price', 99, 5, { per: 'month' }), figure('arr', 500e3, 4)];
    for (const text of ['Optional monitoring price 99 a month.', 'A fee of price 99 a month plus $4 per load.']) {
      expect(figuresAgreeCheck(figures, [page(5, text)])).toMatchObject({ passed: null });
    }
  });
});
