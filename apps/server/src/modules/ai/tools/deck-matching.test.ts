import { describe, expect, it } from 'vitest';
import { findMentionedDecks } from './deck-matching';

const deck = (id: string, company: string, title: string, readyAt = '2026-01-01') => ({
  id,
  company,
  title,
  readyAt: new Date(readyAt),
});
const decks = [
  deck('dck-harbor', 'Harbor Lights', 'Harbor Lights seed round'),
  deck('dck-tide', 'Tidewater Labs', 'Tidewater pre-seed'),
  deck('dck-ledger', 'Ledgerleaf', 'Ledgerleaf bank feeds'),
  deck('dck-quiet', 'Quiet Harbor', 'Quiet Harbor seed'),
];
const ids = (question: string) => findMentionedDecks(question, decks).map((mention) => mention.deck.id);

describe('findMentionedDecks', () => {
  it('finds decks by company or title, in the order the question names them', () => {
    expect(ids('compare Tidewater Labs and Harbor Lights')).toEqual(['dck-tide', 'dck-harbor']);
    expect(ids("what is Harbor Lights' ARR?")).toEqual(['dck-harbor']);
    expect(ids('summarise the Ledgerleaf bank feeds deck')).toEqual(['dck-ledger']);
  });

  it('takes a company without its suffix, and a name with a typo', () => {
    expect(ids('summarise Tidewater')).toEqual(['dck-tide']);
    expect(ids('who is on the harbour lights team')).toEqual(['dck-harbor']);
    expect(ids('summarise Ledgerlaef')).toEqual(['dck-ledger']);
  });

  it('gives the words to the longer name where names overlap', () => {
    expect(ids('summarise Quiet Harbor')).toEqual(['dck-quiet']);
  });

  it('finds nothing that is not among the decks given', () => {
    expect(ids('summarise Northwind Robotics')).toEqual([]);
    expect(findMentionedDecks('summarise Harbor Lights', [])).toEqual([]);
  });

  it('picks one of two decks of a name the same way every time: the newest', () => {
    const twins = [
      deck('dck-a', 'Orbit', 'Orbit seed', '2026-01-01'),
      deck('dck-b', 'Orbit', 'Orbit seed', '2026-02-01'),
    ];
    expect(findMentionedDecks('summarise Orbit seed', twins).map((mention) => mention.deck.id)).toEqual(['dck-b']);
  });
});
