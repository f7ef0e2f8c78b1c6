import { describe, expect, it } from 'vitest';
import {
  analysisSectionKeys,
  analysisSectionLabels,
  type DeckAnalysis,
  deckAnalysisResponseSchema,
  figureKeys,
  figureLabels,
  formatFigureValue,
} from './analysis';

const report: DeckAnalysis = {
  score: 72,
  breakdown: [
    {
      key: 'sections',
      label: 'Sections covered',
      points: 37,
      max: 40,
      explanation: '11 of 12.',
      nextStep: 'Add a slide on team.',
    },
    {
      key: 'figures',
      label: 'Key figures',
      points: 15,
      max: 20,
      explanation: 'A market size.',
      nextStep: 'State the raise.',
    },
    { key: 'structure', label: 'Structure', points: 20, max: 20, explanation: '12 slides.', nextStep: null },
    { key: 'readability', label: 'Readability', points: 0, max: 20, explanation: '12 pt.', nextStep: 'Set 30 pt.' },
  ],
  sections: analysisSectionKeys.map((key) => ({ key, label: analysisSectionLabels[key], found: true, pages: [2] })),
  figures: [
    { key: 'market_size', value: 40e9, unit: 'USD', text: '$40B', page: 5, scope: 'TAM', period: 'current' },
    { key: 'revenue', value: 3.5e6, unit: 'EUR', text: '€3,5 Mio.', page: 9, period: 'past', year: 2025 },
    { key: 'price', value: 149, unit: 'USD', text: '$149 a month', page: 7, period: 'current', per: 'month' },
  ],
  checks: [{ key: 'slide_count', passed: true, value: 12, target: '10–20 slides', message: 'The deck has 12 slides.' }],
  recommendations: ['Page 7 has 162 words; cut it to under 100 or move the detail to an appendix.'],
  hasText: true,
  version: 2,
  analyzerVersion: 1,
  computedAt: '2026-11-26T00:00:00.000Z',
};

describe('the validation report contract', () => {
  it('labels every section and figure key', () => {
    expect(Object.keys(analysisSectionLabels).sort()).toEqual([...analysisSectionKeys].sort());
    expect(Object.keys(figureLabels).sort()).toEqual([...figureKeys].sort());
  });

  it('accepts a report, money in its own currency and a check that could not be made', () => {
    const withNull = { ...report, checks: [{ ...report.checks[0], key: 'body_font_size', passed: null, value: null }] };
    expect(deckAnalysisResponseSchema.parse({ analysis: withNull })).toEqual({ analysis: withNull });
  });

  it('refuses a score out of range, a converted-looking unit and text the database cannot store', () => {
    const parse = (analysis: unknown) => deckAnalysisResponseSchema.safeParse({ analysis }).success;
    expect(parse({ ...report, score: 101 })).toBe(false);
    expect(parse({ ...report, figures: [{ ...report.figures[0], unit: 'money' }] })).toBe(false);
    expect(parse({ ...report, figures: [{ ...report.figures[0], text: 'a\ud800b' }] })).toBe(false);
    expect(parse({ ...report, computedAt: 'yesterday' })).toBe(false);
    expect(parse({ ...report, figures: [{ ...report.figures[0], period: 'someday' }] })).toBe(false);
    expect(parse({ ...report, figures: [{ ...report.figures[0], year: 20270 }] })).toBe(false);
  });
});

/** Intl puts a no-break space between a currency code and its amount. */
const plain = (text: string) => text.replace(/\u00a0/g, ' ');

describe('figure values', () => {
  it.each([
    [{ value: 40_000_000_000, unit: 'USD' }, 'USD 40B'],
    [{ value: 1_200_000, unit: 'USD' }, 'USD 1.2M'],
    [{ value: 3_500_000, unit: 'EUR' }, 'EUR 3.5M'],
    [{ value: 850, unit: 'GBP' }, 'GBP 850'],
    [{ value: 120, unit: 'percent' }, '120%'],
    [{ value: 12.5, unit: 'percent' }, '12.5%'],
    [{ value: 18, unit: 'months' }, '18 months'],
    [{ value: 1, unit: 'months' }, '1 month'],
    [{ value: 12_000, unit: 'count' }, '12,000'],
  ] as const)('%o reads %s', (figure, expected) => {
    expect(plain(formatFigureValue(figure))).toBe(expected);
  });
});
