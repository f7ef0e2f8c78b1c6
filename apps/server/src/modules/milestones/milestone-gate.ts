import { isMilestoneEditable, type ThreadAudience } from '@deckvalid/contract/milestones';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { canManageMilestone, canReadMilestone, type MilestoneSubject } from './milestones.policy';
import type {
  ActivityInput,
  MilestoneForCaller,
  MilestoneRow,
  MilestonesRepository,
  MilestoneWriter,
  TaskRow,
} from './milestones.repository';

/** A policy rule the gate applies: who may do this to that milestone. */
export type MilestoneRule = (principal: Principal, milestone: MilestoneSubject) => boolean;

export const milestoneNotFound = () => new AppError('NOT_FOUND', 'This milestone does not exist.');
export const taskNotFound = () => new AppError('NOT_FOUND', 'This task does not exist.');

/** A task as it stands inside the lock; 404 if it went meanwhile. */
export async function lockedTask(writer: MilestoneWriter, taskId: string): Promise<TaskRow> {
  const task = await writer.findTask(taskId);
  if (!task) throw taskNotFound();
  return task;
}

/**
 * Re-words the milestone's 404 as the 404 of the object asked for (a task, a link), so a hidden
 * one reads exactly like a missing one; any other failure passes through unchanged.
 */
export const notFoundAs =
  (replacement: () => AppError) =>
  (error: unknown): never => {
    throw error instanceof AppError && error.code === 'NOT_FOUND' ? replacement() : error;
  };

/** What one change did: its answer, and the log line it writes (null: nothing changed, nothing logged). */
export type ChangeOutcome<Result> = { result: Result; activity: ActivityInput | null };

/** Refuses a change to a milestone that is completed, cancelled or archived. */
export function requireEditable(milestone: MilestoneRow): void {
  if (!isMilestoneEditable(milestone)) {
    throw new AppError(
      'CONFLICT',
      milestone.archivedAt
        ? 'This milestone is archived. Restore it before changing it.'
        : `This milestone is ${milestone.status}; it can no longer be changed.`,
      { status: milestone.status, archived: milestone.archivedAt !== null },
    );
  }
}

/**
 * The way into a milestone for every service of the module: who may read or change it (the
 * policy, with a 404 for everyone else), and `change` / `changeAs`, which makes each change one transaction
 * under the milestone's row lock that writes exactly one activity and, once committed, emits one
 * domain event.
 */
export class MilestoneGate {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly events: EventBus,
  ) {}

  /** The milestone if `rule` lets the caller at it; the 404 of a missing one otherwise. */
  async require(principal: Principal, milestoneId: string, rule: MilestoneRule): Promise<MilestoneForCaller> {
    const milestone = await this.repo.findByIdForCaller(milestoneId, principal.accountId);
    if (!milestone || !rule(principal, milestone)) throw milestoneNotFound();
    return milestone;
  }

  async requireReadable(principal: Principal, milestoneId: string): Promise<MilestoneForCaller> {
    return this.require(principal, milestoneId, canReadMilestone);
  }

  async requireManageable(principal: Principal, milestoneId: string): Promise<MilestoneForCaller> {
    return this.require(principal, milestoneId, canManageMilestone);
  }

  /**
   * `requireReadable` with the assignees' names stamped in the same read: a kept board is built
   * for one such stamp, and one query instead of two is what a board read costs.
   */
  async requireReadableIncludeAssigneeStamp(
    principal: Principal,
    milestoneId: string,
  ): Promise<MilestoneForCaller & { assigneeStamp: string }> {
    const milestone = await this.repo.findByIdForCallerIncludeAssigneeStamp(milestoneId, principal.accountId);
    if (!milestone || !canReadMilestone(principal, milestone)) throw milestoneNotFound();
    return milestone;
  }

  /** The milestone of a task the caller may read; the same 404 for a missing task and a hidden one. */
  async requireReadableTask(principal: Principal, taskId: string): Promise<MilestoneForCaller> {
    return this.requireTask(principal, taskId, canReadMilestone);
  }

  async requireManageableTask(principal: Principal, taskId: string): Promise<MilestoneForCaller> {
    return this.requireTask(principal, taskId, canManageMilestone);
  }

  /** `require` by one of the milestone's tasks, in one read. */
  async requireTask(principal: Principal, taskId: string, rule: MilestoneRule): Promise<MilestoneForCaller> {
    const milestone = await this.repo.findByTaskIdForCaller(taskId, principal.accountId);
    if (!milestone || !rule(principal, milestone)) throw taskNotFound();
    return milestone;
  }

  /**
   * Runs one change of a milestone the caller manages. Ownership never changes, so it is checked
   * before the transaction; the milestone's state (`guard`, by default "still editable") is
   * checked on the row as locked, so it holds until commit. `target` is the milestone's id, or the
   * milestone as a `require…` call already read it for this caller (the rule is applied to it
   * without reading it again).
   */
  async change<Result>(
    principal: Principal,
    target: string | MilestoneForCaller,
    work: (writer: MilestoneWriter) => Promise<ChangeOutcome<Result>>,
    guard: (milestone: MilestoneRow) => void = requireEditable,
  ): Promise<Result> {
    return this.changeAs(canManageMilestone, principal, target, work, guard);
  }

  /**
   * `change` for a caller `rule` lets in (an investor accepting a deliverable, a follower moving
   * a meet): the same lock, log line and event; only who may pass differs.
   */
  async changeAs<Result>(
    rule: MilestoneRule,
    principal: Principal,
    target: string | MilestoneForCaller,
    work: (writer: MilestoneWriter) => Promise<ChangeOutcome<Result>>,
    guard: (milestone: MilestoneRow) => void = requireEditable,
  ): Promise<Result> {
    const milestone = typeof target === 'string' ? await this.require(principal, target, rule) : target;
    if (!rule(principal, milestone)) throw milestoneNotFound();
    const done = await this.repo.write(milestone.id, principal.accountId, (writer) => this.logged(writer, work, guard));
    // Deleted between the read above and the lock.
    if (!done) throw milestoneNotFound();
    return this.committed(principal, done);
  }

  /**
   * `changeAs` for a change named by one of the milestone's tasks, with nothing read before the
   * lock: the caller's access is checked on the row as locked, and a caller `rule` refuses gets
   * the 404 of a missing task from a transaction that rolls back untouched. One round trip fewer
   * than reading access first, for the writes made one after another (links drawn on the board).
   */
  async changeByTask<Result>(
    rule: MilestoneRule,
    principal: Principal,
    taskId: string,
    work: (writer: MilestoneWriter) => Promise<ChangeOutcome<Result>>,
    guard: (milestone: MilestoneRow) => void = requireEditable,
  ): Promise<Result> {
    const done = await this.repo.writeForTask(taskId, principal.accountId, (writer, milestone) => {
      if (!rule(principal, milestone)) throw taskNotFound();
      return this.logged(writer, work, guard);
    });
    if (!done) throw taskNotFound();
    return this.committed(principal, done);
  }

  /** Inside the lock: the state guard, the change, and its one log line. */
  private async logged<Result>(
    writer: MilestoneWriter,
    work: (writer: MilestoneWriter) => Promise<ChangeOutcome<Result>>,
    guard: (milestone: MilestoneRow) => void,
  ) {
    guard(writer.milestone);
    const outcome = await work(writer);
    const activityId = outcome.activity ? await writer.record(outcome.activity) : null;
    return { ...outcome, activityId, milestone: writer.milestone };
  }

  /** After commit: the change's event, and its answer. */
  private committed<Result>(
    principal: Principal,
    done: ChangeOutcome<Result> & { activityId: string | null; milestone: MilestoneRow },
  ): Result {
    if (done.activity && done.activityId) {
      const { action, taskId, audience } = done.activity;
      this.announce(principal, done.milestone, action, done.activityId, taskId ?? null, audience);
    }
    return done.result;
  }

  /** After commit: one event per change, on the task channel when it concerns a task. */
  announce(
    principal: Principal,
    milestone: MilestoneRow,
    action: string,
    activityId: string | null,
    taskId: string | null,
    audience: ThreadAudience = 'members',
  ): void {
    const change = {
      milestoneId: milestone.id,
      pitchDeckId: milestone.pitchDeckId,
      founderId: milestone.founderId,
      actorId: principal.accountId,
      action,
      activityId,
      audience,
    };
    if (taskId) this.events.emit('milestone.task-changed', { ...change, taskId });
    else this.events.emit('milestone.changed', change);
  }
}
