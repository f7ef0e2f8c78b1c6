import type { MentorDeckVersion, MentorPitchDeck } from '@deckvalid/contract/pitchdecks';
import type { Principal } from '@/core/identity/principal';
import type { UploadsService } from '@/modules/storage/uploads.service';
import { baseDto, thumbnailUrlOf } from './pitchdecks.dto';
import { canMentorReadDeck } from './pitchdecks.policy';
import type { DeckVersion, PitchDeck, PitchDecksRepository } from './pitchdecks.repository';
import { deckNotFound } from './pitchdecks.service';

/** Who mentors whom, as the mentors module answers it: asked afresh on every call. */
export type Mentorships = {
  isMentorOf(mentorId: string, founderId: string): Promise<boolean>;
  foundersOf(mentorId: string): Promise<string[]>;
  mentorsOf(founderId: string): Promise<string[]>;
};

/**
 * A mentor's reads of the decks of the founders they help: live decks and their ready versions,
 * never investors' interests or reading figures. An ended mentorship ends them on the next call.
 */
export class MentorDecksService {
  constructor(
    private readonly deps: {
      repo: PitchDecksRepository;
      uploads: Pick<UploadsService, 'downloadUrl'>;
      mentorships: Mentorships;
    },
  ) {}

  async list(principal: Principal): Promise<MentorPitchDeck[]> {
    if (principal.role !== 'mentor') throw deckNotFound();
    const founderIds = await this.deps.mentorships.foundersOf(principal.accountId);
    const rows = await this.deps.repo.findLiveWithVersionsByFounderIds(founderIds);
    return Promise.all(rows.map((row) => this.toMentorDeck(row, row.live, row.founderName)));
  }

  async get(principal: Principal, id: string): Promise<MentorPitchDeck> {
    await this.requireMentoredDeck(principal, id);
    const row = await this.deps.repo.findLiveWithVersionById(id);
    if (!row) throw deckNotFound();
    return this.toMentorDeck(row, row.live, row.founderName);
  }

  /** The deck's ready versions, newest first. */
  async listVersions(principal: Principal, id: string): Promise<MentorDeckVersion[]> {
    const deck = await this.requireMentoredDeck(principal, id);
    const versions = await this.deps.repo.listVersionsByDeckId(id);
    return Promise.all(
      versions
        .filter((version) => version.status === 'ready')
        .map(async (version) => ({
          number: version.number,
          pageCount: version.pageCount,
          readyAt: version.readyAt?.toISOString() ?? null,
          isLive: version.id === deck.liveVersionId,
          fileUrl: await this.deps.uploads.downloadUrl(version.fileKey),
        })),
    );
  }

  /** A deck of a founder the caller mentors that has a live version, or the 404 of a missing deck. */
  async requireMentoredDeck(principal: Principal, id: string): Promise<PitchDeck> {
    const deck = await this.deps.repo.findById(id);
    if (!deck || principal.role !== 'mentor') throw deckNotFound();
    const isMentor = await this.deps.mentorships.isMentorOf(principal.accountId, deck.founderId);
    if (!canMentorReadDeck(principal, deck, isMentor)) throw deckNotFound();
    return deck;
  }

  private async toMentorDeck(deck: PitchDeck, live: DeckVersion, founderName: string): Promise<MentorPitchDeck> {
    return {
      ...baseDto(deck, live),
      status: 'ready',
      founder: { id: deck.founderId, name: founderName },
      liveVersion: live.number,
      fileUrl: await this.deps.uploads.downloadUrl(live.fileKey),
      thumbnailUrl: await thumbnailUrlOf(this.deps.uploads, live),
    };
  }
}
