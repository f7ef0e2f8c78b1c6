import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction, type WinkMethods } from 'wink-nlp';

/**
 * The deck's text as the analyser reads it: wink-nlp's tokens (with their stems and types), its
 * sentences and its number, money, percent and duration entities, each placed back on the page's
 * text by character offsets so a figure can quote the deck exactly.
 */

/** One token of a page, as wink-nlp read it. */
export type Token = {
  /** As written. */
  value: string;
  /** Lower case, as wink normalises it. */
  normal: string;
  /** Porter stem from wink's model: "struggles" and "struggling" share "struggl". */
  stem: string;
  /** wink's token type: word, number, currency, symbol, punctuation, email, url, … */
  type: string;
  /** Character offsets on the page's text, end exclusive. */
  start: number;
  end: number;
  /** The sentence (0-based) it belongs to. */
  sentence: number;
  /** Whether a line break precedes it: the parser ends each text line with one. */
  isLineStart: boolean;
};

/** A wink entity: a run of tokens wink recognised as a number, money, a percentage, a duration, a date. */
export type Entity = {
  type: string;
  /** Token indexes, end inclusive. */
  first: number;
  last: number;
};

export type ReadText = { text: string; tokens: Token[]; entities: Entity[] };

let instance: WinkMethods | null = null;

/**
 * The one wink instance, built on first use: loading the model takes tens of milliseconds, which
 * a server that never analyses a deck (or a test that never calls it) should not pay. The
 * pipeline leaves out sentiment, negation and part-of-speech tagging, which the analyser does not
 * read; stems come from the model's stemmer, which needs none of them.
 */
function nlp(): WinkMethods {
  instance ??= winkNLP(model, ['sbd', 'ner']);
  return instance;
}

/**
 * Reads `text` with wink-nlp. Offsets come from each token's preceding spaces and its value,
 * which together rebuild the text; should wink ever drop a character, the token is found by
 * searching forward instead, so offsets stay right even then.
 */
export function readText(text: string): ReadText {
  const doc = nlp().readDoc(text);
  const its = nlp().its;
  const tokens: Token[] = [];
  const values = doc.tokens().out(its.value);
  const normals = doc.tokens().out(its.normal);
  // wink's typings declare the stemmer with the model-level signature; it is a token function.
  const stems = doc.tokens().out(its.stem as unknown as ItsFunction<string>);
  const types = doc.tokens().out(its.type);
  const spaces = doc.tokens().out(its.precedingSpaces);
  const sentenceOf = new Array<number>(values.length).fill(0);
  doc
    .sentences()
    .out(its.span)
    .forEach((span, sentence) => {
      const [first = 0, last = -1] = span as unknown as number[];
      for (let index = first; index <= last; index++) sentenceOf[index] = sentence;
    });
  // wink keeps line breaks as tokens of their own (type tabCRLF); they are dropped here and mark
  // the next token as a line's first instead. `indexOf` maps wink's indexes to the kept tokens'.
  const indexOf = new Array<number>(values.length).fill(0);
  let cursor = 0;
  let isAfterBreak = true;
  for (let index = 0; index < values.length; index++) {
    const value = values[index] ?? '';
    const preceding = spaces[index] ?? '';
    let start = cursor + preceding.length;
    if (text.slice(start, start + value.length) !== value) {
      const found = text.indexOf(value, cursor);
      start = found === -1 ? cursor : found;
    }
    const end = Math.min(text.length, start + value.length);
    isAfterBreak ||= text.slice(cursor, start).includes('\n');
    cursor = end;
    indexOf[index] = tokens.length;
    if (value.trim() === '') {
      isAfterBreak ||= value.includes('\n');
      continue;
    }
    tokens.push({
      value,
      normal: normals[index] ?? value.toLowerCase(),
      stem: stems[index] ?? value.toLowerCase(),
      type: types[index] ?? 'word',
      start,
      end,
      sentence: sentenceOf[index] ?? 0,
      isLineStart: isAfterBreak,
    });
    isAfterBreak = false;
  }
  const entities: Entity[] = [];
  const entityTypes = doc.entities().out(its.type);
  doc
    .entities()
    .out(its.span)
    .forEach((span, index) => {
      const [first = 0, last = 0] = span as unknown as number[];
      const keptFirst = indexOf[first] ?? 0;
      const keptLast = Math.max(keptFirst, (indexOf[last] ?? 0) - (values[last]?.trim() === '' ? 1 : 0));
      entities.push({ type: entityTypes[index] ?? '', first: keptFirst, last: Math.min(keptLast, tokens.length - 1) });
    });
  return { text, tokens, entities };
}

/**
 * The stems of a phrase as the analyser compares them with a page's: a keyword list is written
 * in plain words ("business model") and read by the same stemmer as the deck.
 */
export function stemsOf(phrase: string): string[] {
  return readText(phrase)
    .tokens.filter((token) => token.type !== 'punctuation')
    .map((token) => token.stem);
}
