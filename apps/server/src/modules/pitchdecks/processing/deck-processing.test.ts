import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '@/app';
import { type SignedUp, signUp } from '../../../../test/accounts';
import { build, type TestContext } from '../../../../test/build';
import { createDeck, deckPdf, processed } from '../../../../test/decks';
import { bombPdf } from '../../../../test/pdf-bombs';

// Processing end to end, through the API and the app's own worker pool: what a hostile PDF may
// cost the server, and how quickly decks a dead process held are taken over.

let ctx: TestContext;
let founder: SignedUp;

beforeAll(async () => {
  ctx = await build();
  founder = await signUp(ctx, 'user', 'Ines Founder');
});

afterAll(async () => {
  await ctx.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** When each deck left processing, by this process's clock. */
function finishTimes(): Map<string, number> {
  const times = new Map<string, number>();
  for (const name of ['deck.ready', 'deck.failed'] as const) {
    ctx.app.events.on(name, ({ pitchDeckId }) => {
      times.set(pitchDeckId, performance.now());
    });
  }
  return times;
}

async function statusOf(id: string): Promise<string> {
  const [row] = await ctx.sql<{ status: string }>(
    'select status from pitch_deck_versions where pitch_deck_id = $1 order by number desc limit 1',
    [id],
  );
  return row?.status ?? 'missing';
}

async function waitForStatus(id: string, status: string, withinMs: number): Promise<void> {
  const deadline = performance.now() + withinMs;
  while ((await statusOf(id)) !== status) {
    if (performance.now() > deadline) throw new Error(`deck ${id} was not ${status} within ${withinMs} ms`);
    await sleep(50);
  }
}

describe('a decompression bomb', () => {
  it('fails fast with a sentence, barely moves the server’s memory, and holds up no other deck', async () => {
    const finished = finishTimes();
    const normalPdf = await deckPdf(12);
    // The first deck pays for starting the workers; the second is the normal time to compare with.
    await processed(ctx, founder, (await createDeck(ctx, founder, { pdf: normalPdf })).id);
    const aloneStarted = performance.now();
    const alone = await createDeck(ctx, founder, { pdf: normalPdf });
    await processed(ctx, founder, alone.id);
    const aloneMs = (finished.get(alone.id) ?? Number.POSITIVE_INFINITY) - aloneStarted;

    // 512 MiB of spaces behind one line of text, in about 0.5 MB of PDF.
    const bomb = await bombPdf(512 * 1024 * 1024);
    const rssBefore = process.memoryUsage.rss();
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage.rss());
    }, 5);
    let bombDeck: FounderPitchDeck;
    let bombStarted: number;
    let next: FounderPitchDeck;
    let nextStarted: number;
    try {
      bombStarted = performance.now();
      bombDeck = await createDeck(ctx, founder, { pdf: bomb });
      nextStarted = performance.now();
      next = await createDeck(ctx, founder, { pdf: normalPdf });
      await ctx.app.background.drain();
    } finally {
      clearInterval(sampler);
    }

    const failed = await processed(ctx, founder, bombDeck.id);
    expect(failed.status).toBe('failed');
    expect(failed.failureReason).toBe(
      'This PDF expands to far more data than a deck can hold. Export it again from your slides app and upload the new file.',
    );
    expect(rssPeak - rssBefore).toBeLessThan(300 * 1024 * 1024);
    // Well inside the 30 s per-deck limit, so it was the decoded-size budget that stopped it (the
    // sentence says so too); about 0.5 s on a quiet machine.
    expect((finished.get(bombDeck.id) ?? Number.POSITIVE_INFINITY) - bombStarted).toBeLessThan(10_000);

    expect((await processed(ctx, founder, next.id)).status).toBe('ready');
    const nextMs = (finished.get(next.id) ?? Number.POSITIVE_INFINITY) - nextStarted;
    // "Its usual time", with room for a busy two-core machine.
    expect(nextMs).toBeLessThan(aloneMs * 3 + 1_000);
  }, 60_000);
});

describe('a process that died holding decks', () => {
  it('loses them to a fresh process within seconds: stale claims at its start, fading ones on its next check', async () => {
    const [dead, fading] = [await createDeck(ctx, founder), await createDeck(ctx, founder)];
    await ctx.app.background.drain();
    // As a process killed mid-deck leaves them: its claim, and a heartbeat that stopped. One
    // stopped long ago; the other beat 12 s ago, so its owner may still be alive for a moment.
    const claimBy = `update pitch_deck_versions set status = 'processing', ready_at = null, processing_claimed_by = 'killed-process',
      processing_claimed_at = now() - interval '1 minute', processing_heartbeat_at = now() - $2::interval where pitch_deck_id = $1`;
    await ctx.sql(claimBy, [dead.id, '1 minute']);
    await ctx.sql(claimBy, [fading.id, '12 seconds']);

    const fresh = await buildApp(ctx.config, ctx.database, pino({ level: 'silent' }));
    try {
      const started = performance.now();
      fresh.startJobs();
      await waitForStatus(dead.id, 'ready', 5_000);
      expect(await statusOf(fading.id)).toBe('processing');
      await waitForStatus(fading.id, 'ready', 15_000);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      await fresh.close();
    }
  }, 30_000);
});
