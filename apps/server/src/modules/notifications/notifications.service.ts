import type { AccountRole } from '@deckvalid/contract/auth';
import {
  type InboxNotification,
  mailKindOfInboxKind,
  type NotificationKind,
  notificationKindsByRole,
} from '@deckvalid/contract/notifications';
import type { DomainEvents } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import type { AccountsService } from '@/modules/accounts/accounts.service';
import type { InterestsService } from '@/modules/interests/interests.service';
import { alreadyRegisteredMail, type MailContext } from '@/modules/mail/mail.templates';
import type { MailOutboxService } from './mail-outbox.service';
import type { NotificationPreferencesRepository } from './notifications.repository';
import {
  inboxMail,
  interestDecidedMail,
  interestShownMail,
  linkFirstVisitMail,
  type MeetInvitationFacts,
  meetInvitationMail,
} from './notifications.templates';

const hourMs = 60 * 60_000;

/**
 * How often one piece of news may be mailed (issue 17): an investor who withdraws and shows
 * interest again and again is news to the founder once a day; a stranger registering with a
 * verified email again and again is worth one notice an hour to its owner; unread chat is one
 * digest an hour at most (issue 18).
 */
const coalesceWindowMs = { interestShown: 24 * hourMs, alreadyRegistered: hourMs, chatDigest: hourMs } as const;

/** A role's settings: each of its kinds, on or off. */
export type SettingsOf<Role extends AccountRole> = Record<(typeof notificationKindsByRole)[Role][number], boolean>;

/**
 * Notification mails: each account's choices, and the subscribers that turn domain events into
 * queued mail. A subscriber reads the facts and the recipient's choice when the event is handled
 * (a mail turned off after that still goes), renders the mail, and stores it in the outbox.
 */
export class NotificationsService {
  constructor(
    private readonly deps: {
      preferences: NotificationPreferencesRepository;
      outbox: MailOutboxService;
      interests: InterestsService;
      accounts: AccountsService;
      mail: MailContext;
    },
  ) {}

  async getSettings<Role extends AccountRole>(principal: Principal, role: Role): Promise<SettingsOf<Role>> {
    const stored = await this.deps.preferences.findByAccountId(ownAccount(principal, role));
    const kinds: readonly NotificationKind[] = notificationKindsByRole[role];
    return Object.fromEntries(
      kinds.map((kind) => [kind, stored.find((preference) => preference.kind === kind)?.isEnabled ?? true]),
    ) as SettingsOf<Role>;
  }

  /** Changes the kinds named in `changes`; the others keep their setting. Answers all of them. */
  async updateSettings<Role extends AccountRole>(
    principal: Principal,
    role: Role,
    changes: Partial<SettingsOf<Role>>,
  ): Promise<SettingsOf<Role>> {
    const accountId = ownAccount(principal, role);
    const kinds: readonly NotificationKind[] = notificationKindsByRole[role];
    const entries = Object.entries(changes) as [NotificationKind, boolean | undefined][];
    await this.deps.preferences.upsertMany(
      accountId,
      entries.flatMap(([kind, isEnabled]) =>
        kinds.includes(kind) && isEnabled !== undefined ? [{ kind, isEnabled }] : [],
      ),
    );
    return this.getSettings(principal, role);
  }

  /** interest.shown → the deck's founder, unless they turned it off. */
  async handleInterestShown(event: DomainEvents['interest.shown']): Promise<void> {
    if (!(await this.deps.preferences.isEnabled(event.founderId, 'interestShown'))) return;
    const [interest, founder] = await Promise.all([
      this.deps.interests.describe(event.interestId),
      this.deps.accounts.findContact(event.founderId),
    ]);
    // Gone meanwhile (the deck or an account was deleted): nobody is left to tell.
    if (!interest || !founder) return;
    const mail = interestShownMail(this.deps.mail, founder, {
      investorName: interest.investorName,
      investorFirm: interest.investorFirm,
      note: interest.note,
      deckId: interest.pitchDeckId,
      deckTitle: interest.deckTitle,
      deckCompany: interest.deckCompany,
    });
    await this.deps.outbox.enqueue({
      accountId: founder.id,
      kind: 'interestShown',
      recipient: mail.to,
      ...body(mail),
      // Per investor and deck, not per interest row: a withdrawn interest shown again is the same row anyway.
      coalesce: {
        key: `interestShown:${founder.id}:${event.pitchDeckId}:${event.investorId}`,
        windowMs: coalesceWindowMs.interestShown,
      },
    });
  }

  /**
   * registration.repeated → the verified account's owner, always (a security notice, not a
   * setting), folded into one mail an hour: a stranger retrying cannot flood the mailbox.
   */
  async handleRegistrationRepeated(event: DomainEvents['registration.repeated']): Promise<void> {
    const owner = await this.deps.accounts.findContact(event.accountId);
    if (!owner) return;
    const mail = alreadyRegisteredMail(this.deps.mail, { email: owner.email, name: owner.name, role: event.role });
    await this.deps.outbox.enqueue({
      accountId: owner.id,
      kind: 'alreadyRegistered',
      recipient: mail.to,
      ...body(mail),
      coalesce: { key: `alreadyRegistered:${owner.id}`, windowMs: coalesceWindowMs.alreadyRegistered },
    });
  }

  /**
   * An inbox notification that matters away from the screen (`mailKindOfInboxKind`) → its
   * recipient, unless they turned that kind off. Others stay in the inbox only.
   */
  async handleInboxNotification(accountId: string, notification: InboxNotification): Promise<void> {
    const kind = mailKindOfInboxKind[notification.kind];
    if (!kind || !(await this.deps.preferences.isEnabled(accountId, kind))) return;
    const contact = await this.deps.accounts.findContact(accountId);
    if (!contact) return;
    const mail = inboxMail(this.deps.mail, kind, contact, notification);
    await this.deps.outbox.enqueue({
      accountId,
      kind,
      recipient: mail.to,
      ...body(mail),
      ...(kind === 'chatDigest'
        ? { coalesce: { key: `chatDigest:${accountId}`, windowMs: coalesceWindowMs.chatDigest } }
        : {}),
    });
  }

  /**
   * A meet's invitation, change or cancellation → one attendee, with the .ics attached, unless
   * they turned `meetInvitations` off. The milestones module words the facts and builds the file
   * after the change committed; this queues it like every other notification mail.
   */
  async sendMeetInvitation(
    invitation: MeetInvitationFacts & { recipient: { id: string; email: string; name: string } },
  ) {
    const { recipient, ...facts } = invitation;
    if (!(await this.deps.preferences.isEnabled(recipient.id, 'meetInvitations'))) return;
    const mail = meetInvitationMail(this.deps.mail, recipient, facts);
    await this.deps.outbox.enqueue({
      accountId: recipient.id,
      kind: 'meetInvitations',
      recipient: mail.to,
      ...body(mail),
      ...(mail.attachments ? { attachments: mail.attachments } : {}),
    });
  }

  /**
   * A share link's first visit → its founder, when the link's `notify` is on (the caller checks):
   * that setting is the switch, so no account setting is read.
   */
  async sendLinkFirstVisit(
    founderId: string,
    facts: { title: string; message: string; path: string; isDeck: boolean; linkName: string },
  ): Promise<void> {
    const founder = await this.deps.accounts.findContact(founderId);
    if (!founder) return;
    const mail = linkFirstVisitMail(this.deps.mail, founder, facts);
    await this.deps.outbox.enqueue({
      accountId: founder.id,
      kind: 'linkFirstVisit',
      recipient: mail.to,
      ...body(mail),
    });
  }

  /** interest.decided → the investor, unless they turned it off. */
  async handleInterestDecided(event: DomainEvents['interest.decided']): Promise<void> {
    if (!(await this.deps.preferences.isEnabled(event.investorId, 'interestDecided'))) return;
    const [interest, founder] = await Promise.all([
      this.deps.interests.describe(event.interestId),
      this.deps.accounts.findContact(event.founderId),
    ]);
    if (!interest || !founder) return;
    const mail = interestDecidedMail(
      this.deps.mail,
      { email: interest.investorEmail, name: interest.investorName },
      {
        // The event's decision, not the row's status: the investor may have moved on since.
        decision: event.status,
        founderName: founder.name,
        deckId: interest.pitchDeckId,
        deckTitle: interest.deckTitle,
        deckCompany: interest.deckCompany,
      },
    );
    await this.deps.outbox.enqueue({
      accountId: event.investorId,
      kind: 'interestDecided',
      recipient: mail.to,
      ...body(mail),
    });
  }
}

const body = (mail: { subject: string; text: string; html: string }) => ({
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});

/** The route's guard admitted only `role`; a mismatch here is a wiring bug, not a caller's. */
function ownAccount(principal: Principal, role: AccountRole): string {
  if (principal.role !== role) throw new AppError('FORBIDDEN', 'These settings belong to another kind of account.');
  return principal.accountId;
}
