import { describe, expect, it } from 'vitest';
import { storablePageText } from './page-text.mjs';

describe('storablePageText', () => {
  it('drops NUL and replaces lone surrogates, keeping pairs and everything else', () => {
    expect(storablePageText('Mar\u0000ket')).toBe('Market');
    expect(storablePageText('a\ud800b\udc00c')).toBe('a\ufffdb\ufffdc');
    expect(storablePageText('Growth 📈 and ümlauts')).toBe('Growth 📈 and ümlauts');
  });
});
