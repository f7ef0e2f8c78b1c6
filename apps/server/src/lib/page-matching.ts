/**
 * Which page of one deck version is which page of another, by the overlap of their words (Jaccard
 * over word sets): an open comment follows its page to a new version, and the comparison of two
 * versions tells moved and changed pages from added and removed ones.
 */

/** Least overlap of words for two pages to count as the same page. */
export const samePageSimilarity = 0.5;

export const wordsOf = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** 0 (nothing in common) to 1 (the same words); two empty pages are alike. */
export function pageSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  for (const word of a) if (b.has(word)) shared++;
  return shared / (a.size + b.size - shared);
}

/**
 * For each old page number, the new page most like it (ties: the nearest by number), or null when
 * none reaches `samePageSimilarity`.
 */
export function matchPages(
  oldPages: readonly { number: number; text: string }[],
  newPages: readonly { number: number; text: string }[],
): Map<number, number | null> {
  const newWords = newPages.map((page) => ({ number: page.number, words: wordsOf(page.text) }));
  const matches = new Map<number, number | null>();
  for (const old of oldPages) {
    const words = wordsOf(old.text);
    let best: { number: number; score: number } | null = null;
    for (const candidate of newWords) {
      const score = pageSimilarity(words, candidate.words);
      const closer =
        best !== null &&
        score === best.score &&
        Math.abs(candidate.number - old.number) < Math.abs(best.number - old.number);
      if (best === null || score > best.score || closer) best = { number: candidate.number, score };
    }
    matches.set(old.number, best !== null && best.score >= samePageSimilarity ? best.number : null);
  }
  return matches;
}

/**
 * One-to-one pairs of pages alike enough to be the same page (most alike first; ties, nearest by
 * number), for a comparison where no page can be two: answers `[fromNumber, toNumber]` pairs.
 */
export function pairPages(
  fromPages: readonly { number: number; text: string }[],
  toPages: readonly { number: number; text: string }[],
): [number, number][] {
  const toWords = toPages.map((page) => ({ number: page.number, words: wordsOf(page.text) }));
  const candidates: { from: number; to: number; score: number }[] = [];
  for (const from of fromPages) {
    const words = wordsOf(from.text);
    for (const to of toWords) {
      const score = pageSimilarity(words, to.words);
      if (score >= samePageSimilarity) candidates.push({ from: from.number, to: to.number, score });
    }
  }
  candidates.sort((a, b) => b.score - a.score || Math.abs(a.from - a.to) - Math.abs(b.from - b.to) || a.to - b.to);
  const usedFrom = new Set<number>();
  const usedTo = new Set<number>();
  const pairs: [number, number][] = [];
  for (const candidate of candidates) {
    if (usedFrom.has(candidate.from) || usedTo.has(candidate.to)) continue;
    usedFrom.add(candidate.from);
    usedTo.add(candidate.to);
    pairs.push([candidate.from, candidate.to]);
  }
  return pairs;
}
