import { describe, expect, it } from 'vitest';
import { dayLabel } from './chat-message-list';
import { snippetAround } from './chat-room-list';

describe('day separators', () => {
  const now = new Date(2026, 10, 25, 15, 0);
  it('say Today, Yesterday, or the date, in the reader’s own day', () => {
    expect(dayLabel(new Date(2026, 10, 25, 0, 5).toISOString(), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 10, 24, 23, 55).toISOString(), now)).toBe('Yesterday');
    const older = dayLabel(new Date(2026, 10, 20, 12, 0).toISOString(), now);
    expect(older).not.toMatch(/Today|Yesterday/);
    expect(older).toContain('20');
  });
});

describe('search result snippets', () => {
  it('show the part of a long message around the first word searched', () => {
    const long = `${'Opening remarks about nothing much. '.repeat(6)}The pelican metrics look strong. ${'Closing words. '.repeat(6)}`;
    const snippet = snippetAround(long, 'PELIC', 60);
    expect(snippet).toContain('pelican metrics');
    expect(snippet.startsWith('…')).toBe(true);
    expect(snippet.endsWith('…')).toBe(true);
  });

  it('keep a short message whole, and fold its lines', () => {
    expect(snippetAround('Short\nnote', 'note')).toBe('Short note');
  });
});
