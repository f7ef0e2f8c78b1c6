import type { LiveNotification } from '@deckvalid/contract/notifications';
import type { DomainEvents } from '@/core/events';
import type { InterestsService } from '@/modules/interests/interests.service';

/** Delivers one notification to every socket of an account (the socket side implements it). */
export type LiveChannel = { send(accountId: string, notification: LiveNotification): void };

/** The web app's paths a notification links to (apps/web/src/config/paths.ts). */
const links = {
  founderDeck: (id: string) => `/founder/view/${encodeURIComponent(id)}`,
  investorDeck: (id: string) => `/investor/pitchdecks/${encodeURIComponent(id)}`,
};

/**
 * Live notifications: the same domain events the mails come from, told at once to the sockets of
 * the person concerned, whatever their mail settings (a toast while they are here is not mail).
 */
export class LiveNotifications {
  constructor(private readonly deps: { interests: InterestsService; channel: LiveChannel }) {}

  async interestShown(event: DomainEvents['interest.shown']): Promise<void> {
    const interest = await this.deps.interests.describe(event.interestId);
    if (!interest) return;
    const who = interest.investorFirm ? `${interest.investorName} (${interest.investorFirm})` : interest.investorName;
    this.send(event.founderId, {
      kind: 'interest.shown',
      title: `New interest in ${interest.deckCompany}`,
      message: `${who} showed interest in “${interest.deckTitle}”.`,
      link: links.founderDeck(interest.pitchDeckId),
      pitchDeckId: interest.pitchDeckId,
    });
  }

  async interestDecided(event: DomainEvents['interest.decided']): Promise<void> {
    const interest = await this.deps.interests.describe(event.interestId);
    if (!interest) return;
    this.send(event.investorId, {
      kind: 'interest.decided',
      title:
        event.status === 'accepted'
          ? `${interest.deckCompany} accepted your interest`
          : `${interest.deckCompany} declined your interest`,
      message:
        event.status === 'accepted'
          ? `You can now follow the milestones of “${interest.deckTitle}” and message the founder.`
          : `The founder of “${interest.deckTitle}” declined your interest.`,
      link: links.investorDeck(interest.pitchDeckId),
      pitchDeckId: interest.pitchDeckId,
    });
  }

  deckReady(event: DomainEvents['deck.ready']): void {
    this.send(event.founderId, {
      kind: 'deck.ready',
      title: 'Your deck is ready',
      message: 'Investors can find and read it now.',
      link: links.founderDeck(event.pitchDeckId),
      pitchDeckId: event.pitchDeckId,
    });
  }

  deckFailed(event: DomainEvents['deck.failed']): void {
    this.send(event.founderId, {
      kind: 'deck.failed',
      title: 'Your deck could not be read',
      message: event.reason,
      link: links.founderDeck(event.pitchDeckId),
      pitchDeckId: event.pitchDeckId,
    });
  }

  private send(accountId: string, notification: Omit<LiveNotification, 'at'>): void {
    this.deps.channel.send(accountId, { ...notification, at: new Date().toISOString() });
  }
}
