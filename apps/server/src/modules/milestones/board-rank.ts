/**
 * Board order as fractional keys: strings over 0-9a-z compared in byte order (the database sorts
 * them with `collate "C"`). There is always a key between two others, so moving a card gives it
 * a key between its new neighbours and writes that one row; nothing is renumbered. Keys grow by
 * about one character per ~5 moves into the same gap, which a board never approaches in practice.
 * After rocicorp's fractional-indexing `midpoint`, without its integer part.
 */
const digits = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A key strictly between `before` and `after` (null: the start or the end of the stage). Keys never
 * end in '0', so one can always be made below any key. Throws unless `before < after`.
 */
export function rankBetween(before: string | null, after: string | null): string {
  const low = before ?? '';
  if (after !== null && low >= after) throw new Error(`rank ${low} is not below ${after}`);
  return midpoint(low, after);
}

function midpoint(low: string, high: string | null): string {
  if (high !== null) {
    // Skip the shared prefix (a missing digit of `low` counts as '0').
    let shared = 0;
    while ((low[shared] ?? '0') === high[shared]) shared++;
    if (shared > 0) return high.slice(0, shared) + midpoint(low.slice(shared), high.slice(shared));
  }
  const lowDigit = low ? digits.indexOf(low[0] as string) : 0;
  const highDigit = high !== null ? digits.indexOf(high[0] as string) : digits.length;
  if (highDigit - lowDigit > 1) return digits[Math.round((lowDigit + highDigit) / 2)] as string;
  // Adjacent first digits: keep `high`'s first digit if it has more after it, else go one deeper.
  if (high !== null && high.length > 1) return high.slice(0, 1);
  return (digits[lowDigit] as string) + midpoint(low.slice(1), null);
}
