import type { DeckVersionSummary, FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { processingPollMs } from './deck-status';

type DeckVersionsState = Pick<FounderPitchDeck, 'status' | 'liveVersion' | 'latestVersion'>;

/**
 * How often the founder's deck page asks again: every 2 s while the deck or its newest version is
 * processing (a new version processes while the deck stays ready), off otherwise.
 */
export function deckPollingInterval(deck: DeckVersionsState | undefined): number {
  if (!deck) return 0;
  return deck.status === 'processing' || deck.latestVersion.status === 'processing' ? processingPollMs : 0;
}

/**
 * A newer version than the live one that is not live: still processing, or failed. Null when the
 * newest version is the live one, or when nothing is live (the page then shows the deck's own
 * processing or failure).
 */
export function pendingVersionOf(deck: DeckVersionsState): { version: DeckVersionSummary; liveVersion: number } | null {
  const { liveVersion, latestVersion } = deck;
  if (liveVersion === null || latestVersion.number === liveVersion) return null;
  return latestVersion.status === 'ready' ? null : { version: latestVersion, liveVersion };
}

/**
 * The id of the toast that says a new version was uploaded and is being read; the deck page hides
 * it once that version is no longer processing, so it never sits beside "Your deck is ready".
 */
export function versionUploadToastId(deckId: string, version: number): string {
  return `deck-${deckId}-version-${version}-uploaded`;
}

/**
 * The version whose file and figures the page shows: the one the founder picked, unless it has
 * become the live one (then the page follows the live one again), else the live one, else the
 * newest.
 */
export function shownVersionNumber(deck: DeckVersionsState, picked: number | null): number {
  if (picked !== null && picked !== deck.liveVersion) return picked;
  return deck.liveVersion ?? deck.latestVersion.number;
}
