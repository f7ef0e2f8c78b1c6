import {
  type AnalysisCheck,
  analysisTargets,
  type DeckFigure,
  type FigureKey,
  formatFigureValue,
  isCurrentFigure,
} from '@deckvalid/contract/analysis';
import type { ReadText } from './nlp';

/**
 * The structural checks of a deck: slide count, body text size, words per slide, a contact or
 * the ask at the end, sources for market figures, and figures that agree with each other. Each says what it found, naming pages, and
 * is null (not failed) when the deck gives nothing to check it on.
 */

/** A page as the checks see it. */
export type CheckPage = {
  number: number;
  read: ReadText;
  bodyFontSize: number | null;
  hasText: boolean;
};

/** Words on a page: wink's tokens less punctuation and symbols. */
export function wordCountOf(read: ReadText): number {
  return read.tokens.filter((token) => token.type !== 'punctuation' && token.type !== 'symbol').length;
}

/** "pages 3, 5 and 7" */
export function pageList(pages: number[]): string {
  if (pages.length === 1) return `page ${pages[0]}`;
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages.at(-1)}`;
}

const roundTenth = (value: number) => Math.round(value * 10) / 10;

export function slideCountCheck(pageCount: number): AnalysisCheck {
  const { minSlides, maxSlides } = analysisTargets;
  const passed = pageCount >= minSlides && pageCount <= maxSlides;
  const advice =
    pageCount < minSlides ? 'too few to tell the whole story' : 'more than an investor reads in one sitting';
  return {
    key: 'slide_count',
    passed,
    value: pageCount,
    target: `${minSlides}–${maxSlides} slides`,
    message: passed
      ? `The deck has ${pageCount} slides, within ${minSlides}–${maxSlides}.`
      : `The deck has ${pageCount} slides, ${advice}; aim for ${minSlides}–${maxSlides}.`,
  };
}

export function bodyFontSizeCheck(pages: CheckPage[]): AnalysisCheck {
  const target = `body text of ${analysisTargets.minBodyFontSize} pt or more`;
  const sized = pages.filter((page) => page.hasText && page.bodyFontSize !== null && page.bodyFontSize > 0);
  if (sized.length === 0) {
    return {
      key: 'body_font_size',
      passed: null,
      value: null,
      target,
      message: 'No page has text whose size could be read.',
    };
  }
  const smallest = sized.reduce((min, page) => ((page.bodyFontSize ?? 0) < (min.bodyFontSize ?? 0) ? page : min));
  const size = roundTenth(smallest.bodyFontSize ?? 0);
  const passed = size >= analysisTargets.minBodyFontSize;
  return {
    key: 'body_font_size',
    passed,
    value: size,
    target,
    message: passed
      ? `The smallest body text is ${size} pt (page ${smallest.number}).`
      : `The smallest body text is ${size} pt (page ${smallest.number}); Kawasaki's rule asks for ${analysisTargets.minBodyFontSize} pt so slides read at a glance.`,
  };
}

export function wordsPerSlideCheck(pages: CheckPage[]): AnalysisCheck {
  const limit = analysisTargets.maxWordsPerSlide;
  const target = `at most ${limit} words per slide`;
  if (!pages.some((page) => page.hasText)) {
    return { key: 'words_per_slide', passed: null, value: null, target, message: 'No page has readable words.' };
  }
  const wordy = pages.filter((page) => wordCountOf(page.read) > limit).map((page) => page.number);
  return {
    key: 'words_per_slide',
    passed: wordy.length === 0,
    value: wordy,
    target,
    message:
      wordy.length === 0
        ? `Every slide has at most ${limit} words.`
        : `${capitalise(pageList(wordy))} ${wordy.length === 1 ? 'has' : 'have'} more than ${limit} words.`,
  };
}

const contactWords = /\b(contact|kontakt|contacto|contato|get in touch|let's talk|reach us)\b/i;
const phoneNumber = /\+?\d[\d ()-]{7,}\d/;

/** Whether a page carries a way to reach the founders: an e-mail address, a web address, a phone number or the word. */
export function hasContact(read: ReadText): boolean {
  return (
    read.tokens.some((token) => token.type === 'email' || token.type === 'url') ||
    contactWords.test(read.text) ||
    phoneNumber.test(read.text)
  );
}

export function closingCheck(pages: CheckPage[], pageCount: number, askPages: number[]): AnalysisCheck {
  const closing = analysisTargets.closingSlides;
  const target = `a contact or the ask on the last ${closing} slides`;
  if (!pages.some((page) => page.hasText)) {
    return { key: 'closing_contact_or_ask', passed: null, value: null, target, message: 'No page has readable text.' };
  }
  const firstClosing = Math.max(1, pageCount - closing + 1);
  const found = pages
    .filter((page) => page.number >= firstClosing && (hasContact(page.read) || askPages.includes(page.number)))
    .map((page) => page.number);
  const last = found.at(-1);
  return {
    key: 'closing_contact_or_ask',
    passed: last !== undefined,
    value: last ?? null,
    target,
    message:
      last !== undefined
        ? `Page ${last} gives a contact or the ask.`
        : `None of the last ${closing} slides (from page ${firstClosing}) gives a contact or the ask.`,
  };
}

/** A source or a date next to a figure: "Source:", "(Gartner, 2023)", "by 2030", "est." */
const sourceWords = /\b(sources?|quelle|fuente|fonte|according to|est\.|estimated|report|research)\b/i;
const year = /\b(19|20)\d\d\b/;

export function sourcedMarketCheck(pages: CheckPage[], figures: DeckFigure[]): AnalysisCheck {
  const target = 'a source or date beside every market figure';
  const marketPages = [
    ...new Set(figures.filter((figure) => figure.key === 'market_size').map((figure) => figure.page)),
  ];
  if (marketPages.length === 0) {
    return {
      key: 'sourced_market_figures',
      passed: null,
      value: null,
      target,
      message: 'The deck states no market size.',
    };
  }
  const unsourced = marketPages.filter((number) => {
    const text = pages.find((page) => page.number === number)?.read.text ?? '';
    return !sourceWords.test(text) && !year.test(text);
  });
  return {
    key: 'sourced_market_figures',
    passed: unsourced.length === 0,
    value: unsourced,
    target,
    message:
      unsourced.length === 0
        ? 'Every market figure has a source or a date beside it.'
        : `The market figures on ${pageList(unsourced)} name no source or date.`,
  };
}

export const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The bounds within which two statements of one quantity still agree. */
export const agreementTolerance = {
  /** ARR against MRR × 12. */
  recurring: 0.15,
  /** Post-money against pre-money plus the raise. */
  valuation: 0.02,
  /** Runway against cash ÷ burn: the larger of two months or a fifth. */
  runwayMonths: 2,
  runwayShare: 0.2,
  /** Paying customers × the price against yearly revenue, as a factor either way. */
  revenueFactor: 2,
  /** A stated growth rate against the two figures it comes from, in points: the larger of 10 or a fifth. */
  growthPoints: 10,
  growthShare: 0.2,
} as const;

/** One pair of figures compared: whether they agree, and the sentence that says so when not. */
type Comparison = { agrees: boolean; message: string; pages: number[] };

/** A figure as the deck wrote it, with its page: “$2.4M ARR” (p. 5). */
const quoted = (figure: DeckFigure) => `“${figure.text}” (p. ${figure.page})`;
const amount = (value: number, figure: DeckFigure) => formatFigureValue({ value, unit: figure.unit });
/** How far apart two amounts are, as a share of the larger. */
const gap = (a: number, b: number) => Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b), 1e-9);

/**
 * Whether a price is all a customer pays, as far as the deck says: not an option, a starting
 * price, one part of a sum ("$2,000 per month plus $4 per load") or per something other than the
 * customer ("$5,000 a month per vessel"). Only such a price times the customers is revenue.
 */
function isWholePrice(price: DeckFigure, pages: CheckPage[]): boolean {
  const text = pages.find((page) => page.number === price.page)?.read.text ?? '';
  const at = text.indexOf(price.text);
  if (at === -1) return false;
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(at + price.text.length, at + price.text.length + 40);
  return (
    !/\b(optional|from|starting|add-on|up to)\b/i.test(before) &&
    !/^\s*(?:(?:per|a|an|\/)\s*\w+\s*)?(plus|and|\+|per|each|\/)/i.test(after)
  );
}

/** Yearly revenue as the deck states it now: ARR, else revenue, else MRR × 12. */
function yearlyRevenue(current: DeckFigure[]): { figure: DeckFigure; value: number } | null {
  const arr = current.find((figure) => figure.key === 'arr');
  if (arr) return { figure: arr, value: arr.value };
  const revenue = current.find((figure) => figure.key === 'revenue');
  if (revenue) return { figure: revenue, value: revenue.value };
  const mrr = current.find((figure) => figure.key === 'mrr');
  return mrr ? { figure: mrr, value: mrr.value * 12 } : null;
}

/**
 * Whether the deck's numbers agree with each other, where it states enough to compare: ARR
 * against MRR × 12, TAM ≥ SAM ≥ SOM, post-money against pre-money plus the raise, runway
 * against cash ÷ burn, paying customers × the price against yearly revenue, and a growth rate
 * against the two figures it comes from. Only figures in one currency are compared, and only
 * current ones (growth reads its earlier figure from the history). A deck with nothing to
 * compare is not measured (null), not passed.
 */
export function figuresAgreeCheck(figures: DeckFigure[], pages: CheckPage[] = []): AnalysisCheck {
  const target = 'figures that agree with each other';
  const current = figures.filter(isCurrentFigure);
  const first = (key: FigureKey) => current.find((figure) => figure.key === key);
  const comparisons: Comparison[] = [];

  const arr = first('arr');
  const mrr = first('mrr');
  if (arr && mrr && arr.unit === mrr.unit) {
    const implied = mrr.value * 12;
    comparisons.push({
      agrees: gap(arr.value, implied) <= agreementTolerance.recurring,
      message: `ARR ${quoted(arr)} is not MRR ${quoted(mrr)} × 12 = ${amount(implied, mrr)}`,
      pages: [arr.page, mrr.page],
    });
  }

  const scoped = (scope: 'TAM' | 'SAM' | 'SOM') =>
    current.find((figure) => figure.key === 'market_size' && figure.scope === scope);
  const markets = (['TAM', 'SAM', 'SOM'] as const).map(scoped).filter((figure) => figure !== undefined);
  for (const [index, wider] of markets.entries()) {
    for (const narrower of markets.slice(index + 1)) {
      if (wider.unit !== narrower.unit) continue;
      comparisons.push({
        agrees: narrower.value <= wider.value,
        message: `${narrower.scope} ${quoted(narrower)} is larger than ${wider.scope} ${quoted(wider)}`,
        pages: [wider.page, narrower.page],
      });
    }
  }

  const pre = first('pre_money');
  const post = first('post_money');
  const raise = first('raise');
  if (pre && post && raise && pre.unit === post.unit && raise.unit === post.unit) {
    const implied = pre.value + raise.value;
    comparisons.push({
      agrees: gap(post.value, implied) <= agreementTolerance.valuation,
      message: `post-money ${quoted(post)} is not pre-money ${quoted(pre)} plus the raise ${quoted(raise)} = ${amount(implied, post)}`,
      pages: [pre.page, raise.page, post.page],
    });
  }

  const runway = first('runway');
  const cash = first('cash');
  const burn = first('burn');
  if (runway && cash && burn && cash.unit === burn.unit && burn.value > 0) {
    const implied = cash.value / burn.value;
    const tolerance = Math.max(agreementTolerance.runwayMonths, agreementTolerance.runwayShare * runway.value);
    comparisons.push({
      agrees: Math.abs(runway.value - implied) <= tolerance,
      message: `runway ${quoted(runway)} is not cash ${quoted(cash)} ÷ burn ${quoted(burn)} = ${Math.round(implied * 10) / 10} months`,
      pages: [cash.page, burn.page, runway.page],
    });
  }

  const customers = current
    .filter((figure) => figure.key === 'customers')
    .reduce<DeckFigure | undefined>((most, figure) => (most && most.value >= figure.value ? most : figure), undefined);
  const prices = current.filter((figure) => figure.key === 'price');
  const price = prices.length === 1 ? prices[0] : undefined;
  const revenue = yearlyRevenue(current);
  if (
    customers &&
    price &&
    ['month', 'year', 'annum'].includes(price.per ?? '') &&
    isWholePrice(price, pages) &&
    revenue &&
    price.unit === revenue.figure.unit &&
    revenue.value > 0
  ) {
    const implied = customers.value * price.value * (price.per === 'month' ? 12 : 1);
    const factor = Math.max(implied / revenue.value, revenue.value / implied);
    comparisons.push({
      agrees: factor <= agreementTolerance.revenueFactor,
      message: `${quoted(customers)} paying ${quoted(price)} make ${amount(implied, price)} a year, far from the revenue ${quoted(revenue.figure)}`,
      pages: [customers.page, price.page, revenue.figure.page],
    });
  }

  const growth = current.find((figure) => figure.key === 'growth' && !/month|\bmom\b/i.test(figure.text));
  if (growth) {
    for (const key of ['arr', 'revenue', 'mrr', 'customers'] as const) {
      const now = first(key);
      const before = figures
        .filter((figure) => figure.key === key && figure.period === 'past' && figure.unit === now?.unit)
        .sort((a, b) => (b.year ?? Number.POSITIVE_INFINITY) - (a.year ?? Number.POSITIVE_INFINITY))[0];
      if (!now || !before || before.value <= 0) continue;
      const implied = (now.value / before.value - 1) * 100;
      const tolerance = Math.max(agreementTolerance.growthPoints, agreementTolerance.growthShare * Math.abs(implied));
      comparisons.push({
        agrees: Math.abs(growth.value - implied) <= tolerance,
        message: `growth ${quoted(growth)} is not what ${quoted(before)} to ${quoted(now)} makes (${Math.round(implied)}%)`,
        pages: [before.page, now.page, growth.page],
      });
      break;
    }
  }

  if (comparisons.length === 0) {
    return {
      key: 'figures_agree',
      passed: null,
      value: null,
      target,
      message: 'The deck states too few related figures to check them against each other.',
    };
  }
  const disagreeing = comparisons.filter((comparison) => !comparison.agrees);
  const contradicting = [...new Set(disagreeing.flatMap((comparison) => comparison.pages))].sort((a, b) => a - b);
  return {
    key: 'figures_agree',
    passed: disagreeing.length === 0,
    value: contradicting,
    target,
    message:
      disagreeing.length === 0
        ? comparisons.length === 1
          ? 'The one pair of related figures the deck states agrees.'
          : `All ${comparisons.length} pairs of related figures the deck states agree.`
        : cut(`${capitalise(disagreeing.map((comparison) => comparison.message).join('; '))}.`, 1_000),
  };
}

/** `text` within `max` characters, ending on "…" when cut (the report's texts have caps). */
export const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max - 1)}…`);
