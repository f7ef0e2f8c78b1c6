import {
  canMoveInterest,
  type FounderInterestDecision,
  founderInterestDecisions,
  type InterestStatus,
} from '@deckvalid/contract/interests';

/** Badge words and colours of each interest status. */
export const interestStatusDisplay: Record<InterestStatus, { label: string; color: string }> = {
  pending: { label: 'Pending', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
  withdrawn: { label: 'Withdrawn', color: 'gray' },
};

/** Button words of each founder decision. */
export const decisionDisplay: Record<FounderInterestDecision, { label: string; color: string }> = {
  accepted: { label: 'Accept', color: 'teal' },
  declined: { label: 'Decline', color: 'red' },
};

/**
 * The decisions a founder may take on an interest in this status, read from the contract's
 * transition table so the buttons never offer what the server would refuse with 409.
 */
export function founderDecisionsFor(status: InterestStatus): FounderInterestDecision[] {
  return founderInterestDecisions.filter((decision) => canMoveInterest(status, decision, 'founder'));
}

/** A line explaining a status the founder can no longer change. */
export function settledStatusHint(status: InterestStatus): string | null {
  switch (status) {
    case 'accepted':
      return 'You accepted. This investor can now follow your milestones.';
    case 'declined':
      return 'You declined this interest.';
    case 'withdrawn':
      return 'The investor withdrew their interest.';
    case 'pending':
      return null;
  }
}

/** Filter choices of the investors list; '' means every status. */
export const interestStatusFilters: { value: InterestStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'accepted', label: 'Accepted' },
  { value: 'declined', label: 'Declined' },
  { value: 'withdrawn', label: 'Withdrawn' },
];
