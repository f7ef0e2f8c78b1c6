import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { analyseBetweenOtherWork } from './analysis.service';
import { type AnalyzerPage, analyzeDeck, analyzeDeckInSteps } from './analyzer/analyze-deck';

/** A long deck: every page a wordy slide with figures, as a hostile upload near the limits would be. */
const longDeck = (pageCount: number): { pageCount: number; pages: AnalyzerPage[] } => ({
  pageCount,
  pages: Array.from({ length: pageCount }, (_, index) => ({
    number: index + 1,
    text: `Traction ${index}\n${'We grew revenue to $1.2M ARR with 48 customers and 120% growth. '.repeat(40)}`,
    title: `Traction ${index}`,
    minFontSize: 18,
    bodyFontSize: 24,
  })),
});

describe('analysing between other work', () => {
  it('lets the event loop turn after every page, and answers what the analyser answers at once', async () => {
    const deck = longDeck(30);
    let turns = 0;
    let isDone = false;
    const otherWork = (async () => {
      while (!isDone) {
        await nextTurn();
        turns += 1;
      }
    })();
    const report = await analyseBetweenOtherWork(analyzeDeckInSteps(deck));
    isDone = true;
    await otherWork;
    // One turn after each page is read and one after its figures are found.
    expect(turns).toBeGreaterThanOrEqual(2 * deck.pages.length);
    expect(report).toEqual(analyzeDeck(deck));
  });
});
