import type { Meet, MeetBody } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { meetCalendar } from './meet-calendar';
import { type ChangeOutcome, type MilestoneGate, notFoundAs } from './milestone-gate';
import { toMeet } from './milestones.dto';
import { canScheduleMeet } from './milestones.policy';
import type { MeetFields, MeetRow, MilestonesRepository, MilestoneWriter } from './milestones.repository';

const meetNotFound = () => new AppError('NOT_FOUND', 'This meet does not exist.');

const toFields = (body: MeetBody): MeetFields => ({ ...body, startsAt: new Date(body.startsAt) });

/** What the log keeps of a meet: enough to read the feed without opening it. */
const logged = (meet: Pick<MeetRow, 'id' | 'title' | 'startsAt' | 'durationMinutes'>) => ({
  meetId: meet.id,
  title: meet.title,
  startsAt: meet.startsAt.toISOString(),
  durationMinutes: meet.durationMinutes,
});

/** A meet still on, as it stands inside the lock; 404 once cancelled or gone. */
async function lockedMeet(writer: MilestoneWriter, meetId: string): Promise<MeetRow> {
  const meet = await writer.findLiveMeet(meetId);
  if (!meet) throw meetNotFound();
  return meet;
}

/**
 * Meets on a milestone: its founder and its accepted investors schedule, move and cancel them
 * alike (spec §7 names the calls under both APIs); each has an .ics download.
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

  async get(principal: Principal, meetId: string): Promise<Meet> {
    const { meet } = await this.readable(principal, meetId);
    if (meet.cancelledAt) throw meetNotFound();
    return toMeet(meet);
  }

  async create(principal: Principal, milestoneId: string, body: MeetBody): Promise<Meet> {
    const meet = await this.gate.changeAs(canScheduleMeet, principal, milestoneId, async (writer) => {
      const created = await writer.insertMeet(toFields(body));
      return { result: created, activity: { action: 'meet.created', newValue: logged(created) } };
    });
    return toMeet(meet);
  }

  /** PUT: every field; each edit raises SEQUENCE so calendars take the new copy. */
  async update(principal: Principal, meetId: string, body: MeetBody): Promise<Meet> {
    const meet = await this.change(principal, meetId, async (writer) => {
      const before = await lockedMeet(writer, meetId);
      const after = await writer.updateMeet(meetId, toFields(body));
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
    return { filename: `${meet.id}.ics`, body: meetCalendar(meet, milestone.title) };
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
