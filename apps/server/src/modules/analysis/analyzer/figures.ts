import type { DeckFigure, FigureKey, FigureUnit, MarketScope, MoneyUnit } from '@deckvalid/contract/analysis';
import { clausesOf } from './clauses';
import { type Entity, type ReadText, readText, type Token } from './nlp';

/**
 * The figures of a page. wink-nlp finds the numbers (its number tokens and its MONEY, PERCENT,
 * CARDINAL and DURATION entities) and the currency symbols; the rules here add what it leaves
 * apart: magnitudes ("40 B", "3,5 Mio.", "14 MM"), number formats (US "2,300" and European
 * "1.200.000" or "3,5"), and which figure a number is, from the words that name it in its clause.
 * A number named by nothing is left out: a deck is full of prices, percentages and head counts
 * that are no key figure, and a wrong figure misleads more than a missing one.
 */

/** A number as written, with its unit. */
export type Quantity = {
  /** Token indexes of the quantity, end inclusive. */
  first: number;
  last: number;
  /** Character offset where its text ends. */
  end: number;
  kind: 'money' | 'percent' | 'months' | 'count';
  unit: FigureUnit;
  value: number;
};

const currencySymbols: Record<string, MoneyUnit> = {
  $: 'USD',
  us$: 'USD',
  usd: 'USD',
  dollar: 'USD',
  dollars: 'USD',
  '€': 'EUR',
  eur: 'EUR',
  euro: 'EUR',
  euros: 'EUR',
  '£': 'GBP',
  gbp: 'GBP',
  pound: 'GBP',
  pounds: 'GBP',
  chf: 'CHF',
  francs: 'CHF',
  '¥': 'JPY',
  jpy: 'JPY',
  yen: 'JPY',
  '₹': 'INR',
  inr: 'INR',
  rupees: 'INR',
};
/** Currency words that may stand after an amount ("40 billion dollars", "1.200.000 €"). */
const currencyAfter = new Set([
  '$',
  '€',
  '£',
  'usd',
  'eur',
  'gbp',
  'chf',
  'dollar',
  'dollars',
  'euro',
  'euros',
  'pounds',
  'francs',
]);

/** Numbers written as words, which wink's entity recogniser marks ("three million dollars", "Twelve months"). */
const numberWords: Record<string, number> = Object.fromEntries([
  ...'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen'
    .split(' ')
    .map((word, value) => [word, value]),
  ...'twenty thirty forty fifty sixty seventy eighty ninety'.split(' ').map((word, index) => [word, (index + 2) * 10]),
]);
/** wink's entity types that hold a quantity. */
const quantityEntities = new Set(['MONEY', 'PERCENT', 'CARDINAL', 'DURATION']);

/**
 * A number spelled out from `index` ("twenty five", "two hundred"), as wink's entity marked it:
 * its value as a decimal string and the index of its last word; null when `index` is no number word.
 */
function spelledNumberAt(tokens: Token[], index: number): { decimal: string; last: number } | null {
  let total = 0;
  let last = -1;
  for (let at = index; at < tokens.length; at++) {
    const word = bare(tokens[at]);
    if (numberWords[word] !== undefined) total += numberWords[word] as number;
    else if (word === 'hundred' && last !== -1) total *= 100;
    else if (word === '-' && last !== -1) continue;
    else break;
    last = at;
  }
  return last === -1 ? null : { decimal: String(total), last };
}

/** Powers of ten by magnitude word, in the languages decks are written in. */
const magnitudes: Record<string, number> = {
  k: 3,
  thousand: 3,
  tsd: 3,
  tausend: 3,
  m: 6,
  mm: 6,
  mn: 6,
  mln: 6,
  mio: 6,
  million: 6,
  millions: 6,
  millionen: 6,
  millones: 6,
  b: 9,
  bn: 9,
  billion: 9,
  billions: 9,
  mrd: 9,
  md: 9,
  milliard: 9,
  milliards: 9,
  milliarden: 9,
  trillion: 12,
  lakh: 5,
  crore: 7,
  cr: 7,
};
/** Magnitudes written as abbreviations, whose full stop belongs to the figure ("€3,5 Mio."). */
const abbreviatedMagnitudes = new Set(['mio', 'mrd', 'md', 'tsd', 'mn', 'mln']);
const percentWords = new Set(['%', 'percent', 'pct', 'prozent']);
const monthWords = new Set(['months', 'month', 'mo', 'mos', 'meses', 'mois', 'monate', 'monaten']);
const yearWords = new Set(['years', 'year', 'yrs', 'jahre', 'jahren', 'ans', 'años', 'anos']);

/**
 * A number as written, read as a plain decimal string ("1200000", "3.5"), or null when it is no
 * amount. Thousands separators are told from decimal marks by their groups: "2,300" and
 * "1.200.000" are thousands, "3,5" and "1.5" are decimals; a single dot before three digits
 * ("14.500") is a European thousands separator unless a magnitude follows ("$1.250M").
 */
export function decimalOf(raw: string, hasMagnitude: boolean): string | null {
  const written = raw.replace(/^\+/, '');
  if (/^\d+$/.test(written)) return written;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(written)) return written.replaceAll(',', '');
  if (/^\d{1,3}(\.\d{3}){2,}$/.test(written)) return written.replaceAll('.', '');
  if (/^\d{1,3}\.\d{3}$/.test(written)) return hasMagnitude ? written : written.replace('.', '');
  if (/^\d{1,3}(\.\d{3})+,\d+$/.test(written)) return written.replaceAll('.', '').replace(',', '.');
  if (/^\d+,\d{1,2}$/.test(written) || /^\d+,\d{4,}$/.test(written)) return written.replace(',', '.');
  if (/^\d+\.\d+$/.test(written)) return written;
  return null;
}

/** `decimal` × 10^`power`, exactly as written: "9.8" and 6 give 9800000, not 9800000.000000002. */
const scaled = (decimal: string, power: number) => Number(`${decimal}e${power}`);

/**
 * A token's lower-case form without a trailing full stop: wink keeps "M." and "A." whole where a
 * sentence ends on them ("$1.5M.", "Series A."), and they are still a magnitude and a cue.
 */
export const bare = (token: Token | undefined) => (token ? token.normal.replace(/(?<=.)\.$/, '') : '');

const isNumberToken = (token: Token | undefined) => token !== undefined && /^[+]?\d[\d.,]*$/.test(token.value);

/**
 * The quantities of a page: each number with the currency before or after it, its magnitude and
 * its unit word. Years ("2024", "FY24" aside) are no quantity: they label the figures beside them.
 */
export function quantitiesOf(tokens: Token[], entities: Entity[] = []): Quantity[] {
  const quantities: Quantity[] = [];
  const entityStarts = new Set(
    entities.filter((entity) => quantityEntities.has(entity.type)).map((entity) => entity.first),
  );
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index] as Token;
    const spelled = !isNumberToken(token) && entityStarts.has(index) ? spelledNumberAt(tokens, index) : null;
    if (!isNumberToken(token) && spelled === null) continue;
    let first = index;
    let last = spelled?.last ?? index;
    let currency: MoneyUnit | undefined;
    const before = tokens[index - 1];
    if (before && currencySymbols[bare(before)] !== undefined) {
      currency = currencySymbols[bare(before)];
      first = index - 1;
    }
    let power = 0;
    /** Where the quantity's text ends: "$1.5M." at a sentence's end is "$1.5M", "€3,5 Mio." keeps its stop. */
    let end = (tokens[last] as Token).end;
    const next = tokens[last + 1];
    if (next && magnitudes[bare(next)] !== undefined) {
      power = magnitudes[bare(next)] as number;
      last += 1;
      end = next.start + bare(next).length;
      const dot = tokens[last + 1];
      if (abbreviatedMagnitudes.has(bare(next))) {
        if (next.normal.endsWith('.')) end = next.end;
        else if (dot?.value === '.' && dot.start === next.end) {
          last += 1;
          end = dot.end;
        }
      }
    }
    const after = tokens[last + 1];
    // A currency word followed by a number is that number's ("Revenue 2025 CHF 5.5 million").
    if (currency === undefined && after && currencyAfter.has(bare(after)) && !isNumberToken(tokens[last + 2])) {
      currency = currencySymbols[bare(after)];
      last += 1;
      end = after.start + bare(after).length;
    }
    const decimal = spelled?.decimal ?? decimalOf(token.value, power > 0);
    if (decimal === null) continue;
    const isYear = power === 0 && /^(19|20)\d\d$/.test(token.value);
    if (isYear && currency === undefined) continue;
    const unitWord = tokens[last + 1];
    const unitEnd = unitWord ? unitWord.start + bare(unitWord).length : end;
    let quantity: Quantity;
    if (currency !== undefined) {
      quantity = { first, last, end, kind: 'money', unit: currency, value: scaled(decimal, power) };
    } else if (unitWord && percentWords.has(bare(unitWord)) && power === 0) {
      quantity = { first, last: last + 1, end: unitEnd, kind: 'percent', unit: 'percent', value: Number(decimal) };
    } else if (unitWord && monthWords.has(bare(unitWord)) && power === 0) {
      quantity = { first, last: last + 1, end: unitEnd, kind: 'months', unit: 'months', value: Number(decimal) };
    } else if (unitWord && yearWords.has(bare(unitWord)) && power === 0) {
      const months = scaled(decimal, 0) * 12;
      quantity = { first, last: last + 1, end: unitEnd, kind: 'months', unit: 'months', value: months };
    } else {
      quantity = { first, last, end, kind: 'count', unit: 'count', value: scaled(decimal, power) };
    }
    quantities.push(quantity);
    index = quantity.last;
  }
  return quantities;
}

type CueFamily = FigureKey | 'block';
type Cue = { family: CueFamily; phrase: string; scope?: MarketScope };

/**
 * The words that name each figure, in English and the languages of the decks in the labelled set.
 * `block` words name numbers that are no key figure (a margin, churn, a commission, debt, money
 * already committed): the nearest naming word decides, so "$20m project debt" is not the raise.
 */
const cueList: Cue[] = [
  { family: 'market_size', phrase: 'tam', scope: 'TAM' },
  { family: 'market_size', phrase: 'total addressable market', scope: 'TAM' },
  { family: 'market_size', phrase: 'sam', scope: 'SAM' },
  { family: 'market_size', phrase: 'serviceable addressable market', scope: 'SAM' },
  { family: 'market_size', phrase: 'serviceable available market', scope: 'SAM' },
  { family: 'market_size', phrase: 'serviceable market', scope: 'SAM' },
  { family: 'market_size', phrase: 'som', scope: 'SOM' },
  { family: 'market_size', phrase: 'serviceable obtainable market', scope: 'SOM' },
  ...['market', 'markets', 'market size', 'addressable', 'opportunity', 'markt', 'marché', 'mercado', 'mercato'].map(
    (phrase): Cue => ({ family: 'market_size', phrase }),
  ),
  ...['arr', 'annual recurring revenue', 'run rate', 'run-rate', 'annualized revenue'].map(
    (phrase): Cue => ({ family: 'arr', phrase }),
  ),
  ...['mrr', 'monthly recurring revenue', 'monthly revenue'].map((phrase): Cue => ({ family: 'mrr', phrase })),
  ...[
    'revenue',
    'revenues',
    'turnover',
    'umsatz',
    'umsätze',
    "d'affaires",
    'affaires',
    'ingresos',
    'receita',
    'faturamento',
    'fatturato',
  ].map((phrase): Cue => ({ family: 'revenue', phrase })),
  ...[
    'growth',
    'growing',
    'grow',
    'grew',
    'yoy',
    'mom',
    'year over year',
    'year-over-year',
    'year on year',
    'year-on-year',
    'month over month',
    'month-over-month',
    'month on month',
    'month-on-month',
    'vorjahr',
    'wachstum',
    'sur un an',
    'croissance',
    'crecimiento',
    'crescimento',
  ].map((phrase): Cue => ({ family: 'growth', phrase })),
  ...[
    'customers',
    'customer',
    'clients',
    'client',
    'kunden',
    'clientes',
    'paying',
    'pay us',
    'subscribers',
    'under contract',
  ].map((phrase): Cue => ({ family: 'customers', phrase })),
  ...[
    'raising',
    'raise',
    'seeking',
    'looking for',
    'ask',
    'round',
    'seed',
    'pre-seed',
    'series a',
    'series b',
    'series c',
    'funding',
    'financing',
    'investment',
    'equity',
    'suchen',
    'levons',
    'levée',
    'buscamos',
    'captando',
  ].map((phrase): Cue => ({ family: 'raise', phrase })),
  ...['pre-money', 'pre money', 'pre'].map((phrase): Cue => ({ family: 'pre_money', phrase })),
  ...['post-money', 'post money', 'post'].map((phrase): Cue => ({ family: 'post_money', phrase })),
  ...['burn', 'burn rate'].map((phrase): Cue => ({ family: 'burn', phrase })),
  ...['runway'].map((phrase): Cue => ({ family: 'runway', phrase })),
  ...[
    'margin',
    'churn',
    'churned',
    'retention',
    'conversion',
    'discount',
    'commission',
    'take rate',
    'gmv',
    'debt',
    'loan',
    'finance',
    'committed',
  ].map((phrase): Cue => ({ family: 'block', phrase })),
];

/** Which kind of number each figure is. */
const kindOf: Record<FigureKey, Quantity['kind']> = {
  market_size: 'money',
  revenue: 'money',
  arr: 'money',
  mrr: 'money',
  growth: 'percent',
  customers: 'count',
  raise: 'money',
  pre_money: 'money',
  post_money: 'money',
  burn: 'money',
  runway: 'months',
};

type CompiledCue = Cue & { words: string[] };
let compiledCues: Map<string, CompiledCue[]> | null = null;

/** The cues as token sequences, read once by the same tokenizer as the decks, by their first word. */
function cuesByFirstWord(): Map<string, CompiledCue[]> {
  if (compiledCues) return compiledCues;
  compiledCues = new Map();
  for (const cue of cueList) {
    const words = readText(cue.phrase)
      .tokens.filter((token) => token.type !== 'punctuation' || token.value === "'")
      .map((token) => token.normal);
    const first = words[0];
    if (first === undefined) continue;
    compiledCues.set(first, [...(compiledCues.get(first) ?? []), { ...cue, words }]);
  }
  return compiledCues;
}

/** A cue found on the page, by token index (end inclusive). */
type FoundCue = CompiledCue & { first: number; last: number };

function findCues(tokens: Token[]): FoundCue[] {
  const found: FoundCue[] = [];
  const byFirstWord = cuesByFirstWord();
  for (let index = 0; index < tokens.length; index++) {
    for (const cue of byFirstWord.get(bare(tokens[index])) ?? []) {
      if (cue.words.every((word, offset) => bare(tokens[index + offset]) === word)) {
        found.push({ ...cue, first: index, last: index + cue.words.length - 1 });
      }
    }
  }
  return found;
}

/** Cues nearer than this (in tokens) may name a number; a slide's clause is rarely longer. */
const maxCueDistance = 12;
/** A head count is named by the word right after it ("2,300 customers", "11 paying customers"). */
const maxCountCueDistance = 3;

/** Words before a count that make it a goal, not the business as it is ("to reach 100 paying clinics"). */
const goalWords = new Set(['reach', 'target', 'goal', 'to']);

type Named = { key: FigureKey; cue: FoundCue; scope?: MarketScope };

/** What the naming rules read of a page. */
type PageContext = {
  tokens: Token[];
  quantities: Quantity[];
  found: FoundCue[];
  /** Clause of each token, with ";" ending one too: a cue does not reach across it. */
  cueClauses: number[];
};

/**
 * How far a cue is from a quantity in tokens; a cue before the number counts half a token more,
 * so a cue after it wins a tie ("$2M seed at $8M pre-money"). Null when they overlap.
 */
function distanceBetween(quantity: Quantity, cue: { first: number; last: number }): number | null {
  if (cue.first > quantity.last) return cue.first - quantity.last;
  if (cue.last < quantity.first) return quantity.first - cue.last + 0.5;
  return null;
}

/** Whether `cue` may name a quantity of `kind` (a blocking word names any). */
const fits = (cue: FoundCue, kind: Quantity['kind']) => cue.family === 'block' || kindOf[cue.family] === kind;

/**
 * The figure a quantity is: the nearest fitting cue in its clause, unless another quantity of the
 * same kind is nearer to that cue (in "$3.5M in equity and $5M in trade finance" the equity is
 * the first sum's, and the second is named by "finance", which blocks it).
 */
function nameOf(quantity: Quantity, context: PageContext): Named | 'blocked' | null {
  const { tokens, quantities, found, cueClauses } = context;
  const clause = cueClauses[quantity.first];
  let best: { cue: FoundCue; distance: number } | null = null;
  for (const cue of found) {
    if (cueClauses[cue.first] !== clause || cueClauses[cue.last] !== clause || !fits(cue, quantity.kind)) continue;
    const distance = distanceBetween(quantity, cue);
    if (distance === null) continue;
    const isAfter = cue.first > quantity.last;
    if (quantity.kind === 'count' && cue.family === 'customers') {
      if (isAfter ? distance > maxCountCueDistance : distance > 2.5) continue;
    } else if (distance > maxCueDistance) continue;
    const isNearerToOther = quantities.some((other) => {
      if (other === quantity || other.kind !== quantity.kind || cueClauses[other.first] !== clause) return false;
      const otherDistance = distanceBetween(other, cue);
      return otherDistance !== null && otherDistance < distance;
    });
    if (isNearerToOther) continue;
    if (!best || distance < best.distance) best = { cue, distance };
  }
  if (!best) return null;
  if (best.cue.family === 'block') return 'blocked';
  if (best.cue.family === 'customers' && goalWords.has(bare(tokens[quantity.first - 1]))) return 'blocked';
  const named: Named = { key: best.cue.family, cue: best.cue };
  if (named.key === 'market_size') {
    const scope = best.cue.scope ?? scopeNear(quantity, context);
    if (scope) named.scope = scope;
  }
  return named;
}

/** TAM, SAM or SOM said in the clause of a market figure, nearest first, unless nearer another sum. */
function scopeNear(quantity: Quantity, context: PageContext): MarketScope | undefined {
  const { quantities, found, cueClauses } = context;
  let best: { scope: MarketScope; distance: number } | undefined;
  for (const cue of found) {
    if (!cue.scope || cueClauses[cue.first] !== cueClauses[quantity.first]) continue;
    const distance = distanceBetween(quantity, cue);
    if (distance === null || distance > maxCueDistance) continue;
    const isNearerToOther = quantities.some((other) => {
      if (other === quantity || other.kind !== 'money') return false;
      const otherDistance = distanceBetween(other, cue);
      return otherDistance !== null && otherDistance < distance;
    });
    if (isNearerToOther) continue;
    if (!best || distance < best.distance) best = { scope: cue.scope, distance };
  }
  return best?.scope;
}

/** The line (0-based) of each token. */
function linesOf(tokens: Token[]): number[] {
  let line = 0;
  return tokens.map((token, index) => {
    if (index > 0 && token.isLineStart) line += 1;
    return line;
  });
}

/**
 * The largest value each figure can plausibly have, in any currency's units: "EU rail funding of
 * €25 Mrd." is no startup's raise. Generous, since a yen or rupee amount runs far higher than a
 * dollar one; it only drops what no deck could mean.
 */
const plausibleMaximum: Record<FigureKey, number> = {
  market_size: Number.POSITIVE_INFINITY,
  revenue: 1e12,
  arr: 1e12,
  mrr: 1e11,
  growth: 100_000,
  customers: 1e10,
  raise: 5e9,
  pre_money: 1e12,
  post_money: 1e12,
  burn: 1e10,
  runway: 240,
};

/** A later sum in a list on one line takes the name of the one before ("Revenue 2025: €6 Mio.; 2026: €15 Mio."). */
const maxListGap = 8;

export type PageFigureOptions = {
  /** Whether the page tells the market: a sum of money there named by nothing is the market's size. */
  isMarketPage: boolean;
  /** The title's tokens (first and last index): a cue there names an unnamed figure of the body ("Seed round" over "$2.2M to build…"). */
  titleRange: [number, number] | null;
};

/**
 * The figures of one page, in reading order, one per key, value and unit (the title's "$1.2B
 * opportunity" and the body's "TAM: $1.2B" are one figure, with the scope the body gives).
 */
export function figuresOfPage(read: ReadText, page: number, options: PageFigureOptions): DeckFigure[] {
  const { tokens, text } = read;
  const quantities = quantitiesOf(tokens, read.entities);
  if (quantities.length === 0) return [];
  const found = findCues(tokens);
  const clauses = clausesOf(tokens);
  let cueClause = 0;
  const cueClauses = tokens.map((_token, index) => {
    if (index > 0 && (clauses[index] !== clauses[index - 1] || tokens[index - 1]?.value === ';')) cueClause += 1;
    return cueClause;
  });
  const context: PageContext = { tokens, quantities, found, cueClauses };
  const lines = linesOf(tokens);
  const [titleFirst, titleLast] = options.titleRange ?? [-1, -1];
  const isInTitle = (index: number) => index >= titleFirst && index <= titleLast;
  const titleCues = found.filter((cue) => isInTitle(cue.first) && isInTitle(cue.last) && cue.family !== 'block');
  const figures: (DeckFigure & { at: number })[] = [];
  let previous: { quantity: Quantity; key: FigureKey } | null = null;
  for (const quantity of quantities) {
    const named = nameOf(quantity, context);
    if (named === 'blocked') {
      previous = null;
      continue;
    }
    let key: FigureKey | null = null;
    let scope: MarketScope | undefined;
    let cue: FoundCue | null = null;
    // A price ("$40,000 per ward per year", "$4/month") is no figure unless a cue beside it names it;
    // "€14 Mrd. per year" is a yearly total, not a price.
    const isPrice =
      ['per', '/', 'each'].includes(bare(tokens[quantity.last + 1])) &&
      !['year', 'annum', 'yr', 'jahr'].includes(bare(tokens[quantity.last + 2]));
    const titleCue =
      !isInTitle(quantity.first) && !isPrice
        ? titleCues.find((candidate) => candidate.family !== 'customers' && fits(candidate, quantity.kind))
        : undefined;
    if (named) {
      ({ key, scope, cue } = named);
    } else if (
      previous &&
      quantity.kind === 'money' &&
      previous.quantity.kind === 'money' &&
      lines[previous.quantity.last] === lines[quantity.first] &&
      quantity.first - previous.quantity.last <= maxListGap
    ) {
      key = previous.key;
    } else if (titleCue && titleCue.family !== 'block') {
      key = titleCue.family;
      scope = titleCue.scope ?? (key === 'market_size' ? scopeNear(quantity, context) : undefined);
    } else if (options.isMarketPage && quantity.kind === 'money' && !isPrice) {
      key = 'market_size';
      scope = scopeNear(quantity, context);
    }
    if (key === null || quantity.value > plausibleMaximum[key]) {
      previous = null;
      continue;
    }
    previous = { quantity, key };
    const start = (tokens[quantity.first] as Token).start;
    let end = quantity.end;
    // The naming words join the text when they follow at once: "$1.2M ARR", "11 paying customers".
    const endsSentence = (tokens[quantity.last] as Token).value.endsWith('.');
    if (cue && !endsSentence && cue.first > quantity.last && cue.first - quantity.last <= maxCountCueDistance) {
      const family = cue.family;
      let last = quantity.last;
      for (let index = quantity.last + 1; index <= quantity.last + maxCountCueDistance; index++) {
        const token = tokens[index];
        if (!token || token.type === 'punctuation' || token.isLineStart) break;
        if (found.some((other) => other.family === family && other.first <= index && other.last >= index)) {
          last =
            found.find((other) => other.family === family && other.first <= index && other.last >= index)?.last ??
            index;
          index = last;
        }
      }
      if (last > quantity.last) end = (tokens[last] as Token).start + bare(tokens[last]).length;
    }
    const figure: DeckFigure & { at: number } = {
      key,
      value: quantity.value,
      unit: quantity.unit,
      text: text.slice(start, end),
      page,
      at: start,
    };
    if (scope) figure.scope = scope;
    const twin = figures.findIndex(
      (other) => other.key === key && other.value === figure.value && other.unit === figure.unit,
    );
    if (twin === -1) figures.push(figure);
    else if (!figures[twin]?.scope && figure.scope) figures[twin] = { ...figure, at: figures[twin]?.at ?? start };
  }
  return figures.sort((a, b) => a.at - b.at).map(({ at: _at, ...figure }) => figure);
}
