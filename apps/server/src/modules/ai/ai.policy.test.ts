import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canAskCopilot, canDecideAction, canReadReply } from './ai.policy';

const founder = principal('usr-owner', 'user');
const otherFounder = principal('usr-other', 'user');
const investor = principal('inv-keen', 'investor');
const otherInvestor = principal('inv-other', 'investor');
const mentor = principal('usr-mentor', 'mentor');

/** The ai policies as a table: every caller × each rule, against an action and a reply of `investor`. */
describe('ai policy', () => {
  const own = { accountId: investor.accountId };
  it.each([
    ['founder', founder, false, false, false],
    ['other founder', otherFounder, false, false, false],
    ['investor', investor, true, true, true],
    ['other investor', otherInvestor, true, false, false],
    ['mentor', mentor, false, false, false],
  ] as const)('%s: ask %s, decide the action %s, read the reply %s', (_who, who, ask, decide, read) => {
    expect(canAskCopilot(who)).toBe(ask);
    expect(canDecideAction(who, own)).toBe(decide);
    expect(canReadReply(who, own)).toBe(read);
  });

  it('an account id that happens to match a founder does not make the founder its investor', () => {
    expect(canDecideAction(founder, { accountId: founder.accountId })).toBe(false);
  });
});
