import { deckAnalysisSchema } from '@deckvalid/contract/analysis';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ANALYZER_VERSION, type AnalyzerInput, analyzeDeck, maxCharsPerPage } from './analyze-deck';
import { inputOf, loadFixtures } from './labelled-set';

const reportSchema = deckAnalysisSchema.omit({ version: true, computedAt: true });
const fixtures = loadFixtures();

function fixture(name: string) {
  const found = fixtures.find((item) => item.name === name);
  if (!found) throw new Error(`no fixture ${name}`);
  return inputOf(found);
}

describe('analyzeDeck', () => {
  it('gives the same deck the same report, whatever ran before it', () => {
    const input = fixture('invoicely');
    const first = JSON.stringify(analyzeDeck(input));
    for (const other of fixtures.slice(0, 5)) analyzeDeck(inputOf(other));
    expect(JSON.stringify(analyzeDeck(structuredClone(input)))).toBe(first);
  });

  it('reports every section and check in the contract order, with a breakdown that adds up to the score', () => {
    const report = analyzeDeck(fixture('invoicely'));
    expect(reportSchema.parse(report)).toEqual(report);
    expect(report.sections.map((section) => section.key)).toEqual([
      'purpose',
      'problem',
      'solution',
      'why_now',
      'market',
      'competition',
      'product',
      'business_model',
      'traction',
      'team',
      'financials',
      'ask',
    ]);
    expect(report.checks.map((check) => check.key)).toEqual([
      'slide_count',
      'body_font_size',
      'words_per_slide',
      'closing_contact_or_ask',
      'sourced_market_figures',
      'figures_agree',
    ]);
    expect(report.breakdown.reduce((sum, item) => sum + item.points, 0)).toBe(report.score);
    expect(report.breakdown.reduce((sum, item) => sum + item.max, 0)).toBe(100);
    expect(report.analyzerVersion).toBe(ANALYZER_VERSION);
    expect(report.sections.every((section) => section.found)).toBe(true);
  });

  it('reports a deck without text as such, scored on what can be checked', () => {
    const report = analyzeDeck(fixture('photon-images'));
    expect(report.hasText).toBe(false);
    expect(report.recommendations[0]).toMatch(/no readable text/);
    expect(report.sections.some((section) => section.found)).toBe(false);
    expect(report.figures).toEqual([]);
    expect(report.checks.find((check) => check.key === 'slide_count')?.passed).toBe(true);
    expect(report.score).toBe(10);
    expect(analyzeDeck({ pageCount: 0, pages: [] }).hasText).toBe(false);
  });

  it('explains every part of the score, and says what would raise each part short of full marks', () => {
    for (const item of fixtures) {
      for (const part of analyzeDeck(inputOf(item)).breakdown) {
        expect(part.explanation.length).toBeGreaterThan(20);
        expect(part.nextStep === null).toBe(part.points === part.max);
      }
    }
    const tallyo = analyzeDeck(fixture('tallyo')).breakdown;
    expect(tallyo.find((part) => part.key === 'sections')?.explanation).toMatch(/^12 of the 12 sections/);
    expect(tallyo.find((part) => part.key === 'readability')?.explanation).toMatch(/smallest body text 24 pt/);
  });

  it('counts a figure only a plan states as not stated', () => {
    const page = (number: number, text: string) => ({ number, text, title: null, minFontSize: 30, bodyFontSize: 30 });
    const planOnly = analyzeDeck({ pageCount: 1, asOfYear: 2026, pages: [page(1, 'Plan\n$4.5M ARR by 2027.')] });
    const stated = analyzeDeck({ pageCount: 1, asOfYear: 2026, pages: [page(1, 'Traction\n$1.2M ARR.')] });
    const figuresPart = (report: typeof planOnly) => report.breakdown.find((part) => part.key === 'figures');
    expect(figuresPart(planOnly)?.points).toBe(0);
    expect(figuresPart(planOnly)?.nextStep).toMatch(/only as a plan/);
    expect(figuresPart(stated)?.points).toBe(6);
    expect(figuresPart(stated)?.explanation).toMatch(/traction \(revenue, ARR, MRR, customers or growth\) \(6\)/);
  });

  it('names the page or the missing section in every recommendation', () => {
    for (const item of fixtures) {
      for (const sentence of analyzeDeck(inputOf(item)).recommendations) {
        expect(sentence).toMatch(/\b(page|pages|slides?)\b|\(p\. \d+\)|^Add a slide on|no readable text/i);
      }
    }
    const wordy = analyzeDeck(fixture('freightline')).recommendations;
    expect(wordy.some((sentence) => /^Page 2 has \d+ words/.test(sentence))).toBe(true);
    expect(analyzeDeck(fixture('matchbox')).recommendations).toContain(
      'Add a slide on competition: name the alternatives and why customers choose you.',
    );
  });

  it(`reads at most ${maxCharsPerPage.toLocaleString('en')} characters of a page, quickly`, () => {
    const hostile = `$1 ${'9'.repeat(50)} `.repeat(20_000);
    const started = performance.now();
    const report = analyzeDeck({
      pageCount: 3,
      pages: [1, 2, 3].map((number) => ({ number, text: hostile, title: null, minFontSize: 8, bodyFontSize: 8 })),
    });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(reportSchema.parse(report)).toEqual(report);
  });

  it('never throws on arbitrary text, and always answers a report the contract accepts', () => {
    const pageArbitrary = fc.record({
      text: fc.oneof(
        fc.string({ maxLength: 400 }),
        fc.string({ unit: 'binary', maxLength: 200 }),
        fc
          .array(
            fc.constantFrom(
              '$',
              '€',
              '2,300',
              '3,5',
              'Mio.',
              'M',
              'TAM',
              'ARR',
              '%',
              'runway',
              'months',
              '\n',
              ' ',
              '.',
              'Problem',
            ),
            { maxLength: 60 },
          )
          .map((parts) => parts.join(' ')),
      ),
      title: fc.option(fc.string({ maxLength: 60 }), { nil: null }),
      minFontSize: fc.option(fc.double({ min: 0, max: 200, noNaN: true }), { nil: null }),
      bodyFontSize: fc.option(fc.double({ min: 0, max: 200, noNaN: true }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(pageArbitrary, { maxLength: 6 }), (pages) => {
        const input: AnalyzerInput = {
          pageCount: pages.length,
          pages: pages.map((page, index) => ({ number: index + 1, ...page })),
        };
        const report = analyzeDeck(input);
        expect(reportSchema.parse(report)).toEqual(report);
        expect(report.breakdown.reduce((sum, item) => sum + item.points, 0)).toBe(report.score);
        expect(JSON.stringify(analyzeDeck(input))).toBe(JSON.stringify(report));
      }),
      { numRuns: 150 },
    );
  });
});
