import { z } from 'zod';
import { textSchema } from './text';

/**
 * The validation report of a deck version (issue 19): computed offline from the processed deck's
 * page texts, font sizes and page count, stored with the version and recomputed only when the
 * analyser's version changes. The same deck always gets the same report.
 *
 * Its strings are built with the shared text schema although the report only leaves the server:
 * it is stored as jsonb, which refuses a lone surrogate, and its figure texts are cut from page
 * texts a PDF chose, so the one text rule is what guarantees the report can be stored at all.
 */

/**
 * The parts a deck should tell, in the order the report lists them: Sequoia's outline (purpose,
 * problem, solution, why now, market, competition, product, business model, team, financials)
 * plus traction and the ask.
 */
export const analysisSectionKeys = [
  'purpose',
  'problem',
  'solution',
  'why_now',
  'market',
  'competition',
  'product',
  'business_model',
  'traction',
  'team',
  'financials',
  'ask',
] as const;
export type AnalysisSectionKey = (typeof analysisSectionKeys)[number];

/** What the report and the pages call each section. */
export const analysisSectionLabels: Record<AnalysisSectionKey, string> = {
  purpose: 'Company purpose',
  problem: 'Problem',
  solution: 'Solution',
  why_now: 'Why now',
  market: 'Market size',
  competition: 'Competition',
  product: 'Product',
  business_model: 'Business model',
  traction: 'Traction',
  team: 'Team',
  financials: 'Financials',
  ask: 'The ask',
};

/**
 * The figures the analyser reads out of a deck. `raise` is the ask (the round being raised now);
 * money already raised is `raised_to_date`. `customers` are paying customers only: a capacity
 * ("can serve 200 clients"), a pipeline, letters of intent, pilots and targets are not.
 */
export const figureKeys = [
  'market_size',
  'revenue',
  'arr',
  'mrr',
  'growth',
  'customers',
  'gross_margin',
  'net_revenue_retention',
  'churn',
  'cac',
  'ltv',
  'price',
  'raise',
  'raised_to_date',
  'use_of_funds',
  'cash',
  'pre_money',
  'post_money',
  'burn',
  'runway',
  'team_size',
] as const;
export type FigureKey = (typeof figureKeys)[number];

/** What the report and the pages call each figure. */
export const figureLabels: Record<FigureKey, string> = {
  market_size: 'Market size',
  revenue: 'Revenue',
  arr: 'Annual recurring revenue',
  mrr: 'Monthly recurring revenue',
  growth: 'Growth',
  customers: 'Paying customers',
  gross_margin: 'Gross margin',
  net_revenue_retention: 'Net revenue retention',
  churn: 'Churn',
  cac: 'Customer acquisition cost',
  ltv: 'Customer lifetime value',
  price: 'Price',
  raise: 'Raising',
  raised_to_date: 'Raised to date',
  use_of_funds: 'Use of funds',
  cash: 'Cash in the bank',
  pre_money: 'Pre-money valuation',
  post_money: 'Post-money valuation',
  burn: 'Monthly burn',
  runway: 'Runway',
  team_size: 'Team size',
};

/**
 * When a figure holds: `current` is the business as it stands (the headline: the report's table,
 * the copilot's answers, comparisons and search filters use only these); `past` is history ("up
 * from $400K last year"); `projected` is a plan, a forecast or a target ("$4.5M ARR by 2027").
 */
export const figurePeriods = ['current', 'past', 'projected'] as const;
export type FigurePeriod = (typeof figurePeriods)[number];

/**
 * The currencies a money figure can be in. Money stays in the currency the deck wrote it in, and
 * the unit is that currency's ISO code: the analyser is offline and a deck states no date for a
 * rate, so converting would invent a number the founder never wrote. "€3,5 Mio." is therefore
 * `{ value: 3500000, unit: 'EUR' }`; compare figures across decks only within one currency.
 */
export const moneyUnits = ['USD', 'EUR', 'GBP', 'CHF', 'JPY', 'INR'] as const;
export type MoneyUnit = (typeof moneyUnits)[number];

/** A figure's unit: a currency (money, see `moneyUnits`), a percentage, months or a count. */
export const figureUnits = [...moneyUnits, 'percent', 'months', 'count'] as const;
export type FigureUnit = (typeof figureUnits)[number];

const isMoneyUnit = (unit: FigureUnit): unit is MoneyUnit => (moneyUnits as readonly string[]).includes(unit);

/** Number formats built on first use (Intl is costly to build, and a page's first one loads locale data). */
const formats = new Map<string, Intl.NumberFormat>();
function numberFormat(name: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let format = formats.get(name);
  if (!format) {
    format = new Intl.NumberFormat('en-US', options);
    formats.set(name, format);
  }
  return format;
}

/**
 * A figure's value in its unit, for people: "USD 40B", "EUR 3.5M", "120%", "18 months", "48".
 * Money shows its code, not a symbol: figures are never converted (`moneyUnits`), and "$" alone
 * would not tell a reader comparing decks which dollars these are. Intl separates the code from
 * the amount with a no-break space, which keeps "USD 40B" on one line in a narrow table cell.
 */
export function formatFigureValue({ value, unit }: { value: number; unit: FigureUnit }): string {
  if (isMoneyUnit(unit)) {
    return numberFormat(unit, {
      style: 'currency',
      currency: unit,
      currencyDisplay: 'code',
      notation: 'compact',
      minimumFractionDigits: 0,
      maximumFractionDigits: 1,
    }).format(value);
  }
  if (unit === 'percent')
    return numberFormat('percent', { style: 'percent', maximumFractionDigits: 1 }).format(value / 100);
  const plain = numberFormat('plain', { maximumFractionDigits: 1 }).format(value);
  if (unit === 'months') return `${plain} ${value === 1 ? 'month' : 'months'}`;
  return plain;
}

/** Which slice of a market a market-size figure is: total, serviceable, or obtainable. */
export const marketScopes = ['TAM', 'SAM', 'SOM'] as const;
export type MarketScope = (typeof marketScopes)[number];

/** One figure as the deck states it. */
export const deckFigureSchema = z.object({
  key: z.enum(figureKeys),
  /** The amount in `unit`, magnitudes applied: "$40B" is 40000000000, "120%" is 120, "2 years" is 24. */
  value: z.number(),
  /** A currency code for money (no conversion, see `moneyUnits`), else percent, months or count. */
  unit: z.enum(figureUnits),
  /** The words as the deck wrote them, with the term that names them when it is adjacent ("$1.2M ARR"). */
  text: textSchema({ max: 200, trim: false }),
  /** The page (1-based) it stands on. */
  page: z.number().int().positive(),
  /** TAM, SAM or SOM, for a market size that says which; absent otherwise. */
  scope: z.enum(marketScopes).optional(),
  /** When it holds: now, in the past, or as a plan (see `figurePeriods`). */
  period: z.enum(figurePeriods),
  /** The year the deck gives it for ("$4.5M ARR by 2027" → 2027); absent when it names none. */
  year: z.number().int().min(1900).max(2200).optional(),
  /** What a price is per, as the deck says it ("month", "seat", "client"); prices only. */
  per: textSchema({ max: 40 }).optional(),
  /** What a share of the funds is for ("engineering", "sales and marketing"); `use_of_funds` only. */
  purpose: textSchema({ max: 120 }).optional(),
});
export type DeckFigure = z.infer<typeof deckFigureSchema>;

/** Whether a figure is a headline one: it holds now (history and plans are shown apart). */
export const isCurrentFigure = (figure: Pick<DeckFigure, 'period'>) => figure.period === 'current';

/** The structural checks, in the order the report lists them. */
export const analysisCheckKeys = [
  'slide_count',
  'body_font_size',
  'words_per_slide',
  'closing_contact_or_ask',
  'sourced_market_figures',
  'figures_agree',
] as const;
export type AnalysisCheckKey = (typeof analysisCheckKeys)[number];

/** The bars the checks hold a deck to. */
export const analysisTargets = {
  /** Fewest and most slides (Sequoia and Kawasaki both land in this range). */
  minSlides: 10,
  maxSlides: 20,
  /** Smallest body text, in points (Kawasaki's 30-point rule). */
  minBodyFontSize: 30,
  /** Most words on one slide before it reads as a document. */
  maxWordsPerSlide: 100,
  /** How many slides at the end count as "the last slides" for a contact or an ask. */
  closingSlides: 3,
} as const;

/** One structural check of the deck. */
export const analysisCheckSchema = z.object({
  key: z.enum(analysisCheckKeys),
  /** Whether the deck meets the target; null when the deck gives nothing to check it on (no text, no market figure). */
  passed: z.boolean().nullable(),
  /**
   * What was found: the page count (slide_count), the smallest body size in points
   * (body_font_size), the pages over the word limit (words_per_slide), the page with the contact
   * or ask (closing_contact_or_ask), the market pages whose figures name no source or date
   * (sourced_market_figures), the pages of figures that contradict each other (figures_agree);
   * null when nothing could be measured.
   */
  value: z.union([z.number(), z.array(z.number().int().positive()), z.null()]),
  /** The bar, in words ("10–20 slides"). */
  target: textSchema({ max: 120 }),
  /** One sentence on what was found, naming pages. */
  message: textSchema({ max: 1_000 }),
});
export type AnalysisCheck = z.infer<typeof analysisCheckSchema>;

/** The parts of the score, in the order the report lists them; their maxima add up to 100. */
export const scoreBreakdownKeys = ['sections', 'figures', 'structure', 'readability'] as const;
export type ScoreBreakdownKey = (typeof scoreBreakdownKeys)[number];

/** One part of the score. */
export const scoreBreakdownItemSchema = z.object({
  key: z.enum(scoreBreakdownKeys),
  label: textSchema({ max: 80 }),
  /** Points earned, 0 to `max`; the items' points add up to the score. */
  points: z.number().int().min(0),
  max: z.number().int().positive(),
  /** How the part is counted, in words: which sections, figures or checks, and what this deck earned for each. */
  explanation: textSchema({ max: 1_000 }),
  /** What would raise it most, in one sentence; null at full marks. */
  nextStep: textSchema({ max: 1_000 }).nullable(),
});
export type ScoreBreakdownItem = z.infer<typeof scoreBreakdownItemSchema>;

/** One section of the outline and where the deck tells it. */
export const analysisSectionSchema = z.object({
  key: z.enum(analysisSectionKeys),
  label: textSchema({ max: 80 }),
  found: z.boolean(),
  /** The pages (1-based, ascending) that tell it; empty when not found. */
  pages: z.array(z.number().int().positive()),
});
export type AnalysisSection = z.infer<typeof analysisSectionSchema>;

/** The validation report of one deck version. */
export const deckAnalysisSchema = z.object({
  /** 0–100, the sum of the breakdown's points. */
  score: z.number().int().min(0).max(100),
  breakdown: z.array(scoreBreakdownItemSchema),
  /** Every section key, in `analysisSectionKeys` order, found or not. */
  sections: z.array(analysisSectionSchema),
  /** In page order, then in reading order on the page. */
  figures: z.array(deckFigureSchema),
  /** Every check key, in `analysisCheckKeys` order. */
  checks: z.array(analysisCheckSchema),
  /** Plain sentences, each naming the page or the missing section it is about. */
  recommendations: z.array(textSchema({ max: 1_000 })),
  /** Whether any page has readable text; false for an image-only deck, whose score rests on what can be checked. */
  hasText: z.boolean(),
  /** The deck version the report describes. */
  version: z.number().int().positive(),
  /** The analyser that computed it; a report by an older analyser is computed again. */
  analyzerVersion: z.number().int().positive(),
  /** When it was computed, ISO 8601. */
  computedAt: z.iso.datetime(),
});
export type DeckAnalysis = z.infer<typeof deckAnalysisSchema>;

/** GET /api/v1/investors/pitchdecks/{id}/analysis and GET /api/v1/users/pitchdecks/{id}/analysis */
export const deckAnalysisResponseSchema = z.object({
  analysis: deckAnalysisSchema,
});
export type DeckAnalysisResponse = z.infer<typeof deckAnalysisResponseSchema>;

/** GET /api/v1/users/pitchdecks/{id}/analysis?version=N: the founder's report of version N (else the live one, else the newest). */
export const deckAnalysisQuerySchema = z.object({
  version: z.coerce
    .number({ error: 'Pick a version number.' })
    .int('Pick a version number.')
    .min(1, 'Pick a version number.')
    .max(100_000, 'Pick a version number.')
    .optional(),
});
export type DeckAnalysisQuery = z.infer<typeof deckAnalysisQuerySchema>;
