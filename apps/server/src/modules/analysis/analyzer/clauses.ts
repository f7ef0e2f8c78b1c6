import type { Token } from './nlp';

/**
 * Abbreviations whose full stop wink reads as a sentence end ("€3,5 Mio. pre-money", "+65% ggü.
 * Vorjahr"): a figure and the word that names it must stay in one clause across them.
 */
const abbreviations = new Set([
  'mio',
  'mrd',
  'md',
  'tsd',
  'ggü',
  'bzw',
  'mn',
  'est',
  'approx',
  'vs',
  'inc',
  'ca',
  'no',
]);

/**
 * The clause of each token: the unit in which a figure looks for the words that name it. A clause
 * is a sentence as wink split it, and a slide's line is one too (a title, a bullet), except where
 * the line break only wraps a paragraph: the parser ends every text line with one, so "We are
 * raising $2M at" and "$8M pre-money" on two lines stay one clause when the first line is long,
 * ends on a lower-case word or a comma, and the next does not begin with a capital.
 */
export function clausesOf(tokens: Token[]): number[] {
  const clauses = new Array<number>(tokens.length).fill(0);
  let clause = 0;
  let lineLength = 0;
  for (let index = 1; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const previous = tokens[index - 1] as Token;
    const beforePrevious = tokens[index - 2];
    lineLength += 1;
    let isBoundary = false;
    if (token.isLineStart) {
      const endsMidSentence = previous.value === ',' || (previous.type === 'word' && /^\p{Ll}/u.test(previous.value));
      const isWrapped = lineLength >= 6 && endsMidSentence && !/^\p{Lu}/u.test(token.value);
      isBoundary = !isWrapped;
      lineLength = 0;
    } else if (
      /^\S+\.$/.test(previous.value) &&
      /^\p{Lu}/u.test(token.value) &&
      !abbreviations.has(previous.normal.slice(0, -1))
    ) {
      // wink keeps "M." and "A." whole at a sentence's end ("$11B. SAM …", "Series A. Post-money …")
      // without always starting a new sentence after them.
      isBoundary = true;
    } else if (token.sentence !== previous.sentence) {
      const isAbbreviation = previous.value === '.' && beforePrevious && abbreviations.has(beforePrevious.normal);
      isBoundary = !isAbbreviation;
    }
    if (isBoundary) clause += 1;
    clauses[index] = clause;
  }
  return clauses;
}
