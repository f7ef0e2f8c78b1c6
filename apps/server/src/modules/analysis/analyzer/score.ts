import {
  type AnalysisCheck,
  type AnalysisCheckKey,
  type AnalysisSection,
  analysisTargets,
  type DeckFigure,
  type FigureKey,
  type ScoreBreakdownItem,
} from '@deckvalid/contract/analysis';

/**
 * The score: four parts whose maxima add up to 100 and whose points add up to the score, so the
 * breakdown always explains it. Sections weigh most (a deck that does not tell the story fails
 * whatever its fonts); a deck without text earns only what its page count shows.
 */
export const scoreMaxima = { sections: 40, figures: 20, structure: 20, readability: 20 } as const;

/** Points per kind of figure present, and for sourcing the market (they add up to `scoreMaxima.figures`). */
const figurePoints: { keys: FigureKey[]; points: number }[] = [
  { keys: ['market_size'], points: 5 },
  { keys: ['revenue', 'arr', 'mrr', 'customers', 'growth'], points: 6 },
  { keys: ['raise'], points: 4 },
  { keys: ['burn', 'runway', 'pre_money', 'post_money'], points: 2 },
];
const sourcedMarketPoints = 3;

const clamp = (value: number) => Math.min(1, Math.max(0, value));

export function scoreDeck(input: {
  sections: AnalysisSection[];
  figures: DeckFigure[];
  checks: AnalysisCheck[];
  pagesWithText: number;
}): { score: number; breakdown: ScoreBreakdownItem[] } {
  const check = (key: AnalysisCheckKey) => input.checks.find((item) => item.key === key);
  const found = input.sections.filter((section) => section.found).length;
  const sections = Math.round((scoreMaxima.sections * found) / input.sections.length);

  const keys = new Set(input.figures.map((figure) => figure.key));
  const figures =
    figurePoints.reduce((sum, item) => sum + (item.keys.some((key) => keys.has(key)) ? item.points : 0), 0) +
    (check('sourced_market_figures')?.passed === true ? sourcedMarketPoints : 0);

  // Slide count: full marks in range, two points off per slide outside it.
  const slideCount = check('slide_count');
  const pageCount = typeof slideCount?.value === 'number' ? slideCount.value : 0;
  const outside = Math.max(0, analysisTargets.minSlides - pageCount, pageCount - analysisTargets.maxSlides);
  const structure = Math.max(0, 10 - 2 * outside) + (check('closing_contact_or_ask')?.passed === true ? 10 : 0);

  // Body size: nothing at 12 pt or less, full marks from the target up; words: the share of slides within the limit.
  const font = check('body_font_size');
  const fontPoints =
    typeof font?.value === 'number'
      ? Math.round(10 * clamp((font.value - 12) / (analysisTargets.minBodyFontSize - 12)))
      : 0;
  const wordy = check('words_per_slide');
  const wordyCount = Array.isArray(wordy?.value) ? wordy.value.length : 0;
  const wordPoints =
    wordy?.passed === null || input.pagesWithText === 0
      ? 0
      : Math.round(10 * clamp(1 - wordyCount / input.pagesWithText));
  const readability = fontPoints + wordPoints;

  const breakdown: ScoreBreakdownItem[] = [
    { key: 'sections', label: 'Sections covered', points: sections, max: scoreMaxima.sections },
    { key: 'figures', label: 'Key figures', points: figures, max: scoreMaxima.figures },
    { key: 'structure', label: 'Structure', points: structure, max: scoreMaxima.structure },
    { key: 'readability', label: 'Readability', points: readability, max: scoreMaxima.readability },
  ];
  return { score: breakdown.reduce((sum, item) => sum + item.points, 0), breakdown };
}
