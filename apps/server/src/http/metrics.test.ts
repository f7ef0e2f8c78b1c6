import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@/config';
import { signUp } from '../../test/accounts';
import { build, type TestContext } from '../../test/build';
import { ChatClients, decideInterest, listen, openPrivateRoom, request, showInterest } from '../../test/chat';
import { readyDeck } from '../../test/decks';
import { metricsPath, serveMetrics } from './metrics';

const token = 'metrics-token-for-tests-0123456789';

/** One sample line's value by its full name with labels, e.g. `pitchlane_x{a="b"}`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((row) => row.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/**
 * Every line of the text is a comment or `name{labels} value`: what a Prometheus scrape parses.
 * A value may be NaN in any case (an event-loop mean before its first sample), as Go parses it.
 */
const sampleLine = /^[a-zA-Z_:][\w:]*(\{.*\})? (-?[\d.]+(e[+-]?\d+)?|nan|[+-]inf)$/i;
function expectPrometheusText(text: string): void {
  const malformed = text.split('\n').filter((line) => line && !line.startsWith('# ') && !sampleLine.test(line));
  expect(malformed).toEqual([]);
}

describe('metrics, behind a token', () => {
  let ctx: TestContext;
  const clients = new ChatClients(() => baseUrl);
  let baseUrl = '';

  beforeAll(async () => {
    ctx = await build({ metrics: { token } });
    baseUrl = await listen(ctx);
  });

  afterEach(() => clients.closeAll());

  afterAll(async () => {
    await ctx.close();
  });

  const scrape = async (authorization?: string) =>
    ctx.app.fastify.inject({
      method: 'GET',
      url: metricsPath,
      headers: authorization ? { authorization } : {},
    });

  it('refuses a scrape without the token, or with another, in the API’s error shape', async () => {
    for (const authorization of [undefined, 'Bearer not-the-token', token, `Bearer ${token}x`]) {
      const reply = await scrape(authorization);
      expect(reply.statusCode, String(authorization)).toBe(401);
      expect(reply.json()).toMatchObject({ error: { code: 'UNAUTHORIZED' } });
    }
  });

  it('counts requests by route pattern and status, and Node’s own figures', async () => {
    const founder = await signUp(ctx, 'user');
    await ctx.app.fastify.inject({ method: 'GET', url: '/api/health' });
    await ctx.app.fastify.inject({ method: 'GET', url: '/api/v1/users/pitchdecks/no-such-deck', headers: {} });
    expect(founder.tokens.token).toBeTruthy();

    const reply = await scrape(`Bearer ${token}`);
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toContain('text/plain');
    expectPrometheusText(reply.body);
    const health = 'pitchlane_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}';
    expect(sample(reply.body, health)).toBeGreaterThanOrEqual(1);
    // The pattern, never the id a caller put in the URL: one series per route.
    const deck =
      'pitchlane_http_request_duration_seconds_count{method="GET",route="/api/v1/users/pitchdecks/:id",status="401"}';
    expect(sample(reply.body, deck)).toBe(1);
    expect(reply.body).not.toContain('no-such-deck');
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'pitchlane_socket_connections',
      'pitchlane_mail_outbox_pending',
      'pitchlane_deck_processing_queued',
    ]) {
      expect(reply.body, name).toMatch(new RegExp(`^${name} `, 'm'));
    }
  });

  it('counts decks processed, chat sends with their batches and delivery, and mail sent', async () => {
    const founder = await signUp(ctx, 'user');
    const investor = await signUp(ctx, 'investor');
    const deck = await readyDeck(ctx, founder);
    const interest = await showInterest(ctx, investor, deck.id);
    await decideInterest(ctx, founder, deck.id, interest.id, 'accepted');
    const room = await openPrivateRoom(ctx, investor, founder.user.id);
    const socket = await clients.open(founder.tokens);
    for (const content of ['First', 'Second']) {
      expect(await request(socket, 'chat:message', { chatRoomId: room.id, content })).toMatchObject({ ok: true });
    }
    await ctx.app.background.drain();

    const text = (await scrape(`Bearer ${token}`)).body;
    expect(sample(text, 'pitchlane_deck_processing_seconds_count{outcome="ready"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pitchlane_chat_messages_sent_total')).toBe(2);
    expect(sample(text, 'pitchlane_chat_send_batch_size_count')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pitchlane_chat_send_batch_size_sum')).toBe(2);
    expect(sample(text, 'pitchlane_chat_delivery_seconds_count')).toBe(2);
    expect(sample(text, 'pitchlane_socket_connections')).toBe(1);
    // Sign-up mails went through the outbox to the SMTP sink.
    expect(sample(text, 'pitchlane_mail_sent_total')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'pitchlane_mail_outbox_pending')).toBe(0);
  });

  it('serves the same text on a port of its own, without a token, and nothing else there', async () => {
    const served = await serveMetrics(ctx.app.metrics, { port: 0, host: '127.0.0.1' });
    try {
      const address = served.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const scraped = await fetch(`http://127.0.0.1:${port}${metricsPath}`);
      expect(scraped.status).toBe(200);
      const text = await scraped.text();
      expectPrometheusText(text);
      expect(text).toContain('pitchlane_http_request_duration_seconds_bucket');
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
    } finally {
      await served.close();
    }
  });
});

describe('metrics, when not asked for', () => {
  let ctx: TestContext;

  beforeAll(async () => {
    ctx = await build();
  });

  afterAll(async () => {
    await ctx.close();
  });

  it('are not served at all', async () => {
    const reply = await ctx.app.fastify.inject({
      method: 'GET',
      url: metricsPath,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(reply.statusCode).toBe(404);
    expect(reply.body).not.toContain('pitchlane_');
  });
});

describe('metrics configuration', () => {
  const base = { DATA_DIR: tmpdir(), AUTH_SECRET: 'x'.repeat(40) };

  it('is off unless a token or a port is given, and refuses a short token', () => {
    expect(loadConfig(base).metrics).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metrics).toEqual({ token });
    expect(loadConfig({ ...base, METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464 });
    expect(loadConfig({ ...base, METRICS_TOKEN: '', METRICS_PORT: '' }).metrics).toBeUndefined();
    expect(() => loadConfig({ ...base, METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 16/);
  });
});
