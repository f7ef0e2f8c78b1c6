import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canSearch } from './search.policy';

describe('search policy', () => {
  it.each([
    ['a founder', principal('usr-owner', 'user'), true],
    ['another founder', principal('usr-other', 'user'), true],
    ['an investor', principal('inv-keen', 'investor'), true],
    ['another investor', principal('inv-other', 'investor'), true],
    ['a mentor', principal('mtr-guide', 'mentor'), false],
  ] as const)('canSearch: %s → %s', (_who, who, allowed) => {
    expect(canSearch(who)).toBe(allowed);
  });
});
