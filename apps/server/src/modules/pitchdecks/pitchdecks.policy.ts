import type { PitchDeckRow } from '@/db/schema/pitchdecks';
import type { Principal } from '@/modules/auth/auth.service';

/** A founder sees and changes only their own decks (and the interests on them). */
export const canFounderManageDeck = (principal: Principal, deck: Pick<PitchDeckRow, 'founderId'>) =>
  principal.role === 'user' && deck.founderId === principal.accountId;

/** Investors see ready decks only: a processing or failed deck is its founder's business. */
export const canInvestorSeeDeck = (principal: Principal, deck: Pick<PitchDeckRow, 'status'>) =>
  principal.role === 'investor' && deck.status === 'ready';
