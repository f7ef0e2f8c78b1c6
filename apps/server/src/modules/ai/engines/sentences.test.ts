import { describe, expect, it } from 'vitest';
import { sentencesOfPage, summarise } from './sentences';

const pages = [
  { number: 1, text: 'Harbor Lights\nHarbor Lights schedules port cranes so ships leave on time.\n1 / 6' },
  { number: 2, text: 'The pain\nPorts lose a week a month to paperwork and idle cranes.\n2 / 6' },
  { number: 3, text: 'How we fix it\nOne scheduler that plans every berth and crane in minutes.\n3 / 6' },
  { number: 4, text: 'Traction\n$1.2M ARR, growing 120% year over year. Twelve ports run it every day.\n4 / 6' },
  { number: 5, text: 'Team\nAda Park, CEO, ran operations at the Port of Rotterdam.\n5 / 6' },
  { number: 6, text: 'The ask\nWe are raising $2M to reach 40 ports.\n6 / 6' },
];

describe('sentences and the extractive summary', () => {
  it('leaves out the slide title and the page number', () => {
    expect(sentencesOfPage(4, pages[3]?.text ?? '').map((sentence) => sentence.text)).toEqual([
      '$1.2M ARR, growing 120% year over year.',
      'Twelve ports run it every day.',
    ]);
  });

  it('keeps a sentence that wraps over lines whole', () => {
    const [sentence] = sentencesOfPage(1, 'Title\nOur scheduler plans every berth\nand crane in minutes.');
    expect(sentence?.text).toBe('Our scheduler plans every berth and crane in minutes.');
  });

  it('chooses 5–8 sentences in the deck’s order, the same ones every time', () => {
    const chosen = summarise(pages, new Set([4, 5]));
    expect(chosen.length).toBeGreaterThanOrEqual(5);
    expect(chosen.length).toBeLessThanOrEqual(8);
    const order = chosen.map((sentence) => [sentence.page, sentence.index]);
    expect(order).toEqual([...order].sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0) || (a[1] ?? 0) - (b[1] ?? 0)));
    expect(chosen.map((sentence) => sentence.text)).toContain('$1.2M ARR, growing 120% year over year.');
    expect(summarise(pages, new Set([4, 5]))).toEqual(chosen);
  });

  it('answers what a short deck has', () => {
    expect(summarise(pages.slice(0, 2)).length).toBe(2);
    expect(summarise([{ number: 1, text: '' }])).toEqual([]);
  });
});
