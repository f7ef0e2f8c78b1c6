import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import { canReadNotification } from './inbox.policy';

const founder = principal('usr-founder', 'user');
const otherFounder = principal('usr-other', 'user');
const investor = principal('inv-investor', 'investor');
const otherInvestor = principal('inv-other', 'investor');
const mentor = principal('mtr-mentor', 'mentor');

describe('inbox policy', () => {
  it.each([
    ['the founder, their own', founder, founder.accountId, true],
    ['another founder', otherFounder, founder.accountId, false],
    ['an investor, a founder’s', investor, founder.accountId, false],
    ['the investor, their own', investor, investor.accountId, true],
    ['another investor', otherInvestor, investor.accountId, false],
    ['the mentor, their own', mentor, mentor.accountId, true],
    ['a mentor, a founder’s', mentor, founder.accountId, false],
  ] as const)('%s: read %s', (_who, who, accountId, expected) => {
    expect(canReadNotification(who, { accountId })).toBe(expected);
  });
});
