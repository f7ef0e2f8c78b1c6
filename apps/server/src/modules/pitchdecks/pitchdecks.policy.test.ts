import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canFounderManageDeck, canInvestorSeeDeck, canMatchThesis, type DeckSubject } from './pitchdecks.policy';

const founder = principal('usr-owner', 'user');
const otherFounder = principal('usr-other', 'user');
const investor = principal('inv-reader', 'investor');
const deck = (status: DeckSubject['status']): DeckSubject => ({ founderId: founder.accountId, status });

describe('deck policy', () => {
  it.each([
    ['its founder', founder, 'processing', true],
    ['its founder', founder, 'failed', true],
    ['its founder', founder, 'ready', true],
    ['another founder', otherFounder, 'ready', false],
    ['an investor', investor, 'ready', false],
    // An investor holding the founder's id (ids are distinct by prefix, but the role decides).
    ['an investor with the founder’s id', principal(founder.accountId, 'investor'), 'ready', false],
  ] as const)('canFounderManageDeck: %s on a %s deck → %s', (_who, who, status, allowed) => {
    expect(canFounderManageDeck(who, deck(status))).toBe(allowed);
  });

  it.each([
    ['an investor', investor, 'ready', true],
    ['an investor', investor, 'processing', false],
    ['an investor', investor, 'failed', false],
    ['its founder', founder, 'ready', false],
    ['another founder', otherFounder, 'ready', false],
  ] as const)('canInvestorSeeDeck: %s on a %s deck → %s', (_who, who, status, allowed) => {
    expect(canInvestorSeeDeck(who, deck(status))).toBe(allowed);
  });

  it.each([
    ['an investor', investor, true],
    ['a founder', founder, false],
    ['a mentor', principal('mtr-guide', 'mentor'), false],
  ] as const)('canMatchThesis: %s → %s', (_who, who, allowed) => {
    expect(canMatchThesis(who)).toBe(allowed);
  });
});
