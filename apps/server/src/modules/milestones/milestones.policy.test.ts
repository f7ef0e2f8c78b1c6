import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import {
  canBeAssigned,
  canFollowMilestone,
  canManageMilestone,
  canReadMilestone,
  canScheduleMeet,
  type MilestoneSubject,
} from './milestones.policy';

const founder = principal('usr-founder', 'user');
const otherFounder = principal('usr-other', 'user');
const accepted = principal('inv-accepted', 'investor');
const stranger = principal('inv-stranger', 'investor');

/** The milestone as each caller's read of it answers `isCallerAcceptedInvestor`. */
const live = (isCallerAcceptedInvestor: boolean): MilestoneSubject => ({
  founderId: founder.accountId,
  archivedAt: null,
  isCallerAcceptedInvestor,
});
const archived = (isCallerAcceptedInvestor: boolean): MilestoneSubject => ({
  ...live(isCallerAcceptedInvestor),
  archivedAt: new Date('2026-11-01T00:00:00Z'),
});

describe('milestone policy', () => {
  it.each([
    ['its founder', founder, live(false), true, true, false, true],
    ['its founder, archived', founder, archived(false), true, true, false, true],
    ['another founder', otherFounder, live(false), false, false, false, false],
    ['an accepted investor', accepted, live(true), true, false, true, true],
    ['an accepted investor, archived', accepted, archived(true), false, false, false, false],
    ['an investor not accepted (pending, withdrawn, stranger)', stranger, live(false), false, false, false, false],
  ] as const)(
    '%s: read %s, manage %s, follow %s, schedule meets %s',
    (_who, who, milestone, canRead, canManage, canFollow, canSchedule) => {
      expect(canReadMilestone(who, milestone)).toBe(canRead);
      expect(canManageMilestone(who, milestone)).toBe(canManage);
      expect(canFollowMilestone(who, milestone)).toBe(canFollow);
      expect(canScheduleMeet(who, milestone)).toBe(canSchedule);
    },
  );

  it.each([
    ['the founder', founder.accountId, true],
    ['an accepted investor', accepted.accountId, true],
    ['an investor not accepted', stranger.accountId, false],
    ['another founder', otherFounder.accountId, false],
  ] as const)('canBeAssigned: %s → %s', (_who, assigneeId, allowed) => {
    expect(canBeAssigned(assigneeId, live(false), new Set([accepted.accountId]))).toBe(allowed);
  });
});
