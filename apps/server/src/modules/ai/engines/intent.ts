import type { Sector, Stage } from '@deckvalid/contract/accounts';
import type { AnalysisSectionKey, FigureKey } from '@deckvalid/contract/analysis';
import type { InterestStatus } from '@deckvalid/contract/interests';
import { readText, stemsOf } from '@/modules/analysis/analyzer/nlp';

/**
 * What a question asks (pure, deterministic): the built-in engine's intent and slot parsing. The
 * words are read by the analyser's wink-nlp instance (tokens, their normal forms and stems), so
 * "summarize", "summarise" and "summary" are one cue and no second model is loaded. Which decks
 * a question names is not decided here: that needs the decks the investor may see (tools).
 */

export type Intent =
  | 'find'
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
};

export type ParsedQuestion = {
  /** The intent the words alone point to; the engine refines it with the decks named. */
  intent: Intent;
  topic: Topic | undefined;
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

/** Topic cues: words (matched by stem) and phrases (matched in the lower-cased question). */
const topicCues: (Topic & { words: string[]; phrases?: string[] })[] = [
  { key: 'score', label: 'score', figures: [], sections: [], isScore: true, words: ['score', 'rating', 'grade'] },
  {
    key: 'missing',
    label: 'missing sections',
    figures: [],
    sections: [],
    isMissing: true,
    words: ['missing', 'lack', 'lacks', 'gaps', 'weaknesses'],
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
    key: 'revenue',
    label: 'revenue',
    figures: ['revenue', 'arr', 'mrr'],
    sections: ['traction', 'financials'],
    words: ['revenue', 'revenues', 'sales', 'turnover', 'income'],
  },
  { key: 'growth', label: 'growth', figures: ['growth'], sections: ['traction'], words: ['growth', 'growing'] },
  {
    key: 'customers',
    label: 'customers',
    figures: ['customers'],
    sections: ['traction'],
    words: ['customers', 'customer', 'clients', 'users'],
  },
  {
    key: 'valuation',
    label: 'valuation',
    figures: ['pre_money', 'post_money'],
    sections: ['ask'],
    words: ['valuation'],
    phrases: ['pre-money', 'post-money', 'pre money', 'post money'],
  },
  { key: 'burn', label: 'burn', figures: ['burn'], sections: ['financials'], words: ['burn'] },
  { key: 'runway', label: 'runway', figures: ['runway'], sections: ['financials'], words: ['runway'] },
  {
    key: 'market',
    label: 'market size',
    figures: ['market_size'],
    sections: ['market'],
    words: ['market', 'tam', 'sam', 'som'],
  },
  {
    key: 'ask',
    label: 'ask',
    figures: ['raise'],
    sections: ['ask'],
    isAsk: true,
    words: ['raise', 'raising', 'ask', 'funding', 'round', 'seeking'],
    phrases: ['how much'],
  },
  {
    key: 'team',
    label: 'team',
    figures: [],
    sections: ['team'],
    words: ['team', 'founder', 'founders', 'ceo', 'cto', 'people', 'who'],
  },
  {
    key: 'competition',
    label: 'competition',
    figures: [],
    sections: ['competition'],
    words: ['competition', 'competitors', 'competitor', 'rivals', 'alternatives'],
  },
  {
    key: 'business_model',
    label: 'business model',
    figures: [],
    sections: ['business_model'],
    words: ['pricing', 'monetise', 'monetize', 'monetization'],
    phrases: ['business model', 'make money'],
  },
  { key: 'problem', label: 'problem', figures: [], sections: ['problem'], words: ['problem', 'pain'] },
  { key: 'solution', label: 'solution', figures: [], sections: ['solution'], words: ['solution'] },
  { key: 'product', label: 'product', figures: [], sections: ['product'], words: ['product', 'features'] },
  { key: 'traction', label: 'traction', figures: [], sections: ['traction'], words: ['traction', 'pilots', 'metrics'] },
  { key: 'financials', label: 'financials', figures: [], sections: ['financials'], words: ['financials', 'forecast'] },
  { key: 'why_now', label: 'why now', figures: [], sections: ['why_now'], words: ['timing'], phrases: ['why now'] },
];

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

/** Stems of each topic's cue words, read once with the same stemmer as the question. */
let topicStems: Map<string, Set<string>> | undefined;
function stemsOfTopics(): Map<string, Set<string>> {
  topicStems ??= new Map(topicCues.map((cue) => [cue.key, new Set(cue.words.flatMap((word) => stemsOf(word)))]));
  return topicStems;
}

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

  const topicStemSets = stemsOfTopics();
  const topic = topicCues.find(
    (cue) => [...(topicStemSets.get(cue.key) ?? [])].some((stem) => stems.has(stem)) || has(lower, cue.phrases ?? []),
  );

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
  const isSummary =
    [...stems].some((stem) => stem.startsWith('summar')) ||
    has(lower, ['overview', 'tell me about', 'what does', 'describe', 'tl;dr', 'tldr', 'in short', 'brief me']);
  const isFind =
    has(lower, ['find', 'search', 'look for', 'looking for', 'which decks', 'any decks', 'decks that', 'show me']) ||
    normals.has('decks') ||
    normals.has('startups') ||
    normals.has('companies');
  const isHelp = /^(hi|hello|hey|help|what can you do)\b/.test(lower.trim()) && words.length <= 6;

  // Interest status words name a list; a withdraw verb acts.
  let intent: Intent = 'question';
  if (isWithdraw && !(isInterestList && status === 'withdrawn')) intent = 'withdraw';
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
    topic,
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

/** A stage named in the question ("pre-seed", "series a", "growth-stage"); "growth" alone is a topic. */
function stageOf(lower: string): Stage | undefined {
  if (/\bpre[\s-]?seed\b/.test(lower)) return 'Pre-seed';
  if (/\bseries\s*a\b/.test(lower)) return 'Series A';
  if (/\bseries\s*b\b/.test(lower)) return 'Series B';
  if (/\bgrowth[\s-]stage\b/.test(lower)) return 'Growth';
  if (/\bseed\b/.test(lower)) return 'Seed';
  return undefined;
}
