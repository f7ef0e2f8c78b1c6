import type { AnalysisSection, DeckFigure } from '@deckvalid/contract/analysis';
import type { DeckComparison } from '@deckvalid/contract/deck-compare';
import { describe, expect, it } from 'vitest';
import { compareVersions, diffWords, summariseComparison } from './version-compare';

const pages = (...texts: string[]) => texts.map((text, index) => ({ number: index + 1, text }));
const section = (key: AnalysisSection['key'], found: boolean, onPages: number[]): AnalysisSection => ({
  key,
  label: key,
  found,
  pages: onPages,
});
const arr = (value: number, page: number): DeckFigure => ({
  key: 'arr',
  value,
  unit: 'USD',
  text: `$${value / 1_000_000}M ARR`,
  page,
  period: 'current',
});

describe('what changed between two versions', () => {
  it('tells moved, changed, added and removed pages, in the newer order', () => {
    const from = pages(
      'Ledgerleaf invoices that pay themselves',
      'The problem small firms wait sixty days to be paid',
      'Our market forty million small firms',
      'Our office dog Biscuit',
    );
    const to = pages(
      'Ledgerleaf invoices that pay themselves',
      'Our market forty million small firms',
      'The problem small firms wait ninety days to be paid',
      'The team two founders from a large bank',
    );
    const comparison = compareVersions(
      { number: 1, pages: from, report: { score: 60, sections: [], figures: [] } },
      { number: 2, pages: to, report: { score: 70, sections: [], figures: [] } },
    );
    expect(comparison.unchangedPages).toBe(1);
    expect(comparison.pages).toEqual([
      { kind: 'moved', fromPage: 3, toPage: 2 },
      {
        kind: 'changed',
        fromPage: 2,
        toPage: 3,
        changes: [
          { kind: 'same', text: 'The problem small firms wait' },
          { kind: 'removed', text: 'sixty' },
          { kind: 'added', text: 'ninety' },
          { kind: 'same', text: 'days to be paid' },
        ],
      },
      { kind: 'removed', fromPage: 4 },
      { kind: 'added', toPage: 4 },
    ]);
    expect(comparison.score).toEqual({ before: 60, after: 70 });
  });

  it('names figures that changed, appeared or went, and sections found or lost', () => {
    const comparison = compareVersions(
      {
        number: 1,
        pages: [],
        report: {
          score: 50,
          sections: [section('traction', true, [8]), section('team', false, [])],
          figures: [arr(1_200_000, 8), { ...arr(900_000, 9), key: 'raise', text: '$0.9M' }],
        },
      },
      {
        number: 2,
        pages: [],
        report: {
          score: 58,
          sections: [section('traction', true, [8]), section('team', true, [10])],
          figures: [arr(1_600_000, 8), { ...arr(3, 4), key: 'customers', unit: 'count', text: '3 customers' }],
        },
      },
    );
    expect(comparison.figures.map((figure) => figure.summary.replace(/\u00a0/g, ' '))).toEqual([
      'Annual recurring revenue USD 1.2M → USD 1.6M, p. 8',
      'Paying customers 3, p. 4 (new)',
      'Raising USD 900K no longer stated (was p. 9)',
    ]);
    expect(comparison.sections).toEqual([
      { key: 'team', label: 'Team', before: { found: false, pages: [] }, after: { found: true, pages: [10] } },
    ]);
  });

  it('diffs words, and shows a very long page as replaced', () => {
    expect(diffWords('a b c', 'a c d')).toEqual([
      { kind: 'same', text: 'a' },
      { kind: 'removed', text: 'b' },
      { kind: 'same', text: 'c' },
      { kind: 'added', text: 'd' },
    ]);
    const long = Array.from({ length: 2_500 }, (_, index) => `w${index}`).join(' ');
    expect(diffWords(long, `${long} more`).map((run) => run.kind)).toEqual(['removed', 'added']);
  });
});

describe('a comparison in one sentence', () => {
  const figure = (summary: string) => ({ key: 'arr' as const, label: 'ARR', before: null, after: null, summary });
  const comparison = (overrides: Partial<DeckComparison>): DeckComparison => ({
    from: 1,
    to: 2,
    pages: [],
    unchangedPages: 3,
    score: { before: 60, after: 60 },
    sections: [],
    figures: [],
    ...overrides,
  });

  it('counts pages by kind, names two figures and counts the rest, and gives the score when it moved', () => {
    const summary = summariseComparison(
      comparison({
        pages: [
          { kind: 'changed', fromPage: 2, toPage: 2, changes: [] },
          { kind: 'changed', fromPage: 3, toPage: 3, changes: [] },
          { kind: 'added', toPage: 4 },
          { kind: 'moved', fromPage: 5, toPage: 1 },
        ],
        figures: [figure('ARR $1.2M → $1.6M, p. 2'), figure('Customers 40 → 55, p. 3'), figure('Burn, p. 6')],
        score: { before: 61, after: 68 },
      }),
    );
    expect(summary).toBe(
      '2 pages changed, 1 added, 1 moved; ARR $1.2M → $1.6M, p. 2; Customers 40 → 55, p. 3; 1 more figure; score 61 → 68',
    );
  });

  it('says so when no page changed, and leaves out a score that stayed', () => {
    expect(summariseComparison(comparison({ pages: [{ kind: 'added', toPage: 4 }] }))).toBe('1 page added');
    expect(summariseComparison(comparison({}))).toBe('No page changed');
  });
});
