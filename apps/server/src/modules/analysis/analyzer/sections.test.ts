import type { AnalysisSectionKey } from '@deckvalid/contract/analysis';
import { describe, expect, it } from 'vitest';
import { readText } from './nlp';
import { type SectionPage, sectionsOfPages, splitTitle } from './sections';

/** Pages from [title, body] pairs; a null title is taken from the first line, as the parser may leave it. */
function pagesOf(slides: [string | null, string][]): SectionPage[] {
  return slides.map(([title, body], index) => ({
    number: index + 1,
    title,
    read: readText(title === null ? body : `${title}\n${body}`),
    figures: [],
  }));
}

const sectionsOf = (slides: [string | null, string][]) =>
  Object.fromEntries([...sectionsOfPages(pagesOf(slides)).entries()]) as Record<number, AnalysisSectionKey[]>;

describe('sectionsOfPages', () => {
  it.each([
    'The pain',
    "What's broken today",
    'Our customers struggle with late invoices',
    'Das Problem',
    'El problema',
  ])('reads a slide titled "%s" as the problem, wherever it stands', (title) => {
    const sections = sectionsOf([
      ['Team', 'Maya Chen, CEO, ex-Stripe. Tom Okafor, CTO.'],
      ['Market size', 'TAM of accounts receivable software.'],
      [title, 'Small firms wait 58 days to get paid; chasing invoices eats 5 hours a week.'],
    ]);
    expect(sections[3]).toContain('problem');
  });

  it('matches word forms by their stems ("struggling", "struggles")', () => {
    const sections = sectionsOf([
      ['Acme', 'Acme gets small businesses paid in days.'],
      ['Cover', 'x'],
      ['Clinics keep struggling', 'Therapists struggle with paperwork.'],
    ]);
    expect(sections[3]).toEqual(['problem']);
  });

  it('gives an agenda, a thank-you page and an appendix no section, though they name sections', () => {
    const sections = sectionsOf([
      ['Agenda', 'Problem · Solution · Product · Market · Traction · Team · Ask'],
      ['Thank you', 'Questions about our team or the ask?'],
      ['Appendix: pricing', 'Business model details and unit economics.'],
    ]);
    expect(sections).toEqual({});
  });

  it('gives a page at most two sections, the second only when its title names it too', () => {
    const sections = sectionsOf([['Business model & traction', 'Pricing: $49 per seat. 140 customers, growing fast.']]);
    expect(sections[1]).toEqual(['business_model', 'traction']);
    for (const keys of Object.values(sectionsOf([['Traction', 'Customers, pricing, competitors, team, market']]))) {
      expect(keys.length).toBeLessThanOrEqual(2);
    }
  });

  it('reads the deck order: the cover is the purpose, the silent page after it the problem, the next the solution', () => {
    const sections = sectionsOf([
      ['Loopin', 'Make plans with friends in seconds.'],
      ['Group chats are where plans go to die', 'Nobody could agree on a time.'],
      ['One match a day', 'Friends recommend, Loopin introduces.'],
      ['Team', 'Two ex-Snap designers, ex-Bumble engineer.'],
    ]);
    expect(sections).toEqual({ 1: ['purpose'], 2: ['problem'], 3: ['solution'], 4: ['team'] });
  });

  it('takes the title from the first line when the parser found none', () => {
    const read = readText('Our answer\nOne calm app for the whole clinic.');
    expect(splitTitle({ title: null, read }).title.map((token) => token.value)).toEqual(['Our', 'answer']);
  });
});
