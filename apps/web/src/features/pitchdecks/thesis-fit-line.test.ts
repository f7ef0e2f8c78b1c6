import { describe, expect, it } from 'vitest';
import { thesisFitLine } from './thesis-fit-line';

describe('thesisFitLine', () => {
  it('says a full match and every reason, in the order given', () => {
    expect(
      thesisFitLine({
        isMatch: true,
        score: 3,
        of: 3,
        reasons: [
          { kind: 'sector', label: 'Fintech' },
          { kind: 'stage', label: 'Seed' },
          { kind: 'ticket', label: '$1.8M within your $0.5–2M' },
        ],
      }),
    ).toEqual({ isMatch: true, heading: 'Matches your thesis', reasons: 'Fintech · Seed · $1.8M within your $0.5–2M' });
  });

  it('counts a partial fit, and says nothing of a deck that meets none or of no thesis', () => {
    expect(
      thesisFitLine({ isMatch: false, score: 1, of: 4, reasons: [{ kind: 'place', label: 'Berlin, Germany' }] }),
    ).toEqual({ isMatch: false, heading: 'Fits 1 of 4', reasons: 'Berlin, Germany' });
    expect(thesisFitLine({ isMatch: false, score: 0, of: 2, reasons: [] })).toBeNull();
    expect(thesisFitLine(null)).toBeNull();
  });
});
