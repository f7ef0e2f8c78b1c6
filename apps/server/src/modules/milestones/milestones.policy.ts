import { type ThreadAudience, threadAudiences } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';

/**
 * What the milestone policies read of a milestone: its founder, whether it is archived, whether
 * the caller's interest in its deck is accepted now, and whether the founder shares it with the
 * caller as their mentor now (both read fresh on every call, so an investor who withdraws, a
 * mentor whose share or mentorship ended, loses access at once).
 */
export type MilestoneSubject = {
  founderId: string;
  archivedAt: Date | null;
  isCallerAcceptedInvestor: boolean;
  isCallerSharedMentor: boolean;
};

/** Only the milestone's founder changes it (or anything under it). */
export const canManageMilestone = (principal: Principal, milestone: Pick<MilestoneSubject, 'founderId'>) =>
  principal.role === 'user' && milestone.founderId === principal.accountId;

/**
 * The founder reads their milestones, archived ones included; an investor reads the live
 * milestones of a deck while their interest in it is accepted. Everyone else gets the 404 of a
 * missing milestone.
 */
export const canReadMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  canManageMilestone(principal, milestone) ||
  canFollowMilestone(principal, milestone) ||
  canMentorMilestone(principal, milestone);

/**
 * A mentor the founder shares a live milestone with: reads it and discusses it in the threads
 * with the mentors, and nothing more. Reviewing work, meets and assignments stay the investors'.
 */
export const canMentorMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  principal.role === 'mentor' && milestone.archivedAt === null && milestone.isCallerSharedMentor;

/**
 * An accepted investor of a live milestone: may accept its deliverables, record approvals and
 * schedule its meets. Read fresh on every call, like reading: a withdrawn investor gets a 404.
 */
export const canFollowMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  principal.role === 'investor' && milestone.archivedAt === null && milestone.isCallerAcceptedInvestor;

/**
 * Reviewing the founder's work (approving a task or asking for changes on it, accepting a
 * deliverable or sending it back) is the followers' alone: a founder approving their own work
 * would certify nothing.
 */
export const canReviewWork = (principal: Principal, milestone: MilestoneSubject) =>
  canFollowMilestone(principal, milestone);

/** Meets are the milestone's shared calendar: its founder and its followers alike change them. */
export const canScheduleMeet = (principal: Principal, milestone: MilestoneSubject) =>
  canManageMilestone(principal, milestone) || canFollowMilestone(principal, milestone);

/**
 * A meet may invite the milestone's members only: its founder and the deck's accepted investors,
 * as they stand when the meet is saved (an investor who withdrew is no longer one).
 */
export const canInviteToMeet = (accountId: string, members: readonly { id: string }[]) =>
  members.some((member) => member.id === accountId);

/** A task may be assigned to the milestone's founder or to one of its accepted investors. */
export const canBeAssigned = (
  assigneeId: string,
  milestone: Pick<MilestoneSubject, 'founderId'>,
  acceptedInvestorIds: ReadonlySet<string>,
) => assigneeId === milestone.founderId || acceptedInvestorIds.has(assigneeId);

/**
 * Threads are the milestone's discussions: its founder, its followers and its mentors start
 * threads and post in them alike, on the milestone and on its tasks, each in the threads of
 * their audience (`threadAudiencesOf`).
 */
export const canDiscussMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  canManageMilestone(principal, milestone) ||
  canFollowMilestone(principal, milestone) ||
  canMentorMilestone(principal, milestone);

/**
 * The thread audiences the caller reads and writes in: the founder both, an investor the
 * members' threads, a mentor the mentors'. Investors and mentors never see each other there.
 */
export function threadAudiencesOf(principal: Principal): readonly ThreadAudience[] {
  if (principal.role === 'investor') return ['members'];
  if (principal.role === 'mentor') return ['mentors'];
  return threadAudiences;
}

/**
 * The audience of a thread the caller starts: the one asked for if it is theirs, else null (a
 * refusal). Unasked, the founder's and an investor's threads are with the members, a mentor's
 * with the mentors.
 */
export function audienceOfNewThread(
  principal: Principal,
  requested: ThreadAudience | undefined,
): ThreadAudience | null {
  const theirs = threadAudiencesOf(principal);
  const audience = requested ?? theirs[0] ?? 'members';
  return theirs.includes(audience) ? audience : null;
}

/** Whether the caller may see a thread of this audience (and the log lines of what happened in it). */
export const canSeeAudience = (principal: Principal, audience: ThreadAudience) =>
  threadAudiencesOf(principal).includes(audience);

/**
 * A thread is renamed or deleted by whoever started it, while they may still discuss the
 * milestone, or by the milestone's founder, who keeps order in their own workspace.
 */
export const canChangeThread = (
  principal: Principal,
  milestone: MilestoneSubject,
  thread: { createdById: string | null },
) =>
  canManageMilestone(principal, milestone) ||
  (canDiscussMilestone(principal, milestone) && thread.createdById === principal.accountId);

/** Only its author edits or deletes a message, and only while they may still discuss the milestone. */
export const canChangeMessage = (
  principal: Principal,
  milestone: MilestoneSubject,
  message: { authorId: string | null },
) => canDiscussMilestone(principal, milestone) && message.authorId === principal.accountId;
