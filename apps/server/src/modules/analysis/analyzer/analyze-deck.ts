import {
  type AnalysisSection,
  type AnalysisSectionKey,
  analysisSectionKeys,
  analysisSectionLabels,
  type DeckAnalysis,
  type DeckFigure,
} from '@deckvalid/contract/analysis';
import {
  bodyFontSizeCheck,
  type CheckPage,
  closingCheck,
  figuresAgreeCheck,
  pageList,
  slideCountCheck,
  sourcedMarketCheck,
  wordCountOf,
  wordsPerSlideCheck,
} from './checks';
import { figuresOfPage, type PageFigure, settlePeriods } from './figures';
import { type ReadText, readText, type Token } from './nlp';
import { scoreDeck } from './score';
import { sectionsOfPages, splitTitle } from './sections';

/**
 * The analyser of the validation report (issue 19): a pure function of the processed deck, so the
 * same deck always gets the same report. Raise the version whenever a change to the rules would
 * change a report; stored reports by an older version are then computed again.
 */
export const ANALYZER_VERSION = 2;

/** One processed page as the PDF parser left it. */
export type AnalyzerPage = {
  /** 1-based. */
  number: number;
  /** The page's text, lines ended by "\n"; '' for an image-only page. */
  text: string;
  /** The page's largest-font line as the parser found it; null to take the first line. */
  title: string | null;
  /** The smallest font size on the page, in points. */
  minFontSize: number | null;
  /** The size that covers most characters on the page, in points. */
  bodyFontSize: number | null;
};

export type AnalyzerInput = {
  pageCount: number;
  pages: AnalyzerPage[];
  /**
   * The year the deck speaks from: the year its version was read. A figure the deck gives for an
   * earlier year is history, for a later one a plan. Without it, only words say when.
   */
  asOfYear?: number;
};

export type AnalyzerOutput = Omit<DeckAnalysis, 'version' | 'computedAt'>;

/**
 * Text read per page, and pages read per deck: a hostile deck (a megabyte of digits on one page,
 * thousands of pages) costs no more than a long real one. A real slide holds far less than this.
 */
export const maxCharsPerPage = 20_000;
export const maxPages = 500;

const emptyRead: ReadText = { text: '', tokens: [], entities: [] };

/** A page as the analysis reads it: its text within the cap, read into tokens and entities. */
type ReadPage = AnalyzerPage & {
  text: string;
  hasText: boolean;
  read: ReadText;
  titleRange: [number, number] | null;
};

/** `text` cut to `max` UTF-16 units without splitting a surrogate pair. */
function capped(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\ud800-\udbff]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/** Sentences naming what each missing section is for. */
const missingAdvice: Record<AnalysisSectionKey, string> = {
  purpose: 'say in one sentence what the company does',
  problem: 'show the pain the customer has today',
  solution: 'show how the company removes that pain',
  why_now: 'say why this is possible or urgent now',
  market: 'size the market, ideally as TAM, SAM and SOM with sources',
  competition: 'name the alternatives and why customers choose you',
  product: 'show the product and how it works',
  business_model: 'say how the company makes money and what it charges',
  traction: 'show customers, revenue or growth so far',
  team: 'introduce the founders and why they can win',
  financials: 'give the plan: revenue, burn and runway',
  ask: 'state the amount raised and what it buys',
};

/**
 * The validation report of a deck, less the version and time the caller stamps on it. Never
 * throws on text: a deck without any is reported as such and scored on what can be checked.
 */
export function analyzeDeck(input: AnalyzerInput): AnalyzerOutput {
  const steps = analyzeDeckInSteps(input);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * `analyzeDeck` as steps: it pauses after reading each page and after finding each page's
 * figures, the work that grows with the deck. A server drives it with a turn of the event loop
 * between steps (analysis.service.ts), so a long deck (or a hostile one at the size limits) delays
 * other requests by one page's work at most, never by the whole deck's.
 */
export function* analyzeDeckInSteps(input: AnalyzerInput): Generator<void, AnalyzerOutput, void> {
  const pages: ReadPage[] = [];
  const ordered = [...input.pages]
    .filter((page) => Number.isInteger(page.number) && page.number >= 1)
    .sort((a, b) => a.number - b.number)
    .slice(0, maxPages);
  for (const page of ordered) {
    const text = capped(page.text ?? '', maxCharsPerPage);
    const hasText = text.trim() !== '';
    const read = hasText ? readText(text) : emptyRead;
    const title = splitTitle({ title: page.title, read }).title;
    const titleRange: [number, number] | null =
      title.length > 0 ? [read.tokens.indexOf(title[0] as Token), read.tokens.indexOf(title.at(-1) as Token)] : null;
    pages.push({ ...page, text, hasText, read, titleRange });
    yield;
  }
  const pageCount = Math.max(input.pageCount, pages.at(-1)?.number ?? 0);
  const hasText = pages.some((page) => page.hasText);

  // Figures named by their own words first; they are evidence for the sections (a TAM says market).
  const { asOfYear } = input;
  const namedFigures: PageFigure[][] = [];
  for (const page of pages) {
    namedFigures.push(
      figuresOfPage(page.read, page.number, { isMarketPage: false, titleRange: page.titleRange, asOfYear }),
    );
    yield;
  }
  const sectionsByPage = sectionsOfPages(
    pages.map((page, index) => ({
      number: page.number,
      title: page.title,
      read: page.read,
      figures: namedFigures[index] ?? [],
    })),
  );
  // Then again knowing the market pages, where a sum named by nothing is the market's size, and
  // the business-model pages, where a sum "a month" or "per seat" is a price.
  const pageFigures: PageFigure[] = pages.flatMap((page, index) => {
    const sections = sectionsByPage.get(page.number) ?? [];
    const isMarketPage = sections.includes('market');
    const isPricingPage = sections.includes('business_model');
    const hasNumbers = page.read.tokens.some((token) => token.type === 'currency' || token.type === 'number');
    return (isMarketPage || isPricingPage) && hasNumbers
      ? figuresOfPage(page.read, page.number, { isMarketPage, isPricingPage, titleRange: page.titleRange, asOfYear })
      : (namedFigures[index] ?? []);
  });
  const figures: DeckFigure[] = settlePeriods(pageFigures);

  const sections: AnalysisSection[] = analysisSectionKeys.map((key) => {
    const sectionPages = pages
      .filter((page) => sectionsByPage.get(page.number)?.includes(key))
      .map((page) => page.number);
    return { key, label: analysisSectionLabels[key], found: sectionPages.length > 0, pages: sectionPages };
  });

  const checkPages: CheckPage[] = pages.map((page) => ({
    number: page.number,
    read: page.read,
    bodyFontSize: page.bodyFontSize,
    hasText: page.hasText,
  }));
  const askPages = sections.find((section) => section.key === 'ask')?.pages ?? [];
  const checks = [
    slideCountCheck(pageCount),
    bodyFontSizeCheck(checkPages),
    wordsPerSlideCheck(checkPages),
    closingCheck(checkPages, pageCount, askPages),
    sourcedMarketCheck(checkPages, figures),
    figuresAgreeCheck(figures, checkPages),
  ];
  const { score, breakdown } = scoreDeck({
    sections,
    figures,
    checks,
    pagesWithText: pages.filter((page) => page.hasText).length,
  });

  return {
    score,
    breakdown,
    sections,
    figures,
    checks,
    recommendations: recommend({ hasText, sections, checkPages, pageCount, checks }),
    hasText,
    analyzerVersion: ANALYZER_VERSION,
  };
}

/** Plain sentences, each naming the page or the missing section, in the report's order. */
function recommend(input: {
  hasText: boolean;
  sections: AnalysisSection[];
  checkPages: CheckPage[];
  pageCount: number;
  checks: ReturnType<typeof slideCountCheck>[];
}): string[] {
  const sentences: string[] = [];
  const check = (key: string) => input.checks.find((item) => item.key === key);
  if (!input.hasText) {
    sentences.push(
      'The deck has no readable text: every page is an image. Export it from your slides app with live text, so investors can search it and this report can read its sections and figures.',
    );
  } else {
    for (const section of input.sections.filter((item) => !item.found)) {
      sentences.push(`Add a slide on ${section.label.toLowerCase()}: ${missingAdvice[section.key]}.`);
    }
    const imageOnly = input.checkPages.filter((page) => !page.hasText).map((page) => page.number);
    if (imageOnly.length > 0) {
      sentences.push(
        `${imageOnly.length === 1 ? 'Page' : 'Pages'} ${imageOnly.join(', ')} ${imageOnly.length === 1 ? 'has' : 'have'} no readable text; if ${imageOnly.length === 1 ? 'it holds' : 'they hold'} words, export them as text so investors can search them.`,
      );
    }
  }
  const slideCount = check('slide_count');
  if (slideCount?.passed === false) sentences.push(`${slideCount.message}`);
  const font = check('body_font_size');
  if (font?.passed === false) {
    const small = input.checkPages
      .filter((page) => page.bodyFontSize !== null && page.bodyFontSize < 30 && page.hasText)
      .map((page) => page.number);
    sentences.push(
      `${small.length === 1 ? 'Page' : 'Pages'} ${small.join(', ')} ${small.length === 1 ? 'sets' : 'set'} body text below 30 pt (the smallest is ${font.value} pt); larger text forces fewer, stronger words.`,
    );
  }
  for (const page of input.checkPages) {
    const words = wordCountOf(page.read);
    if (words > 100) {
      sentences.push(`Page ${page.number} has ${words} words; cut it to under 100 or move the detail to an appendix.`);
    }
  }
  const closing = check('closing_contact_or_ask');
  if (closing?.passed === false) {
    sentences.push(
      `End with a way to reach you or the ask: none of the last slides (from page ${Math.max(1, input.pageCount - 2)}) has either.`,
    );
  }
  const agree = check('figures_agree');
  if (agree?.passed === false) {
    sentences.push(`Make the figures agree, or say why they differ. ${agree.message}`);
  }
  const sourced = check('sourced_market_figures');
  if (sourced?.passed === false && Array.isArray(sourced.value)) {
    const list = pageList(sourced.value);
    sentences.push(`Name a source and a date for the market figures on ${list}.`);
  }
  return sentences;
}
