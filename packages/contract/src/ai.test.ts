import { describe, expect, it } from 'vitest';
import { aiChatBodySchema, aiLimits, aiRepliesQuerySchema, aiReplySchema } from './ai';

const ask = (content: string, role = 'user') => ({ roomId: 'room-1', messages: [{ role, content }] });

describe('aiChatBodySchema', () => {
  it('takes a question of up to 4,000 characters, trimmed', () => {
    expect(aiChatBodySchema.parse(ask('  summarise Harbor Lights  ')).messages[0]?.content).toBe(
      'summarise Harbor Lights',
    );
    expect(aiChatBodySchema.safeParse(ask('x'.repeat(aiLimits.messageLength))).success).toBe(true);
  });

  it.each([
    ['a blank question', ask('   ')],
    ['a question over 4,000 characters', ask('x'.repeat(aiLimits.messageLength + 1))],
    ['a last message from the assistant', ask('hello', 'assistant')],
    ['a role that is neither', ask('hello', 'system')],
    ['no messages', { roomId: 'room-1', messages: [] }],
    [
      'more than 40 messages',
      { roomId: 'room-1', messages: Array.from({ length: 41 }, () => ({ role: 'user', content: 'hi' })) },
    ],
    ['an unknown field', { ...ask('hello'), model: 'gpt' }],
    ['a NUL in the question', ask('hel\u0000lo')],
  ])('refuses %s', (_what, body) => {
    expect(aiChatBodySchema.safeParse(body).success).toBe(false);
  });
});

describe('aiRepliesQuerySchema', () => {
  it('reads comma-separated message ids, each once', () => {
    expect(aiRepliesQuerySchema.parse({ messageIds: 'msg-a,msg-b,,msg-a' }).messageIds).toEqual(['msg-a', 'msg-b']);
    expect(aiRepliesQuerySchema.safeParse({ messageIds: '' }).success).toBe(false);
    const tooMany = Array.from({ length: aiLimits.repliesPerRead + 1 }, (_, index) => `msg-${index}`).join(',');
    expect(aiRepliesQuerySchema.safeParse({ messageIds: tooMany }).success).toBe(false);
  });
});

describe('aiReplySchema', () => {
  it('describes a reply with its citations, table and action', () => {
    const reply = {
      text: "Harbor Lights' deck states its annual recurring revenue: $1.2M ARR [1] (page 5).",
      examples: [{ label: 'Summarise Harbor Lights' }],
      citations: [{ pitchDeckId: 'dck-1', page: 5, quote: '$1.2M ARR' }],
      table: { columns: ['', 'Harbor Lights'], rows: [['Stage', 'Seed']] },
      action: { id: 'act-1', kind: 'show_interest', pitchDeckId: 'dck-1', expiresAt: '2026-11-26T01:00:00.000Z' },
      engine: 'builtin',
    };
    expect(aiReplySchema.parse(reply)).toEqual(reply);
    expect(aiReplySchema.safeParse({ ...reply, citations: [{ ...reply.citations[0], page: 0 }] }).success).toBe(false);
  });
});
