import { type AnalysisSectionKey, analysisSectionKeys, deckAnalysisSchema } from '@deckvalid/contract/analysis';
import { describe, expect, it } from 'vitest';
import { analyzeDeck } from './analyze-deck';
import { type Fixture, inputOf, loadFixtures } from './labelled-set';

/**
 * Accuracy on the labelled set (fixtures/, one deck per file, labelled by hand before the rules
 * were written). Sections are scored over (deck, section) pairs: a section the analyser finds in
 * a deck whose labels have it is a true positive, wherever it put it; that is what the report's
 * section map and its "missing" callouts say. Pages are scored separately over (deck, section,
 * page) triples and printed with a lower bar, since a slide titled "Onboarding" between two
 * product slides is product to a reader and to no rule. A labelled figure counts as found only
 * with the exact key, value, unit, page and scope; figures found but not labelled are printed as
 * the figures' precision. Run with ANALYZER_ACCURACY_VERBOSE=1 to list every miss.
 *
 * The decks marked `heldOut` were written and labelled after the rules were tuned on the others
 * and were never tuned on: their figures, printed apart, are the honest estimate for new decks.
 * The bar applies to the whole set.
 */

const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
const isVerbose = process.env.ANALYZER_ACCURACY_VERBOSE === '1';

describe('analyser accuracy on the labelled set', () => {
  const fixtures = loadFixtures();

  it('holds at least 36 decks of 5 to 30 pages, some without any text', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(36);
    const sizes = fixtures.map((fixture) => fixture.pages.length);
    expect(Math.min(...sizes)).toBeLessThanOrEqual(5);
    expect(Math.max(...sizes)).toBeGreaterThanOrEqual(30);
    expect(fixtures.some((fixture) => fixture.pages.every((page) => page.text === ''))).toBe(true);
  });

  it('tells on every deck whether its figures agree, as a careful reader did', () => {
    const table: string[] = [];
    const wrong: string[] = [];
    for (const fixture of fixtures) {
      const check = analyzeDeck(inputOf(fixture)).checks.find((item) => item.key === 'figures_agree');
      const expected = fixture.labels.figuresAgree;
      const isRight = expected === undefined ? check?.passed !== false : check?.passed === expected;
      table.push(`${fixture.name}: ${String(check?.passed)}${expected === undefined ? '' : ` (labelled ${expected})`}`);
      if (!isRight) wrong.push(`${fixture.name}: found ${String(check?.passed)}: ${check?.message}`);
    }
    if (isVerbose) console.log(table.join('\n'));
    expect(wrong).toEqual([]);
    // The set holds decks that contradict themselves, and decks with enough to compare that do not.
    expect(fixtures.filter((fixture) => fixture.labels.figuresAgree === false).length).toBeGreaterThanOrEqual(2);
    expect(fixtures.filter((fixture) => fixture.labels.figuresAgree === true).length).toBeGreaterThanOrEqual(2);
  });

  it('finds sections and figures as a careful reader labelled them (each measure at least 0.9)', () => {
    const all = measure(fixtures);
    const tuning = measure(fixtures.filter((fixture) => !fixture.heldOut));
    const heldOut = measure(fixtures.filter((fixture) => fixture.heldOut));
    if (isVerbose) console.log(all.misses.join('\n'));
    for (const [name, result] of [
      ['whole set', all],
      ['tuning decks', tuning],
      ['held-out decks', heldOut],
    ] as const) {
      console.log(`analyser accuracy, ${name}: ${result.summary}`);
    }
    expect(all.figures.sectionPrecision).toBeGreaterThanOrEqual(0.9);
    expect(all.figures.sectionRecall).toBeGreaterThanOrEqual(0.9);
    // Exact: key, value, unit, page, scope, period and year all as labelled.
    expect(all.figures.figureExactness).toBeGreaterThanOrEqual(0.95);
    // Pages and unlabelled figures are the softer measures; see above.
    expect(all.figures.sectionPagePrecision).toBeGreaterThanOrEqual(0.8);
    expect(all.figures.sectionPageRecall).toBeGreaterThanOrEqual(0.8);
    expect(all.figures.figurePrecision).toBeGreaterThanOrEqual(0.8);
  });
});

type Figure = {
  key: string;
  value: number;
  unit: string;
  page: number;
  scope?: string | undefined;
  period: string;
  year?: number | undefined;
  per?: string | undefined;
  purpose?: string | undefined;
};
/** The same figure: key, value, unit, page and scope, and when it holds (period and year), what a price is per and what funds are for. */
const sameFigure = (a: Figure, b: Figure) =>
  a.key === b.key &&
  a.value === b.value &&
  a.unit === b.unit &&
  a.page === b.page &&
  a.scope === b.scope &&
  a.period === b.period &&
  a.year === b.year &&
  a.per === b.per &&
  a.purpose === b.purpose;

/** Section precision and recall (per deck and per page) and figure exactness and precision over `fixtures`. */
function measure(fixtures: Fixture[]) {
  const deckSections = { truePositive: 0, found: 0, labelled: 0 };
  const pageSections = { truePositive: 0, found: 0, labelled: 0 };
  const figureCounts = { exact: 0, labelled: 0, found: 0, foundLabelled: 0 };
  const misses: string[] = [];
  for (const fixture of fixtures) {
    const analysis = analyzeDeck(inputOf(fixture));
    expect(deckAnalysisSchema.omit({ version: true, computedAt: true }).parse(analysis)).toEqual(analysis);
    for (const key of analysisSectionKeys) {
      const labelledPages = fixture.labels.sections[key as AnalysisSectionKey] ?? [];
      const foundPages = analysis.sections.find((item) => item.key === key)?.pages ?? [];
      if (labelledPages.length > 0) deckSections.labelled += 1;
      if (foundPages.length > 0) deckSections.found += 1;
      if (labelledPages.length > 0 && foundPages.length > 0) deckSections.truePositive += 1;
      pageSections.labelled += labelledPages.length;
      pageSections.found += foundPages.length;
      pageSections.truePositive += foundPages.filter((page) => labelledPages.includes(page)).length;
      if (String(labelledPages) !== String(foundPages)) {
        misses.push(`${fixture.name} ${key}: labelled [${labelledPages}] found [${foundPages}]`);
      }
    }
    for (const label of fixture.labels.figures) {
      figureCounts.labelled += 1;
      if (analysis.figures.some((figure) => sameFigure(figure, label))) figureCounts.exact += 1;
      else misses.push(`${fixture.name} missed figure ${JSON.stringify(label)}`);
    }
    for (const figure of analysis.figures) {
      figureCounts.found += 1;
      if (fixture.labels.figures.some((label) => sameFigure(figure, label))) figureCounts.foundLabelled += 1;
      else misses.push(`${fixture.name} extra figure ${JSON.stringify(figure)}`);
    }
  }
  const figures = {
    sectionPrecision: ratio(deckSections.truePositive, deckSections.found),
    sectionRecall: ratio(deckSections.truePositive, deckSections.labelled),
    sectionPagePrecision: ratio(pageSections.truePositive, pageSections.found),
    sectionPageRecall: ratio(pageSections.truePositive, pageSections.labelled),
    figureExactness: ratio(figureCounts.exact, figureCounts.labelled),
    figurePrecision: ratio(figureCounts.foundLabelled, figureCounts.found),
  };
  const rounded = Object.fromEntries(Object.entries(figures).map(([key, value]) => [key, Number(value.toFixed(3))]));
  const summary = `${fixtures.length} decks, ${JSON.stringify(rounded)} (${deckSections.labelled} sections and ${figureCounts.labelled} figures labelled)`;
  return { figures, misses, summary };
}
