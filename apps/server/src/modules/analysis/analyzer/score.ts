import {
  type AnalysisCheck,
  type AnalysisCheckKey,
  type AnalysisSection,
  analysisTargets,
  type DeckFigure,
  type FigureKey,
  figureLabels,
  isCurrentFigure,
  type ScoreBreakdownItem,
} from '@deckvalid/contract/analysis';
import { cut, pageList } from './checks';

/**
 * The score: four parts whose maxima add up to 100 and whose points add up to the score, so the
 * breakdown always explains it. Sections weigh most (a deck that does not tell the story fails
 * whatever its fonts); a deck without text earns only what its page count shows. Each part says
 * in words how it was counted and what would raise it most.
 */
export const scoreMaxima = { sections: 40, figures: 20, structure: 20, readability: 20 } as const;

/** Points per kind of figure stated as it stands now, and for sourcing the market (they add up to `scoreMaxima.figures`). */
const figurePoints: { name: string; keys: FigureKey[]; points: number }[] = [
  { name: 'a market size', keys: ['market_size'], points: 5 },
  {
    name: 'traction (revenue, ARR, MRR, customers or growth)',
    keys: ['revenue', 'arr', 'mrr', 'customers', 'growth'],
    points: 6,
  },
  { name: 'the amount being raised', keys: ['raise'], points: 4 },
  { name: 'burn, runway or valuation', keys: ['burn', 'runway', 'pre_money', 'post_money'], points: 2 },
];
const sourcedMarketPoints = 3;
/** Points a deck loses when its figures contradict each other (the `figures_agree` check). */
const contradictionPenalty = 4;

const clamp = (value: number) => Math.min(1, Math.max(0, value));
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;
/** "a, b and c" */
const joined = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

export function scoreDeck(input: {
  sections: AnalysisSection[];
  figures: DeckFigure[];
  checks: AnalysisCheck[];
  pagesWithText: number;
}): { score: number; breakdown: ScoreBreakdownItem[] } {
  const check = (key: AnalysisCheckKey) => input.checks.find((item) => item.key === key);
  const breakdown = [
    sectionsPart(input.sections),
    figuresPart(input.figures, check('sourced_market_figures'), check('figures_agree')),
    structurePart(check('slide_count'), check('closing_contact_or_ask')),
    readabilityPart(check('body_font_size'), check('words_per_slide'), input.pagesWithText),
  ];
  return { score: breakdown.reduce((sum, item) => sum + item.points, 0), breakdown };
}

function sectionsPart(sections: AnalysisSection[]): ScoreBreakdownItem {
  const found = sections.filter((section) => section.found);
  const missing = sections.filter((section) => !section.found).map((section) => section.label.toLowerCase());
  const points = Math.round((scoreMaxima.sections * found.length) / sections.length);
  return {
    key: 'sections',
    label: 'Sections covered',
    points,
    max: scoreMaxima.sections,
    explanation: `${found.length} of the ${sections.length} sections of a complete deck are told; the ${scoreMaxima.sections} points are shared among them equally${
      missing.length > 0 ? `. Missing: ${joined(missing)}` : ''
    }.`,
    nextStep: missing.length > 0 ? `Add a slide on ${missing[0]}.` : null,
  };
}

function figuresPart(
  figures: DeckFigure[],
  sourced: AnalysisCheck | undefined,
  agree: AnalysisCheck | undefined,
): ScoreBreakdownItem {
  // A figure only a plan or the past states is not the business as it stands. A market's size is
  // an estimate whichever year it is for, so it counts in any period.
  const keys = new Set(
    figures.filter((figure) => isCurrentFigure(figure) || figure.key === 'market_size').map((figure) => figure.key),
  );
  const earned = figurePoints.filter((item) => item.keys.some((key) => keys.has(key)));
  const missed = figurePoints.filter((item) => !earned.includes(item));
  const isSourced = sourced?.passed === true;
  const isContradicting = agree?.passed === false;
  const points = Math.max(
    0,
    earned.reduce((sum, item) => sum + item.points, 0) +
      (isSourced ? sourcedMarketPoints : 0) -
      (isContradicting ? contradictionPenalty : 0),
  );
  const parts = [
    ...earned.map((item) => `${item.name} (${item.points})`),
    ...(isSourced ? [`a source beside the market figures (${sourcedMarketPoints})`] : []),
  ];
  const onlyPlanned = missed.filter((item) =>
    item.keys.some((key) => figures.some((figure) => figure.key === key && figure.period === 'projected')),
  );
  let nextStep: string | null = null;
  // A figure the deck gives only as a plan is the nearest to stating: say so first.
  const planned = onlyPlanned[0];
  const plannedKey = planned?.keys.find((key) =>
    figures.some((figure) => figure.key === key && figure.period === 'projected'),
  );
  if (planned && plannedKey) {
    nextStep = `State ${planned.name} as it is today: the deck gives ${figureLabels[plannedKey].toLowerCase()} only as a plan.`;
  } else if (missed[0]) {
    nextStep = `State ${missed[0].name}.`;
  } else if (!isSourced) {
    nextStep = 'Name a source and a date beside the market figures.';
  }
  const contradiction = isContradicting
    ? ` Less ${contradictionPenalty} because figures contradict each other: ${agree?.message}`
    : '';
  if (isContradicting) nextStep = 'Make the figures that contradict each other agree, or say why they differ.';
  return {
    key: 'figures',
    label: 'Key figures',
    points,
    max: scoreMaxima.figures,
    explanation: cut(
      `Counts the figures stated as they stand today (history and plans do not count, a market size for any year does): ${
        parts.length > 0 ? `${joined(parts)}` : 'none found'
      }${missed.length > 0 ? `; not stated: ${joined(missed.map((item) => `${item.name} (${item.points})`))}` : ''}.${contradiction}`,
      1_000,
    ),
    nextStep,
  };
}

function structurePart(slideCount: AnalysisCheck | undefined, closing: AnalysisCheck | undefined): ScoreBreakdownItem {
  const pageCount = typeof slideCount?.value === 'number' ? slideCount.value : 0;
  const { minSlides, maxSlides } = analysisTargets;
  // Slide count: full marks in range, two points off per slide outside it.
  const outside = Math.max(0, minSlides - pageCount, pageCount - maxSlides);
  const countPoints = Math.max(0, 10 - 2 * outside);
  const closingPoints = closing?.passed === true ? 10 : 0;
  let nextStep: string | null = null;
  if (closingPoints === 0) nextStep = 'End with a slide that gives a contact or the ask.';
  else if (outside > 0) nextStep = `Bring the deck to ${minSlides}–${maxSlides} slides.`;
  return {
    key: 'structure',
    label: 'Structure',
    points: countPoints + closingPoints,
    max: scoreMaxima.structure,
    explanation: `Slide count: ${countPoints} of 10 (${plural(pageCount, 'slide')}; ${minSlides}–${maxSlides} earns all 10, each slide outside costs 2). A contact or the ask on the last slides: ${closingPoints} of 10.`,
    nextStep,
  };
}

function readabilityPart(
  font: AnalysisCheck | undefined,
  wordy: AnalysisCheck | undefined,
  pagesWithText: number,
): ScoreBreakdownItem {
  const target = analysisTargets.minBodyFontSize;
  // Body size: nothing at 12 pt or less, full marks from the target up; words: the share of slides within the limit.
  const fontPoints = typeof font?.value === 'number' ? Math.round(10 * clamp((font.value - 12) / (target - 12))) : 0;
  const wordyPages = Array.isArray(wordy?.value) ? wordy.value : [];
  const wordPoints =
    wordy?.passed === null || pagesWithText === 0 ? 0 : Math.round(10 * clamp(1 - wordyPages.length / pagesWithText));
  const fontWords =
    typeof font?.value === 'number' ? `smallest body text ${font.value} pt` : 'no text whose size could be read';
  let nextStep: string | null = null;
  if (fontPoints + wordPoints === scoreMaxima.readability) nextStep = null;
  else if (typeof font?.value !== 'number' || pagesWithText === 0) {
    nextStep = 'Export the deck with live text, so its type size and words can be measured.';
  } else if (fontPoints < 10) nextStep = `Set body text at ${target} pt or more.`;
  else nextStep = `Cut ${pageList(wordyPages)} to ${analysisTargets.maxWordsPerSlide} words or fewer.`;
  return {
    key: 'readability',
    label: 'Readability',
    points: fontPoints + wordPoints,
    max: scoreMaxima.readability,
    explanation: `Body text size: ${fontPoints} of 10 (${fontWords}; 12 pt earns nothing, ${target} pt or more all 10). Words per slide: ${wordPoints} of 10 (${
      wordyPages.length === 0 ? 'no slide' : plural(wordyPages.length, 'slide')
    } over ${analysisTargets.maxWordsPerSlide} words).`,
    nextStep,
  };
}
