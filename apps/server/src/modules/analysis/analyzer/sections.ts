import type { AnalysisSectionKey, DeckFigure, FigureKey } from '@deckvalid/contract/analysis';
import { analysisSectionKeys } from '@deckvalid/contract/analysis';
import { type ReadText, readText, stemsOf, type Token } from './nlp';

/**
 * Which pages tell which section. Titles vary too much to match ("The pain", "What's broken
 * today", "Our customers struggle with…", "Das Problem" all open a problem), so each section has a
 * family of words and phrases, compared by wink's stems (so "struggle", "struggles" and
 * "struggling" are one word); a hit in the title weighs more than hits in the body, figures on the
 * page add evidence (a TAM says market), and the deck's order breaks silences (a slide right after
 * the problem that names no section but speaks of the company is its solution).
 */

type Family = {
  /** Phrases that name the section in a title or a body. */
  phrases: string[];
  /** Phrases that only say something in the body, where titles would mislead. */
  bodyPhrases?: string[];
  /** Figures on the page that show the section. */
  figures?: FigureKey[];
};

const families: Record<AnalysisSectionKey, Family> = {
  purpose: {
    phrases: ['our mission', 'mission statement', 'purpose', 'vision', 'why we exist', 'what we do', 'company purpose'],
  },
  problem: {
    phrases: [
      'problem',
      'problems',
      'pain',
      'pain point',
      'broken',
      'struggle',
      'challenge',
      'frustration',
      'stuck',
      'chaos',
      'mess',
      'bottleneck',
      'unmet need',
      'hard',
      'drown',
      'panic',
      'hate',
      'gap',
      'fakes',
      'waiting',
      'lost',
      'lose',
      'cost of',
      'costs',
      'on their own',
      'no safety net',
      'nobody',
      'problema',
      'problème',
      'problem',
    ],
    bodyPhrases: [
      'cannot',
      "can't",
      'lack',
      'waste',
      'late',
      'fines',
      'errors',
      'out of reach',
      'unreliable',
      'manual',
      'spend',
      'wait',
      'no approved',
      'never',
      'counterfeit',
    ],
  },
  solution: {
    phrases: [
      'solution',
      'lösung',
      'solución',
      'solução',
      'our answer',
      'the fix',
      'how we fix',
      'we fix',
      'meet',
      'introducing',
      'what if',
      'our approach',
      'value proposition',
      'does the busywork',
      'does itself',
      'for them',
      'one screen',
      'one place',
      'in your pocket',
      'plus',
      'before anything',
      'per shift',
    ],
  },
  why_now: {
    phrases: [
      'why now',
      'warum jetzt',
      '=jetzt',
      '=timing',
      'why this is possible now',
      'is coming',
      'why 2025',
      'why 2024',
      'tailwinds',
    ],
    bodyPhrases: [
      'mandatory',
      'mandate',
      'mandates',
      'regulation',
      'regulators',
      'ban',
      'fell',
      'became',
      'since 2020',
    ],
  },
  market: {
    phrases: [
      'market',
      'markets',
      'market size',
      'marktgröße',
      'markt',
      'marché',
      'mercado',
      '^opportunity',
      'market opportunity',
      '~potenzial',
      'market potential',
      'tam',
      'addressable',
      'audience',
      'who buys',
    ],
    figures: ['market_size'],
  },
  competition: {
    phrases: [
      'competition',
      'competitors',
      'competitor',
      'competitive',
      'landscape',
      'alternatives',
      'wettbewerb',
      '~bewerber',
      'concurrence',
      'competencia',
      'concorrência',
      'who else',
    ],
    bodyPhrases: ['only we', 'we are the only', 'only cartwheel', 'our advantage', 'no one', 'nobody owns'],
  },
  product: {
    phrases: [
      'product',
      'produkt',
      'produit',
      'producto',
      'produto',
      'how it works',
      'how the product works',
      'demo',
      'screenshots',
      'features',
      'platform',
      'technology',
      'product tour',
      'the device',
      'the app',
      'integrations',
      'pipeline',
      'what does it look like',
      'vehicle',
      'mission profile',
      'flight heritage',
      'damage map',
      'api',
      'cell',
    ],
    bodyPhrases: ['dashboard', 'sdk', 'app', 'sensor', 'integrations', 'connectors', 'webhooks'],
  },
  business_model: {
    phrases: [
      'business model',
      'geschäftsmodell',
      'modèle économique',
      'modelo de negócio',
      'modelo de negocio',
      'pricing',
      'preismodell',
      '^plans',
      'how we make money',
      'how we get paid',
      'get paid',
      'how do we make money',
      'how we earn',
      'how we charge',
      'revenue model',
      'monetisation',
      'monetization',
      'unit economics',
      'economics',
      'subscription',
      'model',
      'robots as a service',
      'sensors as a subscription',
    ],
    bodyPhrases: ['per month', 'per seat', 'commission', 'fee', 'priced', 'take rate', 'per user', 'a month'],
  },
  traction: {
    phrases: [
      'traction',
      'traktion',
      'tracción',
      'tração',
      'kennzahlen',
      'nos chiffres',
      'numbers',
      'key metrics',
      'metrics',
      'early results',
      'results',
      'proof',
      'growing fast',
      'early love',
      'where we are',
      'operating today',
      'pilots',
      'data to date',
      'case study',
      'logos',
      '^backlog',
      'customer quotes',
      'does anyone want it',
      'soft launch',
      'kpis',
      'early signs',
      'waitlist',
      'wait list',
      '~zahlen',
      'so far',
      '=reached',
    ],
    bodyPhrases: ['launched', 'users', 'weekly active', 'monthly active', 'installs', 'signed up', 'live'],
    figures: ['customers', 'arr', 'mrr', 'growth'],
  },
  team: {
    phrases: [
      '=team',
      '~team',
      'gründer',
      'équipe',
      "l'équipe",
      'equipo',
      'equipe',
      'founders',
      'founder',
      'leadership',
      'management',
      'who are we',
      'who we are',
      '^us',
      'advisors',
      'advisory board',
      'board',
    ],
    bodyPhrases: ['ex-', 'former', 'ceo', 'cto', 'coo', 'years at', 'phd', 'dr.'],
  },
  financials: {
    phrases: [
      'financials',
      '~planung',
      'finanzen',
      'financial',
      'financial plan',
      'financial outlook',
      'projections',
      'forecast',
      'revenue plan',
      '=plan',
      'burn and runway',
      'p&l',
    ],
    bodyPhrases: ['break-even', 'ebitda', 'forecast', 'projected', 'cash-flow'],
    figures: ['burn', 'runway'],
  },
  ask: {
    phrases: [
      'ask',
      'the ask',
      'raising',
      'raise',
      'funding',
      'financing',
      'finanzierung',
      'investment',
      'inversión',
      'the round',
      'die runde',
      '~runde',
      'rodada',
      'levée',
      'series a',
      'series b',
      'seed round',
      'seed',
      'pre-seed',
      'use of funds',
      'use of proceeds',
      'join us',
      'what do we need',
    ],
    figures: ['raise', 'pre_money', 'post_money'],
  },
};

/** Titles of pages that are no section however they read: an agenda names every section. */
const neutralTitles = [
  'agenda',
  'contents',
  'appendix',
  'thank you',
  'thanks',
  'merci',
  'danke',
  'gracias',
  'obrigado',
  'asante',
  'questions',
  'contact',
  "let's talk",
  'kontakt',
];

/**
 * A phrase is compared by stems unless it starts with "=" (compared as written, lower case: "team"
 * must not match "teams" in "Why HR teams are stuck"), "^" (the whole title, as written: "Us") or
 * "~" (as written, or ending a long word of the title: German joins words, "Gründerteam",
 * "Finanzplanung", "Mitbewerber"; only these phrases, since English names would match by chance,
 * "pilot" in "StackPilot", "metrics" in "MealMetrics").
 */
type Phrase = { words: string[]; mode: 'stem' | 'normal' | 'title'; mayEndCompound?: boolean };

function compilePhrase(phrase: string): Phrase {
  if (phrase.startsWith('=')) return { words: normalsOf(phrase.slice(1)), mode: 'normal' };
  if (phrase.startsWith('^')) return { words: normalsOf(phrase.slice(1)), mode: 'title' };
  if (phrase.startsWith('~')) return { words: normalsOf(phrase.slice(1)), mode: 'normal', mayEndCompound: true };
  return { words: stemsOf(phrase), mode: 'stem' };
}

const normalsOf = (phrase: string) =>
  readText(phrase)
    .tokens.filter((token) => token.type !== 'punctuation')
    .map((token) => token.normal);

/** Points for a family phrase in the title, and per distinct phrase in the body (up to `maxBodyHits`). */
const titleWeight = 4;
const maxBodyHits = 3;
const figureWeight = 3;
/** What a section needs on a page to count there. */
const threshold = 3;
/** Most sections one page tells. */
const maxSectionsPerPage = 2;

type Compiled = { key: AnalysisSectionKey; phrases: Phrase[]; bodyPhrases: Phrase[]; figures: FigureKey[] };
let compiled: { families: Compiled[]; neutral: Phrase[] } | null = null;

/** The families as stem sequences, read once by the same stemmer as the pages. */
function compiledFamilies() {
  compiled ??= {
    families: analysisSectionKeys.map((key) => {
      const family = families[key];
      return {
        key,
        phrases: family.phrases.map(compilePhrase),
        bodyPhrases: (family.bodyPhrases ?? []).map(compilePhrase),
        figures: family.figures ?? [],
      };
    }),
    neutral: neutralTitles.map(compilePhrase),
  };
  return compiled;
}

/** A run of words as the phrases compare them. */
type Words = {
  stems: string[];
  normals: string[];
  stemSet: Set<string>;
  normalSet: Set<string>;
  /** Every ending of four letters or more of the title's long words ("team" of "gründerteam"). */
  compoundTails: Set<string>;
  isTitle: boolean;
};

/** Words this long may be compounds; shorter ones end in other words by chance ("steam"). */
const minCompoundLength = 9;
const minTailLength = 4;

function compoundTailsOf(normals: string[]): Set<string> {
  const tails = new Set<string>();
  for (const normal of normals) {
    if (normal.length < minCompoundLength || !/^\p{L}+$/u.test(normal)) continue;
    for (let start = 2; start <= normal.length - minTailLength; start++) {
      tails.add(normal.slice(start));
    }
  }
  return tails;
}

/** Whether `phrase` occurs in `words`. */
function contains(words: Words, phrase: Phrase): boolean {
  const { words: wanted, mode } = phrase;
  if (wanted.length === 0) return false;
  if (mode === 'title') return words.isTitle && String(words.normals) === String(wanted);
  if (phrase.mayEndCompound && words.compoundTails.has(wanted[0] as string)) return true;
  // Most phrases miss: a set lookup of their first word spares the scan.
  if (!(mode === 'stem' ? words.stemSet : words.normalSet).has(wanted[0] as string)) return false;
  const within = mode === 'stem' ? words.stems : words.normals;
  for (let start = 0; start + wanted.length <= within.length; start++) {
    if (wanted.every((word, offset) => within[start + offset] === word)) return true;
  }
  return false;
}

/** One page as the section finder sees it. */
export type SectionPage = {
  number: number;
  /** The title as the parser found it, or null to take the first line. */
  title: string | null;
  read: ReadText;
  /** Figures found on the page by their naming words alone. */
  figures: DeckFigure[];
};

/** The title's tokens (the parser's title, else the page's first line) and the body's. */
export function splitTitle(page: { title: string | null; read: ReadText }): { title: Token[]; body: Token[] } {
  const tokens = page.read.tokens;
  if (page.title !== null && page.title.trim() !== '') {
    const titleText = page.title.trim();
    const at = page.read.text.indexOf(titleText);
    if (at !== -1) {
      const end = at + titleText.length;
      return {
        title: tokens.filter((token) => token.start >= at && token.end <= end),
        body: tokens.filter((token) => token.start < at || token.end > end),
      };
    }
  }
  const secondLine = tokens.findIndex((token, index) => index > 0 && token.isLineStart);
  const cut = secondLine === -1 ? tokens.length : secondLine;
  // A first line of a long paragraph is no title; only a short one is.
  if (cut > 14) return { title: [], body: tokens };
  return { title: tokens.slice(0, cut), body: tokens.slice(cut) };
}

function wordsOf(tokens: Token[], isTitle: boolean): Words {
  const kept = tokens.filter((token) => token.type !== 'punctuation');
  const stems = kept.map((token) => token.stem);
  const normals = kept.map((token) => token.normal);
  const compoundTails = isTitle ? compoundTailsOf(normals) : new Set<string>();
  return { stems, normals, stemSet: new Set(stems), normalSet: new Set(normals), compoundTails, isTitle };
}

/** A cover longer than this is a document's first page, not a one-line purpose. */
const maxCoverWords = 80;

/**
 * Each page's sections, by page number; pages without one are absent. Three readings of the
 * deck's order follow the page-by-page scores, as a reader's expectations do: the first page with
 * text and no section (or the second, after a team-first opening) is the company's purpose; the
 * first silent page after it is the problem; and the first page after the problem is the
 * solution when it is silent or only shows the product (a solution slide often shows one).
 */
export function sectionsOfPages(pages: SectionPage[]): Map<number, AnalysisSectionKey[]> {
  const { families: compiledList, neutral } = compiledFamilies();
  const withText = pages.filter((page) => page.read.tokens.length > 0);
  const company = companyNameOf(withText[0]);
  const scored = withText.map((page) => {
    const { title, body } = splitTitle(page);
    const titleWords = wordsOf(title, true);
    const bodyWords = wordsOf(body, false);
    const isNeutral = neutral.some((phrase) => contains(titleWords, phrase));
    const namesCompany = company !== null && page !== withText[0] && title.some((token) => token.normal === company);
    const scores = new Map<AnalysisSectionKey, { score: number; hasTitleHit: boolean }>();
    for (const family of compiledList) {
      const hasTitleHit = family.phrases.some((phrase) => contains(titleWords, phrase));
      const bodyHits = [...family.phrases, ...family.bodyPhrases].filter((phrase) =>
        contains(bodyWords, phrase),
      ).length;
      const hasFigure = page.figures.some((figure) => family.figures.includes(figure.key));
      // "Orbitra sees every roof": a slide titled with the company's name shows what it does.
      const companyPoints = family.key === 'solution' && namesCompany ? figureWeight : 0;
      const score =
        (hasTitleHit ? titleWeight : 0) +
        Math.min(bodyHits, maxBodyHits) +
        (hasFigure ? figureWeight : 0) +
        companyPoints;
      scores.set(family.key, { score, hasTitleHit });
    }
    return { page, isNeutral, scores, wordCount: body.length + title.length };
  });

  const result = new Map<number, AnalysisSectionKey[]>();
  for (const { page, isNeutral, scores } of scored) {
    if (isNeutral) continue;
    const ranked = [...scores.entries()]
      .filter(([, entry]) => entry.score >= threshold)
      // Ties go to the outline's order, so the same page always gets the same sections.
      .sort(([a, left], [b, right]) => right.score - left.score || order(a) - order(b));
    const chosen: AnalysisSectionKey[] = [];
    for (const [key, entry] of ranked) {
      if (chosen.length === 0) chosen.push(key);
      // A second section only when the title names it too ("Business model & traction").
      else if (chosen.length < maxSectionsPerPage && entry.hasTitleHit) chosen.push(key);
    }
    if (chosen.length > 0) result.set(page.number, chosen);
  }

  const content = scored.filter((entry) => !entry.isNeutral);
  // "Tallyo is cash-flow forecasting for small businesses." on the cover is the company's purpose
  // in one sentence, whatever else the cover mentions ("Seed round, 2026").
  const stated = content.slice(0, 1).find((entry) => statesPurpose(entry.page, company));
  const cover =
    stated ??
    content
      .slice(0, 2)
      .find((entry) => !result.has(entry.page.number) && entry.wordCount >= 4 && entry.wordCount <= maxCoverWords);
  if (cover) result.set(cover.page.number, ['purpose']);
  const purposeAt = content.findIndex((entry) => result.get(entry.page.number)?.includes('purpose'));
  const afterPurpose = content[purposeAt + 1];
  if (purposeAt !== -1 && afterPurpose && !result.has(afterPurpose.page.number)) {
    result.set(afterPurpose.page.number, ['problem']);
  }
  const firstProblem = content.findIndex((entry) => result.get(entry.page.number)?.includes('problem'));
  if (firstProblem !== -1 && ![...result.values()].some((keys) => keys.includes('solution'))) {
    let next = firstProblem + 1;
    while (result.get(content[next]?.page.number ?? -1)?.includes('problem')) next += 1;
    const candidate = content[next];
    const keys = candidate ? result.get(candidate.page.number) : undefined;
    if (candidate && (keys === undefined || (keys.length === 1 && keys[0] === 'product'))) {
      result.set(candidate.page.number, ['solution']);
    }
  }
  // The silent page right after the solution shows it: "What nurses see", "Growing OS".
  const solutionAt = content.findIndex((entry) => result.get(entry.page.number)?.includes('solution'));
  const afterSolution = content[solutionAt + 1];
  if (solutionAt !== -1 && afterSolution && !result.has(afterSolution.page.number)) {
    result.set(afterSolution.page.number, ['product']);
  }
  return result;
}

/** Verbs with which a one-sentence purpose says what the company does. */
const purposeVerbs = new Set(['is', 'are', 'helps', 'lets', 'gives', 'makes', 'turns', 'builds', 'brings', 'connects']);
/** A purpose is one short sentence; a longer one is a paragraph about something else. */
const maxPurposeWords = 30;

/**
 * Whether a page says in one sentence what the company does: a sentence that opens on the
 * company's name and one of `purposeVerbs`, short enough to be a purpose.
 */
function statesPurpose(page: SectionPage, company: string | null): boolean {
  const tokens = page.read.tokens;
  const sentences = new Map<number, Token[]>();
  for (const token of tokens) sentences.set(token.sentence, [...(sentences.get(token.sentence) ?? []), token]);
  return [...sentences.values()].some((sentence) => {
    const words = sentence.filter((token) => token.type === 'word');
    // The sentence may start on the title's line: take it from its last line.
    const lineStart = words.findLastIndex((token) => token.isLineStart);
    const body = lineStart > 0 ? words.slice(lineStart) : words;
    const [name, verb] = body;
    if (!name || !verb || body.length > maxPurposeWords || body.length < 4) return false;
    return name.normal === company && purposeVerbs.has(verb.normal);
  });
}

/**
 * The company's name as the cover writes it: the first word of its title ("Freightline" of
 * "Freightline: the autopilot for…"), in lower case; null without a cover or a word.
 */
function companyNameOf(cover: SectionPage | undefined): string | null {
  if (!cover) return null;
  const first = splitTitle(cover).title.find((token) => token.type === 'word');
  return first && first.value.length >= 3 ? first.normal : null;
}

const order = (key: AnalysisSectionKey) => analysisSectionKeys.indexOf(key);
