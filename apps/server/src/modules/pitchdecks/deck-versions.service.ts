import {
  type CreatePitchDeckVersionBody,
  type FounderDeckVersion,
  type FounderPitchDeck,
  maxDeckVersions,
  type UpdatePitchDeckBody,
} from '@deckvalid/contract/pitchdecks';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { fileUrlOf, versionSummary } from './pitchdecks.dto';
import type { PitchDecksRepository } from './pitchdecks.repository';
import { deckNotFound, type PitchDecksService } from './pitchdecks.service';
import type { DeckProcessor } from './processing/deck-processor';

/**
 * What a founder changes on a deck after submitting it: a new version of its file, and its
 * details (additions to spec §7, issue 8). Both keep the deck's id and interests; each answers
 * the deck as its founder sees it. The deck's policy checks run through `decks.requireOwnDeck`.
 */
export class DeckVersionsService {
  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      uploads: UploadsService;
      processor: DeckProcessor;
      decks: PitchDecksService;
    },
  ) {}

  /**
   * Adds a new version of a founder's own deck from an uploaded PDF, processed like a new deck
   * after this call answers. The live version stays live until the new one is ready, and stays
   * if it fails.
   */
  async addVersion(principal: Principal, id: string, body: CreatePitchDeckVersionBody): Promise<FounderPitchDeck> {
    const { repo, uploads, processor, decks } = this.deps;
    // Ownership first: another founder learns nothing, not even whether the upload was good.
    await decks.requireOwnDeck(principal, id);
    const { size } = await uploads.checkUploaded(principal, 'deck', body.key);
    const version = await repo.insertVersion({
      id: newId('ver-'),
      pitchDeckId: id,
      founderId: principal.accountId,
      fileKey: body.key,
      fileSize: size,
      maxVersions: maxDeckVersions,
    });
    // Deleted meanwhile.
    if (version === 'not_found') throw deckNotFound();
    if (version === 'too_many') {
      throw new AppError(
        'CONFLICT',
        `This deck has ${maxDeckVersions} versions, the most it may have. Submit the new file as a new deck.`,
      );
    }
    // The unique file key decides, as at creation.
    if (version === 'file_taken') {
      throw new AppError('CONFLICT', 'This file is already a submitted deck. Upload the file again for a new version.');
    }
    processor.enqueue(version.id);
    return decks.getMine(principal, id);
  }

  /** Changes the details of a founder's own deck; searches find it by its new words at once. */
  async updateDetails(principal: Principal, id: string, body: UpdatePitchDeckBody): Promise<FounderPitchDeck> {
    const { repo, decks } = this.deps;
    await decks.requireOwnDeck(principal, id);
    // The founder is part of the update's condition too: a deck deleted meanwhile is 404.
    const updated = await repo.updateDetails(id, principal.accountId, body);
    if (!updated) throw deckNotFound();
    return decks.getMine(principal, id);
  }

  /** Every version of a founder's own deck, newest first. */
  async listVersions(principal: Principal, id: string): Promise<FounderDeckVersion[]> {
    const { repo, uploads, decks } = this.deps;
    const deck = await decks.requireOwnDeck(principal, id);
    const versions = await repo.listVersionsByDeckId(id);
    return Promise.all(
      versions.map(async (version) => ({
        ...versionSummary(version),
        pageCount: version.pageCount,
        fileSize: version.fileSize,
        readyAt: version.readyAt?.toISOString() ?? null,
        isLive: version.id === deck.liveVersionId,
        viewCount: version.viewCount,
        fileUrl: await fileUrlOf(uploads, version),
      })),
    );
  }
}
