import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import { aiPaths } from '@deckvalid/contract/api-paths';
import type { CreatePitchDeckBody } from '@deckvalid/contract/pitchdecks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ask, askRaw, botRoomOf, copilotDeckPdf, copilotDecks, expectCitationsStand } from '../../../test/copilot';
import { readyDeck } from '../../../test/decks';
import {
  type ChatCompletionRequest,
  startOpenAiServer,
  type TestOpenAiServer,
  toolResultsOf,
} from '../../../test/openai-server';
import { copilotFailureMessage } from './ai.service';
import { modelHistoryLimit, modelMaxSteps } from './engines/model';

/**
 * The copilot's model engine through the real route, against a chat-completions server in the
 * test that answers from a script (test/openai-server.ts): the tool loop over decks processed by
 * the real pipeline, tool errors fed back, the time limit, citations a model invents, and what
 * the model server is sent.
 */
let ctx: TestContext;
let model: TestOpenAiServer;
let investor: SignedUp;
let roomId: string;
const deckIds = { harbor: '', tidewater: '', ledgerleaf: '' };
const timeoutMs = 2_500;
const logLines: { level: number; msg: string; err?: { message?: string } }[] = [];

beforeAll(async () => {
  model = await startOpenAiServer();
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      for (const text of String(chunk).split('\n')) if (text.trim()) logLines.push(JSON.parse(text));
      callback();
    },
  });
  ctx = await build(
    { logLevel: 'error', ai: { baseUrl: model.baseUrl, model: 'test-model', apiKey: 'sk-test', timeoutMs } },
    { logStream },
  );
  const founder = await signUp(ctx, 'user', 'Ada Park');
  investor = await signUp(ctx, 'investor', 'Theo Brandt');
  for (const key of Object.keys(deckIds) as (keyof typeof deckIds)[]) {
    const details = copilotDecks[key].details as Partial<CreatePitchDeckBody>;
    deckIds[key] = (await readyDeck(ctx, founder, { pdf: await copilotDeckPdf(key), details })).id;
  }
  roomId = await botRoomOf(ctx, investor);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await model?.close();
});

const offeredTools = (request: ChatCompletionRequest | undefined) =>
  (request?.tools ?? []).map((offered) => offered.function.name).sort();

/** The marker the last cite call answered, as the model reads it from the tool result. */
const lastMarker = (request: ChatCompletionRequest) => {
  const cited = toolResultsOf(request).filter((result) => result.name === 'cite');
  return (cited.at(-1)?.value as { marker?: string } | undefined)?.marker ?? '';
};

describe('the tool loop', () => {
  it('searches, reads, cites a real quote and answers: the reply names the model engine and keeps the citation', async () => {
    const quote = 'Automated carbon accounting from engine and route data, audited monthly.';
    model.script([
      { toolCalls: [{ name: 'find_decks', arguments: { query: 'carbon accounting' } }] },
      (request) => {
        const [search] = toolResultsOf(request);
        const found = ((search?.value as { decks?: { id: string }[] } | undefined)?.decks ?? []).map((deck) => deck.id);
        expect(found).toContain(deckIds.tidewater);
        return { toolCalls: [{ name: 'read_deck', arguments: { deckId: deckIds.tidewater } }] };
      },
      { toolCalls: [{ name: 'cite', arguments: { deckId: deckIds.tidewater, page: 3, quote } }] },
      (request) => ({
        content: `Tidewater Labs does carbon accounting for shipping fleets: “${quote}” ${lastMarker(request)}`,
      }),
    ]);
    const { reply, messages } = await ask(ctx, investor, roomId, 'Which decks mention carbon accounting?');
    expect(reply.engine).toBe('model');
    expect(reply.citations).toEqual([{ pitchDeckId: deckIds.tidewater, page: 3, quote }]);
    expect(reply.text).toContain(`“${quote}” [1]`);
    await expectCitationsStand(ctx, reply);
    expect(messages.answer).toMatchObject({ senderId: null, content: reply.text });

    // What the model server was sent: the model, the key, the system prompt, the question, every tool.
    expect(model.requests).toHaveLength(4);
    const [first, , third] = model.requests;
    expect(first?.model).toBe('test-model');
    expect(first?.authorization).toBe('Bearer sk-test');
    expect(first?.stream).toBeFalsy();
    expect(first?.messages[0]?.role).toBe('system');
    expect(first?.messages[0]?.content).toContain('Pitchlane copilot');
    expect(first?.messages[0]?.content).toContain('never instructions');
    expect(first?.messages.at(-1)).toEqual({ role: 'user', content: 'Which decks mention carbon accounting?' });
    expect(offeredTools(first)).toEqual(
      [
        'cite',
        'compare_decks',
        'deck_report',
        'find_deck_by_name',
        'find_decks',
        'my_interests',
        'propose_show_interest',
        'propose_withdraw_interest',
        'read_deck',
        'what_changed',
      ].sort(),
    );
    // The deck's pages went back to the model as the read_deck result.
    const read = toolResultsOf(third as ChatCompletionRequest).find((result) => result.name === 'read_deck');
    expect(read?.content).toContain(quote);
  });

  it('sends the last 20 messages of the conversation before the question, never more', async () => {
    model.script([{ content: 'Noted.' }]);
    const history = Array.from({ length: 30 }, (_, index) => ({
      role: index % 2 === 0 ? 'user' : 'assistant',
      content: `message ${index}`,
    }));
    const reply = await ctx.app.fastify.inject({
      method: 'POST',
      url: aiPaths.chat,
      headers: authHeaders(investor.tokens),
      payload: { roomId, messages: [...history, { role: 'user', content: 'and now?' }] },
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const [request] = model.requests;
    const sent = request?.messages ?? [];
    expect(sent[0]?.role).toBe('system');
    const before = sent.slice(1, -1);
    expect(before.length).toBeLessThanOrEqual(modelHistoryLimit);
    expect(before.map((message) => message.content)).toEqual(
      history.slice(-modelHistoryLimit).map((message) => message.content),
    );
    expect(before.map((message) => message.role)).toEqual(
      history.slice(-modelHistoryLimit).map((message) => message.role),
    );
    expect(sent.at(-1)).toEqual({ role: 'user', content: 'and now?' });
  });

  it('stops after six rounds, the last offering no tools so the model has to answer', async () => {
    const again = { toolCalls: [{ name: 'my_interests', arguments: {} }] };
    model.script([again, again, again, again, again, { content: 'You have no interests yet.' }]);
    const { reply } = await ask(ctx, investor, roomId, 'list my interests, slowly');
    expect(reply.text).toBe('You have no interests yet.');
    expect(model.requests).toHaveLength(modelMaxSteps);
    expect(offeredTools(model.requests[modelMaxSteps - 2])).toContain('my_interests');
    expect(model.requests[modelMaxSteps - 1]?.tools).toBeUndefined();
  });

  it('compares decks with the built-in table, its figures cited through the same book', async () => {
    model.script([
      { toolCalls: [{ name: 'compare_decks', arguments: { deckIds: [deckIds.harbor, deckIds.tidewater] } }] },
      { content: 'Harbor Lights states its ARR; Tidewater Labs does not.' },
    ]);
    const { reply } = await ask(ctx, investor, roomId, 'compare Harbor Lights and Tidewater');
    expect(reply.table?.columns).toEqual(['', 'Harbor Lights', 'Tidewater Labs']);
    const arr = reply.table?.rows.find((row) => row[0] === 'Annual recurring revenue');
    expect(arr?.[1]).toMatch(/^\$1\.2M ARR \[\d+\]$/);
    await expectCitationsStand(ctx, reply);
  });

  it('proposes showing interest as an action the investor confirms; nothing is sent before', async () => {
    model.script([
      {
        toolCalls: [{ name: 'propose_show_interest', arguments: { deckId: deckIds.ledgerleaf, note: 'Keen to talk' } }],
      },
      {
        content: 'Shall I show interest in Ledgerleaf with the note “Keen to talk”? Nothing is sent until you confirm.',
      },
    ]);
    const { reply } = await ask(ctx, investor, roomId, 'show interest in Ledgerleaf, note: Keen to talk');
    expect(reply.action).toMatchObject({
      kind: 'show_interest',
      pitchDeckId: deckIds.ledgerleaf,
      note: 'Keen to talk',
    });
    const interests = await ctx.sql('select id from interests where pitch_deck_id = $1', [deckIds.ledgerleaf]);
    expect(interests).toEqual([]);
  });
});

describe('a tool error', () => {
  it('goes back to the model, which recovers: bad arguments, an unknown deck, a tool that does not exist', async () => {
    model.script([
      {
        toolCalls: [
          { name: 'read_deck', arguments: { deckId: 'dck-no-such-deck' } },
          { name: 'find_decks', arguments: { sector: 'Not a sector', maxAmountUsd: 'a lot' } },
          { name: 'find_decks', arguments: '{"query": "carbon' },
          { name: 'delete_all_decks', arguments: {} },
        ],
      },
      { toolCalls: [{ name: 'find_deck_by_name', arguments: { name: 'Harbor Lights' } }] },
      (request) => {
        const found = toolResultsOf(request).find((result) => result.name === 'find_deck_by_name');
        const [deck] =
          (found?.value as { decks?: { id: string; company: string; stage: string }[] } | undefined)?.decks ?? [];
        return { content: `${deck?.company} (${deck?.id}) is a ${deck?.stage} deck.` };
      },
    ]);
    const { reply } = await ask(ctx, investor, roomId, 'tell me about Harbor Lights');
    expect(reply.engine).toBe('model');
    expect(reply.text).toBe(`Harbor Lights (${deckIds.harbor}) is a Seed deck.`);

    const errors = toolResultsOf(model.requests[1] as ChatCompletionRequest).map(
      (result) => `${result.name}: ${result.content}`,
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toMatch(/^read_deck: .*No deck you can see has the id "dck-no-such-deck"/);
    expect(errors[1]).toMatch(/^find_decks: Invalid input for tool find_decks: .*Not a sector/);
    expect(errors[2]).toMatch(/^find_decks: Invalid input for tool find_decks: JSON parsing failed/);
    expect(errors[3]).toMatch(/^delete_all_decks: Model tried to call unavailable tool/);
  });
});

describe('a time-out', () => {
  it('answers 503 with the sentence the web shows, stores nothing and logs why', async () => {
    const count = async () =>
      (
        await ctx.sql<{ messages: number; replies: number }>(
          `select (select count(*)::int from chat_messages where room_id = $1) as messages,
            (select count(*)::int from ai_replies where room_id = $1) as replies`,
          [roomId],
        )
      )[0];
    const before = await count();
    model.script([{ hang: true }]);
    const started = Date.now();
    const reply = await askRaw(ctx, investor, roomId, 'summarise Harbor Lights');
    expect(reply.statusCode).toBe(503);
    expect(reply.json().error).toMatchObject({ code: 'UNAVAILABLE', message: copilotFailureMessage });
    expect(Date.now() - started).toBeGreaterThanOrEqual(timeoutMs - 100);
    expect(await count()).toEqual(before);
    const logged = logLines.find((line) => line.msg === 'the copilot engine failed');
    expect(logged?.err?.message).toContain(`did not answer within ${timeoutMs} ms`);
  });

  it('answers 503 too when the model server fails', async () => {
    model.script([
      { status: 500, message: 'model not loaded' },
      { status: 500, message: 'model not loaded' },
    ]);
    const reply = await askRaw(ctx, investor, roomId, 'summarise Harbor Lights');
    expect(reply.statusCode).toBe(503);
    expect(logLines.at(-1)?.err?.message).toMatch(/answered 500: model not loaded/);
  });
});

describe('citations a model invents', () => {
  it('are dropped: a quote not on the page, a deck it did not read, a marker no tool gave', async () => {
    const real = '$1.2M ARR, growing 120% year over year.';
    model.script([
      { toolCalls: [{ name: 'read_deck', arguments: { deckId: deckIds.harbor } }] },
      {
        toolCalls: [
          { name: 'cite', arguments: { deckId: deckIds.harbor, page: 5, quote: real } },
          { name: 'cite', arguments: { deckId: deckIds.harbor, page: 5, quote: '$9M ARR, growing 900% a month.' } },
          // Ledgerleaf's page 3 does say this, but no tool read Ledgerleaf in this answer.
          {
            name: 'cite',
            arguments: {
              deckId: deckIds.ledgerleaf,
              page: 3,
              quote: '$400K ARR from 900 paying businesses, growing 15% a month.',
            },
          },
          { name: 'cite', arguments: { deckId: deckIds.harbor, page: 40, quote: real } },
        ],
      },
      {
        content:
          'Harbor Lights: $1.2M ARR [1]. It also claims $9M ARR [2]. Ledgerleaf has $400K ARR [3]. Page 40 says so [4]. See also [7].',
      },
    ]);
    const { reply } = await ask(ctx, investor, roomId, "What is Harbor Lights' ARR?");
    expect(reply.citations).toEqual([{ pitchDeckId: deckIds.harbor, page: 5, quote: real }]);
    expect(reply.text).toBe(
      'Harbor Lights: $1.2M ARR [1]. It also claims $9M ARR. Ledgerleaf has $400K ARR. Page 40 says so. See also.',
    );
    await expectCitationsStand(ctx, reply);
    // The model was told which quotes did not stand, so it could leave them out.
    const cites = toolResultsOf(model.requests[2] as ChatCompletionRequest).filter((result) => result.name === 'cite');
    expect(cites.map((result) => result.content.includes('does not stand'))).toEqual([false, true, true, true]);
  });
});

describe('configuration', () => {
  const base = { AUTH_SECRET: 'x'.repeat(40), DATA_DIR: tmpdir() };

  it('uses the built-in engine when AI_BASE_URL is unset', () => {
    expect(loadConfig(base).ai).toBeUndefined();
    expect(loadConfig({ ...base, AI_BASE_URL: '', AI_MODEL: 'llama3.1' }).ai).toBeUndefined();
  });

  it('needs AI_MODEL with AI_BASE_URL, and says so', () => {
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:11434/v1' })).toThrow(
      /AI_BASE_URL needs AI_MODEL/,
    );
    expect(() => loadConfig({ ...base, AI_BASE_URL: 'not a url', AI_MODEL: 'm' })).toThrow(/AI_BASE_URL must be a URL/);
  });

  it('reads the model, the key and a 30 s time limit by default', () => {
    expect(loadConfig({ ...base, AI_BASE_URL: 'http://127.0.0.1:11434/v1/', AI_MODEL: 'llama3.1' }).ai).toEqual({
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'llama3.1',
      apiKey: undefined,
      timeoutMs: 30_000,
    });
    expect(
      loadConfig({
        ...base,
        AI_BASE_URL: 'https://api.example.com/v1',
        AI_MODEL: 'm',
        AI_API_KEY: 'k',
        AI_TIMEOUT_MS: '5000',
      }).ai,
    ).toMatchObject({ apiKey: 'k', timeoutMs: 5_000 });
  });
});
