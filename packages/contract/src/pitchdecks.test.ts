import { describe, expect, it } from 'vitest';
import { hasThesisCriteria } from './accounts';
import { formatTicketRange, formatUsdShort, searchPitchDecksQuerySchema } from './pitchdecks';

describe('thesis wording', () => {
  it.each([
    [950, '$950'],
    [500_000, '$500K'],
    [1_800_000, '$1.8M'],
    [1_250_000, '$1.25M'],
    [12_000_000, '$12M'],
  ])('formatUsdShort(%d) → %s', (amount, words) => {
    expect(formatUsdShort(amount)).toBe(words);
  });

  it.each([
    [500_000, 2_000_000, '$0.5–2M'],
    [250_000, 800_000, '$250–800K'],
    [1_000_000, 1_000_000, '$1M'],
    [500_000, null, '$500K or more'],
    [null, 2_000_000, 'up to $2M'],
    [null, null, null],
  ])('formatTicketRange(%j, %j) → %j', (min, max, words) => {
    expect(formatTicketRange(min, max)).toBe(words);
  });

  it('counts only sectors, stages, ticket bounds and places as criteria', () => {
    const none = { sectors: [], stages: [], chequeSizeMin: null, chequeSizeMax: null, places: [] };
    expect(hasThesisCriteria(null)).toBe(false);
    expect(hasThesisCriteria(none)).toBe(false);
    expect(hasThesisCriteria({ ...none, places: ['Berlin'] })).toBe(true);
    expect(hasThesisCriteria({ ...none, chequeSizeMax: 1 })).toBe(true);
    expect(hasThesisCriteria({ ...none, chequeSizeMin: 0 })).toBe(false);
  });

  it('reads matchesThesis from the query string as a boolean, and leaves it out when absent', () => {
    expect(searchPitchDecksQuerySchema.parse({ matchesThesis: 'true' }).matchesThesis).toBe(true);
    expect(searchPitchDecksQuerySchema.parse({ matchesThesis: 'false' }).matchesThesis).toBe(false);
    expect(searchPitchDecksQuerySchema.parse({}).matchesThesis).toBeUndefined();
    expect(searchPitchDecksQuerySchema.safeParse({ matchesThesis: '1' }).success).toBe(false);
  });
});
