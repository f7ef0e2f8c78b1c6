import { founderDeckPaths } from '@deckvalid/contract/api-paths';
import { type LiveNotification, liveNotificationEvent } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { ChatClients, collect, listen, showInterest } from '../../../test/chat';
import { createDeck, deckPdf, readyDeck } from '../../../test/decks';
import { until } from '../../../test/poll';

/** Interest and deck events reach the sockets of the person concerned, and no one else's. */
let ctx: TestContext;
let baseUrl = '';
const clients = new ChatClients(() => baseUrl);

beforeAll(async () => {
  ctx = await build();
  baseUrl = await listen(ctx);
});

afterAll(async () => {
  clients.closeAll();
  await ctx.close();
});

describe('live notifications', () => {
  it('tells the founder of a new interest and the investor of the decision, on every tab', async () => {
    const [founder, investor, bystander] = await Promise.all([
      signUp(ctx, 'user', 'Farah Founder'),
      signUp(ctx, 'investor', 'Ivo Investor'),
      signUp(ctx, 'investor', 'Bea Bystander'),
    ]);
    const deck = await readyDeck(ctx, founder, { details: { company: 'Tidewater', title: 'Seed round' } });
    const founderTabs = [await clients.open(founder.tokens), await clients.open(founder.tokens)];
    const heardByFounder = founderTabs.map((tab) => collect<LiveNotification>(tab, liveNotificationEvent));
    const heardByInvestor = collect<LiveNotification>(await clients.open(investor.tokens), liveNotificationEvent);
    const heardByBystander = collect<LiveNotification>(await clients.open(bystander.tokens), liveNotificationEvent);

    const interest = await showInterest(ctx, investor, deck.id);
    await until(() => heardByFounder.every((heard) => heard.length === 1), 'the interest notification');
    expect(heardByFounder[1]?.[0]).toMatchObject({
      kind: 'interest.shown',
      title: 'New interest in Tidewater',
      message: 'Ivo Investor showed interest in “Seed round”.',
      link: `/founder/view/${deck.id}`,
      pitchDeckId: deck.id,
    });

    const decided = await ctx.app.fastify.inject({
      method: 'PATCH',
      url: founderDeckPaths.interest(deck.id, interest.id),
      headers: authHeaders(founder.tokens),
      payload: { status: 'accepted' },
    });
    expect(decided.statusCode).toBe(200);
    await until(() => heardByInvestor.length === 1, 'the decision notification');
    expect(heardByInvestor[0]).toMatchObject({
      kind: 'interest.decided',
      title: 'Tidewater accepted your interest',
      link: `/investor/pitchdecks/${deck.id}`,
    });
    expect(heardByBystander).toEqual([]);
  });

  it('tells the founder when a deck is ready or could not be read', async () => {
    const founder = await signUp(ctx, 'user');
    const heard = collect<LiveNotification>(await clients.open(founder.tokens), liveNotificationEvent);
    const ready = await createDeck(ctx, founder, { pdf: await deckPdf(2) });
    const broken = await createDeck(ctx, founder, { pdf: new TextEncoder().encode('%PDF-1.7 not really') });
    await until(() => heard.length === 2, 'both deck notifications');
    expect(heard.find((notification) => notification.pitchDeckId === ready.id)).toMatchObject({
      kind: 'deck.ready',
      title: `Your deck ${ready.title} is ready`,
      link: `/founder/view/${ready.id}`,
    });
    expect(heard.find((notification) => notification.pitchDeckId === broken.id)).toMatchObject({
      kind: 'deck.failed',
      title: `Your deck ${broken.title} could not be read`,
      message: expect.any(String),
    });
  });
});
