import { readText } from '@/modules/analysis/analyzer/nlp';

/**
 * A deck's sentences and the extractive summary (pure, deterministic): sentences are cut from the
 * pages by wink-nlp's sentence boundaries, scored by how much of the deck's own vocabulary they
 * carry, with a lift for figures and for the pages that tell the outline's key sections, and
 * chosen a few per page so a summary walks the deck rather than repeating its densest slide.
 */

/** One sentence as it stands on a page (white space aside), where it stands, and its stems. */
export type DeckSentence = { page: number; index: number; text: string; stems: string[]; hasFigure: boolean };

/**
 * Pages already read into sentences, most recently used last. Reading a page is wink's work (the
 * bulk of an ask's CPU), and the copilot reads the same decks again and again, so the copilot's
 * worker pool reads a page once and the engines find it here. Keyed by the page's number and
 * text rather than its deck version: a page's sentences depend on nothing else, so an entry can
 * never be stale and needs no invalidation when a version is replaced. Bounded by entries: about
 * 500 decks of twelve pages, a few MB.
 */
const readPages = new Map<string, readonly DeckSentence[]>();
const maxReadPages = 6_000;

const pageKey = (page: number, text: string) => `${page}\u0000${text}`;

/** The sentences of a page already read, if it was (and marks it recently used). */
export function readPageSentences(page: number, text: string): readonly DeckSentence[] | undefined {
  const key = pageKey(page, text);
  const found = readPages.get(key);
  if (found) {
    readPages.delete(key);
    readPages.set(key, found);
  }
  return found;
}

/**
 * Keeps a page's sentences, read elsewhere (the worker pool), for the engines' synchronous reads.
 * They are frozen: every ask that reads the page shares them.
 */
export function rememberPageSentences(page: number, text: string, sentences: readonly DeckSentence[]): void {
  for (const sentence of sentences) {
    Object.freeze(sentence.stems);
    Object.freeze(sentence);
  }
  const key = pageKey(page, text);
  readPages.delete(key);
  readPages.set(key, Object.freeze(sentences));
  // The oldest entry first: a Map iterates in insertion order.
  while (readPages.size > maxReadPages) {
    const oldest = readPages.keys().next().value;
    if (oldest === undefined) break;
    readPages.delete(oldest);
  }
}

/** Forgets every page read (tests that compare a read in this thread with the pool's). */
export function forgetReadPages(): void {
  readPages.clear();
}

/** Words too common to say what a sentence is about. */
const stopStems = new Set(
  `a an the and or of in on at to for from by with about into over under than that this these those is are was
  were be been am do doe did ha have had i me my we our you your it it they them their what which who how when
  where why can could would should will not no so as all each per more most also just our us`
    .split(/\s+/)
    .filter(Boolean),
);

const pageNumberLine = /^\s*\d+\s*(\/|of)\s*\d+\s*$/i;

/**
 * The sentences of one page: as the worker pool read them when it did, else read here. The copy
 * keeps the caller's array its own; the sentences themselves are shared and frozen.
 */
export function sentencesOfPage(page: number, text: string): DeckSentence[] {
  const read = readPageSentences(page, text);
  return read ? [...read] : readSentencesOfPage(page, text);
}

/**
 * Reads one page into sentences with wink (what the worker pool runs). The parser ends each text
 * line with a line break; a short first line without an end mark is the slide's title, and
 * page-number lines are furniture, so neither is a sentence. The rest is read as running text,
 * since a sentence may wrap over lines.
 */
export function readSentencesOfPage(page: number, text: string): DeckSentence[] {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0 && !pageNumberLine.test(line));
  const first = lines[0];
  if (first && !/[.!?:]$/.test(first) && first.split(/\s+/).length <= 8) lines.shift();
  const body = lines.join(' ');
  if (!/[A-Za-z]/.test(body)) return [];
  const { tokens } = readText(body);
  const bySentence = new Map<number, typeof tokens>();
  for (const token of tokens) {
    const list = bySentence.get(token.sentence) ?? [];
    list.push(token);
    bySentence.set(token.sentence, list);
  }
  const sentences: DeckSentence[] = [];
  for (const [index, list] of [...bySentence.entries()].sort((a, b) => a[0] - b[0])) {
    const start = list[0]?.start ?? 0;
    const end = list.at(-1)?.end ?? start;
    const sentence = body.slice(start, end).trim();
    const words = list.filter((token) => token.type === 'word');
    if (words.length < 4 || words.length > 60) continue;
    sentences.push({
      page,
      index,
      text: sentence,
      stems: words.map((token) => token.stem).filter((stem) => stem.length > 2 && !stopStems.has(stem)),
      hasFigure: list.some((token) => token.type === 'number' || token.type === 'currency' || /\d/.test(token.value)),
    });
  }
  return sentences;
}

/** Every sentence of a deck, page by page, each once (a footer repeated on every slide counts once). */
export function sentencesOfDeck(pages: readonly { number: number; text: string }[]): DeckSentence[] {
  const seen = new Set<string>();
  const all: DeckSentence[] = [];
  for (const page of pages) {
    for (const sentence of sentencesOfPage(page.number, page.text)) {
      const key = sentence.text.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      all.push(sentence);
    }
  }
  return all;
}

/**
 * Scores each sentence by the deck's own word frequencies (a word the deck keeps returning to is
 * what it is about), normalised by length so long sentences do not win by size; figures and the
 * pages of key sections lift a sentence.
 */
function scoreSentences(sentences: DeckSentence[], keyPages: ReadonlySet<number>): Map<DeckSentence, number> {
  const frequency = new Map<string, number>();
  for (const sentence of sentences) {
    for (const stem of new Set(sentence.stems)) frequency.set(stem, (frequency.get(stem) ?? 0) + 1);
  }
  const scores = new Map<DeckSentence, number>();
  for (const sentence of sentences) {
    const distinct = [...new Set(sentence.stems)];
    const weight = distinct.reduce((sum, stem) => sum + Math.log(1 + (frequency.get(stem) ?? 0)), 0);
    let score = distinct.length === 0 ? 0 : weight / Math.sqrt(distinct.length);
    // A figure is what an investor reads a summary for; it outweighs a long sentence of common words.
    if (sentence.hasFigure) score += 1.2;
    if (keyPages.has(sentence.page)) score += 0.6;
    // The opening sentence of the deck usually says what the company does.
    if (sentence === sentences[0]) score += 0.8;
    scores.set(sentence, score);
  }
  return scores;
}

/**
 * 5–8 sentences of the deck in its own order: the best-scored, at most two from one page (ties
 * by page and position, so the choice is stable). Fewer when the deck has fewer sentences.
 */
export function summarise(
  pages: readonly { number: number; text: string }[],
  keyPages: ReadonlySet<number> = new Set(),
): DeckSentence[] {
  const sentences = sentencesOfDeck(pages);
  const target = Math.min(sentences.length, Math.max(5, Math.min(8, Math.ceil(pages.length / 2) + 3)));
  const scores = scoreSentences(sentences, keyPages);
  const ranked = [...sentences].sort(
    (a, b) => (scores.get(b) ?? 0) - (scores.get(a) ?? 0) || a.page - b.page || a.index - b.index,
  );
  const perPage = new Map<number, number>();
  const chosen: DeckSentence[] = [];
  for (const sentence of ranked) {
    if (chosen.length >= target) break;
    if ((perPage.get(sentence.page) ?? 0) >= 2) continue;
    perPage.set(sentence.page, (perPage.get(sentence.page) ?? 0) + 1);
    chosen.push(sentence);
  }
  // Pages that hold many good sentences may leave the target unmet: fill from what is left.
  for (const sentence of ranked) {
    if (chosen.length >= target) break;
    if (!chosen.includes(sentence)) chosen.push(sentence);
  }
  return chosen.sort((a, b) => a.page - b.page || a.index - b.index);
}

/**
 * The sentences that best answer a question on the given pages: most stems in common with it
 * (cue stems count double), at least one; ties by page order.
 */
export function bestSentences(
  sentences: readonly DeckSentence[],
  questionStems: ReadonlySet<string>,
  cueStems: ReadonlySet<string>,
  limit: number,
): DeckSentence[] {
  const scored = sentences
    .map((sentence) => {
      const stems = new Set(sentence.stems);
      let score = 0;
      for (const stem of stems) {
        if (cueStems.has(stem)) score += 2;
        else if (questionStems.has(stem)) score += 1;
      }
      return { sentence, score };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.sentence.page - b.sentence.page || a.sentence.index - b.sentence.index);
  return scored
    .slice(0, limit)
    .map((entry) => entry.sentence)
    .sort((a, b) => a.page - b.page || a.index - b.index);
}

/** The content stems of a question, as sentences carry them. */
export function stemsOfQuestion(question: string): Set<string> {
  return new Set(
    readText(question)
      .tokens.filter((token) => token.type === 'word')
      .map((token) => token.stem)
      .filter((stem) => stem.length > 2 && !stopStems.has(stem)),
  );
}
