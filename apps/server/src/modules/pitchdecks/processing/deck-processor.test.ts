import { uploadKinds } from '@deckvalid/contract/uploads';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { EventBus } from '@/core/events';
import { BackgroundTasks } from '@/lib/background';
import type { FileStorage } from '@/modules/storage/storage';
import type { ClaimedVersion, PitchDecksRepository } from '../pitchdecks.repository';
import { DeckProcessor } from './deck-processor';
import type { PdfPool } from './pdf-pool';

const logger = pino({ level: 'silent' });

/** A processor over fakes: every deck's file is `sizes[id]` bytes (absent: the file is gone). */
function processorWith(
  sizes: Record<string, number>,
  { concurrency, heartbeatMs, parseMs = 5 }: { concurrency?: number; heartbeatMs?: number; parseMs?: number } = {},
) {
  const failed = new Map<string, string>();
  const beats: { ids: string[]; instanceId: string }[] = [];
  const ready = new Set<string>();
  let reading = 0;
  let mostReadAtOnce = 0;
  const readKeys: string[] = [];
  const repo = {
    claimForProcessing: async (id: string) =>
      ({ id, pitchDeckId: id, number: 1, fileKey: id, founderId: 'usr-founder' }) as ClaimedVersion,
    markReady: async (id: string) => ready.add(id) !== undefined,
    markFailed: async (id: string, _instanceId: string, reason: string) => failed.set(id, reason) !== undefined,
    refreshClaims: async (ids: string[], instanceId: string) => void beats.push({ ids: [...ids], instanceId }),
  } as unknown as PitchDecksRepository;
  const storage = {
    stat: async (key: string) => (key in sizes ? { size: sizes[key] as number } : null),
    read: async (key: string) => {
      readKeys.push(key);
      reading += 1;
      mostReadAtOnce = Math.max(mostReadAtOnce, reading);
      return Buffer.from('%PDF-1.7');
    },
  } as unknown as FileStorage;
  const pool = {
    // Parsing takes a while; the file stays in memory until it is done.
    parse: async () => {
      await new Promise((resolve) => setTimeout(resolve, parseMs));
      reading -= 1;
      return {
        ok: true,
        pageCount: 1,
        pages: ['Slide 1'],
        layouts: [{ title: null, minFontSize: null, bodyFontSize: null }],
        fontSizes: null,
      };
    },
  } as unknown as PdfPool;
  const background = new BackgroundTasks(logger);
  const events = new EventBus(logger);
  // The stand-in pool draws no page 1, so nothing is stored besides what the repository records.
  const uploads = { storeServerFile: () => Promise.reject(new Error('no picture expected')) };
  const processor = new DeckProcessor({
    repo,
    storage,
    uploads,
    pool,
    background,
    events,
    logger,
    concurrency,
    heartbeatMs,
  });
  return { processor, background, events, failed, ready, readKeys, beats, mostReadAtOnce: () => mostReadAtOnce };
}

describe('DeckProcessor', () => {
  it('holds at most `concurrency` deck files in memory however many decks wait', async () => {
    const ids = Array.from({ length: 12 }, (_, index) => `dck-${index}`);
    const subject = processorWith(Object.fromEntries(ids.map((id) => [id, 1_000])), { concurrency: 3 });
    for (const id of ids) subject.processor.enqueue(id);
    await subject.background.drain();
    expect(subject.ready.size).toBe(12);
    expect(subject.mostReadAtOnce()).toBeLessThanOrEqual(3);
  });

  it('fails a deck whose stored file grew past the cap without reading it, and one whose file is gone', async () => {
    const subject = processorWith({ 'dck-big': uploadKinds.deck.maxBytes + 1 });
    subject.processor.enqueue('dck-big');
    subject.processor.enqueue('dck-gone');
    await subject.background.drain();
    expect(subject.readKeys).toEqual([]);
    expect(subject.failed.get('dck-big')).toMatch(/larger than the 50 MB/);
    expect(subject.failed.get('dck-gone')).toMatch(/file is gone/);
  });

  it('announces each deck leaving processing once, ready or failed with the founder’s sentence', async () => {
    const subject = processorWith({ 'dck-fine': 1_000, 'dck-big': uploadKinds.deck.maxBytes + 1 });
    const heard: string[] = [];
    subject.events.on('deck.ready', (event) => {
      heard.push(`ready ${event.pitchDeckId} of ${event.founderId}`);
    });
    subject.events.on('deck.failed', (event) => {
      heard.push(`failed ${event.pitchDeckId}: ${event.reason.slice(0, 24)}`);
    });
    subject.processor.enqueue('dck-fine');
    subject.processor.enqueue('dck-big');
    await subject.background.drain();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(heard.sort()).toEqual([
      `failed dck-big: ${subject.failed.get('dck-big')?.slice(0, 24)}`,
      'ready dck-fine of usr-founder',
    ]);
  });

  it('beats for the decks it holds while it works on them, under its own process id, and stops after', async () => {
    const subject = processorWith({ 'dck-slow': 1_000 }, { heartbeatMs: 20, parseMs: 200 });
    subject.processor.enqueue('dck-slow');
    await subject.background.drain();
    expect(subject.ready.has('dck-slow')).toBe(true);
    // Beats every 20 ms through a 200 ms parse: ten on a quiet machine; a loaded one delays timers,
    // so only "more than one" is certain (the first beat, then at least one while it works).
    expect(subject.beats.length).toBeGreaterThanOrEqual(2);
    expect(subject.beats).toContainEqual({ ids: ['dck-slow'], instanceId: subject.processor.instanceId });
    expect(subject.beats.every((beat) => beat.instanceId === subject.processor.instanceId)).toBe(true);
    const beatsWhenDone = subject.beats.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(subject.beats).toHaveLength(beatsWhenDone);
  });
});
