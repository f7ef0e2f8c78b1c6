import type { Principal } from '@/core/identity/principal';

/**
 * Who takes part in a deck's page comments: its founder, and the mentors of that founder (asked
 * afresh on each call, so an ended mentorship ends it at once). Investors and everyone else are
 * answered as if the deck did not exist.
 */
export const canDiscussDeck = (principal: Principal, deck: { founderId: string }, isMentorOfFounder: boolean) =>
  (principal.role === 'user' && principal.accountId === deck.founderId) ||
  (principal.role === 'mentor' && isMentorOfFounder);

/** Only its author edits or deletes a comment or a reply. */
export const canChangeComment = (principal: Principal, comment: { authorId: string }) =>
  principal.accountId === comment.authorId;
