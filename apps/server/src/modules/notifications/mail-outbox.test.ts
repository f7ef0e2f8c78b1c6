import { createServer } from 'node:net';
import { investorDeckPaths } from '@deckvalid/contract/api-paths';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SignedUp, signUp } from '../../../test/accounts';
import { authHeaders, build, type TestContext } from '../../../test/build';
import { readyDeck } from '../../../test/decks';
import { SmtpSink } from '../../../test/smtp-sink';
import { type App, buildApp } from '../../app';
import type { Config } from '../../config';

let ctx: TestContext;
let founder: SignedUp;
let investor: SignedUp;
/** Apps and sinks a test started; closed even when it fails. */
const cleanups: (() => Promise<void>)[] = [];

beforeAll(async () => {
  ctx = await build();
  [founder, investor] = await Promise.all([
    signUp(ctx, 'user', 'Fay Founder'),
    signUp(ctx, 'investor', 'Ivo Investor'),
  ]);
});

// Each test's processes stop with it: one left running would deliver the next test's mail.
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

afterAll(async () => {
  await ctx.close();
});

type LogLine = { level: number; msg: string; mailId?: string; retryInMs?: number; attempt?: number };

/**
 * Another process on the same database, as after a restart or beside this one: its own mail
 * settings and a logger whose warnings and errors the test reads.
 */
async function otherProcess(overrides: Partial<Config>): Promise<{ app: App; logs: LogLine[] }> {
  const logs: LogLine[] = [];
  const logger = pino({ level: 'warn' }, { write: (line: string) => logs.push(JSON.parse(line) as LogLine) });
  const app = await buildApp({ ...ctx.config, ...overrides }, ctx.database, logger);
  await app.fastify.ready();
  const closeApp = app.close;
  let isClosed = false;
  const close = async () => {
    if (isClosed) return;
    isClosed = true;
    await closeApp();
  };
  cleanups.push(close);
  return { app: Object.assign(app, { close }), logs };
}

/** A port nothing listens on (yet): connecting to it is refused. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

async function startSink(port = 0): Promise<{ sink: SmtpSink; url: string }> {
  const sink = new SmtpSink();
  const url = await sink.start(port);
  cleanups.push(() => sink.stop());
  return { sink, url };
}

async function showInterest(app: App, deckId: string, note: string) {
  const started = performance.now();
  const reply = await app.fastify.inject({
    method: 'POST',
    url: investorDeckPaths.interests(deckId),
    headers: authHeaders(investor.tokens),
    payload: { note },
  });
  return { reply, ms: performance.now() - started };
}

type OutboxRow = { id: string; status: string; attempts: number; last_error: string | null };
const outboxRowsFor = (accountId: string, subjectPart: string) =>
  ctx.sql<OutboxRow>(
    'select id, status, attempts, last_error from mail_outbox where account_id = $1 and subject like $2',
    [accountId, `%${subjectPart}%`],
  );
const isAbout = (title: string) => (mail: { subject: string }) => mail.subject.endsWith(`interested in ${title}`);

describe('nothing is lost while SMTP is down', () => {
  it('answers at once, keeps the mail through failures and a restart, and sends it exactly once when SMTP is back', async () => {
    const deck = await readyDeck(ctx, founder, { details: { title: 'Outage deck' } });
    const port = await freePort();
    const smtpUrl = `smtp://127.0.0.1:${port}`;
    // Retries keep coming (every 50–200 ms) and never run out while SMTP is away.
    const first = await otherProcess({
      smtpUrl,
      mailOutbox: { ...ctx.config.mailOutbox, retryBaseMs: 50, retryMaxMs: 200, maxAttempts: 1_000 },
    });
    first.app.startJobs();

    const { reply, ms } = await showInterest(first.app, deck.id, 'Sent during the outage');
    expect(reply.statusCode).toBe(201);
    // The answer does not wait for SMTP (a refused connection, then retries).
    expect(ms).toBeLessThan(2_000);
    const interestId = reply.json().interest.id as string;
    expect(await ctx.sql('select status from interests where id = $1', [interestId])).toEqual([{ status: 'pending' }]);

    // Several attempts fail, each logged as a warning with its wait.
    await vi.waitFor(
      async () => {
        const [row] = await outboxRowsFor(founder.user.id, 'Outage deck');
        expect(row?.status).toBe('pending');
        expect(row?.attempts).toBeGreaterThanOrEqual(3);
        expect(row?.last_error).toMatch(/ECONNREFUSED/);
      },
      { timeout: 15_000, interval: 50 },
    );
    const retries = first.logs.filter((line) => line.msg.includes('will be retried'));
    expect(retries.length).toBeGreaterThanOrEqual(2);
    expect(retries.every((line) => line.level === 40 && (line.retryInMs ?? 0) >= 50)).toBe(true);

    // The process stops (a deploy) before SMTP is back: the mail stays queued in the database.
    await first.app.close();
    const [queued] = await outboxRowsFor(founder.user.id, 'Outage deck');
    expect(queued?.status).toBe('pending');

    // SMTP comes back on the same address; a fresh process delivers what the first one left.
    const { sink } = await startSink(port);
    const second = await otherProcess({ smtpUrl });
    second.app.startJobs();
    const mail = await sink.waitFor(isAbout('Outage deck'), 15_000);
    expect(mail.to).toEqual([founder.email]);
    expect(mail.body).toContain('Sent during the outage');
    await vi.waitFor(
      async () => expect((await outboxRowsFor(founder.user.id, 'Outage deck'))[0]?.status).toBe('sent'),
      { timeout: 10_000, interval: 50 },
    );
    // Another pass finds nothing to send: the mail went exactly once.
    expect(await second.app.services.mailOutbox.deliverDue()).toBe(0);
    await second.app.background.drain();
    expect(sink.messages.filter(isAbout('Outage deck'))).toHaveLength(1);
    expect(second.logs.filter((line) => line.mailId !== undefined)).toEqual([]);
  }, 60_000);

  it('retries a refusing relay with growing waits and sends once it accepts', async () => {
    const deck = await readyDeck(ctx, founder, { details: { title: 'Refused deck' } });
    const { sink, url } = await startSink();
    sink.isRefusing = true;
    const process = await otherProcess({
      smtpUrl: url,
      mailOutbox: { ...ctx.config.mailOutbox, retryBaseMs: 100, retryMaxMs: 10_000, maxAttempts: 10 },
    });
    process.app.startJobs();
    expect((await showInterest(process.app, deck.id, 'Hello')).reply.statusCode).toBe(201);

    await vi.waitFor(() => expect(sink.refusedCount).toBeGreaterThanOrEqual(3), { timeout: 15_000, interval: 50 });
    sink.isRefusing = false;
    await sink.waitFor(isAbout('Refused deck'), 15_000);

    const waits = process.logs.filter((line) => line.msg.includes('will be retried')).map((line) => line.retryInMs);
    // Exponential: 100, 200, 400, … for attempts 1, 2, 3, …
    expect(waits.slice(0, 3)).toEqual([100, 200, 400]);
    await vi.waitFor(async () => {
      const [row] = await outboxRowsFor(founder.user.id, 'Refused deck');
      expect(row?.status).toBe('sent');
      expect(row?.attempts).toBe(waits.length + 1);
    });
    expect(sink.messages.filter(isAbout('Refused deck'))).toHaveLength(1);
  }, 60_000);

  it('gives a mail up after the last attempt: kept as failed, logged as an error', async () => {
    const deck = await readyDeck(ctx, founder, { details: { title: 'Doomed deck' } });
    const process = await otherProcess({
      smtpUrl: `smtp://127.0.0.1:${await freePort()}`,
      mailOutbox: { ...ctx.config.mailOutbox, retryBaseMs: 50, retryMaxMs: 50, maxAttempts: 3 },
    });
    process.app.startJobs();
    expect((await showInterest(process.app, deck.id, 'Never arrives')).reply.statusCode).toBe(201);

    await vi.waitFor(
      async () => expect((await outboxRowsFor(founder.user.id, 'Doomed deck'))[0]?.status).toBe('failed'),
      { timeout: 15_000, interval: 50 },
    );
    const [row] = await outboxRowsFor(founder.user.id, 'Doomed deck');
    expect(row).toMatchObject({ attempts: 3, last_error: expect.stringMatching(/ECONNREFUSED/) });
    const about = process.logs.filter((line) => line.mailId === row?.id);
    expect(about.map((line) => [line.level, line.attempt])).toEqual([
      [40, 1],
      [40, 2],
      [50, 3],
    ]);
    // Given up is final: later passes leave it alone.
    expect(await process.app.services.mailOutbox.deliverDue()).toBe(0);
  }, 60_000);
});

describe('several processes delivering from one database', () => {
  it('send each queued mail once, whichever claims it', async () => {
    const { sink, url } = await startSink();
    const [a, b] = [await otherProcess({ smtpUrl: url }), await otherProcess({ smtpUrl: url })];
    const count = 30;
    for (let index = 0; index < count; index++) {
      await ctx.sql(
        `insert into mail_outbox (id, account_id, kind, recipient, subject, text_body, html_body)
         values ($1, $2, 'interestShown', $3, $4, 'text', '<p>html</p>')`,
        [`mail-race-${index}`, founder.user.id, founder.email, `Race ${index}`],
      );
    }
    const [sentByA, sentByB] = await Promise.all([
      a.app.services.mailOutbox.deliverDue(),
      b.app.services.mailOutbox.deliverDue(),
    ]);
    expect(sentByA + sentByB).toBe(count);
    const subjects = sink.messages.map((mail) => mail.subject).filter((subject) => subject.startsWith('Race '));
    expect(subjects.sort()).toEqual(Array.from({ length: count }, (_, index) => `Race ${index}`).sort());
    expect(await ctx.sql("select id from mail_outbox where id like 'mail-race-%' and status <> 'sent'")).toEqual([]);
  }, 60_000);
});

describe('coalesced mail', () => {
  it('stores one mail per key and window, whichever of several processes queues it, and counts the rest', async () => {
    const { sink, url } = await startSink();
    const [a, b] = [await otherProcess({ smtpUrl: url }), await otherProcess({ smtpUrl: url })];
    const mail = (index: number) => ({
      accountId: founder.user.id,
      kind: 'interestShown',
      recipient: founder.email,
      subject: `Coalesced ${index}`,
      text: 'text',
      html: '<p>html</p>',
      coalesce: { key: `race:${founder.user.id}`, windowMs: 60 * 60_000 },
    });
    // Both processes at once, on PostgreSQL over pools of their own: only the unique key decides.
    await Promise.all(
      Array.from({ length: 20 }, (_, index) => [a, b][index % 2]?.app.services.mailOutbox.enqueue(mail(index))),
    );
    await Promise.all([a.app.background.drain(), b.app.background.drain()]);
    const rows = await ctx.sql<{ subject: string; coalesced_count: number; status: string }>(
      "select subject, coalesced_count, status from mail_outbox where subject like 'Coalesced %'",
    );
    expect(rows).toEqual([{ subject: expect.stringMatching(/^Coalesced \d+$/), coalesced_count: 19, status: 'sent' }]);
    expect(sink.messages.filter((m) => m.subject.startsWith('Coalesced '))).toHaveLength(1);

    // Once the window has passed, the key is free for one more mail; a mail without a key never coalesces.
    await ctx.sql(
      "update mail_outbox set created_at = created_at - interval '61 minutes' where subject like 'Coalesced %'",
    );
    await Promise.all([a.app.services.mailOutbox.enqueue(mail(20)), b.app.services.mailOutbox.enqueue(mail(21))]);
    const { coalesce: _, ...uncoalesced } = mail(22);
    await a.app.services.mailOutbox.enqueue(uncoalesced);
    await a.app.services.mailOutbox.enqueue(uncoalesced);
    await Promise.all([a.app.background.drain(), b.app.background.drain()]);
    expect(
      await ctx.sql<{ n: number }>("select count(*)::int as n from mail_outbox where subject like 'Coalesced %'"),
    ).toEqual([{ n: 4 }]);
    expect(sink.messages.filter((m) => m.subject.startsWith('Coalesced '))).toHaveLength(4);
  }, 60_000);
});
