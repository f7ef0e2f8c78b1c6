import { type AnalysisCheck, type AnalysisCheckKey, formatFigureValue } from '@deckvalid/contract/analysis';
import { errorReasons } from '@deckvalid/contract/errors';
import type { ApiProblem } from '@/shared/api/api-error';

/** What the report calls each check; the contract names them by key only. */
export const checkLabels: Record<AnalysisCheckKey, string> = {
  slide_count: 'Slide count',
  body_font_size: 'Smallest body text',
  words_per_slide: 'Words per slide',
  closing_contact_or_ask: 'Contact or ask at the end',
  sourced_market_figures: 'Sourced market figures',
  figures_agree: 'Figures agree',
};

/** "page 4", "pages 3, 7 and 9". */
export function pagesPhrase(pages: readonly number[]): string {
  if (pages.length === 0) return 'no pages';
  if (pages.length === 1) return `page ${pages[0]}`;
  return `pages ${pages.slice(0, -1).join(', ')} and ${pages[pages.length - 1]}`;
}

export type CheckOutcome = 'passed' | 'failed' | 'unmeasured';

/** A check's result in words, never colour alone: the report shows an icon and these words. */
export const checkOutcomeLabels: Record<CheckOutcome, string> = {
  passed: 'Passed',
  failed: 'Not passed',
  unmeasured: 'Not measurable',
};

export function checkOutcome(check: Pick<AnalysisCheck, 'passed'>): CheckOutcome {
  if (check.passed === null) return 'unmeasured';
  return check.passed ? 'passed' : 'failed';
}

/** What a check found, in the words of its key (the contract documents each key's value). */
export function formatCheckValue({ key, value }: Pick<AnalysisCheck, 'key' | 'value'>): string {
  if (value === null) return 'Nothing to measure';
  if (Array.isArray(value)) {
    if (key === 'words_per_slide') {
      return value.length === 0 ? 'No slide over the limit' : `Over the limit on ${pagesPhrase(value)}`;
    }
    if (key === 'figures_agree') {
      return value.length === 0 ? 'No contradiction' : `Contradictions on ${pagesPhrase(value)}`;
    }
    return value.length === 0 ? 'Every market figure sourced' : `No source or date on ${pagesPhrase(value)}`;
  }
  if (key === 'slide_count') return `${value} ${value === 1 ? 'slide' : 'slides'}`;
  if (key === 'body_font_size') return `${formatFigureValue({ value, unit: 'count' })} pt`;
  return `Page ${value}`;
}

/** The score's band, for the ring's colour; the number itself is always printed beside it. */
export function scoreColor(score: number): string {
  if (score >= 75) return 'teal';
  if (score >= 50) return 'yellow';
  return 'red';
}

/** A 409 whose reason says the version is still processing (or could not be read): no report yet. */
export function isReportNotReady(problem: ApiProblem): boolean {
  const details = problem.details;
  return (
    problem.status === 409 &&
    typeof details === 'object' &&
    details !== null &&
    (details as { reason?: unknown }).reason === errorReasons.notReady
  );
}
