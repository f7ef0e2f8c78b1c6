import {
  type AcceptMentorInvitationBody,
  type AcceptMentorInvitationResponse,
  type CreateMentorInvitationBody,
  type FoundersMentorsResponse,
  type MentorInvitation,
  type MentorInvitationPreviewResponse,
  type MentorsFoundersResponse,
  mentorLimits,
} from '@deckvalid/contract/mentors';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import type { Clock } from '@/lib/clock';
import { randomSecret, sha256 } from '@/lib/crypto';
import { AppError } from '@/lib/errors';
import { newId } from '@/lib/ids';
import type { MailMessage } from '@/modules/mail/mail.service';
import type { MailContext } from '@/modules/mail/mail.templates';
import { canActAsMentor, canManageMentors, invitationRefusal, ownsInvitation } from './mentors.policy';
import type { Invitation, MentorsRepository } from './mentors.repository';
import { mentorInvitationMail } from './mentors.templates';

export type MentorsDeps = {
  repo: MentorsRepository;
  clock: Clock;
  mail: MailContext;
  /** Sends after the answer, retrying on its own (the mail module's Mailer). */
  mailer: { enqueue(message: MailMessage): void };
  events: Pick<EventBus, 'emit'>;
};

const dayMs = 24 * 60 * 60 * 1000;
const notFound = (what: string) => new AppError('NOT_FOUND', `${what} was not found.`);

/** Invitations and mentorships, from both sides. */
export class MentorsService {
  constructor(private readonly deps: MentorsDeps) {}

  /**
   * Invites `email` to mentor the founder. The answer is the same whether or not a mentor account
   * has that address; the mail carries the only copy of the token.
   */
  async invite(principal: Principal, body: CreateMentorInvitationBody): Promise<MentorInvitation> {
    if (!canManageMentors(principal)) throw notFound('That page');
    const now = this.deps.clock.now();
    if (
      (await this.deps.repo.countOpenInvitations(principal.accountId, now)) >= mentorLimits.pendingInvitationsPerFounder
    ) {
      throw new AppError(
        'CONFLICT',
        `You have ${mentorLimits.pendingInvitationsPerFounder} invitations waiting for an answer. Withdraw some before sending more.`,
      );
    }
    const token = randomSecret();
    const invitation = await this.deps.repo.insertInvitation({
      id: newId('mvt-'),
      founderId: principal.accountId,
      email: body.email,
      note: body.note ? body.note : null,
      tokenHash: sha256(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + mentorLimits.invitationDays * dayMs),
    });
    this.deps.mailer.enqueue(
      mentorInvitationMail(this.deps.mail, {
        email: invitation.email,
        founderName: principal.user.name,
        note: invitation.note,
        token,
      }),
    );
    return toInvitationDto(invitation);
  }

  /** The founder's mentors and the invitations still waiting. */
  async listMentors(principal: Principal): Promise<FoundersMentorsResponse> {
    if (!canManageMentors(principal)) throw notFound('That page');
    const now = this.deps.clock.now();
    const [mentors, invitations] = await Promise.all([
      this.deps.repo.listMentorsOf(principal.accountId),
      this.deps.repo.listOpenInvitations(principal.accountId, now),
    ]);
    return {
      data: mentors.map((row) => ({ mentor: row.party, since: row.since.toISOString() })),
      invitations: invitations.map(toInvitationDto),
    };
  }

  /** Withdraws an invitation; its link stops working at once. */
  async withdrawInvitation(principal: Principal, invitationId: string): Promise<void> {
    const invitation = await this.deps.repo.findInvitationById(invitationId);
    if (!invitation || !ownsInvitation(principal, invitation) || invitation.acceptedAt !== null) {
      throw notFound('That invitation');
    }
    await this.deps.repo.deleteInvitation(invitationId);
  }

  /** The founder ends a mentorship. */
  async endAsFounder(principal: Principal, mentorId: string): Promise<void> {
    if (!canManageMentors(principal) || !(await this.deps.repo.endMentorship(principal.accountId, mentorId))) {
      throw notFound('That mentor');
    }
    this.deps.events.emit('mentorship.ended', { founderId: principal.accountId, mentorId });
  }

  /** The mentor ends a mentorship. */
  async endAsMentor(principal: Principal, founderId: string): Promise<void> {
    if (!canActAsMentor(principal) || !(await this.deps.repo.endMentorship(founderId, principal.accountId))) {
      throw notFound('That founder');
    }
    this.deps.events.emit('mentorship.ended', { founderId, mentorId: principal.accountId });
  }

  /** Whether `mentorId` mentors `founderId` now: other modules ask before every mentor's read. */
  async isMentorOf(mentorId: string, founderId: string): Promise<boolean> {
    return (await this.deps.repo.findMentorship(founderId, mentorId)) !== undefined;
  }

  /** The ids of the founders `mentorId` mentors now. */
  foundersOf(mentorId: string): Promise<string[]> {
    return this.deps.repo.listFounderIdsOf(mentorId);
  }

  /**
   * The accounts a mentorship ties to `accountId` now (a founder's mentors, a mentor's founders),
   * or those of `among` that it does: chat asks it beside interests' ties. It checks no principal.
   */
  async tiesOf(accountId: string, among?: string[]): Promise<Set<string>> {
    if (among?.length === 0) return new Set();
    return (await this.tiesOfEach([accountId], among)).get(accountId) ?? new Set();
  }

  /** `tiesOf` for many accounts at once, in one query: a set per account asked. */
  async tiesOfEach(accountIds: string[], among?: string[]): Promise<Map<string, Set<string>>> {
    const ties = new Map(accountIds.map((id) => [id, new Set<string>()]));
    const amongSet = among ? new Set(among) : undefined;
    for (const { founderId, mentorId } of await this.deps.repo.listMentorshipsOf(accountIds)) {
      if (!amongSet || amongSet.has(mentorId)) ties.get(founderId)?.add(mentorId);
      if (!amongSet || amongSet.has(founderId)) ties.get(mentorId)?.add(founderId);
    }
    return ties;
  }

  /** The ids of the mentors of `founderId` now. */
  mentorsOf(founderId: string): Promise<string[]> {
    return this.deps.repo.listMentorIdsOf(founderId);
  }

  /** The founders the mentor helps. */
  async listFounders(principal: Principal): Promise<MentorsFoundersResponse> {
    if (!canActAsMentor(principal)) throw notFound('That page');
    const founders = await this.deps.repo.listFoundersOf(principal.accountId);
    return { data: founders.map((row) => ({ founder: row.party, since: row.since.toISOString() })) };
  }

  /**
   * What the invitation page shows whoever holds the token, signed in or not: the founder's name,
   * their note and the expiry; refused as `accept` would refuse it.
   */
  async preview(body: AcceptMentorInvitationBody): Promise<MentorInvitationPreviewResponse> {
    const invitation = await this.openInvitation(body.token, this.deps.clock.now());
    const name = await this.deps.repo.findAccountName(invitation.founderId);
    if (name === undefined) throw unknownInvitation();
    return {
      invitation: { founder: { name }, note: invitation.note, expiresAt: invitation.expiresAt.toISOString() },
    };
  }

  /** The invitation the token opens, or the sentence saying why it opens none. */
  private async openInvitation(token: string, now: Date): Promise<Invitation> {
    const invitation = await this.deps.repo.findInvitationByTokenHash(sha256(token));
    if (!invitation) throw unknownInvitation();
    const refusal = invitationRefusal(invitation, now);
    if (refusal === 'spent') throw spentInvitation();
    if (refusal === 'expired') {
      throw new AppError('GONE', 'This invitation has expired. Ask the founder to send a new one.');
    }
    return invitation;
  }

  /**
   * Starts the mentorship the token's invitation offers, with the signed-in mentor. A token works
   * once: a second use, an expired or a withdrawn invitation is refused with a sentence saying so.
   */
  async accept(principal: Principal, body: AcceptMentorInvitationBody): Promise<AcceptMentorInvitationResponse> {
    if (!canActAsMentor(principal)) throw notFound('That page');
    const now = this.deps.clock.now();
    const invitation = await this.openInvitation(body.token, now);
    if (!(await this.deps.repo.accept(invitation.id, principal.accountId, now))) throw spentInvitation();
    this.deps.events.emit('mentorship.started', { founderId: invitation.founderId, mentorId: principal.accountId });
    const name = await this.deps.repo.findAccountName(invitation.founderId);
    if (name === undefined) throw notFound('That founder');
    return { founder: { id: invitation.founderId, name } };
  }
}

const unknownInvitation = () =>
  new AppError('NOT_FOUND', 'This invitation link is not valid, or it was withdrawn. Ask the founder for a new one.');

const spentInvitation = () =>
  new AppError('GONE', 'This invitation was already accepted. Sign in as a mentor to see the founders you help.');

function toInvitationDto(invitation: Invitation): MentorInvitation {
  return {
    id: invitation.id,
    email: invitation.email,
    note: invitation.note,
    createdAt: invitation.createdAt.toISOString(),
    expiresAt: invitation.expiresAt.toISOString(),
  };
}
