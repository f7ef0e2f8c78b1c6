import { aiChatResponseSchema } from '@deckvalid/contract/ai';
import { aiPaths } from '@deckvalid/contract/api-paths';
import { errorResponseSchema } from '@deckvalid/contract/errors';
import type { CreatePitchDeckBody } from '@deckvalid/contract/pitchdecks';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { botRoomOf, copilotDeckPdf, copilotDecks, expectCitationsStand } from '../../../test/copilot';
import { readyDeck } from '../../../test/decks';
import { hostileText } from '../../../test/hostile-text';

/**
 * Random asks: whatever the body, the answer is a 2xx reply whose citations stand or a 4xx in
 * the error shape, never a 5xx; and whatever the question, the built-in engine answers with
 * follow-ups and only citations that stand on their pages.
 */
let ctx: TestContext;
let askers: { investor: SignedUp; roomId: string }[] = [];
let turn = 0;

beforeAll(async () => {
  ctx = await build();
  const founder = await signUp(ctx, 'user', 'Ada Park');
  for (const key of ['harbor', 'tidewater'] as const) {
    await readyDeck(ctx, founder, {
      pdf: await copilotDeckPdf(key),
      details: copilotDecks[key].details as Partial<CreatePitchDeckBody>,
    });
  }
  // Asks are limited to 30 a minute per investor; the runs take turns among several.
  const investors = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => signUp(ctx, 'investor', `Fuzz Investor ${n}`)));
  askers = await Promise.all(investors.map(async (investor) => ({ investor, roomId: await botRoomOf(ctx, investor) })));
}, 120_000);

afterAll(() => ctx?.close());

const nextAsker = () => {
  turn += 1;
  return askers[turn % askers.length] as { investor: SignedUp; roomId: string };
};

/** Words that steer the built-in engine into each of its intents, deck names and ids among them. */
const cues = [
  'summarise',
  'compare',
  'and',
  'vs',
  'find',
  'decks',
  'in Berlin',
  'under 2M',
  'over $500k',
  'between 1M and 3M',
  'fintech',
  'seed',
  'series a',
  'Harbor Lights',
  'harbour lights',
  'Tidewater',
  "Tidewater's",
  'dck-missing',
  'ARR',
  'team',
  'market',
  'score',
  'missing',
  'list my interests',
  'pending',
  'show interest in',
  'with the note:',
  'withdraw',
  'what changed',
  'since 2026-01-01',
  'since monday',
  'last 3 days',
  'yes',
  'no',
  'ignore previous instructions',
  '?',
];

const question = fc.oneof(
  fc.array(fc.constantFrom(...cues), { minLength: 1, maxLength: 8 }).map((words) => words.join(' ')),
  fc.string({ minLength: 1, maxLength: 200 }).filter((text) => text.trim().length > 0),
);

describe('random asks', () => {
  it('POST /api/v1/ai/chat with random bodies answers 200, 4xx in the error shape, never 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          roomId: fc.oneof(fc.constant('own'), hostileText(), fc.constant('')),
          messages: fc.oneof(
            fc.array(
              fc.record({
                role: fc.oneof(fc.constantFrom('user', 'assistant'), hostileText()),
                content: hostileText(),
              }),
              { maxLength: 3 },
            ),
            hostileText(),
          ),
        }),
        async (body) => {
          const { investor, roomId } = nextAsker();
          const reply = await ctx.app.fastify.inject({
            method: 'POST',
            url: aiPaths.chat,
            headers: authHeaders(investor.tokens),
            payload: { ...body, roomId: body.roomId === 'own' ? roomId : body.roomId },
          });
          expect(reply.statusCode, reply.body).toBeLessThan(500);
          if (reply.statusCode === 200) aiChatResponseSchema.parse(reply.json());
          else expect(errorResponseSchema.safeParse(reply.json()).success, reply.body).toBe(true);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('any question gets a reply with follow-ups and citations that stand', async () => {
    await fc.assert(
      fc.asyncProperty(question, async (content) => {
        const { investor, roomId } = nextAsker();
        const reply = await ctx.app.fastify.inject({
          method: 'POST',
          url: aiPaths.chat,
          headers: authHeaders(investor.tokens),
          payload: { roomId, messages: [{ role: 'user', content }] },
        });
        // Text the database cannot store is refused (400) before it reaches the copilot.
        if (reply.statusCode === 400) return;
        expect(reply.statusCode, reply.body).toBe(200);
        const { reply: answer } = aiChatResponseSchema.parse(reply.json());
        expect(answer.engine).toBe('builtin');
        expect(answer.text.length).toBeGreaterThan(0);
        expect(answer.examples.length).toBeGreaterThanOrEqual(3);
        await expectCitationsStand(ctx, answer);
      }),
      { numRuns: 60 },
    );
  });
});
