import type { Principal } from '@/core/identity/principal';

/** What the deck policies read of a deck: its founder and how far processing got. */
export type DeckSubject = { founderId: string; status: 'processing' | 'ready' | 'failed' };

/** A founder sees and changes only their own decks (and the interests and analytics on them). */
export const canFounderManageDeck = (principal: Principal, deck: Pick<DeckSubject, 'founderId'>) =>
  principal.role === 'user' && deck.founderId === principal.accountId;

/** Investors see ready decks only: a processing or failed deck is its founder's business. */
export const canInvestorSeeDeck = (principal: Principal, deck: Pick<DeckSubject, 'status'>) =>
  principal.role === 'investor' && deck.status === 'ready';

/**
 * A mentor reads the decks of the founders they mentor (asked afresh on each call, so an ended
 * mentorship ends it at once), once a version is live: what is still processing is the founder's.
 */
export const canMentorReadDeck = (
  principal: Principal,
  deck: { liveVersionId: string | null },
  isMentorOfFounder: boolean,
) => principal.role === 'mentor' && isMentorOfFounder && deck.liveVersionId !== null;

/**
 * Fit to a thesis is the asking investor's own: their info ranks and filters their browse, and
 * nobody else's search reads it.
 */
export const canMatchThesis = (principal: Principal) => principal.role === 'investor';
