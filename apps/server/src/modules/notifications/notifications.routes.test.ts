import { investorDeckPaths, notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { notificationLabels, notificationSettingsPlace } from '@deckvalid/contract/notifications';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { decideInterest } from '../../../test/chat';
import { readyDeck } from '../../../test/decks';
import type { ReceivedMail } from '../../../test/smtp-sink';

let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;

beforeAll(async () => {
  ctx = await build();
  [founder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
  ]);
  const info = await ctx.app.fastify.inject({
    method: 'POST',
    url: '/api/v1/investors/info',
    headers: authHeaders(investor.tokens),
    payload: { firm: 'Harbor Capital' },
  });
  expect(info.statusCode).toBe(201);
});

afterAll(async () => {
  await ctx.close();
});

async function showInterest(who: SignedUp, deckId: string, note?: string): Promise<string> {
  const reply = await ctx.app.fastify.inject({
    method: 'POST',
    url: investorDeckPaths.interests(deckId),
    headers: authHeaders(who.tokens),
    payload: note === undefined ? {} : { note },
  });
  expect(reply.statusCode, reply.body).toBe(201);
  return reply.json().interest.id as string;
}

const decide = (deckId: string, interestId: string, status: 'accepted' | 'declined') =>
  decideInterest(ctx, founder, deckId, interestId, status);

async function putSettings(who: SignedUp, payload: unknown) {
  return ctx.app.fastify.inject({
    method: 'PUT',
    url: notificationSettingsPaths[who.user.role],
    headers: authHeaders(who.tokens),
    payload: payload as Record<string, unknown>,
  });
}

/** Everything queued so far is stored and every delivery pass has finished. */
async function settled(): Promise<void> {
  // The bus hands events to subscribers in a microtask; let those start before draining.
  await new Promise((resolve) => setImmediate(resolve));
  await ctx.app.background.drain();
}

const interestMails = (email: string) => ctx.sink.messagesTo(email).filter((mail) => /interested/.test(mail.subject));
const decisionMails = (email: string) =>
  ctx.sink.messagesTo(email).filter((mail) => /(accepted|declined) your interest/.test(mail.subject));

function expectTurnOffHint(mail: ReceivedMail, label: string): void {
  expect(mail.body).toContain(`"${label}" is on in your Pitchlane ${notificationSettingsPlace}`);
  expect(mail.body).toContain('Turn it off there to stop these mails.');
}

describe('mail to the founder when an investor shows interest', () => {
  it('names the investor, their firm and note, the deck, and links to the deck page', async () => {
    const deck = await readyDeck(ctx, founder, { details: { title: 'Tidewater seed', company: 'Tidewater Labs' } });
    await showInterest(investor, deck.id, 'Loved the sensor slide <3 & the team.');

    const mail = await ctx.sink.waitFor((m) => m.to.includes(founder.email) && /interested/.test(m.subject));
    expect(mail.subject).toBe('Pitchlane: Ivo Investor (Harbor Capital) is interested in Tidewater seed');
    expect(mail.body).toContain('Hello Fay Founder,');
    expect(mail.body).toContain(
      'Ivo Investor (Harbor Capital) is interested in your deck "Tidewater seed" for Tidewater Labs.',
    );
    expect(mail.body).toContain('Their note: "Loved the sensor slide <3 & the team."');
    // The HTML part escapes what the investor wrote.
    expect(mail.body).toContain('Loved the sensor slide &#60;3 &#38; the team.');
    expect(mail.body).toContain(`${ctx.config.publicUrl}/founder/view/${deck.id}`);
    expectTurnOffHint(mail, notificationLabels.interestShown);
    await vi.waitFor(async () => {
      const rows = await ctx.sql<{ status: string }>('select status from mail_outbox where account_id = $1', [
        founder.user.id,
      ]);
      expect(rows).toEqual([{ status: 'sent' }]);
    });
  });
});

describe('mail to the investor when the founder decides', () => {
  it('tells of an acceptance and of a refusal, each with the deck, company, decision and link', async () => {
    const [accepted, declined] = [
      await readyDeck(ctx, founder, { details: { title: 'Orbit A', company: 'Orbit Works' } }),
      await readyDeck(ctx, founder, { details: { title: 'Kelp B', company: 'Kelp Farms' } }),
    ];
    await decide(accepted.id, await showInterest(investor, accepted.id), 'accepted');
    await decide(declined.id, await showInterest(investor, declined.id), 'declined');

    const yes = await ctx.sink.waitFor(
      (m) => m.to.includes(investor.email) && /accepted your interest/.test(m.subject),
    );
    expect(yes.subject).toBe('Pitchlane: Orbit Works accepted your interest in Orbit A');
    expect(yes.body).toContain('Hello Ivo Investor,');
    expect(yes.body).toContain('Fay Founder of Orbit Works accepted your interest in the deck "Orbit A".');
    expect(yes.body).toContain(`${ctx.config.publicUrl}/investor/pitchdecks/${accepted.id}`);
    expectTurnOffHint(yes, notificationLabels.interestDecided);

    const no = await ctx.sink.waitFor((m) => m.to.includes(investor.email) && /declined your interest/.test(m.subject));
    expect(no.subject).toBe('Pitchlane: Kelp Farms declined your interest in Kelp B');
    expect(no.body).toContain('Fay Founder of Kelp Farms declined your interest in the deck "Kelp B".');
    expect(no.body).toContain(`${ctx.config.publicUrl}/investor/pitchdecks/${declined.id}`);
    expectTurnOffHint(no, notificationLabels.interestDecided);
  });
});

describe('one interest mail per investor and deck a day', () => {
  async function withdraw(deckId: string): Promise<void> {
    const reply = await ctx.app.fastify.inject({
      method: 'PATCH',
      url: investorDeckPaths.interests(deckId),
      headers: authHeaders(investor.tokens),
      payload: { status: 'withdrawn' },
    });
    expect(reply.statusCode, reply.body).toBe(200);
  }

  it('coalesces 15 withdraw-and-show cycles into one mail, keeps other investors apart, and mails again a day later', async () => {
    const otherInvestor = await signUp(ctx, 'investor', 'Oda Investor');
    const deck = await readyDeck(ctx, founder, { details: { title: 'Yo-yo deck' } });
    const aboutDeck = () => interestMails(founder.email).filter((m) => m.subject.endsWith('interested in Yo-yo deck'));

    for (let cycle = 1; cycle <= 15; cycle++) {
      await showInterest(investor, deck.id, `Cycle ${cycle}`);
      await withdraw(deck.id);
    }
    await showInterest(otherInvestor, deck.id, 'A second investor');
    await settled();
    const mails = aboutDeck();
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'Pitchlane: Ivo Investor (Harbor Capital) is interested in Yo-yo deck',
      'Pitchlane: Oda Investor is interested in Yo-yo deck',
    ]);
    // The mail tells of the first showing; the 14 after it are counted on its outbox row.
    expect(mails.find((m) => m.subject.includes('Ivo'))?.body).toContain('Cycle 1');
    const rows = await ctx.sql<{ coalesced_count: number }>(
      `select coalesced_count from mail_outbox
        where account_id = $1 and kind = 'interestShown' and subject like '%Yo-yo deck' order by coalesced_count`,
      [founder.user.id],
    );
    expect(rows).toEqual([{ coalesced_count: 0 }, { coalesced_count: 14 }]);

    // A day on (the database clock decides), the same investor showing interest again is news.
    await ctx.sql(
      `update mail_outbox set created_at = created_at - interval '24 hours 1 second'
        where account_id = $1 and subject like '%Yo-yo deck'`,
      [founder.user.id],
    );
    await showInterest(investor, deck.id, 'Back a day later');
    await settled();
    expect(aboutDeck()).toHaveLength(3);
    expect(aboutDeck().at(-1)?.body).toContain('Back a day later');
  });
});

describe('turning mails off and on', () => {
  it('sends no mail of a kind turned off, and sends again once it is back on', async () => {
    const otherInvestor = await signUp(ctx, 'investor', 'Ola Investor');
    const deck = await readyDeck(ctx, founder, { details: { title: 'Quiet deck' } });
    const before = { interests: interestMails(founder.email).length, decisions: decisionMails(investor.email).length };

    expect((await putSettings(founder, { interestShown: false })).json()).toMatchObject({
      notifications: { interestShown: false, approvalDecisions: true },
    });
    expect((await putSettings(investor, { interestDecided: false })).json()).toMatchObject({
      notifications: { interestDecided: false, chatDigest: true },
    });
    await decide(deck.id, await showInterest(investor, deck.id, 'While muted'), 'accepted');
    await settled();
    expect(interestMails(founder.email)).toHaveLength(before.interests);
    expect(decisionMails(investor.email)).toHaveLength(before.decisions);
    expect(
      await ctx.sql(
        "select id from mail_outbox where account_id = $1 and kind = 'interestShown' and subject like '%Quiet deck'",
        [founder.user.id],
      ),
    ).toEqual([]);

    expect((await putSettings(founder, { interestShown: true })).statusCode).toBe(200);
    await showInterest(otherInvestor, deck.id, 'After unmuting');
    const mail = await ctx.sink.waitFor(
      (m) => m.to.includes(founder.email) && m.subject.includes('Ola Investor is interested in Quiet deck'),
    );
    expect(mail.body).toContain('After unmuting');
    await settled();
    // Only the interest shown while the mails were on was told of.
    expect(interestMails(founder.email).filter((m) => m.subject.includes('Quiet deck'))).toHaveLength(1);
    expect(decisionMails(investor.email)).toHaveLength(before.decisions);
  });
});

describe('notification settings calls', () => {
  it('answer every kind of the role, on by default; a change keeps the others and persists', async () => {
    const [newFounder, newInvestor, newMentor] = await Promise.all([
      signUp(ctx, 'user'),
      signUp(ctx, 'investor'),
      signUp(ctx, 'mentor'),
    ]);
    for (const [who, path, defaults] of [
      [newMentor, notificationSettingsPaths.mentor, { deckFeedback: true, chatDigest: true, chatMentions: true }],
      [
        newFounder,
        notificationSettingsPaths.user,
        {
          interestShown: true,
          deliverableDecisions: true,
          approvalDecisions: true,
          meetInvitations: true,
          taskDueReminders: true,
          chatDigest: true,
          chatMentions: true,
          deckFeedback: true,
        },
      ],
      [
        newInvestor,
        notificationSettingsPaths.investor,
        {
          interestDecided: true,
          meetInvitations: true,
          taskDueReminders: true,
          chatDigest: true,
          chatMentions: true,
          thesisMatches: true,
        },
      ],
    ] as const) {
      const read = await ctx.app.fastify.inject({ method: 'GET', url: path, headers: authHeaders(who.tokens) });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual({ notifications: defaults });
      const off = Object.fromEntries(Object.keys(defaults).map((kind) => [kind, false]));
      const updated = await putSettings(who, off);
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ notifications: off });
      const again = await ctx.app.fastify.inject({ method: 'GET', url: path, headers: authHeaders(who.tokens) });
      expect(again.json()).toEqual({ notifications: off });
    }
  });

  it('refuse bodies that are not the role own kinds as booleans, changing nothing', async () => {
    const who = await signUp(ctx, 'user');
    const refused = [
      {},
      { interestShown: 'no' },
      { interestShown: null },
      { interestShown: 0 },
      // The other role's kind.
      { interestDecided: false },
      { interestShown: false, somethingElse: true },
      [],
      'false',
    ];
    for (const payload of refused) {
      const reply = await ctx.app.fastify.inject({
        method: 'PUT',
        url: notificationSettingsPaths.user,
        headers: { ...authHeaders(who.tokens), 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
      });
      expect(reply.statusCode, JSON.stringify(payload)).toBe(400);
      expect(reply.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    expect(await ctx.sql('select * from notification_preferences where account_id = $1', [who.user.id])).toEqual([]);
  });

  it('are each role own: no credentials 401, the other role 403', async () => {
    for (const [path, otherRole] of [
      [notificationSettingsPaths.user, investor],
      [notificationSettingsPaths.investor, founder],
    ] as const) {
      for (const method of ['GET', 'PUT'] as const) {
        const payload = { interestShown: false, interestDecided: false };
        const anonymous = await ctx.app.fastify.inject({ method, url: path, payload });
        expect(anonymous.statusCode).toBe(401);
        const wrongRole = await ctx.app.fastify.inject({
          method,
          url: path,
          headers: authHeaders(otherRole.tokens),
          payload,
        });
        expect(wrongRole.statusCode).toBe(403);
      }
    }
  });
});
