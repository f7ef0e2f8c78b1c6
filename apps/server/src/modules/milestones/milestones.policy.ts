import type { Principal } from '@/core/identity/principal';

/**
 * What the milestone policies read of a milestone: its founder, whether it is archived, and
 * whether the caller's interest in its deck is accepted now (read fresh on every call, so an
 * investor who withdraws loses access at once).
 */
export type MilestoneSubject = { founderId: string; archivedAt: Date | null; isCallerAcceptedInvestor: boolean };

/** Only the milestone's founder changes it (or anything under it). */
export const canManageMilestone = (principal: Principal, milestone: Pick<MilestoneSubject, 'founderId'>) =>
  principal.role === 'user' && milestone.founderId === principal.accountId;

/**
 * The founder reads their milestones, archived ones included; an investor reads the live
 * milestones of a deck while their interest in it is accepted. Everyone else gets the 404 of a
 * missing milestone.
 */
export const canReadMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  canManageMilestone(principal, milestone) || canFollowMilestone(principal, milestone);

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
 * Threads are the milestone's shared discussion: its founder and its followers start threads and
 * post in them alike, on the milestone and on its tasks.
 */
export const canDiscussMilestone = (principal: Principal, milestone: MilestoneSubject) =>
  canManageMilestone(principal, milestone) || canFollowMilestone(principal, milestone);

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
