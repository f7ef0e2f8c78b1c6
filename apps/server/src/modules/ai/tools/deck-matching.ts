/**
 * Which decks a question names (pure): company or title, exactly or with a typo, among the decks
 * the investor may see. Matching is by word windows of the question, so "Harbor Lights' ARR" and
 * "harbour lights" both find Harbor Lights; what is not among the given decks is never found.
 */

/** A deck as matching reads it. */
export type NamedDeck = { id: string; company: string; title: string; readyAt: Date | null };

/** One deck the question names, and where. */
export type DeckMention<Deck extends NamedDeck> = {
  deck: Deck;
  /** Word positions in the normalised question, end exclusive. */
  start: number;
  end: number;
  /** 1 for an exact match, down to 0.8 for a typo. */
  similarity: number;
};

/** How alike a window and a name must be, in percent (1 − edit distance / longer length). */
const minSimilarityPercent = 80;
/** Names shorter than this match only exactly: a typo of "Arc" is any three letters. */
const minFuzzyLength = 5;

/** Words a company's name often ends with and people leave out ("Tidewater Labs" → "Tidewater"). */
const companySuffix =
  / (labs?|inc|gmbh|ltd|llc|ag|sa|bv|co|corp|company|technologies|tech|hq|app|ai|io|group|systems)$/;

/**
 * Names already normalised: every ask matches against every visible deck's names, which change
 * rarely, so each is normalised once per process (bounded; cleared when full).
 */
const normalisedNames = new Map<string, string>();
const maxNormalisedNames = 50_000;

function normaliseCached(text: string): string {
  let normal = normalisedNames.get(text);
  if (normal === undefined) {
    if (normalisedNames.size >= maxNormalisedNames) normalisedNames.clear();
    normal = normaliseName(text);
    normalisedNames.set(text, normal);
  }
  return normal;
}

/** Lower case, accents and punctuation gone, words single-spaced. */
export function normaliseName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Levenshtein distance with an early exit once it passes `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** A mention as the worker pool answers it: the deck by its place in the list it was given. */
export type MentionAt = { at: number; start: number; end: number; similarity: number };

/**
 * Mentions the worker pool found, per list of decks and text. Keyed by the list itself (as one
 * ask read it), so a later ask, which reads the list again, never sees another's answers, and
 * the entries go with the list.
 */
const matched = new WeakMap<readonly NamedDeck[], Map<string, readonly MentionAt[]>>();

/** Keeps what the worker pool found for `text` among `decks`, for the engines' synchronous calls. */
export function rememberMentions(decks: readonly NamedDeck[], text: string, mentions: readonly MentionAt[]): void {
  let byText = matched.get(decks);
  if (!byText) {
    byText = new Map();
    matched.set(decks, byText);
  }
  byText.set(text, mentions);
}

/** Whether the worker pool's mentions for `text` among `decks` are kept. */
export function hasMentions(decks: readonly NamedDeck[], text: string): boolean {
  return matched.get(decks)?.has(text) ?? false;
}

/** `findMentionedDecks` with each deck given by its place in `decks` (what crosses to and from a worker). */
export function findMentionsAt(question: string, decks: readonly NamedDeck[]): MentionAt[] {
  const places = new Map(decks.map((deck, at) => [deck, at]));
  return matchDecks(question, decks).map(({ deck, start, end, similarity }) => ({
    at: places.get(deck) ?? -1,
    start,
    end,
    similarity,
  }));
}

/**
 * The decks `question` names, in the order it names them; a deck once. Where names overlap (a
 * title that contains a company), the longer, then closer match wins the words. Ties between
 * decks of one name go to the title match, then the most recently ready deck, then the id, so
 * the same question over the same decks always names the same ones. What the worker pool
 * already found for this list and text is answered from there.
 */
export function findMentionedDecks<Deck extends NamedDeck>(
  question: string,
  decks: readonly Deck[],
): DeckMention<Deck>[] {
  const found = matched.get(decks)?.get(question);
  if (found) {
    const mentions: DeckMention<Deck>[] = [];
    for (const { at, start, end, similarity } of found) {
      const deck = decks[at];
      if (deck) mentions.push({ deck, start, end, similarity });
    }
    return mentions;
  }
  return matchDecks(question, decks);
}

function matchDecks<Deck extends NamedDeck>(question: string, decks: readonly Deck[]): DeckMention<Deck>[] {
  const words = normaliseName(question).split(' ').filter(Boolean);
  // The question's word windows of each size, made once for all decks.
  const windowsBySize = new Map<number, string[]>();
  const windowsOf = (size: number) => {
    let windows = windowsBySize.get(size);
    if (!windows) {
      windows = [];
      for (let start = 0; start + size <= words.length; start++)
        windows.push(words.slice(start, start + size).join(' '));
      windowsBySize.set(size, windows);
    }
    return windows;
  };
  const candidates: (DeckMention<Deck> & { isTitle: boolean; length: number })[] = [];
  for (const deck of decks) {
    let best: (DeckMention<Deck> & { isTitle: boolean; length: number }) | undefined;
    const company = normaliseCached(deck.company);
    const shortCompany = company.replace(companySuffix, '');
    for (const [name, isTitle] of [
      [company, false],
      [shortCompany, false],
      [normaliseCached(deck.title), true],
    ] as const) {
      if (name.length < 3) continue;
      const size = name.split(' ').length;
      // Integer arithmetic: 10 × (1 − 0.8) is 1.9999… in floating point, which would allow one edit, not two.
      const limit = name.length >= minFuzzyLength ? Math.floor((name.length * (100 - minSimilarityPercent)) / 100) : 0;
      const windows = windowsOf(size);
      for (let start = 0; start < windows.length; start++) {
        const window = windows[start] as string;
        // Cheap refusals first: a thousand decks are matched on every ask.
        if (window[0] !== name[0] || Math.abs(window.length - name.length) > limit) continue;
        const distance = window === name ? 0 : editDistance(window, name, limit);
        if (distance > limit) continue;
        const similarity = 1 - distance / Math.max(window.length, name.length);
        const candidate = { deck, start, end: start + size, similarity, isTitle, length: name.length };
        if (!best || isBetter(candidate, best)) best = candidate;
      }
    }
    if (best) candidates.push(best);
  }
  candidates.sort(
    (a, b) =>
      b.end - b.start - (a.end - a.start) ||
      b.similarity - a.similarity ||
      Number(b.isTitle) - Number(a.isTitle) ||
      (b.deck.readyAt?.getTime() ?? 0) - (a.deck.readyAt?.getTime() ?? 0) ||
      (a.deck.id < b.deck.id ? -1 : 1),
  );
  const taken = new Set<number>();
  const chosen: DeckMention<Deck>[] = [];
  for (const { deck, start, end, similarity } of candidates) {
    let isFree = true;
    for (let index = start; index < end; index++) if (taken.has(index)) isFree = false;
    if (!isFree) continue;
    for (let index = start; index < end; index++) taken.add(index);
    chosen.push({ deck, start, end, similarity });
  }
  return chosen.sort((a, b) => a.start - b.start);
}

function isBetter(a: { similarity: number; isTitle: boolean; length: number }, b: typeof a): boolean {
  return a.length !== b.length ? a.length > b.length : a.similarity > b.similarity;
}
