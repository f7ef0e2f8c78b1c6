import { describe, expect, it } from 'vitest';
import { optionalUrlSchema } from './accounts';

describe('optionalUrlSchema', () => {
  it('takes an address typed without a scheme as https, and keeps one that has it', () => {
    expect(optionalUrlSchema.parse('orbitgarden.space')).toBe('https://orbitgarden.space');
    expect(optionalUrlSchema.parse('www.orbitgarden.space/team')).toBe('https://www.orbitgarden.space/team');
    expect(optionalUrlSchema.parse('http://orbitgarden.space')).toBe('http://orbitgarden.space');
    expect(optionalUrlSchema.parse('  ')).toBeNull();
    expect(optionalUrlSchema.parse(undefined)).toBeNull();
  });

  it('still refuses what is not a web address', () => {
    for (const value of ['ftp://orbitgarden.space', 'javascript:alert(1)', 'orbit garden', 'nodot', 'a.b\nc']) {
      expect(optionalUrlSchema.safeParse(value).success, value).toBe(false);
    }
  });
});
