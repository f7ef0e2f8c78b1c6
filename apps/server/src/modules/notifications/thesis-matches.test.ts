import type { InvestorInfoBody } from '@deckvalid/contract/accounts';
import { apiPaths, notificationSettingsPaths } from '@deckvalid/contract/api-paths';
import { type InboxNotification, notificationLabels } from '@deckvalid/contract/notifications';
import type { InjectOptions } from 'fastify';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '@/app';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { principal } from '../../../test/principals';
import { weekStartUtc } from './inbox.service';

// The weekly news of new decks matching an investor's thesis, run as the hourly job runs it,
// with the clock moved through two weeks.

let ctx: TestContext;
let founder: SignedUp;
let fintech: SignedUp;
let climateNoMail: SignedUp;
let noInfo: SignedUp;

const as = (account: SignedUp, options: InjectOptions) =>
  ctx.app.fastify.inject({ ...options, headers: { ...authHeaders(account.tokens), ...options.headers } });

const info = (changes: Partial<InvestorInfoBody>): InvestorInfoBody => ({
  firm: 'Harbour Ventures',
  title: null,
  thesis: null,
  sectors: [],
  stages: [],
  chequeSizeMin: null,
  chequeSizeMax: null,
  location: null,
  website: null,
  places: [],
  ...changes,
});

/** Runs the job's work as the job does (no clock handed in), with the process clock at `iso`. */
async function runJobAt(iso: string): Promise<number> {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
  try {
    return await ctx.app.services.inbox.notifyThesisMatches();
  } finally {
    vi.useRealTimers();
  }
}

/** Every queued mail is stored once the inbox's mail subscribers have run. */
async function settled(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  await ctx.app.background.drain();
}

const inboxOf = async (account: SignedUp): Promise<InboxNotification[]> =>
  (
    await ctx.app.services.inbox.list(principal(account.user.id, account.user.role), { page: 1, limit: 50 })
  ).data.filter((notification) => notification.kind === 'thesis.matches');

const mailsOf = (account: SignedUp) =>
  ctx.sql<{ subject: string; text_body: string }>(
    `select subject, text_body from mail_outbox where account_id = $1 and kind = 'thesisMatches' order by created_at`,
    [account.user.id],
  );

const readyAt = (id: string, iso: string) => ctx.sql('update pitch_decks set ready_at = $2 where id = $1', [id, iso]);

beforeAll(async () => {
  ctx = await build();
  [founder, fintech, climateNoMail, noInfo] = await Promise.all([
    signUp(ctx, 'user', 'Ines Founder'),
    signUp(ctx, 'investor', 'Fay Fintech'),
    signUp(ctx, 'investor', 'Cal Climate'),
    signUp(ctx, 'investor', 'Nia Noinfo'),
  ]);
  for (const [investor, body] of [
    [fintech, info({ sectors: ['Fintech'], chequeSizeMin: 500_000, chequeSizeMax: 2_000_000 })],
    [climateNoMail, info({ sectors: ['Climate'], places: ['Rotterdam'] })],
  ] as const) {
    const saved = await as(investor, { method: 'POST', url: apiPaths.investorInfo, payload: body });
    expect(saved.statusCode, saved.body).toBe(201);
  }
  const off = await as(climateNoMail, {
    method: 'PUT',
    url: notificationSettingsPaths.investor,
    payload: { thesisMatches: false },
  });
  expect(off.statusCode, off.body).toBe(200);
  expect(off.json()).toMatchObject({ notifications: { thesisMatches: false, chatDigest: true } });
});

afterEach(() => {
  vi.useRealTimers();
});

afterAll(async () => {
  await ctx.close();
});

describe('weekly thesis matches', () => {
  it('weeks start on Monday 00:00 UTC', () => {
    expect(weekStartUtc(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-11-29T23:59:59Z')).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(weekStartUtc(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('tells each investor once a week of the decks that went live and match, naming them; mail by its switch', async () => {
    // The week of Monday 16 November: a fintech deck in range, one out of range, a climate deck.
    const tallyo = await readyDeck(ctx, founder, {
      details: { company: 'Tallyo', title: 'Cash flow for small firms', sector: 'Fintech', amountSought: 1_800_000 },
    });
    const bigRound = await readyDeck(ctx, founder, {
      details: { company: 'Bankly', sector: 'Fintech', amountSought: 9_000_000 },
    });
    const tidewater = await readyDeck(ctx, founder, { details: { company: 'Tidewater', location: 'Rotterdam, NL' } });
    await readyAt(tallyo.id, '2026-11-18T10:00:00Z');
    await readyAt(bigRound.id, '2026-11-19T10:00:00Z');
    await readyAt(tidewater.id, '2026-11-20T10:00:00Z');
    // Went live the week before: old news by the time of the first send.
    const older = await readyDeck(ctx, founder, { details: { company: 'Oldledger', sector: 'Fintech' } });
    await readyAt(older.id, '2026-11-13T10:00:00Z');

    // Monday before 08:00 UTC: not yet.
    expect(await runJobAt('2026-11-23T07:59:00Z')).toBe(0);
    expect(await inboxOf(fintech)).toEqual([]);

    expect(await runJobAt('2026-11-23T08:05:00Z')).toBe(2);
    await settled();
    const [told, ...more] = await inboxOf(fintech);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      title: 'Tallyo matches your thesis',
      message: 'New last week: Tallyo: “Cash flow for small firms” (Fintech · $1.8M within your $0.5–2M).',
      link: `/investor/pitchdecks/${tallyo.id}`,
      pitchDeckId: tallyo.id,
    });
    const [mail, ...moreMail] = await mailsOf(fintech);
    expect(moreMail).toEqual([]);
    expect(mail?.subject).toBe('Pitchlane: Tallyo matches your thesis');
    expect(mail?.text_body).toContain('Cash flow for small firms');
    expect(mail?.text_body).toContain(notificationLabels.thesisMatches);
    expect(mail?.text_body).toContain(`Open the deck: http://localhost:8080/investor/pitchdecks/${tallyo.id}`);

    // The switch is about mail: the inbox has it, the outbox does not.
    expect((await inboxOf(climateNoMail)).map((notification) => notification.title)).toEqual([
      'Tidewater matches your thesis',
    ]);
    expect(await mailsOf(climateNoMail)).toEqual([]);
    expect(await inboxOf(noInfo)).toEqual([]);
  });

  it('sends nothing twice: later runs that week, and two processes at once, store and mail nothing', async () => {
    expect(await runJobAt('2026-11-23T09:05:00Z')).toBe(0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T12:00:00Z'));
    const [first, second] = await Promise.all([
      ctx.app.services.inbox.notifyThesisMatches(),
      ctx.app.services.inbox.notifyThesisMatches(),
    ]);
    vi.useRealTimers();
    expect((first ?? 0) + (second ?? 0)).toBe(0);
    // A restarted process: a new app over the same database finds the week already told.
    const restarted = await buildApp(ctx.config, ctx.database, pino({ level: 'silent' }));
    try {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-27T08:00:00Z'));
      expect(await restarted.services.inbox.notifyThesisMatches()).toBe(0);
    } finally {
      vi.useRealTimers();
      await restarted.close();
    }
    await settled();
    expect(await inboxOf(fintech)).toHaveLength(1);
    expect(await mailsOf(fintech)).toHaveLength(1);
  });

  it('the next week tells only that week’s decks, several in one notification', async () => {
    const decks = [];
    for (const company of ['Ledgerleaf', 'Payroo']) {
      const deck = await readyDeck(ctx, founder, { details: { company, sector: 'Fintech', amountSought: 600_000 } });
      await readyAt(deck.id, '2026-11-25T10:00:00Z');
      decks.push(deck);
    }
    expect(await runJobAt('2026-11-30T08:00:00Z')).toBe(1);
    await settled();
    const [latest] = await inboxOf(fintech);
    expect(latest?.title).toBe('2 new decks match your thesis');
    expect(latest?.message).toContain('Ledgerleaf');
    expect(latest?.message).toContain('Payroo');
    expect(latest?.message).not.toContain('Tallyo');
    expect(latest?.link).toBe('/investor?thesis=match');
    expect(await mailsOf(fintech)).toHaveLength(2);
    expect((await mailsOf(fintech))[1]?.text_body).toContain(
      'See the decks: http://localhost:8080/investor?thesis=match',
    );
    // A process that was down on Monday catches up when it comes back later in the week, once.
    expect(await runJobAt('2026-12-02T15:00:00Z')).toBe(0);
  });

  it('catches up after a restart that missed Monday', async () => {
    const deck = await readyDeck(ctx, founder, { details: { company: 'Quaywise', location: 'Port of Rotterdam' } });
    await readyAt(deck.id, '2026-12-02T10:00:00Z');
    // No run on Monday 7 December at all: the first run of the process comes on Wednesday.
    expect(await runJobAt('2026-12-09T11:00:00Z')).toBe(1);
    expect((await inboxOf(climateNoMail)).map((notification) => notification.title)).toEqual([
      'Quaywise matches your thesis',
      'Tidewater matches your thesis',
    ]);
  });
});
