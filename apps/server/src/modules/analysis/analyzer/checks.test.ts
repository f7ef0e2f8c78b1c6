import type { DeckFigure } from '@deckvalid/contract/analysis';
import { describe, expect, it } from 'vitest';
import {
  bodyFontSizeCheck,
  type CheckPage,
  closingCheck,
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
  const market = (page: number): DeckFigure => ({ key: 'market_size', value: 1e9, unit: 'USD', text: '$1B', page });

  it('flags market pages with neither a source nor a date', () => {
    const pages = [page(4, 'TAM: $1B (Gartner, 2023)'), page(5, 'SAM: $1B'), page(6, 'Source: IDC. SOM $1B')];
    expect(sourcedMarketCheck(pages, [market(4), market(5), market(6)])).toMatchObject({ passed: false, value: [5] });
  });

  it('is not applicable without a market figure', () => {
    expect(sourcedMarketCheck([page(1, 'Hello')], [])).toMatchObject({ passed: null, value: null });
  });
});
