import { describe, expect, it } from 'vitest';
import { parseQuestion } from './intent';

/** The built-in engine's reading of questions: intents and slots, pure and deterministic. */
describe('parseQuestion', () => {
  it.each([
    ['fintech seed decks in Berlin raising under 2M', 'find'],
    ['decks that mention carbon accounting', 'find'],
    ['summarise Harbor Lights', 'summary'],
    ['Give me a summary of Tidewater', 'summary'],
    ["what is Harbor Lights' ARR?", 'question'],
    ['who is on the team at Tidewater?', 'question'],
    ['compare Harbor Lights and Tidewater', 'compare'],
    ['Harbor Lights vs Tidewater', 'compare'],
    ['list my interests', 'interests'],
    ['my withdrawn interests', 'interests'],
    ['show interest in Harbor Lights with the note: keen', 'show_interest'],
    ["I'm interested in Tidewater", 'show_interest'],
    ['withdraw my interest in Tidewater', 'withdraw'],
    ['what changed this week?', 'changes'],
    ["what's new since 2026-11-01", 'changes'],
    ['hello', 'help'],
  ] as const)('%s → %s', (question, intent) => {
    expect(parseQuestion(question).intent).toBe(intent);
  });

  it('reads the filters of a search and leaves the rest as search words', () => {
    const parsed = parseQuestion('fintech seed decks in Berlin raising under 2M');
    expect(parsed).toMatchObject({ sector: 'Fintech', stage: 'Seed', maxAmount: 2_000_000, minAmount: undefined });
    expect(parsed.searchWords).toEqual(['berlin']);
    expect(parseQuestion('decks between $500k and 1.5M').minAmount).toBe(500_000);
    expect(parseQuestion('decks between $500k and 1.5M').maxAmount).toBe(1_500_000);
    expect(parseQuestion('pre-seed decks over 1M').stage).toBe('Pre-seed');
    expect(parseQuestion('decks that mention carbon accounting').searchWords).toEqual(['carbon', 'accounting']);
  });

  it('reads the topic of a question about one deck', () => {
    expect(parseQuestion("what is Harbor Lights' ARR?").topic?.key).toBe('arr');
    expect(parseQuestion('how much are they raising?').topic?.key).toBe('ask');
    expect(parseQuestion('who is on the team?').topic?.key).toBe('team');
    expect(parseQuestion('what is the validation score?').topic?.key).toBe('score');
    expect(parseQuestion('what is their business model').topic?.key).toBe('business_model');
  });

  it('matches topic cues as words: "burn rate" asks for the burn, not the score ("rating")', () => {
    expect(parseQuestion("What is Parcelpilot's burn rate?").topic?.key).toBe('burn');
    expect(parseQuestion('what is their growth rate?').topic?.key).toBe('growth');
    expect(parseQuestion("what is Parcelpilot's rating?").topic?.key).toBe('score');
  });

  it('reads every topic of a question with several parts, in its order', () => {
    const keys = (question: string) => parseQuestion(question).topics.map((topic) => topic.key);
    expect(keys("Tallyo's ARR and growth")).toEqual(['arr', 'growth']);
    expect(keys('their burn and runway')).toEqual(['burn', 'runway']);
    expect(keys('TAM, and is it sourced?')).toEqual(['market', 'sourced']);
    expect(keys('what is their net revenue retention?')).toEqual(['nrr']);
    expect(keys('how much have they raised so far, and how much are they raising?')).toEqual(['raised_to_date', 'ask']);
    expect(keys('Can I ask what their ARR is?')).toEqual(['arr']);
    expect(keys("What is Harbor Lights' ask?")).toEqual(['ask']);
    expect(keys('What is the source of their revenue?')).toEqual(['revenue']);
    expect(keys('Is the TAM sourced?')).toEqual(['market', 'sourced']);
    // "Who" asks for the team only when nothing else is asked.
    expect(keys('who has the highest ARR?')).toEqual(['arr']);
    expect(keys('who is on the team?')).toEqual(['team']);
  });

  it('reads questions over many decks', () => {
    expect(parseQuestion('rank my interests by ARR').across).toEqual({
      kind: 'rank',
      isAscending: false,
      scope: 'interests',
    });
    expect(parseQuestion('which decks are missing a market-size slide?').across?.kind).toBe('missing');
    expect(parseQuestion('Which decks contradict themselves?').across?.kind).toBe('contradicts');
    expect(parseQuestion('which deck has the lowest burn?').across).toMatchObject({ kind: 'rank', isAscending: true });
    expect(parseQuestion("Is Tidewater's growth better than Tallyo's?")).toMatchObject({
      intent: 'question',
      across: undefined,
    });
    expect(parseQuestion('What is missing from Harbor Lights?').across).toBeUndefined();
  });

  it('reads the note, the status, the date and deck ids', () => {
    expect(parseQuestion('show interest in Harbor Lights with the note: “Keen to talk”').note).toBe('Keen to talk');
    expect(parseQuestion('my accepted interests').status).toBe('accepted');
    expect(parseQuestion('what changed since 2026-11-01').since).toEqual({ date: '2026-11-01' });
    expect(parseQuestion('what changed in the last 3 days').since).toEqual({ days: 3 });
    expect(parseQuestion('what changed since monday').since).toEqual({ weekday: 1 });
    expect(parseQuestion('summarise dck-abc_123 please').deckIds).toEqual(['dck-abc_123']);
  });

  it('reads the same question the same way every time', () => {
    const question = 'compare Harbor Lights and Tidewater on ARR, under 2M, since monday';
    expect(parseQuestion(question)).toEqual(parseQuestion(question));
  });
});
