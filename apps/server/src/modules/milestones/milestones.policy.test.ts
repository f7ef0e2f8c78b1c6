import { describe, expect, it } from 'vitest';
import { principal } from '../../../test/principals';
import {
  canBeAssigned,
  canChangeMessage,
  canChangeThread,
  canDiscussMilestone,
  canFollowMilestone,
  canManageMilestone,
  canReadMilestone,
  canReviewWork,
  canScheduleMeet,
  canSeeAudience,
  type MilestoneSubject,
  threadAudiencesOf,
} from './milestones.policy';

const founder = principal('usr-founder', 'user');
const otherFounder = principal('usr-other', 'user');
const accepted = principal('inv-accepted', 'investor');
const stranger = principal('inv-stranger', 'investor');
const mentor = principal('mtr-shared', 'mentor');

/** The milestone as each caller's read of it answers `isCallerAcceptedInvestor` (and `isCallerSharedMentor`). */
const live = (isCallerAcceptedInvestor: boolean, isCallerSharedMentor = false): MilestoneSubject => ({
  founderId: founder.accountId,
  archivedAt: null,
  isCallerAcceptedInvestor,
  isCallerSharedMentor,
});
const archived = (isCallerAcceptedInvestor: boolean, isCallerSharedMentor = false): MilestoneSubject => ({
  ...live(isCallerAcceptedInvestor, isCallerSharedMentor),
  archivedAt: new Date('2026-11-01T00:00:00Z'),
});
const shared = live(false, true);

describe('milestone policy', () => {
  it.each([
    ['its founder', founder, live(false), true, true, false, true],
    ['its founder, archived', founder, archived(false), true, true, false, true],
    ['another founder', otherFounder, live(false), false, false, false, false],
    ['an accepted investor', accepted, live(true), true, false, true, true],
    ['an accepted investor, archived', accepted, archived(true), false, false, false, false],
    ['an investor not accepted (pending, withdrawn, stranger)', stranger, live(false), false, false, false, false],
    ['a mentor it is shared with', mentor, shared, true, false, false, false],
    ['a mentor it is shared with, archived', mentor, archived(false, true), false, false, false, false],
    ['a mentor it is not shared with (or whose mentorship ended)', mentor, live(false), false, false, false, false],
    ['an investor, were the share theirs', accepted, live(false, true), false, false, false, false],
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
    ['its founder', founder, live(false), false],
    ['an accepted investor', accepted, live(true), true],
    ['an accepted investor, archived', accepted, archived(true), false],
    ['another founder', otherFounder, live(false), false],
    ['an investor not accepted (pending, withdrawn, stranger)', stranger, live(false), false],
    ['a mentor it is shared with', mentor, shared, false],
  ] as const)(
    'canReviewWork (approve or ask for changes on a task, accept or send back a deliverable): %s → %s',
    (_who, who, milestone, allowed) => {
      expect(canReviewWork(who, milestone)).toBe(allowed);
    },
  );

  it.each([
    ['the founder', founder.accountId, true],
    ['an accepted investor', accepted.accountId, true],
    ['an investor not accepted', stranger.accountId, false],
    ['another founder', otherFounder.accountId, false],
    ['a mentor it is shared with', mentor.accountId, false],
  ] as const)('canBeAssigned: %s → %s', (_who, assigneeId, allowed) => {
    expect(canBeAssigned(assigneeId, live(false), new Set([accepted.accountId]))).toBe(allowed);
  });
  it.each([
    ['its founder', founder, live(false), true],
    ['its founder, archived', founder, archived(false), true],
    ['an accepted investor', accepted, live(true), true],
    ['an accepted investor, archived', accepted, archived(true), false],
    ['another founder', otherFounder, live(false), false],
    ['an investor not accepted', stranger, live(false), false],
    ['a mentor it is shared with', mentor, shared, true],
    ['a mentor it is shared with, archived', mentor, archived(false, true), false],
    ['a mentor it is not shared with', mentor, live(false), false],
  ] as const)('canDiscussMilestone: %s → %s', (_who, who, milestone, allowed) => {
    expect(canDiscussMilestone(who, milestone)).toBe(allowed);
  });

  it.each([
    ['the founder', founder, ['members', 'mentors']],
    ['an investor', accepted, ['members']],
    ['a mentor', mentor, ['mentors']],
  ] as const)('threadAudiencesOf: %s sees the threads with %j', (_who, who, audiences) => {
    expect(threadAudiencesOf(who)).toEqual(audiences);
    expect(canSeeAudience(who, 'members')).toBe(audiences.includes('members' as never));
    expect(canSeeAudience(who, 'mentors')).toBe(audiences.includes('mentors' as never));
  });

  const byInvestor = { createdById: accepted.accountId, authorId: accepted.accountId };
  const byFounder = { createdById: founder.accountId, authorId: founder.accountId };
  it.each([
    ['the founder, on an investor’s', founder, live(false), byInvestor, true, false],
    ['the founder, on their own', founder, live(false), byFounder, true, true],
    ['the investor, on their own', accepted, live(true), byInvestor, true, true],
    ['the investor, on the founder’s', accepted, live(true), byFounder, false, false],
    ['the investor, on their own after withdrawing', accepted, live(false), byInvestor, false, false],
    ['the investor, on their own once archived', accepted, archived(true), byInvestor, false, false],
    ['another founder, on the founder’s', otherFounder, live(false), byFounder, false, false],
    ['anyone, on a gone account’s', accepted, live(true), { createdById: null, authorId: null }, false, false],
  ] as const)(
    '%s thread / message: change thread %s, change message %s',
    (_who, who, milestone, row, thread, message) => {
      expect(canChangeThread(who, milestone, row)).toBe(thread);
      expect(canChangeMessage(who, milestone, row)).toBe(message);
    },
  );
});
