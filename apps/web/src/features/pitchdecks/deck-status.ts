import type { FounderPitchDeck, PitchDeckStatus } from '@deckvalid/contract/pitchdecks';
import { formatCount } from '@deckvalid/contract/text';

/** How each status reads on a badge; the words are what browser tests look for. */
export const deckStatusDisplay: Record<PitchDeckStatus, { label: string; color: string; hint: string }> = {
  processing: {
    label: 'Processing',
    color: 'yellow',
    hint: "We're reading your deck's pages. This usually takes under a minute.",
  },
  ready: { label: 'Ready', color: 'teal', hint: 'Investors can find and read this deck.' },
  failed: { label: 'Failed', color: 'red', hint: "We couldn't process this deck." },
};

/** While a deck is processing, its status is asked for again this often. */
export const processingPollMs = 2_000;

/**
 * The polling interval for a set of decks: every 2 s while any is processing, off (0) otherwise,
 * so a finished list stops costing requests.
 */
export function pollingIntervalFor(decks: ReadonlyArray<Pick<FounderPitchDeck, 'status'>> | undefined): number {
  return decks?.some((deck) => deck.status === 'processing') ? processingPollMs : 0;
}

/** "1 view", "3 views": counts on cards read as sentences, not as "1 view(s)". */
export function countLabel(count: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(count)} ${count === 1 ? singular : plural}`;
}
