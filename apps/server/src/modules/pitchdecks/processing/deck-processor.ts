import { maxDeckPages, uploadKinds } from '@deckvalid/contract/uploads';
import type { Logger } from 'pino';
import type { BackgroundTasks } from '@/lib/background';
import type { FileStorage } from '@/modules/storage/storage';
import type { PitchDecksRepository } from '../pitchdecks.repository';
import type { PdfPool } from './pdf-pool';

/** A claim older than this belongs to a process that died mid-way; another may take the deck. */
const staleClaimMs = 5 * 60_000;

/**
 * Decks processed at once by this process. Each holds its whole file (up to 50 MB) in memory
 * from the read until the PDF pool is done with it, so a burst of submissions, or the backlog
 * resumed after a crash, must not read every file at the same time.
 */
const defaultConcurrency = 4;

/** Listeners hear when a deck leaves processing (tests and, later, live notifications). */
export type DeckProcessedListener = (event: { pitchDeckId: string; status: 'ready' | 'failed' }) => void;

/**
 * Takes a processing deck to ready or failed: reads the file from storage, parses it in the PDF
 * pool (off the event loop), stores the page text and the search vector. Runs as background
 * work after the create call has answered; decks left processing by a crash are resumed at start.
 */
export class DeckProcessor {
  private readonly listeners = new Set<DeckProcessedListener>();
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      storage: FileStorage;
      pool: PdfPool;
      background: BackgroundTasks;
      logger: Logger;
      /** Decks processed at once (default 4); the rest wait their turn before reading their file. */
      concurrency?: number;
    },
  ) {}

  /** Processes the deck after the current request; never throws into the caller. */
  enqueue(pitchDeckId: string): void {
    this.deps.background.run('process pitch deck', () => this.withTurn(() => this.process(pitchDeckId)));
  }

  /** Runs `task` once fewer than `concurrency` decks are being processed. */
  private async withTurn(task: () => Promise<void>): Promise<void> {
    if (this.running >= (this.deps.concurrency ?? defaultConcurrency)) {
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      await task();
    } finally {
      // The turn passes straight to the next waiter, so `running` never dips below the limit.
      const next = this.waiting.shift();
      if (next) next();
      else this.running -= 1;
    }
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
      const refusal = await this.refusalOf(deck.fileKey);
      if (refusal) {
        await repo.markFailed(pitchDeckId, refusal, elapsed());
      } else {
        const bytes = await storage.read(deck.fileKey);
        const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        const result = await pool.parse(data, maxDeckPages);
        if (result.ok) {
          await repo.markReady(pitchDeckId, { ...result, processingMs: elapsed() });
          status = 'ready';
        } else {
          await repo.markFailed(pitchDeckId, result.reason, elapsed());
        }
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

  /**
   * Why the stored file cannot be processed, or null. The upload was checked when the deck was
   * created, but its signed URL stays usable for a while and an S3 URL signed without a length
   * caps nothing: a file swapped in since must never be read into memory whole.
   */
  private async refusalOf(fileKey: string): Promise<string | null> {
    const stored = await this.deps.storage.stat(fileKey);
    if (!stored) return 'The uploaded file is gone. Upload the deck again.';
    const { maxBytes } = uploadKinds.deck;
    if (stored.size > maxBytes) {
      return `The file is larger than the ${Math.round(maxBytes / (1024 * 1024))} MB a deck may be. Upload a smaller PDF.`;
    }
    return null;
  }
}
