import { describe, expect, it } from 'vitest';
import { formatUsd } from './format-money';

describe('formatUsd', () => {
  it('words whole dollars in full or compact', () => {
    expect(formatUsd(1_500_000)).toBe('$1,500,000');
    expect(formatUsd(1_500_000, { isCompact: true })).toBe('$1.5M');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(999.6)).toBe('$1,000');
  });
});
