import { describe, expect, it } from 'vitest';
import { excerptSegments } from './deck-excerpt';

describe('excerptSegments', () => {
  it('splits marked matches from the plain text around them', () => {
    expect(excerptSegments('…grid «battery» storage for «batteries» at scale')).toEqual([
      { text: '…grid ', isMatch: false },
      { text: 'battery', isMatch: true },
      { text: ' storage for ', isMatch: false },
      { text: 'batteries', isMatch: true },
      { text: ' at scale', isMatch: false },
    ]);
  });

  it('handles text without marks, adjacent marks and empty marks', () => {
    expect(excerptSegments('plain words')).toEqual([{ text: 'plain words', isMatch: false }]);
    expect(excerptSegments('«solar»«panels»')).toEqual([{ text: 'solarpanels', isMatch: true }]);
    expect(excerptSegments('a «» b')).toEqual([{ text: 'a  b', isMatch: false }]);
    expect(excerptSegments('')).toEqual([]);
  });

  it('marks the rest after an unclosed mark and keeps a stray closing mark as text', () => {
    expect(excerptSegments('see «solar')).toEqual([
      { text: 'see ', isMatch: false },
      { text: 'solar', isMatch: true },
    ]);
    expect(excerptSegments('a » b')).toEqual([{ text: 'a » b', isMatch: false }]);
  });

  it('keeps markup as text', () => {
    expect(excerptSegments('<b>«x»</b>')).toEqual([
      { text: '<b>', isMatch: false },
      { text: 'x', isMatch: true },
      { text: '</b>', isMatch: false },
    ]);
  });
});
