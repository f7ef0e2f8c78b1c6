import { describe, expect, it } from 'vitest';
import { analyzeDeck } from './analyze-deck';
import { decimalOf, figuresOfPage, quantitiesOf } from './figures';
import { readText } from './nlp';

/**
 * The figures of one page of text, as the analyser reads a body page that is no market page, less
 * when they hold (the period tests below read that).
 */
const figuresOf = (text: string, options: { isMarketPage?: boolean } = {}) =>
  figuresOfPage(readText(text), 3, { isMarketPage: options.isMarketPage ?? false, titleRange: null }).map(
    ({ page: _page, period: _period, timing: _timing, ...figure }) => figure,
  );

describe('decimalOf', () => {
  it.each([
    ['2,300', false, '2300'],
    ['1.200.000', false, '1200000'],
    ['14.500', false, '14500'],
    ['1.250', true, '1.250'],
    ['3,5', true, '3.5'],
    ['1.234,56', false, '1234.56'],
    ['1,234.5', false, '1234.5'],
    ['+85', false, '85'],
    ['0.60', false, '0.60'],
  ])('reads %s (magnitude after: %s) as %s', (raw, hasMagnitude, expected) => {
    expect(decimalOf(raw, hasMagnitude)).toBe(expected);
  });

  it('refuses what is no amount', () => {
    expect(decimalOf('1.2.3,4,5', false)).toBeNull();
  });
});

describe('quantitiesOf', () => {
  it('leaves years out: they label the figures beside them', () => {
    const quantities = quantitiesOf(readText('Revenue 2024: $1.5M').tokens);
    expect(quantities.map((quantity) => quantity.value)).toEqual([1_500_000]);
  });
});

describe('figuresOfPage', () => {
  it.each([
    ['TAM: $40B', { key: 'market_size', value: 40e9, unit: 'USD', text: '$40B', scope: 'TAM' }],
    [
      'A market worth 40 billion dollars.',
      { key: 'market_size', value: 40e9, unit: 'USD', text: '40 billion dollars' },
    ],
    ['Umsatz 2023: €3,5 Mio.', { key: 'revenue', value: 3.5e6, unit: 'EUR', text: '€3,5 Mio.' }],
    ['We grew revenue to 3.5m USD', { key: 'revenue', value: 3.5e6, unit: 'USD', text: '3.5m USD' }],
    ['$1.2M ARR', { key: 'arr', value: 1.2e6, unit: 'USD', text: '$1.2M ARR' }],
    ['MRR €95.000', { key: 'mrr', value: 95_000, unit: 'EUR', text: '€95.000' }],
    ['120% YoY', { key: 'growth', value: 120, unit: 'percent', text: '120% YoY' }],
    ['18 months runway', { key: 'runway', value: 18, unit: 'months', text: '18 months runway' }],
    ['Runway: 2 years', { key: 'runway', value: 24, unit: 'months', text: '2 years' }],
    ['2,300 customers', { key: 'customers', value: 2300, unit: 'count', text: '2,300 customers' }],
    ['14.500 Kunden', { key: 'customers', value: 14_500, unit: 'count', text: '14.500 Kunden' }],
    ['Monthly burn £380k', { key: 'burn', value: 380_000, unit: 'GBP', text: '£380k' }],
    [
      'Luxury resale market: 12 Mrd. € (BCG, 2023)',
      { key: 'market_size', value: 12e9, unit: 'EUR', text: '12 Mrd. €' },
    ],
    [
      'Pharma cold chain: CHF 3.2 bn TAM',
      { key: 'market_size', value: 3.2e9, unit: 'CHF', text: 'CHF 3.2 bn TAM', scope: 'TAM' },
    ],
    ['GMV $14MM; net revenue $1.6MM', { key: 'revenue', value: 1.6e6, unit: 'USD', text: '$1.6MM' }],
  ])('reads "%s"', (text, expected) => {
    expect(figuresOf(text)).toEqual([expected]);
  });

  it('tells the raise from the valuation in one sentence', () => {
    expect(figuresOf('We are raising $2M at $8M pre-money.')).toEqual([
      { key: 'raise', value: 2e6, unit: 'USD', text: '$2M' },
      { key: 'pre_money', value: 8e6, unit: 'USD', text: '$8M pre-money' },
    ]);
    expect(figuresOf('$10M Series A. Post-money $50M.').map((figure) => figure.key)).toEqual(['raise', 'post_money']);
  });

  it('gives TAM, SAM and SOM each their own figure with its scope', () => {
    const figures = figuresOf('Analytics TAM: $11B. SAM (US and EU): $2.3B. SOM by 2028: $180M.');
    expect(figures.map((figure) => [figure.value, figure.scope])).toEqual([
      [11e9, 'TAM'],
      [2.3e9, 'SAM'],
      [180e6, 'SOM'],
    ]);
  });

  it('names each sum of a list on one line after the first ("Revenue 2025: €6 Mio.; 2026: €15 Mio.")', () => {
    const figures = figuresOf('Planned revenue 2025: €6 Mio.; 2026: €15 Mio.');
    expect(figures.map((figure) => [figure.key, figure.value])).toEqual([
      ['revenue', 6e6],
      ['revenue', 15e6],
    ]);
  });

  it('leaves out numbers nothing names, and numbers a blocking word names', () => {
    expect(figuresOf('Pro plan $29 per month, plus 0.9% per card payment.')).toEqual([]);
    expect(figuresOf('$3.5M in equity and $5M in trade finance.').map((figure) => figure.value)).toEqual([3.5e6]);
    expect(figuresOf('Industry margins have fallen from 18% to 13%.')).toEqual([]);
    // A head count of the market's firms is no team size.
    expect(figuresOf('SAM: $6B for firms under 50 employees in the US and UK.').map((figure) => figure.key)).toEqual([
      'market_size',
    ]);
  });

  it('takes a sum named by nothing on a market page as the market size', () => {
    expect(figuresOf('Stock music: $1.6bn today.', { isMarketPage: true })).toEqual([
      { key: 'market_size', value: 1.6e9, unit: 'USD', text: '$1.6bn' },
    ]);
    expect(figuresOf('Stock music: $1.6bn today.')).toEqual([]);
  });

  it('lets a cue in the title name a figure of the body', () => {
    const read = readText('Seed round\n$2.2M to build the agency product.');
    expect(
      figuresOfPage(read, 9, { isMarketPage: false, titleRange: [0, 1] }).map(
        ({ timing: _timing, ...figure }) => figure,
      ),
    ).toEqual([{ key: 'raise', value: 2.2e6, unit: 'USD', text: '$2.2M', page: 9, period: 'current' }]);
  });

  it('keeps one figure for the same amount said twice on a page, with the scope one of them gives', () => {
    const figures = figuresOf('A $1.2B software opportunity\nTAM: $1.2B in annual software spend');
    expect(figures).toEqual([{ key: 'market_size', value: 1.2e9, unit: 'USD', text: '$1.2B', scope: 'TAM' }]);
  });
});

describe('numbers written as words', () => {
  it('reads what wink-nlp marks as a quantity ("three million dollars", "Twelve months")', () => {
    expect(figuresOf('We are raising three million dollars.')).toEqual([
      { key: 'raise', value: 3e6, unit: 'USD', text: 'three million dollars' },
    ]);
    expect(figuresOf('Twelve months of runway.')).toEqual([
      { key: 'runway', value: 12, unit: 'months', text: 'Twelve months of runway' },
    ]);
  });
});

/** A one-page deck's figures with when they hold, as the whole analyser settles them. */
const settledOf = (text: string, asOfYear = 2026) =>
  analyzeDeck({
    pageCount: 1,
    asOfYear,
    pages: [{ number: 1, text, title: null, minFontSize: 24, bodyFontSize: 24 }],
  }).figures.map(({ key, value, period, year }) =>
    year === undefined ? { key, value, period } : { key, value, period, year },
  );

describe('figures in their time', () => {
  it('tells the current figure from the one it grew from', () => {
    expect(settledOf('Traction\nARR $1.2M, up from $400K last year.')).toEqual([
      { key: 'arr', value: 1.2e6, period: 'current' },
      { key: 'arr', value: 4e5, period: 'past' },
    ]);
  });

  it('reads a target, a deadline, an estimate year and a later year as plans, with their year', () => {
    expect(settledOf('Plan\n$4.5M ARR by 2027.')).toEqual([
      { key: 'arr', value: 4.5e6, period: 'projected', year: 2027 },
    ]);
    expect(settledOf('Plan\nReach $3.5M ARR by end of 2025; burn $140k a month.', 2024)).toEqual([
      { key: 'arr', value: 3.5e6, period: 'projected', year: 2025 },
      { key: 'burn', value: 1.4e5, period: 'current' },
    ]);
    expect(settledOf('Financials\nRevenue 2028E: $9M.')).toEqual([
      { key: 'revenue', value: 9e6, period: 'projected', year: 2028 },
    ]);
    expect(settledOf('Projections\nNet revenue 2025: $4MM, 2026: $10MM.', 2024)).toEqual([
      { key: 'revenue', value: 4e6, period: 'projected', year: 2025 },
      { key: 'revenue', value: 1e7, period: 'projected', year: 2026 },
    ]);
  });

  it("keeps last year's revenue as the latest the deck states when it states nothing newer", () => {
    expect(settledOf('Traction\nRevenue 2025: $1.0M.\nRevenue 2024: $400K.')).toEqual([
      { key: 'revenue', value: 1e6, period: 'current', year: 2025 },
      { key: 'revenue', value: 4e5, period: 'past', year: 2024 },
    ]);
  });

  it("dates a market's estimate by its source without making it history", () => {
    expect(settledOf('Market\nTAM $18B (SBA, 2024).')).toEqual([
      { key: 'market_size', value: 18e9, period: 'current' },
    ]);
    expect(settledOf('Market\nTAM $18B by 2030.')).toEqual([
      { key: 'market_size', value: 18e9, period: 'projected', year: 2030 },
    ]);
  });

  it('counts paying customers only: a capacity, a pilot or a pipeline is none', () => {
    expect(figuresOf('The accountant portal can show 200 clients on one screen.')).toEqual([]);
    expect(figuresOf('Our pilot covers 2,000 customers.')).toEqual([]);
    expect(figuresOf('1,150 paying businesses and 35 accounting firms pay for Tallyo.').map((f) => f.value)).toEqual([
      1150, 35,
    ]);
    expect(settledOf('Ask\nWe are raising $1.2M to reach 1,000 paying couriers by 2027.')).toEqual([
      { key: 'raise', value: 1.2e6, period: 'current' },
      { key: 'customers', value: 1000, period: 'projected', year: 2027 },
    ]);
  });
});

describe('the figures a deck tells beside its headline', () => {
  it('reads margins, retention, churn, CAC, LTV, cash, money raised and the team', () => {
    const figures = figuresOf(
      'Gross margin 81%; net revenue retention 118%; monthly churn 1.5%.\nCAC $900, LTV $12,000.\n$1.6M in the bank.\nWe have raised $500K from angels.\nWe are a team of 12.',
    );
    expect(figures.map(({ key, value }) => [key, value])).toEqual([
      ['gross_margin', 81],
      ['net_revenue_retention', 118],
      ['churn', 1.5],
      ['cac', 900],
      ['ltv', 12_000],
      ['cash', 1.6e6],
      ['raised_to_date', 5e5],
      ['team_size', 12],
    ]);
  });

  it('reads prices with what they are per, on a pricing page or after a word of paying', () => {
    const pricing = (text: string) =>
      figuresOfPage(readText(text), 7, { isMarketPage: false, isPricingPage: true, titleRange: null }).map(
        ({ key, value, per, text: written }) => ({ key, value, per, text: written }),
      );
    expect(pricing('Owners pay $149 a month.\nAccountants pay $49 a client through the portal.')).toEqual([
      { key: 'price', value: 149, per: 'month', text: '$149 a month' },
      { key: 'price', value: 49, per: 'client', text: '$49 a client' },
    ]);
    expect(pricing('$0.60 per resolved ticket, no seat fees.')).toEqual([
      { key: 'price', value: 0.6, per: 'resolved ticket', text: '$0.60 per resolved ticket' },
    ]);
    expect(figuresOf('320 courier companies pay us $99 a month.').map((figure) => figure.key)).toEqual([
      'customers',
      'price',
    ]);
    // A price someone else charges is no price of the company's.
    expect(figuresOf('Private tutoring costs $25 an hour in Mexico City.')).toEqual([]);
  });

  it('reads how the round is spent, each share with its purpose', () => {
    const figures = figuresOf(
      'Use of funds: 50% product and engineering, 30% sales and marketing, 20% accountant partnerships.',
    );
    expect(figures.map(({ value, purpose }) => [value, purpose])).toEqual([
      [50, 'product and engineering'],
      [30, 'sales and marketing'],
      [20, 'accountant partnerships'],
    ]);
    expect(figuresOf('Use of funds\nEngineering: 60%\nSales: 40%').map(({ purpose }) => purpose)).toEqual([
      'Engineering',
      'Sales',
    ]);
  });
});
