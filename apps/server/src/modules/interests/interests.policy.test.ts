import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canChangeOwnInterest, canDecideInterest, isTiedByInterest } from './interests.policy';

const founder = principal('usr-owner', 'user');
const otherFounder = principal('usr-other', 'user');
const investor = principal('inv-keen', 'investor');
const otherInvestor = principal('inv-other', 'investor');
const interest = { investorId: investor.accountId, deckFounderId: founder.accountId };

describe('interest policy', () => {
  it.each([
    ['the deck’s founder', founder, true],
    ['another founder', otherFounder, false],
    ['the interested investor', investor, false],
    ['another investor', otherInvestor, false],
  ] as const)('canDecideInterest: %s → %s', (_who, who, allowed) => {
    expect(canDecideInterest(who, interest)).toBe(allowed);
  });

  it.each([
    ['the interested investor', investor, true],
    ['another investor', otherInvestor, false],
    ['the deck’s founder', founder, false],
    ['a founder holding the investor’s id', principal(investor.accountId, 'user'), false],
  ] as const)('canChangeOwnInterest: %s → %s', (_who, who, allowed) => {
    expect(canChangeOwnInterest(who, interest)).toBe(allowed);
  });

  it.each([
    ['pending', true],
    ['accepted', true],
    ['declined', false],
    ['withdrawn', false],
  ] as const)('isTiedByInterest: %s → %s', (status, tied) => {
    expect(isTiedByInterest(status)).toBe(tied);
  });
});
