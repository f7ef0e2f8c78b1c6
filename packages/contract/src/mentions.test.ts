import { describe, expect, it } from 'vitest';
import { findMentionRanges, findMentions } from './mentions';

const people = [
  { id: 'inv-1', name: 'Ravi Mehta' },
  { id: 'inv-2', name: 'Ravi Patel' },
  { id: 'usr-1', name: 'Farah Founder' },
];

describe('findMentions', () => {
  it('finds full names in any case, and first names only where no one else shares them', () => {
    expect(findMentions('Thanks @ravi mehta and @Farah!', people)).toEqual(['inv-1', 'usr-1']);
    // Two Ravis: "@Ravi" names neither.
    expect(findMentions('@Ravi can you look?', people)).toEqual([]);
  });

  it('ignores an address, a longer name and anyone not among the people', () => {
    expect(findMentions('mail farah@founder.example or @Farahs or @Stan Stranger', people)).toEqual([]);
  });

  it('answers where each mention is, the longest name first at the same @', () => {
    const content = 'Hi @Farah Founder, meet @Ravi Patel';
    expect(findMentionRanges(content, people)).toEqual([
      { start: 3, end: 17, accountId: 'usr-1' },
      { start: 24, end: 35, accountId: 'inv-2' },
    ]);
  });
});
