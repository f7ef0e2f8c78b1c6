import type { Meet, MeetBody, MilestoneMember } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { meetCalendar } from './meet-calendar';
import { type ChangeOutcome, type MilestoneGate, notFoundAs } from './milestone-gate';
import { toMeet, toMember } from './milestones.dto';
import { canInviteToMeet, canScheduleMeet } from './milestones.policy';
import type { MeetFields, MeetRow, MilestonesRepository, MilestoneWriter } from './milestones.repository';

const meetNotFound = () => new AppError('NOT_FOUND', 'This meet does not exist.');

const toFields = ({ attendeeIds: _, ...body }: MeetBody): MeetFields => ({
  ...body,
  startsAt: new Date(body.startsAt),
});

/**
 * What the log keeps of a meet: enough to read the feed without opening it, and who was invited
 * (`attendeeIds`, which the invitation mails compare to tell an attendee taken off; the names for
 * the feed).
 */
const logged = (meet: Pick<MeetRow, 'id' | 'title' | 'startsAt' | 'durationMinutes' | 'attendees'>) => ({
  meetId: meet.id,
  title: meet.title,
  startsAt: meet.startsAt.toISOString(),
  durationMinutes: meet.durationMinutes,
  attendees: meet.attendees.map((attendee) => attendee.name).join(', '),
  attendeeIds: meet.attendees.map((attendee) => attendee.id).join(' '),
});

/** A meet still on, as it stands inside the lock; 404 once cancelled or gone. */
async function lockedMeet(writer: MilestoneWriter, meetId: string): Promise<MeetRow> {
  const meet = await writer.findLiveMeet(meetId);
  if (!meet) throw meetNotFound();
  return meet;
}

/**
 * The attendees asked for, checked against the milestone's members as they stand inside the lock:
 * 400 naming `attendeeIds` for anyone else (a stranger, an investor who withdrew).
 */
async function requireMembers(writer: MilestoneWriter, attendeeIds: readonly string[]): Promise<readonly string[]> {
  const members = await writer.findMembers();
  const strangers = attendeeIds.filter((attendeeId) => !canInviteToMeet(attendeeId, members));
  if (strangers.length > 0) {
    throw new AppError('VALIDATION_FAILED', 'Invite only the founder and the accepted investors of this milestone.', {
      fields: [{ path: 'attendeeIds', message: 'Choose people among the milestone’s members.' }],
      attendeeIds: strangers,
    });
  }
  return attendeeIds;
}

/**
 * Meets on a milestone: its founder and its accepted investors schedule, move and cancel them
 * alike (spec §7 names the calls under both APIs; docs/decisions.md), inviting members of the
 * milestone; each has an .ics download, and each attendee is mailed the invitation and its
 * changes (meet-invitations.ts, after the change commits).
 */
export class MeetsService {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
  ) {}

  async list(principal: Principal, milestoneId: string): Promise<Meet[]> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    return (await this.repo.findMeets(milestone.id)).map(toMeet);
  }

  /** GET …/members: who a meet may invite, for anyone who may read the milestone. */
  async members(principal: Principal, milestoneId: string): Promise<MilestoneMember[]> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    return (await this.repo.findMembers(milestone)).map(toMember);
  }

  async get(principal: Principal, meetId: string): Promise<Meet> {
    const { meet } = await this.readable(principal, meetId);
    if (meet.cancelledAt) throw meetNotFound();
    return toMeet(meet);
  }

  /** POST: without `attendeeIds` the founder alone is invited (they run the milestone). */
  async create(principal: Principal, milestoneId: string, body: MeetBody): Promise<Meet> {
    const meet = await this.gate.changeAs(canScheduleMeet, principal, milestoneId, async (writer) => {
      const attendeeIds = await requireMembers(writer, body.attendeeIds ?? [writer.milestone.founderId]);
      const created = await writer.insertMeet(toFields(body), attendeeIds);
      return { result: created, activity: { action: 'meet.created', newValue: logged(created) } };
    });
    return toMeet(meet);
  }

  /** PUT: every field (attendees kept when left out); each edit raises SEQUENCE so calendars take the new copy. */
  async update(principal: Principal, meetId: string, body: MeetBody): Promise<Meet> {
    const meet = await this.change(principal, meetId, async (writer) => {
      const before = await lockedMeet(writer, meetId);
      const attendeeIds = body.attendeeIds === undefined ? undefined : await requireMembers(writer, body.attendeeIds);
      const after = await writer.updateMeet(meetId, toFields(body), attendeeIds);
      return { result: after, activity: { action: 'meet.updated', oldValue: logged(before), newValue: logged(after) } };
    });
    return toMeet(meet);
  }

  /** DELETE: cancels the meet, keeping a tombstone so its cancellation .ics can still be fetched. */
  async remove(principal: Principal, meetId: string): Promise<void> {
    await this.change(principal, meetId, async (writer) => {
      const before = await lockedMeet(writer, meetId);
      await writer.cancelMeet(meetId);
      return { result: undefined, activity: { action: 'meet.cancelled', oldValue: logged(before) } };
    });
  }

  /** The calendar file, of a cancelled meet too (METHOD:CANCEL), for anyone who may read the milestone. */
  async ics(principal: Principal, meetId: string): Promise<{ filename: string; body: string }> {
    const { meet, milestone } = await this.readable(principal, meetId);
    const [founder] = await this.repo.findMembers(milestone);
    // A milestone goes with its founder's account, so a readable one always has its founder.
    if (!founder) throw meetNotFound();
    const people = { organizer: founder, sentBy: null, attendees: meet.attendees };
    return { filename: `${meet.id}.ics`, body: meetCalendar(meet, milestone.title, people) };
  }

  /** A meet, tombstones included, with its milestone; the same 404 for a missing meet and a hidden one. */
  private async readable(principal: Principal, meetId: string) {
    const meet = await this.repo.findMeet(meetId);
    if (!meet) throw meetNotFound();
    const milestone = await this.gate.requireReadable(principal, meet.milestoneId).catch(notFoundAs(meetNotFound));
    return { meet, milestone };
  }

  /** A change to a meet still on, by its founder or a follower; the same 404 for a missing meet and a hidden one. */
  private async change<Result>(
    principal: Principal,
    meetId: string,
    work: (writer: MilestoneWriter) => Promise<ChangeOutcome<Result>>,
  ): Promise<Result> {
    const meet = await this.repo.findMeet(meetId);
    if (!meet || meet.cancelledAt) throw meetNotFound();
    const milestone = await this.gate
      .require(principal, meet.milestoneId, canScheduleMeet)
      .catch(notFoundAs(meetNotFound));
    return this.gate.changeAs(canScheduleMeet, principal, milestone, work);
  }
}
