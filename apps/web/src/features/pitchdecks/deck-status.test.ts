import { describe, expect, it } from 'vitest';
import { countLabel, deckStatusDisplay, pollingIntervalFor, processingPollMs } from './deck-status';

describe('deck status', () => {
  it('polls every 2 s while any deck is processing, and not otherwise', () => {
    expect(processingPollMs).toBe(2000);
    expect(pollingIntervalFor([{ status: 'ready' }, { status: 'processing' }])).toBe(2000);
    expect(pollingIntervalFor([{ status: 'ready' }, { status: 'failed' }])).toBe(0);
    expect(pollingIntervalFor([])).toBe(0);
    expect(pollingIntervalFor(undefined)).toBe(0);
  });

  it('labels each status in the words the cards show', () => {
    expect(deckStatusDisplay.processing.label).toBe('Processing');
    expect(deckStatusDisplay.ready.label).toBe('Ready');
    expect(deckStatusDisplay.failed.label).toBe('Failed');
  });

  it('formats money and counts for people', () => {
    expect(countLabel(1, 'view')).toBe('1 view');
    expect(countLabel(0, 'interest')).toBe('0 interests');
    expect(countLabel(1200, 'view')).toBe('1,200 views');
  });
});
