import { describe, expect, it } from 'vitest';
import type { ApiProblem } from '@/shared/api/api-error';
import { checkOutcome, formatCheckValue, isReportNotReady, pagesPhrase } from './analysis-format';

describe('checks', () => {
  it('names the outcome, including a check with nothing to measure', () => {
    expect(checkOutcome({ passed: true })).toBe('passed');
    expect(checkOutcome({ passed: false })).toBe('failed');
    expect(checkOutcome({ passed: null })).toBe('unmeasured');
  });

  it('says what each check found in its own terms', () => {
    expect(formatCheckValue({ key: 'slide_count', value: 7 })).toBe('7 slides');
    expect(formatCheckValue({ key: 'body_font_size', value: 18 })).toBe('18 pt');
    expect(formatCheckValue({ key: 'words_per_slide', value: [] })).toBe('No slide over the limit');
    expect(formatCheckValue({ key: 'words_per_slide', value: [3, 7, 9] })).toBe('Over the limit on pages 3, 7 and 9');
    expect(formatCheckValue({ key: 'sourced_market_figures', value: [] })).toBe('Every market figure sourced');
    expect(formatCheckValue({ key: 'closing_contact_or_ask', value: 12 })).toBe('Page 12');
    expect(formatCheckValue({ key: 'sourced_market_figures', value: [4] })).toBe('No source or date on page 4');
    expect(formatCheckValue({ key: 'sourced_market_figures', value: null })).toBe('Nothing to measure');
    expect(pagesPhrase([])).toBe('no pages');
  });
});

describe('a report that is not ready', () => {
  const problem = (status: number, details: unknown): ApiProblem => ({
    message: 'x',
    code: 'CONFLICT',
    status,
    fieldErrors: {},
    details,
  });

  it('is a 409 whose reason is NOT_READY, and nothing else', () => {
    expect(isReportNotReady(problem(409, { reason: 'NOT_READY' }))).toBe(true);
    expect(isReportNotReady(problem(409, { reason: 'SOMETHING_ELSE' }))).toBe(false);
    expect(isReportNotReady(problem(404, { reason: 'NOT_READY' }))).toBe(false);
    expect(isReportNotReady(problem(409, undefined))).toBe(false);
  });
});
