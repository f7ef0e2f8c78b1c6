import { type AnalysisCheck, analysisTargets, type DeckFigure } from '@deckvalid/contract/analysis';
import type { ReadText } from './nlp';

/**
 * The structural checks of a deck: slide count, body text size, words per slide, a contact or
 * the ask at the end, and sources for market figures. Each says what it found, naming pages, and
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
