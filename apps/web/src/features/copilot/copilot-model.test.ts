import { aiLimits } from '@deckvalid/contract/ai';
import { describe, expect, it } from 'vitest';
import {
  actionOutcome,
  conversationOf,
  replyTextOf,
  splitCitations,
  statusOfRefusal,
  tryNextOf,
} from './copilot-model';

const citation = (page: number) => ({ pitchDeckId: 'dck-1', page, quote: `page ${page}` });

describe('splitCitations', () => {
  it('turns each known [n] into a citation and leaves the words around it', () => {
    expect(splitCitations('ARR $1.2M [1], team of 6 [2].', [citation(9), citation(3)])).toEqual([
      { kind: 'text', text: 'ARR $1.2M ' },
      { kind: 'citation', number: 1, citation: citation(9) },
      { kind: 'text', text: ', team of 6 ' },
      { kind: 'citation', number: 2, citation: citation(3) },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps markers without a citation, and [0], as text', () => {
    expect(splitCitations('See [3] and [0] or [1]', [citation(2)])).toEqual([
      { kind: 'text', text: 'See [3] and [0] or ' },
      { kind: 'citation', number: 1, citation: citation(2) },
    ]);
  });

  it('makes a chip of the server’s markers only: a deck’s footnote, quoted as "(1)", stays text', () => {
    expect(splitCitations('“Our audited report (1) confirms the revenue.” [1]', [citation(6)])).toEqual([
      { kind: 'text', text: '“Our audited report (1) confirms the revenue.” ' },
      { kind: 'citation', number: 1, citation: citation(6) },
    ]);
  });

  it('answers nothing for an empty text', () => {
    expect(splitCitations('', [])).toEqual([]);
  });
});

describe('conversationOf', () => {
  it('sends the last 20 messages as user and assistant, then the trimmed question', () => {
    const messages = Array.from({ length: 25 }, (_, index) => ({
      senderId: index % 2 === 0 ? 'inv-1' : null,
      content: `m${index}`,
    }));
    const sent = conversationOf(messages, '  Compare them  ');
    expect(sent).toHaveLength(21);
    expect(sent[0]).toEqual({ role: 'assistant', content: 'm5' });
    expect(sent.at(-2)).toEqual({ role: 'user', content: 'm24' });
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'Compare them' });
  });

  it('leaves out blank messages and cuts long ones to the contract limit', () => {
    const sent = conversationOf(
      [
        { senderId: null, content: '   ' },
        { senderId: null, content: 'y'.repeat(aiLimits.messageLength + 10) },
      ],
      'Next',
    );
    expect(sent).toHaveLength(2);
    expect(sent[0]?.content).toHaveLength(aiLimits.messageLength);
  });
});

describe('answers in words', () => {
  it('shows an ellipsis for an empty reply', () => {
    expect(replyTextOf('  ')).toBe('…');
    expect(replyTextOf('Two decks match.')).toBe('Two decks match.');
  });

  it('offers the first three follow-ups with words', () => {
    const labels = ['', 'a', 'b', 'c', 'd'].map((label) => ({ label }));
    expect(tryNextOf(labels).map((example) => example.label)).toEqual(['a', 'b', 'c']);
  });

  it('leaves out the follow-ups that decide a proposal, whose buttons do that', () => {
    const labels = ['Yes', 'Cancel', 'no thanks', 'Summarise Harbor Lights', 'Yesterday’s decks'].map((label) => ({
      label,
    }));
    expect(tryNextOf(labels, { hasAction: true }).map((example) => example.label)).toEqual([
      'Summarise Harbor Lights',
      'Yesterday’s decks',
    ]);
    expect(tryNextOf(labels)).toHaveLength(3);
  });

  it('says where a decided action stands', () => {
    expect(actionOutcome('show_interest', 'pending')).toBeNull();
    expect(actionOutcome('show_interest', 'confirmed')).toBe('Done: your interest is sent.');
    expect(actionOutcome('withdraw_interest', 'confirmed')).toBe('Done: your interest is withdrawn.');
    expect(actionOutcome('withdraw_interest', 'expired')).toBe('This proposal expired. Ask again for a new one.');
  });

  it('reads the status a 409 or 410 carries', () => {
    expect(statusOfRefusal({ status: 'expired' })).toBe('expired');
    expect(statusOfRefusal({ status: 'nonsense' })).toBeNull();
    expect(statusOfRefusal(undefined)).toBeNull();
  });
});
