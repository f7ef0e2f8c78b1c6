import type { DeckVersionSummary } from '@deckvalid/contract/pitchdecks';
import { describe, expect, it } from 'vitest';
import { deckPollingInterval, pendingVersionOf, shownVersionNumber } from './deck-versions';

const version = (number: number, status: DeckVersionSummary['status']): DeckVersionSummary => ({
  number,
  status,
  failureReason: status === 'failed' ? 'The file is password-protected.' : null,
  uploadedAt: '2026-01-10T10:00:00.000Z',
});

describe('deck versions on the founder page', () => {
  it('polls while the deck or a new version is processing, and stops after', () => {
    expect(
      deckPollingInterval({ status: 'processing', liveVersion: null, latestVersion: version(1, 'processing') }),
    ).toBe(2_000);
    expect(deckPollingInterval({ status: 'ready', liveVersion: 1, latestVersion: version(2, 'processing') })).toBe(
      2_000,
    );
    expect(deckPollingInterval({ status: 'ready', liveVersion: 2, latestVersion: version(2, 'ready') })).toBe(0);
    expect(deckPollingInterval({ status: 'ready', liveVersion: 1, latestVersion: version(2, 'failed') })).toBe(0);
    expect(deckPollingInterval(undefined)).toBe(0);
  });

  it('names a newer version that is not live yet, or failed, with the live one', () => {
    expect(pendingVersionOf({ status: 'ready', liveVersion: 1, latestVersion: version(2, 'processing') })).toEqual({
      version: version(2, 'processing'),
      liveVersion: 1,
    });
    expect(
      pendingVersionOf({ status: 'ready', liveVersion: 1, latestVersion: version(3, 'failed') })?.version.status,
    ).toBe('failed');
    expect(pendingVersionOf({ status: 'ready', liveVersion: 2, latestVersion: version(2, 'ready') })).toBeNull();
    // Nothing live: the deck's own status says it all.
    expect(pendingVersionOf({ status: 'failed', liveVersion: null, latestVersion: version(1, 'failed') })).toBeNull();
  });

  it('shows the picked version until it goes live, else the live one, else the newest', () => {
    const deck = { status: 'ready' as const, liveVersion: 2, latestVersion: version(3, 'processing') };
    expect(shownVersionNumber(deck, null)).toBe(2);
    expect(shownVersionNumber(deck, 1)).toBe(1);
    expect(shownVersionNumber(deck, 2)).toBe(2);
    expect(shownVersionNumber({ status: 'failed', liveVersion: null, latestVersion: version(1, 'failed') }, null)).toBe(
      1,
    );
  });
});
