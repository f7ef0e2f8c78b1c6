import type { Sector, Stage } from '@deckvalid/contract/accounts';
import { formatTicketRange, formatUsdShort, type ThesisFit } from '@deckvalid/contract/pitchdecks';
import type { ThesisCriteriaValues, ThesisFitFacts } from './pitchdecks.repository';

/** What of a deck its thesis reasons quote. */
export type FitDeckFacts = { sector: Sector | string; stage: Stage | string; amountSought: number; location: string };

/**
 * The ticket reason: "$1.8M within your $0.5–2M"; with one bound only, the bound it meets
 * ("$1.8M meets your $500K minimum", "$1.8M within your $2M maximum").
 */
export function ticketReason(amount: number, criteria: Pick<ThesisCriteriaValues, 'chequeSizeMin' | 'chequeSizeMax'>) {
  const { chequeSizeMin: min, chequeSizeMax: max } = criteria;
  const sought = formatUsdShort(amount);
  if (min !== null && max !== null) return `${sought} within your ${formatTicketRange(min, max)}`;
  if (min !== null) return `${sought} meets your ${formatUsdShort(min)} minimum`;
  return `${sought} within your ${formatUsdShort(max ?? amount)} maximum`;
}

/**
 * A deck's fit in words, from what the database decided per criterion (pitchdecks.repository's
 * `thesisFitOf` is the one definition): a reason for each criterion met, in card order.
 */
export function toThesisFit(facts: ThesisFitFacts, criteria: ThesisCriteriaValues, deck: FitDeckFacts): ThesisFit {
  const set = Object.values(facts).filter((met) => met !== null);
  const reasons: ThesisFit['reasons'] = [];
  if (facts.sector) reasons.push({ kind: 'sector', label: deck.sector });
  if (facts.stage) reasons.push({ kind: 'stage', label: deck.stage });
  if (facts.ticket) reasons.push({ kind: 'ticket', label: ticketReason(deck.amountSought, criteria) });
  if (facts.place) reasons.push({ kind: 'place', label: deck.location });
  return {
    isMatch: set.length > 0 && set.every((met) => met === true),
    score: reasons.length,
    of: set.length,
    reasons,
  };
}
