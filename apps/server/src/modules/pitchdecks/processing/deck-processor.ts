import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { maxDeckPages, uploadKinds } from '@deckvalid/contract/uploads';
import type { Logger } from 'pino';
import type { Histogram } from 'prom-client';
import type { EventBus } from '@/core/events';
import { type Metrics, slowWorkBuckets } from '@/core/metrics';
import type { BackgroundTasks } from '@/lib/background';
import type { FileStorage } from '@/modules/storage/storage';
import type { UploadsService } from '@/modules/storage/uploads.service';
import type { PitchDecksRepository } from '../pitchdecks.repository';
import type { PdfParseResult, PdfPool } from './pdf-pool';

/** The parse result with its picture apart, which is stored before the rest is recorded. */
const withoutThumbnail = (result: PdfParseResult) =>
  result.ok ? result : { ...result, thumbnail: null as Uint8Array | null };

/**
 * How often a process refreshes the heartbeat of the decks it holds, and how often every
 * process looks for decks whose holder stopped beating.
 */
const defaultHeartbeatMs = 5_000;

/**
 * A holder silent this long (three missed beats) is taken for dead and its decks are taken
 * over. A killed process cannot release its claims, so silence is the only sign; a live one
 * beats from a timer even while its workers parse, since parsing never runs on the event loop.
 */
const staleAfterBeats = 3;

/**
 * Decks processed at once by this process. Each holds its whole file (up to 50 MB) in memory
 * from the read until the PDF pool is done with it, so a burst of submissions, or the backlog
 * resumed after a crash, must not read every file at the same time.
 */
const defaultConcurrency = 4;

/**
 * Takes a processing deck version (a deck's first file, or a new one) to ready or failed: reads the file from storage, parses it in the PDF
 * pool (off the event loop), stores the page text and the search vector. Runs as background
 * work after the create call has answered.
 *
 * A deck is claimed under this process's `instanceId` before it is read, and the claim's
 * heartbeat is refreshed every few seconds until the deck is done. Any process takes over a deck
 * whose holder stopped beating (`resumeUnfinished`, at start and every `takeoverCheckMs`), so
 * after a crash its decks move on within seconds, not at the next sweep.
 */
export class DeckProcessor {
  /**
   * This process's name in claims. Random per start: a restarted process on the same host and
   * pid must not mistake the dead one's claims for its own live ones.
   */
  readonly instanceId = `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`;
  /** How often `resumeUnfinished` should run (app.ts): as often as holders beat. */
  readonly takeoverCheckMs: number;
  private readonly heartbeatMs: number;
  private readonly staleAfterSeconds: number;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  /** Versions queued or in progress here, so the periodic check never queues one twice. */
  private readonly queued = new Set<string>();
  /** Versions this process holds a claim on right now. */
  private readonly held = new Set<string>();
  private heartbeat: NodeJS.Timeout | null = null;

  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      storage: FileStorage;
      /** Where page 1's picture is stored, with the upload record the sweep reads. */
      uploads: Pick<UploadsService, 'storeServerFile'>;
      pool: PdfPool;
      background: BackgroundTasks;
      /** Where a deck leaving processing is announced (`deck.ready`, `deck.failed`). */
      events: EventBus;
      logger: Logger;
      /** Decks processed at once (default 4); the rest wait their turn before reading their file. */
      concurrency?: number;
      /** Heartbeat period (default 5 s); a claim is stale after three periods without a beat. */
      heartbeatMs?: number;
      /** Where processing times are recorded, and the queue read from. */
      metrics?: Metrics;
    },
  ) {
    this.heartbeatMs = deps.heartbeatMs ?? defaultHeartbeatMs;
    this.takeoverCheckMs = this.heartbeatMs;
    this.staleAfterSeconds = (this.heartbeatMs * staleAfterBeats) / 1000;
    const { metrics } = deps;
    if (metrics) {
      metrics.gauge('deck_processing_queued', 'Deck versions waiting for their turn to be processed here.', () =>
        Math.max(0, this.queued.size - this.running),
      );
      metrics.gauge('deck_processing_running', 'Deck versions being processed here now.', () => this.running);
      this.durations = metrics.histogram(
        'deck_processing_seconds',
        'Time to process a deck version (read, checked, parsed, stored), by outcome.',
        slowWorkBuckets,
        ['outcome'],
      );
    }
  }

  private readonly durations?: Histogram<'outcome'>;

  /**
   * Processes a deck's version (its first file or a new one) after the current request; never
   * throws into the caller.
   */
  enqueue(versionId: string): void {
    if (this.queued.has(versionId)) return;
    this.queued.add(versionId);
    this.deps.background.run('process pitch deck', () =>
      this.withTurn(() => this.process(versionId)).finally(() => this.queued.delete(versionId)),
    );
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

  /**
   * Queues the decks no live process holds: those whose holder stopped beating, and those nobody
   * claimed since their creation a while ago (their creator died before its turn came). Answers
   * how many it queued. One cheap query over the partial index of processing decks.
   */
  async resumeUnfinished(): Promise<number> {
    const ids = await this.deps.repo.findAbandonedVersionIds(this.staleAfterSeconds);
    const fresh = ids.filter((id) => !this.queued.has(id));
    for (const id of fresh) this.enqueue(id);
    return fresh.length;
  }

  private async process(versionId: string): Promise<void> {
    const { repo, storage, pool, logger } = this.deps;
    const version = await repo.claimForProcessing(versionId, this.instanceId, this.staleAfterSeconds);
    if (!version) return;
    const { pitchDeckId, founderId, deckTitle } = version;
    this.hold(versionId);
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let status: 'ready' | 'failed' = 'failed';
    let failure = '';
    let isStillHeld = true;
    try {
      try {
        const refusal = await this.refusalOf(version.fileKey);
        if (refusal) {
          failure = refusal;
          isStillHeld = await repo.markFailed(versionId, this.instanceId, refusal, elapsed());
        } else {
          const bytes = await storage.read(version.fileKey);
          const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
          const { thumbnail, ...result } = await pool.parse(data, maxDeckPages).then(withoutThumbnail);
          if (result.ok) {
            const thumbnailKey = await this.storeThumbnail(founderId, thumbnail);
            isStillHeld = await repo.markReady(versionId, this.instanceId, {
              ...result,
              thumbnailKey,
              processingMs: elapsed(),
            });
            status = 'ready';
          } else {
            failure = result.reason;
            isStillHeld = await repo.markFailed(versionId, this.instanceId, result.reason, elapsed());
          }
        }
      } catch (error) {
        logger.error({ err: error, pitchDeckId, version: version.number }, 'pitch deck processing failed');
        failure = 'We could not process this deck. Upload it again; if it keeps failing, export the PDF again first.';
        isStillHeld = await repo.markFailed(versionId, this.instanceId, failure, elapsed());
      }
    } finally {
      this.release(versionId);
    }
    if (!isStillHeld) {
      // This process went silent long enough (a stalled database, say) for another to take the
      // deck over; that one records and announces its own result.
      logger.warn(
        { pitchDeckId, version: version.number, ms: elapsed() },
        'pitch deck was taken over by another process; result dropped',
      );
      return;
    }
    logger.info({ pitchDeckId, version: version.number, status, ms: elapsed() }, 'pitch deck processed');
    this.durations?.observe({ outcome: status }, elapsed() / 1000);
    if (status === 'ready')
      this.deps.events.emit('deck.ready', { pitchDeckId, founderId, versionId, title: deckTitle });
    else this.deps.events.emit('deck.failed', { pitchDeckId, founderId, title: deckTitle, reason: failure });
  }

  /**
   * Stores page 1's picture under the founder's keys (their account's deletion takes it along);
   * answers its key, or null without a picture or when storing it failed: the cards then draw
   * the PDF themselves, which is slower but no reason to fail the deck.
   */
  private async storeThumbnail(founderId: string, thumbnail: Uint8Array | null): Promise<string | null> {
    if (!thumbnail) return null;
    try {
      return await this.deps.uploads.storeServerFile(founderId, 'thumbnail', thumbnail, 'image/webp');
    } catch (error) {
      this.deps.logger.warn({ err: error }, 'deck thumbnail could not be stored; cards draw the PDF instead');
      return null;
    }
  }

  /** Starts beating for `versionId`; one timer serves every version this process holds. */
  private hold(versionId: string): void {
    this.held.add(versionId);
    this.heartbeat ??= setInterval(() => {
      const ids = [...this.held];
      this.deps.background.run('refresh processing claims', () => this.deps.repo.refreshClaims(ids, this.instanceId));
    }, this.heartbeatMs).unref();
  }

  private release(versionId: string): void {
    this.held.delete(versionId);
    if (this.held.size > 0 || !this.heartbeat) return;
    clearInterval(this.heartbeat);
    this.heartbeat = null;
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
