// Made on first use: building a currency formatter loads the browser's locale data, about 15 ms
// of main thread that the first paint of a screen without amounts should not pay.
let usd: Intl.NumberFormat | undefined;
let compactUsd: Intl.NumberFormat | undefined;

/**
 * An amount in whole US dollars, the currency decks raise in: "$1,500,000" in full, or "$1.5M"
 * where space is short. Milestone amounts use it too (the contract names no other currency).
 */
export function formatUsd(amount: number, { isCompact = false }: { isCompact?: boolean } = {}): string {
  if (isCompact) {
    compactUsd ??= new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      notation: 'compact',
      maximumFractionDigits: 1,
    });
    return compactUsd.format(amount);
  }
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
  return usd.format(amount);
}
