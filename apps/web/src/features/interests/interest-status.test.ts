import { interestStatuses } from '@deckvalid/contract/interests';
import { describe, expect, it } from 'vitest';
import { founderDecisionsFor, interestStatusDisplay, settledStatusHint } from './interest-status';

describe('founder decisions', () => {
  it('offers Accept and Decline only on a pending interest', () => {
    expect(founderDecisionsFor('pending')).toEqual(['accepted', 'declined']);
    expect(founderDecisionsFor('accepted')).toEqual([]);
    expect(founderDecisionsFor('declined')).toEqual([]);
    expect(founderDecisionsFor('withdrawn')).toEqual([]);
  });

  it('has a badge for every status and a hint for every settled one', () => {
    for (const status of interestStatuses) {
      expect(interestStatusDisplay[status].label).toMatch(/^[A-Z][a-z]+$/);
      expect(settledStatusHint(status) === null).toBe(status === 'pending');
    }
  });
});
