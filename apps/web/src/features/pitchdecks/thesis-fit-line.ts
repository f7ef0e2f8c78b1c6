import type { ThesisFit } from '@deckvalid/contract/pitchdecks';

/** What a card says of a deck's fit to the investor's thesis. */
export type ThesisFitLine = {
  isMatch: boolean;
  /** "Matches your thesis", or "Fits 2 of 4" for a deck that meets only some criteria. */
  heading: string;
  /** The reasons the server gave, in its order: "Fintech · Seed · $1.8M within your $0.5–2M". */
  reasons: string;
};

/** The card's thesis line; null without a thesis, or for a deck that meets none of it. */
export function thesisFitLine(fit: ThesisFit | null): ThesisFitLine | null {
  if (!fit || fit.reasons.length === 0) return null;
  return {
    isMatch: fit.isMatch,
    heading: fit.isMatch ? 'Matches your thesis' : `Fits ${fit.score} of ${fit.of}`,
    reasons: fit.reasons.map((reason) => reason.label).join(' · '),
  };
}
