import type { Sector, Stage } from '@deckvalid/contract/accounts';
import type { AnalysisSectionKey, FigureKey } from '@deckvalid/contract/analysis';
import type { InterestStatus } from '@deckvalid/contract/interests';
import { readText } from '@/modules/analysis/analyzer/nlp';

/**
 * What a question asks (pure, deterministic): the built-in engine's intent and slot parsing. The
 * words are read by the analyser's wink-nlp instance (tokens, their normal forms and stems), so
 * "summarize", "summarise" and "summary" are one cue and no second model is loaded. Which decks
 * a question names is not decided here: that needs the decks the investor may see (tools).
 */

export type Intent =
  | 'find'
  | 'across'
  | 'summary'
  | 'question'
  | 'compare'
  | 'interests'
  | 'show_interest'
  | 'withdraw'
  | 'changes'
  | 'help';

/** What a question about one deck is about: figures of the report, sections of the outline, or the score. */
export type Topic = {
  key: string;
  /** What the answer calls it ("its ARR"). */
  label: string;
  figures: FigureKey[];
  sections: AnalysisSectionKey[];
  /** The deck's listing answers it too (the amount asked). */
  isAsk?: boolean;
  isScore?: boolean;
  isMissing?: boolean;
  /** Whether the market figures name a source: the report's `sourced_market_figures` check. */
  isSourced?: boolean;
  /** Whether the deck's figures agree with each other: the report's `figures_agree` check. */
  isConsistency?: boolean;
  /** Every sentence of the section's pages answers, not the best few ("who is on the team?" names everyone). */
  isWhole?: boolean;
};

export type ParsedQuestion = {
  /** The intent the words alone point to; the engine refines it with the decks named. */
  intent: Intent;
  /** The first topic asked: what a one-part answer is about. */
  topic: Topic | undefined;
  /** Every topic asked, in the question's order: each gets its part of the answer. */
  topics: Topic[];
  /** Set when the question is over many decks (intent 'across'). */
  across: AcrossQuestion | undefined;
  /** Words left for full-text search once cues, filters and stop words are gone. */
  searchWords: string[];
  sector: Sector | undefined;
  stage: Stage | undefined;
  minAmount: number | undefined;
  maxAmount: number | undefined;
  status: InterestStatus | undefined;
  /** The note of a "show interest … with the note …". */
  note: string | undefined;
  /** "since …", "this week": days back, a date, or the last such weekday (0 Sunday). */
  since: { days: number } | { date: string } | { weekday: number } | undefined;
  /** Deck ids written in the question (`dck-…`): found only among visible decks. */
  deckIds: string[];
  /** The question's words, normalised, for location matching. */
  normalWords: string[];
};

/**
 * A question over many decks rather than one: rank them by a figure, list those missing a section
 * or a figure, or list those whose figures contradict each other. `scope` says which decks: the
 * investor's interests, or every deck they may see.
 */
export type AcrossQuestion = {
  kind: 'rank' | 'missing' | 'contradicts';
  /** Highest first, unless the question asks for the lowest. */
  isAscending: boolean;
  scope: 'interests' | 'visible';
};

type TopicCue = Topic & {
  /** Cue words, matched as whole words of the question (a plural 's' aside). */
  words: string[];
  /** Cue phrases, matched in the lower-cased question before single words. */
  phrases?: string[];
  /** Cues that only count when no other topic is asked ("who", "how much" on their own). */
  weakWords?: string[];
  weakPhrases?: string[];
};

/**
 * Topic cues. Words match whole words, never stems: a stemmer folds "rating" into "rate", so
 * "what is their burn rate?" read as a question about the score. Plurals are listed or matched by
 * a trailing 's'. Phrases are matched first and their words are then spent, so "net revenue
 * retention" is not also a question about revenue.
 */
const topicCues: TopicCue[] = [
  {
    key: 'score',
    label: 'score',
    figures: [],
    sections: [],
    isScore: true,
    words: ['score', 'scored', 'rating', 'rated', 'grade'],
  },
  {
    key: 'missing',
    label: 'missing sections',
    figures: [],
    sections: [],
    isMissing: true,
    words: ['missing', 'lack', 'lacks', 'lacking', 'gap', 'weakness', 'weaknesses'],
  },
  {
    key: 'sourced',
    label: 'market sources',
    figures: [],
    sections: [],
    isSourced: true,
    words: ['sourced', 'unsourced'],
    phrases: [
      'source for',
      'sources for',
      'source of the market',
      'source of the tam',
      'name a source',
      'cite a source',
    ],
    // "What is the source of their revenue?" is not about the market's sources.
    weakWords: ['source', 'citation', 'cited'],
  },
  {
    key: 'consistency',
    label: 'consistency of its figures',
    figures: [],
    sections: [],
    isConsistency: true,
    words: [
      'contradict',
      'contradicts',
      'contradiction',
      'contradictory',
      'inconsistent',
      'inconsistency',
      'inconsistencies',
      'consistent',
      'disagree',
      'agree',
    ],
    phrases: ['add up', 'adds up'],
  },
  {
    key: 'nrr',
    label: 'net revenue retention',
    figures: ['net_revenue_retention'],
    sections: ['traction'],
    words: ['nrr', 'ndr', 'retention'],
    phrases: ['net revenue retention', 'net dollar retention'],
  },
  {
    key: 'arr',
    label: 'ARR',
    figures: ['arr'],
    sections: [],
    words: ['arr'],
    phrases: ['annual recurring revenue', 'recurring revenue'],
  },
  { key: 'mrr', label: 'MRR', figures: ['mrr'], sections: [], words: ['mrr'], phrases: ['monthly recurring'] },
  {
    key: 'gross_margin',
    label: 'gross margin',
    figures: ['gross_margin'],
    sections: ['financials', 'business_model'],
    words: ['margin'],
    phrases: ['gross margin'],
  },
  {
    key: 'revenue',
    label: 'revenue',
    figures: ['revenue', 'arr', 'mrr'],
    sections: ['traction', 'financials'],
    words: ['revenue', 'sales', 'turnover', 'income'],
  },
  {
    key: 'growth',
    label: 'growth',
    figures: ['growth'],
    sections: ['traction'],
    words: ['growth', 'growing', 'grow', 'grows', 'grew'],
  },
  { key: 'churn', label: 'churn', figures: ['churn'], sections: ['traction'], words: ['churn'] },
  {
    key: 'cac',
    label: 'customer acquisition cost',
    figures: ['cac'],
    sections: ['business_model'],
    words: ['cac'],
    phrases: ['acquisition cost', 'cost to acquire', 'cost of acquisition'],
  },
  {
    key: 'ltv',
    label: 'customer lifetime value',
    figures: ['ltv'],
    sections: ['business_model'],
    words: ['ltv', 'clv'],
    phrases: ['lifetime value'],
  },
  {
    key: 'customers',
    label: 'customers',
    figures: ['customers'],
    sections: ['traction'],
    words: ['customer', 'client', 'user'],
  },
  {
    key: 'valuation',
    label: 'valuation',
    figures: ['pre_money', 'post_money'],
    sections: ['ask'],
    words: ['valuation'],
    phrases: ['pre-money', 'post-money', 'pre money', 'post money'],
  },
  {
    key: 'burn',
    label: 'burn',
    figures: ['burn'],
    sections: ['financials'],
    words: ['burn', 'burning'],
    phrases: ['cash burn', 'burn rate'],
  },
  { key: 'runway', label: 'runway', figures: ['runway'], sections: ['financials'], words: ['runway'] },
  {
    key: 'market',
    label: 'market size',
    figures: ['market_size'],
    sections: ['market'],
    words: ['market', 'tam', 'sam', 'som'],
    phrases: ['market size', 'market-size'],
  },
  {
    key: 'use_of_funds',
    label: 'use of funds',
    figures: ['use_of_funds'],
    sections: ['ask'],
    words: ['proceeds'],
    phrases: ['use of funds', 'use of the funds', 'use of proceeds', 'spend the money', 'money for', 'funds for'],
  },
  {
    key: 'raised_to_date',
    label: 'money raised to date',
    figures: ['raised_to_date'],
    sections: ['ask'],
    words: ['raised'],
    phrases: ['raised to date', 'raised so far', 'already raised', 'previous round', 'prior funding'],
  },
  {
    key: 'ask',
    label: 'ask',
    figures: ['raise'],
    sections: ['ask'],
    isAsk: true,
    words: ['raise', 'raising', 'funding', 'round', 'seeking'],
    phrases: ['the ask', 'their ask', 'its ask'],
    // "Can I ask what their ARR is?" asks for the ARR.
    weakWords: ['ask'],
    weakPhrases: ['how much'],
  },
  {
    key: 'team_size',
    label: 'team size',
    figures: ['team_size'],
    sections: ['team'],
    words: ['headcount', 'employee', 'staff'],
    phrases: ['team size', 'how many people', 'how big is the team', 'size of the team'],
  },
  {
    key: 'team',
    label: 'team',
    figures: [],
    sections: ['team'],
    isWhole: true,
    words: ['team', 'founder', 'ceo', 'cto', 'coo', 'cfo', 'cofounder', 'co-founder'],
    weakWords: ['who', 'people'],
  },
  {
    key: 'competition',
    label: 'competition',
    figures: [],
    sections: ['competition'],
    words: ['competition', 'competitor', 'competitive', 'rival', 'alternative'],
  },
  {
    key: 'price',
    label: 'price',
    figures: ['price'],
    sections: ['business_model'],
    words: ['price', 'pricing', 'priced'],
    phrases: ['how much does it cost', 'what does it cost'],
  },
  {
    key: 'business_model',
    label: 'business model',
    figures: [],
    sections: ['business_model'],
    words: ['monetise', 'monetize', 'monetization', 'monetisation'],
    phrases: ['business model', 'make money'],
  },
  { key: 'problem', label: 'problem', figures: [], sections: ['problem'], words: ['problem', 'pain'] },
  { key: 'solution', label: 'solution', figures: [], sections: ['solution'], words: ['solution'] },
  { key: 'product', label: 'product', figures: [], sections: ['product'], words: ['product', 'feature'] },
  { key: 'traction', label: 'traction', figures: [], sections: ['traction'], words: ['traction', 'pilot', 'metric'] },
  {
    key: 'financials',
    label: 'financials',
    figures: [],
    sections: ['financials'],
    words: ['financials', 'financial', 'forecast'],
  },
  { key: 'why_now', label: 'why now', figures: [], sections: ['why_now'], words: ['timing'], phrases: ['why now'] },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A whole word or phrase of the question, a plural 's' or 'es' allowed after it. */
function cuePattern(cue: string): RegExp {
  return new RegExp(`(?<![a-z0-9])${escapeRegExp(cue)}(?:s|es)?(?![a-z0-9])`, 'g');
}

/**
 * The topics a question asks about, in the order it names them ("ARR and growth" → ARR, then
 * growth). Phrases are read first and blanked out, then words; weak cues count only when nothing
 * else was asked.
 */
function topicsOf(lower: string): Topic[] {
  let rest = lower;
  const found = new Map<TopicCue, number>();
  const note = (cue: TopicCue, at: number) => {
    if (!found.has(cue) || (found.get(cue) ?? 0) > at) found.set(cue, at);
  };
  const spend = (cues: (cue: TopicCue) => string[] | undefined) => {
    for (const cue of topicCues) {
      for (const text of cues(cue) ?? []) {
        rest = rest.replace(cuePattern(text), (match, at: number) => {
          note(cue, at);
          return ' '.repeat(match.length);
        });
      }
    }
  };
  spend((cue) => cue.phrases);
  spend((cue) => cue.words);
  if (found.size === 0) {
    spend((cue) => cue.weakPhrases);
    spend((cue) => cue.weakWords);
  }
  return [...found.entries()]
    .sort((a, b) => a[1] - b[1])
    .map(([{ words: _words, phrases: _phrases, weakWords: _weakWords, weakPhrases: _weakPhrases, ...topic }]) => topic);
}

const sectorCues: [Sector, string[]][] = [
  ['AI & Data', ['ai']],
  ['Climate', ['climate', 'climatetech', 'cleantech']],
  ['Consumer', ['consumer']],
  ['Developer Tools', ['devtools']],
  ['Education', ['education', 'edtech']],
  ['Fintech', ['fintech']],
  ['Health', ['health', 'healthtech', 'medtech', 'healthcare']],
  ['Hardware', ['hardware']],
  ['Marketplaces', ['marketplace', 'marketplaces']],
  ['Mobility', ['mobility']],
  ['SaaS', ['saas']],
  ['Security', ['security', 'cybersecurity']],
];

/** Words that carry no search meaning in a question to the copilot. */
const stopWords = new Set(
  `a an the and or of in on at to for from by with about into over under than that this these those
  is are was were be been am do does did has have had i me my we our you your it its they them their
  what which who whom whose how when where why please can could would should will shall may might
  show find search list give get tell any some all decks deck startups startup companies company
  pitch pitches mention mentions mentioning mentioned talk talks about raising raise looking look
  want need based located near below above less more most least up at upto million thousand k m mn
  bn b between per there here new latest`
    .split(/\s+/)
    .filter(Boolean),
);

const unitFactor: Record<string, number> = {
  k: 1e3,
  thousand: 1e3,
  m: 1e6,
  mm: 1e6,
  mn: 1e6,
  million: 1e6,
  b: 1e9,
  bn: 1e9,
  billion: 1e9,
};

const amountPattern = String.raw`[$€£]?\s*(\d+(?:[.,]\d+)?)\s*(k|thousand|mm|mn|m|million|bn|b|billion)?\b`;

function amountOf(value: string | undefined, unit: string | undefined): number | undefined {
  if (!value) return undefined;
  const number = Number(value.replace(',', '.'));
  return Number.isFinite(number) ? Math.round(number * (unit ? (unitFactor[unit] ?? 1) : 1)) : undefined;
}

/** The amount bounds a question sets ("under 2M", "at least $500k", "between 1M and 3M"). */
function amountsOf(lower: string): { min?: number; max?: number; spans: string[] } {
  const between = new RegExp(String.raw`between\s+${amountPattern}\s+and\s+${amountPattern}`).exec(lower);
  if (between) {
    const min = amountOf(between[1], between[2]);
    const max = amountOf(between[3], between[4]);
    return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), spans: [between[0]] };
  }
  const spans: string[] = [];
  const below = new RegExp(String.raw`(?:under|below|less than|at most|up to|no more than|<)\s*${amountPattern}`).exec(
    lower,
  );
  const above = new RegExp(String.raw`(?:over|above|more than|at least|from|>)\s*${amountPattern}`).exec(lower);
  const max = below ? amountOf(below[1], below[2]) : undefined;
  const min = above ? amountOf(above[1], above[2]) : undefined;
  if (below) spans.push(below[0]);
  if (above) spans.push(above[0]);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}), spans };
}

const weekdays = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** "since 2026-11-01", "last 3 days", "this week", "since yesterday", "since monday". */
function sinceOf(lower: string): ParsedQuestion['since'] {
  const date = /since\s+(\d{4}-\d{2}-\d{2})/.exec(lower);
  if (date?.[1]) return { date: date[1] };
  const days = /(?:last|past)\s+(\d{1,3})\s+days?/.exec(lower);
  if (days?.[1]) return { days: Math.max(1, Number(days[1])) };
  if (/\b(today|since yesterday)\b/.test(lower)) return { days: 1 };
  if (/\b(this|last|past) week\b/.test(lower)) return { days: 7 };
  if (/\b(this|last|past) month\b/.test(lower)) return { days: 30 };
  const weekday = /since\s+(sunday|monday|tuesday|wednesday|thursday|friday|saturday)/.exec(lower);
  if (weekday?.[1]) return { weekday: weekdays.indexOf(weekday[1]) };
  return undefined;
}

/** The note of "show interest in X with the note: …" / "…, note: …" / "… saying …". */
function noteOf(question: string): string | undefined {
  const match = /(?:with (?:the |a )?note|note|saying|message)\s*[:\-–]?\s*["“'‘]?(.+?)["”'’]?\s*$/i.exec(question);
  const note = match?.[1]?.trim();
  return note ? note.slice(0, 1_000) : undefined;
}

const has = (lower: string, phrases: string[]) => phrases.some((phrase) => lower.includes(phrase));

/** Reads one question. The same question always reads the same way. */
export function parseQuestion(question: string): ParsedQuestion {
  const lower = question.toLowerCase().replace(/[’‘]/g, "'");
  const { tokens } = readText(question);
  const words = tokens.filter((token) => token.type !== 'punctuation' && token.type !== 'symbol');
  const normals = new Set(words.map((token) => token.normal));
  const stems = new Set(words.map((token) => token.stem));
  const deckIds = [...question.matchAll(/\bdck-[A-Za-z0-9_-]+/g)].map((match) => match[0]);

  const topics = topicsOf(lower);
  const across = acrossOf(lower, normals, topics);

  const status = (['pending', 'accepted', 'declined', 'withdrawn'] as const).find((word) => normals.has(word));
  const isInterestWord = normals.has('interests') || normals.has('interest') || normals.has('interested');
  const isWithdraw =
    normals.has('withdraw') || normals.has('retract') || has(lower, ['no longer interested', 'pull my interest']);
  const isShowInterest =
    !isWithdraw &&
    (has(lower, ['show interest', 'express interest', 'register interest', 'signal interest', 'send interest']) ||
      /^(i'm|i am|we're|we are) interested in\b/.test(lower.trim()) ||
      /\b(mark|flag) .* as interested\b/.test(lower));
  const isInterestList =
    isInterestWord &&
    !isShowInterest &&
    (status !== undefined ||
      has(lower, ['my interests', 'am i interested', 'my interest', "i'm interested in?", 'interested in?']) ||
      (normals.has('list') && normals.has('interests')));
  const isChanges =
    has(lower, ["what's new", 'what is new', 'what changed', 'what has changed', "what's changed", 'anything new']) ||
    has(lower, ['what happened', 'any updates', 'updates', 'news']) ||
    ((normals.has('changed') || normals.has('new')) && normals.has('since'));
  const isCompare =
    normals.has('compare') ||
    normals.has('vs') ||
    normals.has('versus') ||
    has(lower, ['difference between', 'comparison']);
  // "Tell me about Tallyo's ARR and growth" asks for the ARR and the growth, not a summary.
  const isSummary =
    [...stems].some((stem) => stem.startsWith('summar')) ||
    has(lower, ['overview', 'tl;dr', 'tldr', 'in short', 'brief me']) ||
    (topics.length === 0 && has(lower, ['tell me about', 'what does', 'describe']));
  const isFind =
    has(lower, ['find', 'search', 'look for', 'looking for', 'which decks', 'any decks', 'decks that', 'show me']) ||
    normals.has('decks') ||
    normals.has('startups') ||
    normals.has('companies');
  const isHelp = /^(hi|hello|hey|help|what can you do)\b/.test(lower.trim()) && words.length <= 6;

  // Interest status words name a list; a withdraw verb acts.
  let intent: Intent = 'question';
  if (across) intent = 'across';
  else if (isWithdraw && !(isInterestList && status === 'withdrawn')) intent = 'withdraw';
  else if (isShowInterest) intent = 'show_interest';
  else if (isInterestList) intent = 'interests';
  else if (isChanges) intent = 'changes';
  else if (isCompare) intent = 'compare';
  else if (isSummary) intent = 'summary';
  else if (isFind) intent = 'find';
  else if (isHelp) intent = 'help';

  const sector = sectorCues.find(([, cues]) => cues.some((cue) => normals.has(cue)))?.[0] ?? undefined;
  const stage = stageOf(lower);
  const amounts = amountsOf(lower);
  const note = intent === 'show_interest' ? noteOf(question) : undefined;

  // What is left for full-text search: no cue, filter, amount, stop word or number.
  const filterWords = new Set<string>([
    ...(sector ? (sectorCues.find(([name]) => name === sector)?.[1] ?? []) : []),
    ...(stage ? [...stage.toLowerCase().split(/[\s-]+/), 'preseed', 'stage'] : []),
  ]);
  const amountText = amounts.spans.join(' ');
  const searchWords = words
    .filter((token) => token.type === 'word')
    .map((token) => token.normal)
    .filter(
      (word) =>
        word.length > 1 &&
        !stopWords.has(word) &&
        !filterWords.has(word) &&
        !amountText.includes(word) &&
        !/^\d/.test(word),
    );

  return {
    intent,
    topic: topics[0],
    topics,
    across,
    searchWords: [...new Set(searchWords)],
    sector,
    stage,
    minAmount: amounts.min,
    maxAmount: amounts.max,
    status,
    note,
    since: sinceOf(lower),
    deckIds,
    normalWords: words.map((token) => token.normal),
  };
}

/** Words that ask for the top or the bottom of a ranking ("which deck has the longest runway?"). */
const superlative =
  /\b(highest|lowest|biggest|smallest|largest|fastest|slowest|best|worst|most|least|greatest|strongest|weakest|top|longest|shortest)\b/;
const lowFirst = /\b(lowest|smallest|slowest|least|worst|weakest|shortest|ascending)\b/;

/**
 * A question over many decks: "rank my interests by ARR", "which deck has the highest growth?",
 * "which decks are missing a market-size slide?", "which decks contradict themselves?". A
 * question naming one deck is still one deck's: the engine turns an across question that names
 * two or more into one over those decks.
 */
function acrossOf(lower: string, normals: ReadonlySet<string>, topics: Topic[]): AcrossQuestion | undefined {
  const asks = topics.filter((topic) => !topic.isMissing);
  const isConsistency = asks.some((topic) => topic.isConsistency);
  // The score ranks as a figure does: "rank my interests by score".
  const hasFigure = asks.some((topic) => topic.figures.length > 0 || topic.isScore);
  const hasSubject = asks.some((topic) => topic.figures.length > 0 || topic.sections.length > 0);
  const isMany =
    /\b(which|what|any|list|all|every|how many)\b[^?]*\b(decks?|startups?|companies|interests|ones)\b/.test(lower) ||
    /\b(which|who)\b/.test(lower) ||
    normals.has('decks') ||
    normals.has('interests');
  const scope: AcrossQuestion['scope'] =
    /\bmy (\w+ )?interests?\b|\bi('m| am) interested in\b|\bi showed interest\b/.test(lower) ? 'interests' : 'visible';
  const isAscending = lowFirst.test(lower);
  if (isConsistency && isMany) return { kind: 'contradicts', isAscending, scope };
  const isMissingWord =
    /\b(missing|miss|lack|lacks|lacking|without|no)\b|\b(don't|do not|doesn't|does not) (have|state|give|show|mention)\b|\bnot stated\b/.test(
      lower,
    );
  if (isMissingWord && hasSubject && isMany) return { kind: 'missing', isAscending, scope };
  const isRankWord = /\b(rank|ranked|ranking|sort|sorted|order|ordered)\b/.test(lower);
  if (hasFigure && (isRankWord || (superlative.test(lower) && isMany))) return { kind: 'rank', isAscending, scope };
  return undefined;
}

/** A stage named in the question ("pre-seed", "series a", "growth-stage"); "growth" alone is a topic. */
function stageOf(lower: string): Stage | undefined {
  if (/\bpre[\s-]?seed\b/.test(lower)) return 'Pre-seed';
  if (/\bseries\s*a\b/.test(lower)) return 'Series A';
  if (/\bseries\s*b\b/.test(lower)) return 'Series B';
  if (/\bgrowth[\s-]stage\b/.test(lower)) return 'Growth';
  if (/\bseed\b/.test(lower)) return 'Seed';
  return undefined;
}
