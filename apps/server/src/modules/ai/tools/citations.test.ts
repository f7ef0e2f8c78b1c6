import { describe, expect, it } from 'vitest';
import { CitationBook, keepStandingCitations } from './citations';

const book = () => {
  const citations = new CitationBook();
  citations.addPages('dck-1', new Map([[5, 'Traction\n$1.2M ARR, growing 120%\nyear over year.']]));
  return citations;
};

describe('CitationBook', () => {
  it('marks a quote that stands on the page read, white space aside, and reuses its marker', () => {
    const citations = book();
    expect(citations.cite('dck-1', 5, '$1.2M ARR, growing 120% year over year.')).toBe('[1]');
    expect(citations.cite('dck-1', 5, '$1.2M ARR')).toBe('[2]');
    expect(citations.cite('dck-1', 5, '$1.2M   ARR')).toBe('[2]');
    expect(citations.list()).toHaveLength(2);
  });

  it('lets a quote of a footnoted sentence stand as answers write it, "[1]" as "(1)"', () => {
    const citations = new CitationBook();
    citations.addPages('dck-1', new Map([[2, 'Our audited report [1] confirms the revenue.']]));
    expect(citations.cite('dck-1', 2, 'Our audited report (1) confirms the revenue.')).toBe('[1]');
    expect(citations.cite('dck-1', 2, 'Our audited report [1] confirms the revenue.')).toBe('[2]');
    expect(citations.cite('dck-1', 2, 'Our audited report (2) confirms the revenue.')).toBe('');
  });

  it('refuses a quote not on the page, a page that does not exist, and a deck no tool read', () => {
    const citations = book();
    expect(citations.cite('dck-1', 5, '$9M ARR')).toBe('');
    expect(citations.cite('dck-1', 6, '$1.2M ARR')).toBe('');
    expect(citations.cite('dck-2', 5, '$1.2M ARR')).toBe('');
    expect(citations.cite('dck-1', 5, '   ')).toBe('');
    expect(citations.list()).toEqual([]);
  });
});

describe('keepStandingCitations', () => {
  it('drops what does not stand and renumbers the markers left, in text and table', () => {
    const answer = {
      text: 'ARR $1.2M ARR [1], invented $9M [2], again [3].',
      citations: [
        { pitchDeckId: 'dck-1', page: 5, quote: '$1.2M ARR' },
        { pitchDeckId: 'dck-1', page: 5, quote: '$9M' },
        { pitchDeckId: 'dck-1', page: 5, quote: 'year over year.' },
      ],
      table: {
        columns: ['', 'A'],
        rows: [
          ['ARR', '$9M [2]'],
          ['Growth', '120% [3]'],
        ],
      },
    };
    expect(keepStandingCitations(answer, book())).toEqual({
      text: 'ARR $1.2M ARR [1], invented $9M, again [2].',
      citations: [answer.citations[0], answer.citations[2]],
      table: {
        columns: ['', 'A'],
        rows: [
          ['ARR', '$9M'],
          ['Growth', '120% [2]'],
        ],
      },
    });
  });

  it('leaves an answer whose citations all stand as it is', () => {
    const answer = { text: 'x [1]', citations: [{ pitchDeckId: 'dck-1', page: 5, quote: '$1.2M ARR' }] };
    expect(keepStandingCitations(answer, book())).toBe(answer);
  });
});
