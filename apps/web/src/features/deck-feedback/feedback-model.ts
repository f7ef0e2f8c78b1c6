import { type AnalysisSectionKey, analysisSectionKeys, analysisSectionLabels } from '@deckvalid/contract/analysis';
import type { CommentRegion, DeckComment } from '@deckvalid/contract/deck-comments';
import type { DeckComparison, PageChange, TextChange } from '@deckvalid/contract/deck-compare';
import { type DeckReview, inReportOrder, type ReviewVerdict } from '@deckvalid/contract/deck-reviews';

/** A page's comments in the panel. */
export type PageComments = { page: number; comments: DeckComment[] };

/** The comments a version's panel shows: by page, and those an earlier version left behind. */
export type VersionComments = { pages: PageComments[]; outdated: DeckComment[]; openCount: number };

/**
 * The shown version's comments grouped by page (pages in order, each oldest first), and apart the
 * outdated ones of earlier versions: their page has no match in a newer version, so they stayed
 * where they were written and would otherwise vanish from the newest version's panel.
 */
export function commentsOfVersion(comments: readonly DeckComment[], version: number): VersionComments {
  const byPage = new Map<number, DeckComment[]>();
  const outdated: DeckComment[] = [];
  for (const comment of comments) {
    if (comment.version === version) byPage.set(comment.page, [...(byPage.get(comment.page) ?? []), comment]);
    else if (comment.outdated && comment.version < version) outdated.push(comment);
  }
  const pages = [...byPage.entries()].sort(([a], [b]) => a - b).map(([page, list]) => ({ page, comments: list }));
  const openCount = pages.flatMap((entry) => entry.comments).filter((comment) => !comment.resolvedAt).length;
  return { pages, outdated, openCount };
}

/**
 * The comments with a region on one page of the shown version, oldest first: a region's number on
 * the page and in the panel is its place in this list.
 */
export function regionsOnPage(comments: readonly DeckComment[], version: number, page: number) {
  return comments.filter((comment) => comment.version === version && comment.page === page && comment.region !== null);
}

/** A point on the page, in fractions of its width and height from the top left corner. */
export type PagePoint = { x: number; y: number };

/** Drags smaller than this (a click, a tremble) mean no region. */
const minRegionFraction = 0.01;

const clampFraction = (value: number) => Math.min(1, Math.max(0, value));
const roundFraction = (value: number) => Math.round(value * 10_000) / 10_000;

/**
 * The rectangle between where a drag started and where it ended, whichever way it went, kept
 * inside the page; null for a drag too small to mean a region.
 */
export function regionBetween(start: PagePoint, end: PagePoint): CommentRegion | null {
  const left = clampFraction(Math.min(start.x, end.x));
  const top = clampFraction(Math.min(start.y, end.y));
  const right = clampFraction(Math.max(start.x, end.x));
  const bottom = clampFraction(Math.max(start.y, end.y));
  if (right - left < minRegionFraction || bottom - top < minRegionFraction) return null;
  const x = roundFraction(left);
  const y = roundFraction(top);
  // Rounded down (past float noise) so that x + width never passes the page's edge the server checks.
  const width = Math.floor((right - x) * 10_000 + 1e-6) / 10_000;
  const height = Math.floor((bottom - y) * 10_000 + 1e-6) / 10_000;
  return { x, y, width, height };
}

/** Where a region drawn from the keyboard starts: the middle of the page, half its width. */
export const keyboardStartRegion: CommentRegion = { x: 0.25, y: 0.35, width: 0.5, height: 0.3 };

/** How far one arrow key moves or resizes a region, as a fraction of the page. */
export const regionKeyStep = 0.05;

/**
 * A region moved by an arrow key (`dx`, `dy` in steps), or with Shift resized from its top left
 * corner, kept inside the page and no smaller than a region may be: drawing without a mouse.
 */
export function regionAfterKey(
  region: CommentRegion,
  { dx, dy, isResize }: { dx: number; dy: number; isResize: boolean },
): CommentRegion {
  const start = isResize
    ? { x: region.x, y: region.y }
    : { x: region.x + dx * regionKeyStep, y: region.y + dy * regionKeyStep };
  const width = isResize ? region.width + dx * regionKeyStep : region.width;
  const height = isResize ? region.height + dy * regionKeyStep : region.height;
  const sizedWidth = Math.min(Math.max(width, minRegionFraction * 2), 1);
  const sizedHeight = Math.min(Math.max(height, minRegionFraction * 2), 1);
  const left = Math.min(Math.max(start.x, 0), 1 - sizedWidth);
  const top = Math.min(Math.max(start.y, 0), 1 - sizedHeight);
  return regionBetween({ x: left, y: top }, { x: left + sizedWidth, y: top + sizedHeight }) ?? region;
}

/** Where a region lies, in words a screen reader can say ("top left", "middle"). */
export function describeRegion(region: CommentRegion): string {
  const centreX = region.x + region.width / 2;
  const centreY = region.y + region.height / 2;
  const row = centreY < 1 / 3 ? 'top' : centreY < 2 / 3 ? 'middle' : 'bottom';
  const column = centreX < 1 / 3 ? 'left' : centreX < 2 / 3 ? 'centre' : 'right';
  if (row === 'middle' && column === 'centre') return 'the middle of the page';
  return row === 'middle' ? `the ${column} of the page` : `the ${row} ${column} of the page`;
}

/** What a verdict reads as. */
export const verdictLabels: Record<ReviewVerdict, string> = { ready: 'Ready for investors', needs_work: 'Needs work' };

/** One section of the review form: a score from 1 to 5 (null until picked) and a note. */
export type ReviewSectionDraft = { key: AnalysisSectionKey; label: string; score: number | null; note: string };

/** The review form's sections in the report's order, filled from the saved review when there is one. */
export function reviewDraftSections(review: DeckReview | undefined): ReviewSectionDraft[] {
  const saved = new Map(review?.sections.map((section) => [section.key, section]));
  return analysisSectionKeys.map((key) => ({
    key,
    label: analysisSectionLabels[key],
    score: saved.get(key)?.score ?? null,
    note: saved.get(key)?.note ?? '',
  }));
}

/** The mean of a review's section scores, to one decimal. */
export function averageScore(review: Pick<DeckReview, 'sections'>): number {
  if (review.sections.length === 0) return 0;
  const total = review.sections.reduce((sum, section) => sum + section.score, 0);
  return Math.round((total / review.sections.length) * 10) / 10;
}

/** A review's sections in the report's order with their labels. */
export function labelledSections(review: DeckReview) {
  return inReportOrder(review.sections).map((section) => ({ ...section, label: analysisSectionLabels[section.key] }));
}

/** A score change in words: "up 6 points, from 58 to 64". */
export function describeScoreChange({ before, after }: { before: number; after: number }): string {
  const delta = after - before;
  if (delta === 0) return `unchanged at ${after}`;
  const points = Math.abs(delta) === 1 ? 'point' : 'points';
  return `${delta > 0 ? 'up' : 'down'} ${Math.abs(delta)} ${points}, from ${before} to ${after}`;
}

/** A page change in a sentence ("Page 4 is new", "Page 3 moved to page 5"). */
export function describePageChange(change: PageChange): string {
  switch (change.kind) {
    case 'added':
      return `Page ${change.toPage} is new.`;
    case 'removed':
      return `Page ${change.fromPage} was taken out.`;
    case 'moved':
      return `Page ${change.fromPage} moved to page ${change.toPage}, unchanged.`;
    case 'changed': {
      const where =
        change.fromPage === change.toPage
          ? `Page ${change.toPage}`
          : `Page ${change.fromPage}, now page ${change.toPage},`;
      const parts = [wordsOf(change.changes, 'added'), wordsOf(change.changes, 'removed')].filter(Boolean);
      return `${where} was reworded${parts.length ? `: ${parts.join('; ')}` : ''}.`;
    }
  }
}

/** Longest quote of a page's changed words: the page itself says the rest. */
const quoteLength = 80;

/** The words a change added or removed, quoted and cut short ("added “Eurostat, 2025”"). */
function wordsOf(changes: readonly TextChange[], kind: 'added' | 'removed'): string {
  const words = changes
    .filter((run) => run.kind === kind)
    .map((run) => run.text.trim())
    .filter(Boolean)
    .join(' … ');
  if (!words) return '';
  const quote = words.length > quoteLength ? `${words.slice(0, quoteLength - 1).trimEnd()}…` : words;
  return `${kind} “${quote}”`;
}

/** A section change in words: found in only one version, or told on other pages. */
export function describeSectionChange(section: DeckComparison['sections'][number]): string {
  const pages = (list: number[]) => (list.length === 1 ? `page ${list[0]}` : `pages ${list.join(', ')}`);
  if (!section.before.found && section.after.found)
    return `${section.label} is now told (${pages(section.after.pages)}).`;
  if (section.before.found && !section.after.found) return `${section.label} is no longer found.`;
  return `${section.label} moved from ${pages(section.before.pages)} to ${pages(section.after.pages)}.`;
}

/** Whether two versions compared show no difference at all. */
export function isUnchanged(comparison: DeckComparison): boolean {
  return (
    comparison.pages.length === 0 &&
    comparison.sections.length === 0 &&
    comparison.figures.length === 0 &&
    comparison.score.before === comparison.score.after
  );
}
