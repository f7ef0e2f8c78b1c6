import { describe, expect, it } from 'vitest';
import { decimalOf, figuresOfPage, quantitiesOf } from './figures';
import { readText } from './nlp';

/** The figures of one page of text, as the analyser reads a body page that is no market page. */
const figuresOf = (text: string, options: { isMarketPage?: boolean } = {}) =>
  figuresOfPage(readText(text), 3, { isMarketPage: options.isMarketPage ?? false, titleRange: null }).map(
    ({ page: _page, ...figure }) => figure,
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
    expect(figuresOf('Net revenue retention 118%, gross margin 81%.')).toEqual([]);
    expect(figuresOf('$3.5M in equity and $5M in trade finance.').map((figure) => figure.value)).toEqual([3.5e6]);
    expect(figuresOf('To reach 50,000 subscribers in 18 months.')).toEqual([]);
  });

  it('takes a sum named by nothing on a market page as the market size', () => {
    expect(figuresOf('Stock music: $1.6bn today.', { isMarketPage: true })).toEqual([
      { key: 'market_size', value: 1.6e9, unit: 'USD', text: '$1.6bn' },
    ]);
    expect(figuresOf('Stock music: $1.6bn today.')).toEqual([]);
  });

  it('lets a cue in the title name a figure of the body', () => {
    const read = readText('Seed round\n$2.2M to build the agency product.');
    expect(figuresOfPage(read, 9, { isMarketPage: false, titleRange: [0, 1] })).toEqual([
      { key: 'raise', value: 2.2e6, unit: 'USD', text: '$2.2M', page: 9 },
    ]);
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
