import type {
  DeckFigure,
  FigureKey,
  FigurePeriod,
  FigureUnit,
  MarketScope,
  MoneyUnit,
} from '@deckvalid/contract/analysis';
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
    'pay for',
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
  ...['gross margin', 'gross margins', 'bruttomarge', 'marge brute', 'margen bruto'].map(
    (phrase): Cue => ({ family: 'gross_margin', phrase }),
  ),
  ...['net revenue retention', 'net dollar retention', 'net retention', 'nrr', 'ndr'].map(
    (phrase): Cue => ({ family: 'net_revenue_retention', phrase }),
  ),
  ...['churn', 'churn rate', 'monthly churn', 'annual churn'].map((phrase): Cue => ({ family: 'churn', phrase })),
  ...['cac', 'customer acquisition cost', 'acquisition cost', 'cost per acquisition', 'blended cac'].map(
    (phrase): Cue => ({ family: 'cac', phrase }),
  ),
  ...['ltv', 'clv', 'lifetime value', 'customer lifetime value'].map((phrase): Cue => ({ family: 'ltv', phrase })),
  ...['raised', 'raised to date', 'have raised', 'previously raised', 'funded with', 'backed with'].map(
    (phrase): Cue => ({ family: 'raised_to_date', phrase }),
  ),
  ...['in the bank', 'cash in the bank', 'cash on hand', 'cash balance'].map(
    (phrase): Cue => ({ family: 'cash', phrase }),
  ),
  ...['employees', 'ftes', 'fte', 'staff', 'team members', 'headcount', 'team of', 'mitarbeiter', 'empleados'].map(
    (phrase): Cue => ({ family: 'team_size', phrase }),
  ),
  ...['price', 'prices', 'priced', 'pricing', 'subscription', 'fee'].map(
    (phrase): Cue => ({ family: 'price', phrase }),
  ),
  ...[
    // Margins and retention of another kind than the ones named above: the longer phrase starts
    // first, so it wins the tie with "margin" or "retention".
    'operating margin',
    'net margin',
    'ebitda margin',
    'ebitda',
    'contribution margin',
    'logo retention',
    'retention',
    // Margins of an industry or another kind; a gross margin is named as such.
    'margin',
    'margins',
    // "zero churned customers" is no count of customers.
    'churned',
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
  gross_margin: 'percent',
  net_revenue_retention: 'percent',
  churn: 'percent',
  cac: 'money',
  ltv: 'money',
  price: 'money',
  raise: 'money',
  raised_to_date: 'money',
  use_of_funds: 'percent',
  cash: 'money',
  pre_money: 'money',
  post_money: 'money',
  burn: 'money',
  runway: 'months',
  team_size: 'count',
};

/** Counts named only by the word right beside them ("2,300 customers", "12 employees", "team of 12"). */
const isCountFamily = (family: CueFamily) => family === 'customers' || family === 'team_size';

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

/**
 * Words that make a count of clients something other than paying customers: a capacity ("the
 * portal can show 200 clients"), a pipeline, letters of intent, pilots, trials or a waitlist.
 */
const notPayingWords = new Set([
  'can',
  'could',
  'capacity',
  'able',
  'supports',
  'support',
  'handle',
  'handles',
  'pipeline',
  'loi',
  'lois',
  'intent',
  'pilot',
  'pilots',
  'trial',
  'trials',
  'free',
  'waitlist',
  'beta',
  'prospects',
  'prospective',
  'potential',
  'unpaid',
]);
/** How far before a count a capacity or pipeline word still qualifies it, within its clause. */
const notPayingReach = 6;

/**
 * Whether a count of customers is paying customers: no capacity, pipeline or pilot word near it
 * in its clause. A goal ("to reach 1,000 paying couriers") is paying customers in a plan, which
 * its period says.
 */
function isPayingCustomers(quantity: Quantity, context: PageContext): boolean {
  const { tokens, cueClauses } = context;
  const clause = cueClauses[quantity.first];
  for (let index = quantity.first - 1; index >= Math.max(0, quantity.first - notPayingReach); index--) {
    if (cueClauses[index] !== clause) break;
    if (notPayingWords.has(bare(tokens[index]))) return false;
  }
  for (let index = quantity.last + 1; index <= quantity.last + 3 && index < tokens.length; index++) {
    if (cueClauses[index] !== clause) break;
    if (notPayingWords.has(bare(tokens[index]))) return false;
  }
  return true;
}

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
  const { quantities, found, cueClauses } = context;
  const clause = cueClauses[quantity.first];
  let best: { cue: FoundCue; distance: number } | null = null;
  for (const cue of found) {
    if (cueClauses[cue.first] !== clause || cueClauses[cue.last] !== clause || !fits(cue, quantity.kind)) continue;
    const distance = distanceBetween(quantity, cue);
    if (distance === null) continue;
    const isAfter = cue.first > quantity.last;
    if (quantity.kind === 'count' && isCountFamily(cue.family)) {
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
  if (best.cue.family === 'customers' && !isPayingCustomers(quantity, context)) return 'blocked';
  // "50 employees" is the company's team only where the clause speaks of it ("we are 50
  // employees"); "firms under 50 employees" sizes a market.
  if (best.cue.family === 'team_size' && best.cue.phrase !== 'team of' && !speaksOfItself(quantity, context)) {
    return null;
  }
  const named: Named = { key: best.cue.family, cue: best.cue };
  if (named.key === 'market_size') {
    const scope = best.cue.scope ?? scopeNear(quantity, context);
    if (scope) named.scope = scope;
  }
  return named;
}

/** Words by which a deck speaks of its own company. */
const ownWords = new Set(['we', 'our', 'us', 'team', "we're"]);

/**
 * Whether the clause of a quantity speaks of the company itself ("we are 12 people", "our
 * team"); "US" in capitals is the country.
 */
function speaksOfItself(quantity: Quantity, context: PageContext): boolean {
  const clause = context.cueClauses[quantity.first];
  return context.tokens.some(
    (token, index) => context.cueClauses[index] === clause && ownWords.has(bare(token)) && token.value !== 'US',
  );
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
  gross_margin: 100,
  net_revenue_retention: 1_000,
  churn: 100,
  cac: 1e9,
  ltv: 1e10,
  price: 1e9,
  raise: 5e9,
  raised_to_date: 1e11,
  use_of_funds: 100,
  cash: 1e11,
  pre_money: 1e12,
  post_money: 1e12,
  burn: 1e10,
  runway: 240,
  team_size: 1e6,
};

/** A later sum in a list on one line takes the name of the one before ("Revenue 2025: €6 Mio.; 2026: €15 Mio."). */
const maxListGap = 8;

export type PageFigureOptions = {
  /** Whether the page tells the market: a sum of money there named by nothing is the market's size. */
  isMarketPage: boolean;
  /** Whether the page tells the business model: a sum "a month" or "per seat" there is a price. */
  isPricingPage?: boolean;
  /** The title's tokens (first and last index): a cue there names an unnamed figure of the body ("Seed round" over "$2.2M to build…"). */
  titleRange: [number, number] | null;
  /**
   * The year the deck speaks from (when the version was read): a figure of an earlier year is
   * history, of a later one a plan. Without it, only words ("last year", "by 2027") say when.
   */
  asOfYear?: number;
};

/**
 * Figures whose period is fixed by what they are: the ask, money raised so far, how the round is
 * spent, its valuation and a price are all stated as they stand when the deck is sent.
 */
const alwaysCurrent = new Set<FigureKey>([
  'raise',
  'raised_to_date',
  'use_of_funds',
  'pre_money',
  'post_money',
  'price',
]);

type TimeMarker = { kind: 'past' | 'projected' | 'now'; words: string[]; after?: boolean };

/**
 * Words that place a figure in time. A marker counts before the figure ("up from $400K", "to
 * reach $4.5M"); those marked `after` count after it too ("$400K last year", "$4.5M projected").
 */
const timeMarkers: TimeMarker[] = [
  ...['last year', 'previous year', 'prior year', 'a year ago', 'last fiscal year'].map(
    (phrase): TimeMarker => ({ kind: 'past', words: phrase.split(' '), after: true }),
  ),
  ...['up from', 'was', 'were', 'previously', 'historically', 'in the past', 'vorjahr'].map(
    (phrase): TimeMarker => ({ kind: 'past', words: phrase.split(' ') }),
  ),
  ...['projected', 'forecast', 'forecasted', 'expected', 'planned', 'target', 'targeted', 'goal', 'next year'].map(
    (phrase): TimeMarker => ({ kind: 'projected', words: phrase.split(' '), after: true }),
  ),
  ...[
    'will',
    'to reach',
    'reach',
    'reaching',
    'aim',
    'aiming',
    'plan to',
    'expect',
    'expects',
    'targeting',
    'budget',
  ].map((phrase): TimeMarker => ({ kind: 'projected', words: phrase.split(' ') })),
  ...['current', 'currently', 'today', 'now', 'to date', 'so far'].map(
    (phrase): TimeMarker => ({ kind: 'now', words: phrase.split(' '), after: true }),
  ),
];
/** How far (in tokens, within the clause) a time marker or a year still places a figure. */
const maxTimeDistance = 8;
/** A year as a deck writes one: "2027", "2027E", "FY27", "FY2027e". */
const yearToken = /^(?:fy)?((?:19|20)?\d\d)(e|f)?$/i;
/** Titles of pages that show a plan: every figure there is projected unless its words say otherwise. */
const projectionTitle = /\b(projections?|forecasts?|targets)\b/i;
/** Words through which a year after a figure dates it ("€2.4m in 2024", "$4.5M by 2027"). */
const datingWords = new Set(['in', 'by', 'for', 'during', 'of', 'until', 'bis', 'im', 'en', 'fy']);
/** Words that make the year after them a deadline ("by 2027", "by the end of 2025", "bis 2030"). */
const deadlineWords = new Set(['by', 'until', 'bis', "d'ici", 'hasta']);

/** The year a token writes, and whether it marks an estimate ("2027E", "FY27F"); null for no year. */
function yearOf(token: Token | undefined): { year: number; isEstimate: boolean } | null {
  if (!token || token.type === 'punctuation') return null;
  const match = yearToken.exec(token.value);
  if (!match?.[1]) return null;
  const isFiscal = /^fy/i.test(token.value);
  const digits = match[1];
  if (digits.length === 2 && !isFiscal) return null;
  const year = digits.length === 2 ? 2000 + Number(digits) : Number(digits);
  if (year < 1990 || year > 2100) return null;
  return { year, isEstimate: match[2] !== undefined };
}

/**
 * When a figure holds, as read on its page: a plan, or an actual with the time it stands for.
 * Which actual is current is settled over the whole deck (`settlePeriods`): the latest of a key.
 */
export type PageTiming = { isPlan: boolean; year?: number; time: number };

/** Where "now" stands when the deck's own year is unknown: after any year a deck could name. */
const unknownNow = 9_999;
/** The time of "up from $400K" or "was": before anything the deck dates. */
const earlier = Number.NEGATIVE_INFINITY;

/**
 * How a figure is placed in time on its page. A plan: a year after "by" or marked as an estimate,
 * a year after the deck's own, a plan's words ("projected", "to reach"), or a forecast page.
 * Otherwise an actual, at the nearest year in its clause, "last year", an earlier time for "up
 * from" or "was", or now. A market's size cites the year of its source, which dates the
 * estimate, not the market, so only a plan moves it.
 */
function timingOf(
  quantity: Quantity,
  key: FigureKey,
  context: PageContext,
  options: { asOfYear?: number; isProjectionPage: boolean },
): PageTiming {
  const now = options.asOfYear ?? unknownNow;
  if (alwaysCurrent.has(key)) return { isPlan: false, time: now };
  const { tokens, quantities, cueClauses } = context;
  const clause = cueClauses[quantity.first];
  const isNearerToOther = (span: { first: number; last: number }, distance: number) =>
    quantities.some((other) => {
      if (other === quantity || cueClauses[other.first] !== clause) return false;
      const otherDistance = distanceBetween(other, span);
      return otherDistance !== null && otherDistance < distance;
    });

  // A year labels the figure after it ("2025: $4MM, 2026: $10MM"); after a figure it dates it
  // only through a preposition ("€2.4m in 2024", "$4.5M by 2027").
  const yearDistance = (other: Quantity, index: number) => {
    const distance = distanceBetween(other, { first: index, last: index });
    if (distance === null || index < other.first) return distance;
    return datingWords.has(bare(tokens[index - 1])) ? distance - 0.25 : distance + 1.5;
  };
  let nearestYear: { year: number; isPlan: boolean; distance: number } | null = null;
  for (let index = quantity.first - maxTimeDistance; index <= quantity.last + maxTimeDistance; index++) {
    if (index < 0 || index >= tokens.length || (index >= quantity.first && index <= quantity.last)) continue;
    if (cueClauses[index] !== clause) continue;
    const found = yearOf(tokens[index]);
    if (!found) continue;
    const distance = yearDistance(quantity, index);
    if (distance === null) continue;
    const isNearerToOtherFigure = quantities.some((other) => {
      if (other === quantity || cueClauses[other.first] !== clause) return false;
      const otherDistance = yearDistance(other, index);
      return otherDistance !== null && otherDistance < distance;
    });
    if (isNearerToOtherFigure) continue;
    const isDeadline = [1, 2, 3, 4].some((back) => deadlineWords.has(bare(tokens[index - back])));
    if (!nearestYear || distance < nearestYear.distance) {
      nearestYear = { year: found.year, isPlan: isDeadline || found.isEstimate, distance };
    }
  }

  let nearestMarker: { kind: TimeMarker['kind']; distance: number } | null = null;
  for (const marker of timeMarkers) {
    for (let index = quantity.first - maxTimeDistance; index <= quantity.last + maxTimeDistance; index++) {
      if (index < 0 || !marker.words.every((word, offset) => bare(tokens[index + offset]) === word)) continue;
      const span = { first: index, last: index + marker.words.length - 1 };
      if (cueClauses[span.first] !== clause || cueClauses[span.last] !== clause) continue;
      if (span.first > quantity.last && !marker.after) continue;
      const distance = distanceBetween(quantity, span);
      if (distance === null || distance > maxTimeDistance || isNearerToOther(span, distance)) continue;
      if (!nearestMarker || distance < nearestMarker.distance) nearestMarker = { kind: marker.kind, distance };
    }
  }

  const year = nearestYear?.year;
  const withYear = (timing: PageTiming): PageTiming => (year === undefined ? timing : { ...timing, year });
  const isPlan =
    nearestYear?.isPlan === true ||
    nearestMarker?.kind === 'projected' ||
    (year !== undefined && year > now && key !== 'market_size') ||
    (options.isProjectionPage && nearestMarker?.kind !== 'now' && nearestMarker?.kind !== 'past');
  if (isPlan) return withYear({ isPlan: true, time: year ?? now + 1 });
  if (key === 'market_size') return { isPlan: false, time: now };
  if (year !== undefined) return { isPlan: false, year, time: year };
  if (nearestMarker?.kind === 'past') {
    const isLastYear = ['last', 'previous', 'prior', 'a'].includes(bare(tokens[quantity.first - 3]) ?? '');
    return { isPlan: false, time: isLastYear ? now - 1 : earlier };
  }
  return { isPlan: false, time: now };
}

/** A figure of a page, with the time it stands for until the deck's periods are settled. */
export type PageFigure = DeckFigure & { timing: PageTiming };

/**
 * The deck's figures with their periods: a plan is `projected`; of the actuals of one key, the
 * latest the deck states is `current` (two stated for the same time are both current: "1,150
 * businesses and 35 firms"), and the earlier ones `past` ("$400K last year" beside "$1.2M").
 * A key whose only actual is last year's revenue has that as its current figure: it is the
 * latest the deck states, and the table shows its year.
 */
export function settlePeriods(figures: PageFigure[]): DeckFigure[] {
  const latest = new Map<FigureKey, number>();
  for (const { key, timing } of figures) {
    if (!timing.isPlan) latest.set(key, Math.max(latest.get(key) ?? Number.NEGATIVE_INFINITY, timing.time));
  }
  return figures.map(({ timing, ...figure }) => {
    let period: FigurePeriod = 'projected';
    if (!timing.isPlan) period = timing.time >= (latest.get(figure.key) ?? timing.time) ? 'current' : 'past';
    const settled: DeckFigure = { ...figure, period };
    if (timing.year !== undefined) settled.year = timing.year;
    return settled;
  });
}

/** Pages that say how the round is spent: a share of it named by nothing is a use of funds. */
const useOfFundsWords =
  /\b(use of (the )?funds|use of proceeds|funds will|will fund|funding will|allocation|allocated|spend it on|mittelverwendung|utilisation des fonds|uso de (los )?fondos)\b/i;

/**
 * What a share of the funds is for: the words after "40%" up to the next comma, semicolon, line
 * or figure ("40% product and engineering"), else the words before it ("Engineering: 40%").
 */
function purposeOf(quantity: Quantity, context: PageContext, text: string): string | undefined {
  const { tokens, quantities } = context;
  const next = quantities.find((other) => other.first > quantity.last);
  const limit = next ? (tokens[next.first] as Token).start : text.length;
  const after = text.slice(quantity.end, limit).split(/[,;\n(]|\.\s/)[0] ?? '';
  const cleanedAfter = after
    .replace(/^[\s:–—-]*(?:(?:for|on|to|in|into|of|goes to|go to)\s+)?/i, '')
    .replace(/[\s.:]+$/, '');
  if (/\p{L}/u.test(cleanedAfter)) return cleanedAfter.slice(0, 120);
  const previous = [...quantities].reverse().find((other) => other.last < quantity.first);
  const from = previous ? previous.end : 0;
  const before =
    text
      .slice(from, (tokens[quantity.first] as Token).start)
      .split(/[,;\n]/)
      .at(-1) ?? '';
  const cleanedBefore = before.replace(/^[\s:–—-]+/, '').replace(/[\s:–—=-]+$/, '');
  return /\p{L}/u.test(cleanedBefore) ? cleanedBefore.slice(0, 120) : undefined;
}

/** Words before a sum that make it what someone pays ("pay us $99 a month", "charges $49 per seat"). */
const payWords = new Set(['pay', 'pays', 'paying', 'charge', 'charges', 'charging', 'priced', 'us']);

/**
 * What a price is per: the word after "per" or "a", with the word after it when the first only
 * qualifies it ("per resolved ticket").
 */
function perOf(tokens: Token[], index: number): string {
  const first = bare(tokens[index]);
  const second = tokens[index + 1];
  return /ed$/.test(first) && second?.type === 'word' ? `${first} ${bare(second)}` : first;
}

/** Whether a pay word stands right before a sum in its clause ("pay us $99 a month"). */
function isPaidSum(quantity: Quantity, context: PageContext): boolean {
  const { tokens, cueClauses } = context;
  for (let index = quantity.first - 1; index >= Math.max(0, quantity.first - 2); index--) {
    if (cueClauses[index] !== cueClauses[quantity.first]) return false;
    if (payWords.has(bare(tokens[index]))) return true;
  }
  return false;
}

/**
 * The figures of one page, in reading order, one per key, value and unit (the title's "$1.2B
 * opportunity" and the body's "TAM: $1.2B" are one figure, with the scope the body gives).
 */
export function figuresOfPage(read: ReadText, page: number, options: PageFigureOptions): PageFigure[] {
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
  const titleText =
    titleFirst >= 0 ? text.slice((tokens[titleFirst] as Token).start, (tokens[titleLast] as Token).end) : '';
  const isProjectionPage = projectionTitle.test(titleText);
  const figures: (PageFigure & { at: number })[] = [];
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
    // A price ("$40,000 per ward per year", "$4/month", "$149 a month") is no other figure;
    // "€14 Mrd. per year" and "£1,500 a year" are yearly totals, not prices.
    const perWord = bare(tokens[quantity.last + 1]);
    const isPrice =
      quantity.kind === 'money' &&
      ['per', '/', 'each', 'a', 'an'].includes(perWord) &&
      /^\p{L}/u.test(bare(tokens[quantity.last + 2])) &&
      !['year', 'annum', 'yr', 'jahr'].includes(bare(tokens[quantity.last + 2]));
    const titleCue =
      !isInTitle(quantity.first) && !isPrice
        ? titleCues.find((candidate) => !isCountFamily(candidate.family) && fits(candidate, quantity.kind))
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
    } else if (isPrice && (options.isPricingPage || isPaidSum(quantity, context))) {
      key = 'price';
    } else if (quantity.kind === 'percent' && useOfFundsWords.test(text)) {
      key = 'use_of_funds';
    }
    if (key === 'price' && !isPrice) key = null;
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
    const timing = timingOf(quantity, key, context, { asOfYear: options.asOfYear, isProjectionPage });
    const figure: PageFigure & { at: number } = {
      key,
      value: quantity.value,
      unit: quantity.unit,
      text: text.slice(start, end),
      page,
      // Settled over the whole deck (settlePeriods); a page alone cannot tell current from past.
      period: timing.isPlan ? 'projected' : 'current',
      timing,
      at: start,
    };
    if (scope) figure.scope = scope;
    if (key === 'price') {
      figure.per = perOf(tokens, quantity.last + 2);
      // "$149 a month" reads as a price; "$149" alone does not.
      const perEnd = figure.per.includes(' ') ? quantity.last + 3 : quantity.last + 2;
      figure.text = text.slice(start, (tokens[perEnd] as Token).start + bare(tokens[perEnd]).length);
    }
    if (key === 'use_of_funds') {
      const purpose = purposeOf(quantity, context, text);
      if (purpose) figure.purpose = purpose;
    }
    // The same figure stated twice on a page counts once ("$8bn market" over "$8bn TAM by
    // 2028"); a use of funds is told apart by what it is for.
    const twin = figures.findIndex(
      (other) =>
        other.key === key &&
        other.value === figure.value &&
        other.unit === figure.unit &&
        other.purpose === figure.purpose,
    );
    const held = figures[twin];
    if (!held) figures.push(figure);
    else if ((!held.scope && figure.scope) || (!held.timing.isPlan && figure.timing.isPlan)) {
      // The statement that says more wins: a scope, or the year of a plan.
      figures[twin] = { ...figure, scope: figure.scope ?? held.scope, at: held.at };
      if (figures[twin].scope === undefined) delete figures[twin].scope;
    }
  }
  return figures.sort((a, b) => a.at - b.at).map(({ at: _at, ...figure }) => figure);
}
