import { aiConfirmActionResponseSchema } from '@deckvalid/contract/ai';
import { aiPaths, investorDeckPaths } from '@deckvalid/contract/api-paths';
import { chatPaths } from '@deckvalid/contract/chat';
import type { CreatePitchDeckBody } from '@deckvalid/contract/pitchdecks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ask, botRoomOf, copilotDeckPdf, copilotDecks } from '../../../test/copilot';
import { readyDeck } from '../../../test/decks';
import { principal } from '../../../test/principals';
import { AiRepository } from './ai.repository';
import { AiService, copilotFailureMessage } from './ai.service';

/**
 * Actions the copilot proposes run only on confirmation, once, through the interests service
 * (docs/copilot.md, "Actions"); and a failed ask stores nothing.
 */
let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
let otherInvestor: SignedUp;
let roomId: string;
let ledgerleafId: string;
let harborId: string;

beforeAll(async () => {
  ctx = await build();
  [founder, investor, otherInvestor] = await Promise.all([
    signUp(ctx, 'user', 'Maya Lind'),
    signUp(ctx, 'investor', 'Theo Brandt'),
    signUp(ctx, 'investor', 'Mina Sato'),
  ]);
  const deckOf = async (key: 'ledgerleaf' | 'harbor') =>
    (
      await readyDeck(ctx, founder, {
        pdf: await copilotDeckPdf(key),
        details: copilotDecks[key].details as Partial<CreatePitchDeckBody>,
      })
    ).id;
  ledgerleafId = await deckOf('ledgerleaf');
  harborId = await deckOf('harbor');
  roomId = await botRoomOf(ctx, investor);
}, 120_000);

afterAll(() => ctx?.close());

const post = (who: SignedUp, url: string) =>
  ctx.app.fastify.inject({ method: 'POST', url, headers: authHeaders(who.tokens) });

async function myInterestIn(deckId: string) {
  const reply = await ctx.app.fastify.inject({
    method: 'GET',
    url: investorDeckPaths.pitchDeck(deckId),
    headers: authHeaders(investor.tokens),
  });
  return reply.json().pitchDeck.myInterest as { status: string; note: string | null } | null;
}

describe('show interest through the copilot', () => {
  it('proposes, changes nothing until confirmed, then runs once', async () => {
    const { reply } = await ask(
      ctx,
      investor,
      roomId,
      'show interest in Ledgerleaf with the note: Keen to talk about bank feeds',
    );
    expect(reply.action).toMatchObject({
      kind: 'show_interest',
      pitchDeckId: ledgerleafId,
      note: 'Keen to talk about bank feeds',
    });
    const action = reply.action as NonNullable<typeof reply.action>;
    expect(new Date(action.expiresAt).getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
    expect(await myInterestIn(ledgerleafId)).toBeNull();

    // Another investor cannot run it: to them it does not exist.
    expect((await post(otherInvestor, aiPaths.confirmAction(action.id))).statusCode).toBe(404);
    const confirmed = await post(investor, aiPaths.confirmAction(action.id));
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const body = aiConfirmActionResponseSchema.parse(confirmed.json());
    expect(body.action.status).toBe('confirmed');
    expect(body.interest).toMatchObject({
      pitchDeckId: ledgerleafId,
      status: 'pending',
      note: 'Keen to talk about bank feeds',
    });
    expect(await myInterestIn(ledgerleafId)).toMatchObject({ status: 'pending' });

    const again = await post(investor, aiPaths.confirmAction(action.id));
    expect(again.statusCode).toBe(409);
    expect((await post(investor, aiPaths.cancelAction(action.id))).statusCode).toBe(409);

    // Asked again, the copilot knows and proposes nothing.
    const known = await ask(ctx, investor, roomId, 'show interest in Ledgerleaf');
    expect(known.reply.action).toBeUndefined();
    expect(known.reply.text).toContain('already showed interest');
  });

  it('withdraws after a cancelled proposal, by "yes" in the room', async () => {
    const first = await ask(ctx, investor, roomId, 'withdraw my interest in Ledgerleaf');
    const firstId = first.reply.action?.id as string;
    expect(first.reply.action).toMatchObject({ kind: 'withdraw_interest', pitchDeckId: ledgerleafId });
    const cancelled = await post(investor, aiPaths.cancelAction(firstId));
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().action.status).toBe('cancelled');
    expect((await post(investor, aiPaths.confirmAction(firstId))).statusCode).toBe(409);
    expect(await myInterestIn(ledgerleafId)).toMatchObject({ status: 'pending' });

    const second = await ask(ctx, investor, roomId, 'withdraw my interest in Ledgerleaf');
    expect(second.reply.action?.kind).toBe('withdraw_interest');
    const yes = await ask(ctx, investor, roomId, 'yes');
    expect(yes.reply.text).toBe('Done: your interest is withdrawn.');
    expect(await myInterestIn(ledgerleafId)).toMatchObject({ status: 'withdrawn' });
    // The same proposal cannot run twice, whichever way it is confirmed.
    expect((await post(investor, aiPaths.confirmAction(second.reply.action?.id as string))).statusCode).toBe(409);
    // With nothing pending, 'yes' is just a question.
    const idle = await ask(ctx, investor, roomId, 'yes');
    expect(idle.reply.action).toBeUndefined();
  });

  it('says no to a proposal with "no" in the room', async () => {
    const proposed = await ask(ctx, investor, roomId, 'show interest in Harbor Lights');
    expect(proposed.reply.action?.pitchDeckId).toBe(harborId);
    const no = await ask(ctx, investor, roomId, 'no');
    expect(no.reply.text).toBe('Cancelled: nothing was changed.');
    expect(await myInterestIn(harborId)).toBeNull();
  });

  it('answers 410 once a proposal has expired, and runs nothing', async () => {
    const { reply } = await ask(ctx, investor, roomId, 'show interest in Harbor Lights');
    const id = reply.action?.id as string;
    await ctx.sql(`update ai_actions set expires_at = now() - interval '1 second' where id = $1`, [id]);
    const expired = await post(investor, aiPaths.confirmAction(id));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.code).toBe('GONE');
    expect((await post(investor, aiPaths.cancelAction(id))).statusCode).toBe(410);
    expect(await myInterestIn(harborId)).toBeNull();
    // And 'yes' does not reach it either.
    const yes = await ask(ctx, investor, roomId, 'yes');
    expect(yes.reply.action).toBeUndefined();
    expect(await myInterestIn(harborId)).toBeNull();
  });

  it('answers 404 for an action that does not exist, and founders 403', async () => {
    expect((await post(investor, aiPaths.confirmAction('act-missing'))).statusCode).toBe(404);
    expect((await post(founder, aiPaths.confirmAction('act-missing'))).statusCode).toBe(403);
  });
});

describe("an engine's citations", () => {
  it('reach the investor only when they stand on a page the tools read; invented ones are dropped', async () => {
    const inventing = new AiService({
      repo: new AiRepository(ctx.database.db),
      engine: {
        name: 'model',
        reply: async ({ tools }) => {
          await tools.readDeck(harborId);
          return {
            text: 'ARR: $1.2M ARR [1]. Profit: $5M [2]. Elsewhere [3].',
            examples: [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
            citations: [
              { pitchDeckId: harborId, page: 5, quote: '$1.2M ARR' },
              { pitchDeckId: harborId, page: 5, quote: '$5M profit' },
              { pitchDeckId: ledgerleafId, page: 3, quote: '$400K ARR' },
            ],
          };
        },
      },
      rooms: ctx.app.services.chatBots,
      services: {
        decks: ctx.app.services.pitchDecks,
        analysis: ctx.app.services.analysis,
        interests: ctx.app.services.interests,
        milestones: ctx.app.services.milestones.milestones,
      },
      interests: ctx.app.services.interests,
      limits: {
        hit: async () => ({ count: 1, resetInMs: 60_000 }),
        take: async () => ({ isAllowed: true, retryAfterMs: 0 }),
      },
      logger: { warn: () => undefined, error: () => undefined },
    });
    const { reply } = await inventing.ask(principal(investor.user.id, 'investor'), {
      roomId,
      messages: [{ role: 'user', content: "what is Harbor Lights' ARR?" }],
    });
    // The Ledgerleaf quote is true, but no tool read that deck for this ask: it is not a citation.
    expect(reply).toMatchObject({
      text: 'ARR: $1.2M ARR [1]. Profit: $5M. Elsewhere.',
      citations: [{ pitchDeckId: harborId, page: 5, quote: '$1.2M ARR' }],
      engine: 'model',
    });
  });
});

describe('a failed ask', () => {
  it('answers 503 with the sentence the web shows and stores nothing', async () => {
    const before = await ctx.app.fastify.inject({
      method: 'GET',
      url: chatPaths.messages(roomId),
      headers: authHeaders(investor.tokens),
    });
    const failing = new AiService({
      repo: new AiRepository(ctx.database.db),
      engine: { name: 'model', reply: () => Promise.reject(new Error('the model server hung up')) },
      rooms: ctx.app.services.chatBots,
      services: {
        decks: ctx.app.services.pitchDecks,
        analysis: ctx.app.services.analysis,
        interests: ctx.app.services.interests,
        milestones: ctx.app.services.milestones.milestones,
      },
      interests: ctx.app.services.interests,
      limits: {
        hit: async () => ({ count: 1, resetInMs: 60_000 }),
        take: async () => ({ isAllowed: true, retryAfterMs: 0 }),
      },
      logger: { warn: () => undefined, error: () => undefined },
    });
    await expect(
      failing.ask(principal(investor.user.id, 'investor'), {
        roomId,
        messages: [{ role: 'user', content: 'summarise Harbor Lights' }],
      }),
    ).rejects.toMatchObject({ code: 'UNAVAILABLE', message: copilotFailureMessage });
    const after = await ctx.app.fastify.inject({
      method: 'GET',
      url: chatPaths.messages(roomId),
      headers: authHeaders(investor.tokens),
    });
    expect(after.json().messages).toEqual(before.json().messages);
    const [counts] = await ctx.sql<{ replies: number; answers: number }>(
      `select (select count(*)::int from ai_replies where room_id = $1) as replies,
        (select count(*)::int from chat_messages where room_id = $1 and sender_id is null) as answers`,
      [roomId],
    );
    // Every stored reply has its message; the failed ask left none of either.
    expect(counts?.replies).toBe(counts?.answers);
  });

  it('stores nothing of a reply whose messages could not be stored', async () => {
    const repo = new AiRepository(ctx.database.db);
    const broken = new AiService({
      repo,
      engine: { name: 'builtin', reply: async () => ({ text: 'An answer.', examples: [], citations: [] }) },
      rooms: {
        requireOwn: async () => undefined,
        storeExchange: () => Promise.reject(new Error('the database went away')),
      },
      services: {
        decks: ctx.app.services.pitchDecks,
        analysis: ctx.app.services.analysis,
        interests: ctx.app.services.interests,
        milestones: ctx.app.services.milestones.milestones,
      },
      interests: ctx.app.services.interests,
      limits: {
        hit: async () => ({ count: 1, resetInMs: 60_000 }),
        take: async () => ({ isAllowed: true, retryAfterMs: 0 }),
      },
      logger: { warn: () => undefined, error: () => undefined },
    });
    const [{ before }] = (await ctx.sql<{ before: number }>(`select count(*)::int as before from ai_replies`)) as [
      { before: number },
    ];
    await expect(
      broken.ask(principal(investor.user.id, 'investor'), { roomId, messages: [{ role: 'user', content: 'hello' }] }),
    ).rejects.toThrow('the database went away');
    const [{ after }] = (await ctx.sql<{ after: number }>(`select count(*)::int as after from ai_replies`)) as [
      { after: number },
    ];
    expect(after).toBe(before);
  });
});
