import { maxDeckPages } from '@deckvalid/contract/uploads';
import type { Logger } from 'pino';
import type { BackgroundTasks } from '@/lib/background';
import type { FileStorage } from '@/modules/storage/storage';
import type { PitchDecksRepository } from '../pitchdecks.repository';
import type { PdfPool } from './pdf-pool';

/** A claim older than this belongs to a process that died mid-way; another may take the deck. */
const staleClaimMs = 5 * 60_000;

/** Listeners hear when a deck leaves processing (tests and, later, live notifications). */
export type DeckProcessedListener = (event: { pitchDeckId: string; status: 'ready' | 'failed' }) => void;

/**
 * Takes a processing deck to ready or failed: reads the file from storage, parses it in the PDF
 * pool (off the event loop), stores the page text and the search vector. Runs as background
 * work after the create call has answered; decks left processing by a crash are resumed at start.
 */
export class DeckProcessor {
  private readonly listeners = new Set<DeckProcessedListener>();

  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      storage: FileStorage;
      pool: PdfPool;
      background: BackgroundTasks;
      logger: Logger;
    },
  ) {}

  /** Processes the deck after the current request; never throws into the caller. */
  enqueue(pitchDeckId: string): void {
    this.deps.background.run('process pitch deck', () => this.process(pitchDeckId));
  }

  /** Picks up decks a stopped process left in processing. */
  async resumeUnfinished(): Promise<number> {
    const ids = await this.deps.repo.findUnclaimedProcessingIds(new Date(Date.now() - staleClaimMs));
    for (const id of ids) this.enqueue(id);
    return ids.length;
  }

  onProcessed(listener: DeckProcessedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private async process(pitchDeckId: string): Promise<void> {
    const { repo, storage, pool, logger } = this.deps;
    const deck = await repo.claimForProcessing(pitchDeckId, new Date(Date.now() - staleClaimMs));
    if (!deck) return;
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let status: 'ready' | 'failed' = 'failed';
    try {
      const bytes = await storage.read(deck.fileKey);
      const result = await pool.parse(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), maxDeckPages);
      if (result.ok) {
        await repo.markReady(pitchDeckId, { ...result, processingMs: elapsed() });
        status = 'ready';
      } else {
        await repo.markFailed(pitchDeckId, result.reason, elapsed());
      }
    } catch (error) {
      logger.error({ err: error, pitchDeckId }, 'pitch deck processing failed');
      await repo.markFailed(
        pitchDeckId,
        'We could not process this deck. Upload it again; if it keeps failing, export the PDF again first.',
        elapsed(),
      );
    }
    logger.info({ pitchDeckId, status, ms: elapsed() }, 'pitch deck processed');
    for (const listener of this.listeners) listener({ pitchDeckId, status });
  }
}
