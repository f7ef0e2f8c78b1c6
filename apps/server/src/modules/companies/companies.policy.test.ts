import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canViewCompany, isCompanyVisible } from './companies.policy';

const founder = principal('usr-owner', 'user');
const otherFounder = principal('usr-other', 'user');
const investor = principal('inv-keen', 'investor');
const otherInvestor = principal('inv-other', 'investor');

describe('company policy', () => {
  it.each([
    ['the company’s founder', founder, false],
    ['another founder', otherFounder, false],
    ['an investor', investor, true],
    ['another investor', otherInvestor, true],
    ['a mentor', principal('usr-mentor', 'mentor'), false],
  ] as const)('canViewCompany: %s → %s', (_who, who, allowed) => {
    expect(canViewCompany(who)).toBe(allowed);
  });

  it.each([
    [0, false],
    [1, true],
    [3, true],
  ])('isCompanyVisible with %s ready decks → %s', (readyDeckCount, visible) => {
    expect(isCompanyVisible({ readyDeckCount })).toBe(visible);
  });
});
