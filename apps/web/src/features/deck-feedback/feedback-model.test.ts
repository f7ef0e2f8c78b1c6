import type { DeckComment } from '@deckvalid/contract/deck-comments';
import type { DeckComparison } from '@deckvalid/contract/deck-compare';
import type { DeckReview } from '@deckvalid/contract/deck-reviews';
import { describe, expect, it } from 'vitest';
import {
  averageScore,
  commentsOfVersion,
  describePageChange,
  describeRegion,
  describeScoreChange,
  describeSectionChange,
  isUnchanged,
  regionAfterKey,
  regionBetween,
  regionsOnPage,
  reviewDraftSections,
} from './feedback-model';

const comment = (id: string, overrides: Partial<DeckComment> = {}): DeckComment => ({
  id,
  pitchDeckId: 'd-1',
  version: 2,
  page: 1,
  region: null,
  author: { id: 'mtr-1', name: 'Noor', role: 'mentor' },
  body: id,
  createdAt: '2026-11-01T10:00:00.000Z',
  editedAt: null,
  outdated: false,
  resolvedAt: null,
  resolvedBy: null,
  replies: [],
  ...overrides,
});

describe('commentsOfVersion', () => {
  it("groups the version's comments by page in order and keeps earlier versions' outdated ones apart", () => {
    const list = [
      comment('on-3', { page: 3 }),
      comment('on-1', { page: 1, resolvedAt: '2026-11-02T10:00:00.000Z' }),
      comment('also-3', { page: 3 }),
      comment('left-behind', { version: 1, page: 4, outdated: true }),
      comment('older-open', { version: 1, page: 2 }),
      comment('newer', { version: 3, page: 1 }),
    ];
    const grouped = commentsOfVersion(list, 2);
    expect(grouped.pages.map(({ page, comments }) => [page, comments.map((item) => item.id)])).toEqual([
      [1, ['on-1']],
      [3, ['on-3', 'also-3']],
    ]);
    expect(grouped.outdated.map((item) => item.id)).toEqual(['left-behind']);
    expect(grouped.openCount).toBe(2);
  });

  it('shows an outdated comment on its own page when its own version is shown', () => {
    const grouped = commentsOfVersion([comment('left-behind', { version: 1, page: 4, outdated: true })], 1);
    expect(grouped.pages).toHaveLength(1);
    expect(grouped.outdated).toEqual([]);
  });
});

describe('regions', () => {
  it("numbers a page's regions oldest first and leaves comments without one out", () => {
    const region = { x: 0.1, y: 0.1, width: 0.2, height: 0.2 };
    const list = [comment('a', { region }), comment('b'), comment('c', { region }), comment('d', { region, page: 2 })];
    expect(regionsOnPage(list, 2, 1).map((item) => item.id)).toEqual(['a', 'c']);
  });

  it('turns a drag either way into fractions inside the page, and a click into no region', () => {
    expect(regionBetween({ x: 0.6, y: 0.8 }, { x: 0.2, y: 0.3 })).toEqual({ x: 0.2, y: 0.3, width: 0.4, height: 0.5 });
    expect(regionBetween({ x: 0.5, y: 0.5 }, { x: 1.4, y: -0.2 })).toEqual({ x: 0.5, y: 0, width: 0.5, height: 0.5 });
    expect(regionBetween({ x: 0.5, y: 0.5 }, { x: 0.502, y: 0.6 })).toBeNull();
    const odd = regionBetween({ x: 1 / 3, y: 1 / 7 }, { x: 1, y: 1 });
    expect(odd && odd.x + odd.width).toBeLessThanOrEqual(1);
    expect(odd && odd.y + odd.height).toBeLessThanOrEqual(1);
  });

  it('says where a region lies', () => {
    expect(describeRegion({ x: 0, y: 0, width: 0.2, height: 0.2 })).toBe('the top left of the page');
    expect(describeRegion({ x: 0.4, y: 0.4, width: 0.2, height: 0.2 })).toBe('the middle of the page');
    expect(describeRegion({ x: 0.8, y: 0.4, width: 0.2, height: 0.2 })).toBe('the right of the page');
  });
});

describe('reviews', () => {
  it('starts the form with every section in the report order, filled from the saved review', () => {
    const saved = {
      sections: [
        { key: 'ask', score: 2, note: 'Say what the money buys.' },
        { key: 'purpose', score: 4, note: null },
      ],
    } as DeckReview;
    const draft = reviewDraftSections(saved);
    expect(draft).toHaveLength(12);
    expect(draft[0]).toEqual({ key: 'purpose', label: 'Company purpose', score: 4, note: '' });
    expect(draft.at(-1)).toEqual({ key: 'ask', label: 'The ask', score: 2, note: 'Say what the money buys.' });
    expect(reviewDraftSections(undefined).every((section) => section.score === null)).toBe(true);
  });

  it('averages the section scores to one decimal', () => {
    const sections = [4, 3, 3].map((score) => ({ key: 'team' as const, score, note: null }));
    expect(averageScore({ sections })).toBe(3.3);
  });
});

describe('comparison in words', () => {
  it('says the score change, the pages and the sections', () => {
    expect(describeScoreChange({ before: 58, after: 64 })).toBe('up 6 points, from 58 to 64');
    expect(describeScoreChange({ before: 64, after: 63 })).toBe('down 1 point, from 64 to 63');
    expect(describeScoreChange({ before: 60, after: 60 })).toBe('unchanged at 60');
    expect(describePageChange({ kind: 'added', toPage: 4 })).toBe('Page 4 is new.');
    expect(describePageChange({ kind: 'removed', fromPage: 7 })).toBe('Page 7 was taken out.');
    expect(describePageChange({ kind: 'moved', fromPage: 3, toPage: 5 })).toBe('Page 3 moved to page 5, unchanged.');
    expect(
      describePageChange({
        kind: 'changed',
        fromPage: 3,
        toPage: 4,
        changes: [
          { kind: 'same', text: 'ARR' },
          { kind: 'removed', text: '1.2M' },
          { kind: 'added', text: '1.6M' },
        ],
      }),
    ).toBe('Page 3, now page 4, was reworded: added “1.6M”; removed “1.2M”.');
    expect(
      describePageChange({
        kind: 'changed',
        fromPage: 2,
        toPage: 2,
        changes: [{ kind: 'added', text: 'x'.repeat(100) }],
      }),
    ).toBe(`Page 2 was reworded: added “${'x'.repeat(79)}…”.`);
    const section = { key: 'team' as const, label: 'Team' };
    expect(
      describeSectionChange({ ...section, before: { found: false, pages: [] }, after: { found: true, pages: [9] } }),
    ).toBe('Team is now told (page 9).');
    expect(
      describeSectionChange({
        ...section,
        before: { found: true, pages: [8] },
        after: { found: true, pages: [9, 10] },
      }),
    ).toBe('Team moved from page 8 to pages 9, 10.');
    const same = {
      from: 1,
      to: 2,
      pages: [],
      unchangedPages: 10,
      score: { before: 60, after: 60 },
      sections: [],
      figures: [],
    };
    expect(isUnchanged(same satisfies DeckComparison)).toBe(true);
  });
});

describe('regionAfterKey', () => {
  const region = { x: 0.25, y: 0.35, width: 0.5, height: 0.3 };

  it('moves by a step, and stops at the page’s edges', () => {
    expect(regionAfterKey(region, { dx: 1, dy: 0, isResize: false })).toEqual({ ...region, x: 0.3 });
    let atEdge = region;
    for (let step = 0; step < 20; step++) atEdge = regionAfterKey(atEdge, { dx: 1, dy: 1, isResize: false });
    expect(atEdge).toEqual({ x: 0.5, y: 0.7, width: 0.5, height: 0.3 });
  });

  it('resizes from the top left corner, never past the page nor below the smallest region', () => {
    expect(regionAfterKey(region, { dx: 0, dy: 1, isResize: true })).toEqual({ ...region, height: 0.35 });
    let small = region;
    for (let step = 0; step < 20; step++) small = regionAfterKey(small, { dx: -1, dy: -1, isResize: true });
    expect(small).toEqual({ x: 0.25, y: 0.35, width: 0.02, height: 0.02 });
    let large = region;
    for (let step = 0; step < 20; step++) large = regionAfterKey(large, { dx: 1, dy: 1, isResize: true });
    expect(large.x + large.width).toBeLessThanOrEqual(1);
    expect(large.y + large.height).toBeLessThanOrEqual(1);
  });
});
