import { type DeckReview, inReportOrder, type PutDeckReviewBody } from '@deckvalid/contract/deck-reviews';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { MentorDecksService } from '@/modules/pitchdecks/mentor-decks.service';
import type { PitchDecksService } from '@/modules/pitchdecks/pitchdecks.service';
import type { NamedReview, ReviewsRepository } from './reviews.repository';

/** What reviews read of decks: the pitchdecks module's services, which decide who reads a deck. */
export type ReviewedDecks = {
  founder: Pick<PitchDecksService, 'requireOwnDeck' | 'findDeckVersion'>;
  mentor: Pick<MentorDecksService, 'requireMentoredDeck'>;
};

/** Mentors' reviews of deck versions, section by section with a verdict; read by the deck's founder. */
export class ReviewsService {
  constructor(
    private readonly deps: {
      repo: ReviewsRepository;
      decks: ReviewedDecks;
      clock: Clock;
      events: Pick<EventBus, 'emit'>;
    },
  ) {}

  /** The mentor's review of ready version `number` of a deck of a founder they mentor, made or replaced. */
  async put(principal: Principal, pitchDeckId: string, number: number, body: PutDeckReviewBody): Promise<DeckReview> {
    const deck = await this.deps.decks.mentor.requireMentoredDeck(principal, pitchDeckId);
    const found = await this.deps.decks.founder.findDeckVersion(pitchDeckId, number);
    const version = found?.version;
    if (version?.status !== 'ready') {
      throw new AppError('NOT_FOUND', `This deck has no ready version ${number}.`, { reason: 'VERSION_NOT_FOUND' });
    }
    const now = this.deps.clock.now();
    const id = await this.deps.repo.upsert({
      id: newId('rev-'),
      pitchDeckId,
      versionId: version.id,
      versionNumber: version.number,
      mentorId: principal.accountId,
      sections: inReportOrder(body.sections).map((section) => ({ ...section, note: section.note || null })),
      verdict: body.verdict,
      summary: body.summary,
      createdAt: now,
      updatedAt: now,
    });
    const mine = await this.deps.repo.listNamed(pitchDeckId, principal.accountId);
    const review = mine.find((each) => each.id === id);
    if (!review) throw new AppError('NOT_FOUND', 'This review is gone.');
    this.deps.events.emit('review.posted', {
      reviewId: review.id,
      pitchDeckId,
      founderId: deck.founderId,
      mentorId: principal.accountId,
      mentorName: principal.user.name,
      deckTitle: deck.title,
      version: review.versionNumber,
      verdict: review.verdict,
    });
    return toDto(review);
  }

  /** Every mentor's reviews of the founder's own deck. */
  async listForFounder(principal: Principal, pitchDeckId: string): Promise<DeckReview[]> {
    await this.deps.decks.founder.requireOwnDeck(principal, pitchDeckId);
    return (await this.deps.repo.listNamed(pitchDeckId)).map(toDto);
  }

  /** The mentor's own reviews of a deck they may read. */
  async listForMentor(principal: Principal, pitchDeckId: string): Promise<DeckReview[]> {
    await this.deps.decks.mentor.requireMentoredDeck(principal, pitchDeckId);
    return (await this.deps.repo.listNamed(pitchDeckId, principal.accountId)).map(toDto);
  }
}

function toDto(review: NamedReview): DeckReview {
  return {
    id: review.id,
    pitchDeckId: review.pitchDeckId,
    version: review.versionNumber,
    mentor: { id: review.mentorId, name: review.mentorName },
    sections: review.sections,
    verdict: review.verdict,
    summary: review.summary,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}
