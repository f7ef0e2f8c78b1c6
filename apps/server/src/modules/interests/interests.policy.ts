import type { InterestStatus } from '@deckvalid/contract/interests';
import type { Principal } from '@/core/identity/principal';

/** What the interest policies read of an interest: its two parties. */
export type InterestSubject = { investorId: string; deckFounderId: string };

/**
 * Only the founder of the interest's deck decides it. Whether the move is allowed from the
 * current status is the lifecycle's question (`canMoveInterest` in the contract), answered
 * after this one: a stranger learns nothing about an interest's status.
 */
export const canDecideInterest = (principal: Principal, interest: Pick<InterestSubject, 'deckFounderId'>) =>
  principal.role === 'user' && interest.deckFounderId === principal.accountId;

/** Only the investor who showed an interest withdraws or reopens it. */
export const canChangeOwnInterest = (principal: Principal, interest: Pick<InterestSubject, 'investorId'>) =>
  principal.role === 'investor' && interest.investorId === principal.accountId;

/**
 * A founder and an investor are tied while the investor's interest in one of the founder's
 * decks is pending or accepted: the relation chat and milestones build on.
 */
export const tyingStatuses: InterestStatus[] = ['pending', 'accepted'];
export const isTiedByInterest = (status: InterestStatus) => tyingStatuses.includes(status);
