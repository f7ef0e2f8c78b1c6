import { describe, expect, it } from 'vitest';
import { fontReadability } from './font-readability';

describe('fontReadability', () => {
  it('says what the smallest text means for readers on a laptop and on a phone', () => {
    expect(fontReadability({ min: 20, max: 44 })).toEqual({
      sentence: 'Smallest text is 20 pt: easy to read on a laptop and on a phone.',
      isSmall: false,
    });
    expect(fontReadability({ min: 14, max: 36 }).sentence).toBe(
      'Smallest text is 14 pt: readable on a laptop, small on a phone.',
    );
    expect(fontReadability({ min: 9.6, max: 36 })).toEqual({
      sentence: 'Smallest text is 10 pt: hard to read on a laptop and on a phone. Aim for 12 pt or more.',
      isSmall: true,
    });
  });

  it('judges the size as shown, rounded to whole points', () => {
    expect(fontReadability({ min: 11.6, max: 20 }).isSmall).toBe(false);
    expect(fontReadability({ min: 17.5, max: 20 }).sentence).toContain('easy to read');
  });
});
