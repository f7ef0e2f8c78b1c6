import type { MilestoneChange } from '@/core/events';
import { meetCalendar } from './meet-calendar';
import type { MeetRow, MemberRow, MilestonesRepository } from './milestones.repository';

/** What one attendee is told, and the calendar file that goes with it. */
export type MeetInvitation = {
  recipient: Pick<MemberRow, 'id' | 'name' | 'email'>;
  /** `uninvited`: an edit took them off the meet, which is a cancellation for them. */
  change: 'scheduled' | 'changed' | 'cancelled' | 'uninvited';
  method: 'REQUEST' | 'CANCEL';
  meetTitle: string;
  milestoneTitle: string;
  organizerName: string;
  /** Who made the change, when it is a person still there. */
  actorName: string | null;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  videoUrl: string | null;
  agenda: string;
  /** The web path of the milestone's meets, on the recipient's side of the app. */
  link: string;
  ics: string;
};

/** Where invitations go (the notifications module answers it: switches, template, outbox). */
export type MeetMail = { sendMeetInvitation(invitation: MeetInvitation): Promise<void> };

const changeOf = { 'meet.created': 'scheduled', 'meet.updated': 'changed', 'meet.cancelled': 'cancelled' } as const;

/** The ids an activity value logged as `attendeeIds` (space-separated). */
const loggedIds = (values: unknown): string[] => {
  const ids = (values as Record<string, unknown> | null)?.attendeeIds;
  return typeof ids === 'string' && ids !== '' ? ids.split(' ') : [];
};

/** Founders' ids start `usr-` (contract `idPrefixByRole`): the link goes to their side of the app. */
const meetsLink = (accountId: string, milestoneId: string) =>
  `/${accountId.startsWith('usr-') ? 'founder' : 'investor'}/milestones/${encodeURIComponent(milestoneId)}?tab=meets`;

/**
 * Meet invitations, a subscriber to the milestone's committed meet changes: every attendee but
 * the meet's organiser (who made it) is mailed the .ics (ORGANIZER the milestone's founder, an ATTENDEE line per attendee),
 * METHOD:REQUEST when it is scheduled or changed (SEQUENCE raised by each edit), METHOD:CANCEL
 * when it is cancelled and to anyone an edit took off it. The meet is read as it is when the
 * event is handled, so two quick edits send the newest copy twice rather than an old one.
 * Attendees who are no longer members (an investor who withdrew) are not written to.
 */
export class MeetInvitations {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly mail: MeetMail,
  ) {}

  async changed(change: MilestoneChange): Promise<void> {
    if (!(change.action in changeOf) || !change.activityId) return;
    const activity = await this.repo.findActivityById(change.activityId);
    const logged = (activity?.newValue ?? activity?.oldValue) as Record<string, unknown> | null | undefined;
    const meetId = logged?.meetId;
    if (!activity || typeof meetId !== 'string') return;
    const [meet, milestone] = await Promise.all([
      this.repo.findMeet(meetId),
      this.repo.findByIdForCaller(change.milestoneId, change.actorId),
    ]);
    if (!meet || !milestone) return;
    const members = await this.repo.findMembers(milestone);
    const founder = members.find((member) => member.id === milestone.founderId);
    if (!founder) return;
    const memberIds = new Set(members.map((member) => member.id));
    const actor = members.find((member) => member.id === change.actorId) ?? null;
    const kind = changeOf[change.action as keyof typeof changeOf];
    const isCancelled = meet.cancelledAt !== null;
    const people = { organizer: founder, sentBy: actor, attendees: meet.attendees };
    const facts = (recipient: MemberRow, told: MeetInvitation['change'], method: MeetInvitation['method']) => ({
      recipient,
      change: told,
      method,
      meetTitle: meet.title,
      milestoneTitle: milestone.title,
      organizerName: founder.name,
      actorName: actor?.name ?? null,
      startsAt: meet.startsAt,
      durationMinutes: meet.durationMinutes,
      timeZone: meet.timeZone,
      videoUrl: meet.videoUrl,
      agenda: meet.agenda,
      link: meetsLink(recipient.id, milestone.id),
      ics: meetCalendar(meet, milestone.title, people, method),
    });
    // The organiser made the meet: an invitation to it would only tell them what they just did.
    const isInvited = (attendee: MemberRow) => memberIds.has(attendee.id) && attendee.id !== meet.organizerId;
    const invitations: MeetInvitation[] = meet.attendees
      .filter(isInvited)
      .map((attendee) => facts(attendee, isCancelled ? 'cancelled' : kind, isCancelled ? 'CANCEL' : 'REQUEST'));
    if (kind === 'changed' && !isCancelled) {
      const kept = new Set(meet.attendees.map((attendee) => attendee.id));
      for (const removed of this.uninvited(activity.oldValue, kept, members).filter(isInvited)) {
        // Their copy is cancelled with a file that still names them, so their calendar matches it.
        const theirs: MeetRow = { ...meet, attendees: [...meet.attendees, removed] };
        const cancel = { organizer: founder, sentBy: actor, attendees: theirs.attendees };
        invitations.push({
          ...facts(removed, 'uninvited', 'CANCEL'),
          ics: meetCalendar(theirs, milestone.title, cancel, 'CANCEL'),
        });
      }
    }
    // Every attendee's mail is tried, one failing or not; the first failure is then reported.
    const sent = await Promise.allSettled(invitations.map((invitation) => this.mail.sendMeetInvitation(invitation)));
    const failed = sent.find((outcome) => outcome.status === 'rejected');
    if (failed) throw failed.reason;
  }

  /** Members an edit took off the meet: invited before it (its log's old value), not after. */
  private uninvited(oldValue: unknown, kept: ReadonlySet<string>, members: readonly MemberRow[]): MemberRow[] {
    const before = new Set(loggedIds(oldValue));
    return members.filter((member) => before.has(member.id) && !kept.has(member.id));
  }
}
