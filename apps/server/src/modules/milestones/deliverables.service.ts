import { type Deliverable, type DeliverableBody, milestoneLimits } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { type ChangeOutcome, lockedTask, type MilestoneGate, type MilestoneRule, notFoundAs } from './milestone-gate';
import { changedFields, deliverableStatus, toDeliverable } from './milestones.dto';
import { canManageMilestone, canReviewWork } from './milestones.policy';
import type { DeliverableRow, MilestonesRepository, MilestoneWriter, TaskRow } from './milestones.repository';

const deliverableNotFound = () => new AppError('NOT_FOUND', 'This deliverable does not exist.');

/** Once accepted, a deliverable is settled: editing or resubmitting it would change what was accepted. */
function requireNotAccepted(deliverable: DeliverableRow): void {
  if (deliverable.acceptedAt) {
    throw new AppError('CONFLICT', `“${deliverable.title}” is accepted already; it can no longer change.`, {
      status: 'accepted',
    });
  }
}

/** Deliverables: the founder promises, edits and submits them; an investor of the milestone accepts them. */
export class DeliverablesService {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
  ) {}

  async listForTask(principal: Principal, taskId: string): Promise<Deliverable[]> {
    await this.gate.requireReadableTask(principal, taskId);
    return (await this.repo.findDeliverablesOfTask(taskId)).map(toDeliverable);
  }

  async listForMilestone(principal: Principal, milestoneId: string): Promise<Deliverable[]> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    return (await this.repo.findDeliverables(milestone.id)).map(toDeliverable);
  }

  async create(principal: Principal, taskId: string, body: DeliverableBody): Promise<Deliverable> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    const id = await this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      if ((await writer.countDeliverables(taskId)) >= milestoneLimits.deliverablesPerTask) {
        throw new AppError('CONFLICT', `A task holds at most ${milestoneLimits.deliverablesPerTask} deliverables.`);
      }
      const deliverableId = await writer.insertDeliverable(taskId, body);
      return {
        result: deliverableId,
        activity: {
          action: 'deliverable.created',
          taskId,
          stage: task.stage,
          newValue: { deliverableId, title: body.title },
        },
      };
    });
    return this.describe(id);
  }

  /** PUT: title and description; the log names only what changed. */
  async update(principal: Principal, deliverableId: string, body: DeliverableBody): Promise<Deliverable> {
    await this.change(canManageMilestone, principal, deliverableId, async (writer, before, task) => {
      requireNotAccepted(before);
      const changes = changedFields({ title: before.title, description: before.description }, body);
      if (!changes) return { result: undefined, activity: null };
      await writer.updateDeliverable(deliverableId, body);
      return {
        result: undefined,
        activity: {
          action: 'deliverable.updated',
          taskId: task.id,
          stage: task.stage,
          oldValue: { deliverableId, ...changes.oldValue },
          newValue: { deliverableId, ...changes.newValue },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /** POST submit: the founder hands over a link (again, until it is accepted). */
  async submit(principal: Principal, deliverableId: string, url: string): Promise<Deliverable> {
    await this.change(canManageMilestone, principal, deliverableId, async (writer, before, task) => {
      requireNotAccepted(before);
      await writer.updateDeliverable(deliverableId, { url });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.submitted',
          taskId: task.id,
          stage: task.stage,
          oldValue: { deliverableId, url: before.url },
          newValue: { deliverableId, title: before.title, url },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /**
   * POST accept: an investor of the milestone takes a submitted deliverable (or one sent back, if
   * they judge it good after all); records who and when.
   */
  async accept(principal: Principal, deliverableId: string): Promise<Deliverable> {
    await this.change(canReviewWork, principal, deliverableId, async (writer, before, task) => {
      const status = deliverableStatus(before);
      if (status !== 'submitted' && status !== 'changes_requested') {
        throw new AppError(
          'CONFLICT',
          status === 'accepted'
            ? `“${before.title}” is accepted already.`
            : `“${before.title}” has not been submitted yet; there is nothing to accept.`,
          { status },
        );
      }
      await writer.updateDeliverable(deliverableId, { isAccepted: true });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.accepted',
          taskId: task.id,
          stage: task.stage,
          newValue: { deliverableId, title: before.title, url: before.url },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /**
   * POST request-changes: an investor of the milestone sends a submitted deliverable back with a
   * comment; it stays `changes_requested` until the founder submits again.
   */
  async requestChanges(principal: Principal, deliverableId: string, comment: string): Promise<Deliverable> {
    await this.change(canReviewWork, principal, deliverableId, async (writer, before, task) => {
      const status = deliverableStatus(before);
      if (status !== 'submitted') {
        const why = {
          draft: `“${before.title}” has not been submitted yet; there is nothing to send back.`,
          accepted: `“${before.title}” is accepted already; it can no longer change.`,
          changes_requested: `“${before.title}” was sent back already; it waits for the founder to submit it again.`,
        } as const;
        throw new AppError('CONFLICT', why[status], { status });
      }
      await writer.updateDeliverable(deliverableId, { changesRequested: comment });
      return {
        result: undefined,
        activity: {
          action: 'deliverable.sent_back',
          taskId: task.id,
          stage: task.stage,
          newValue: { deliverableId, title: before.title, url: before.url, comment },
        },
      };
    });
    return this.describe(deliverableId);
  }

  /** A deliverable change by a caller `rule` lets in, with the deliverable and its task as locked. */
  private async change(
    rule: MilestoneRule,
    principal: Principal,
    deliverableId: string,
    work: (writer: MilestoneWriter, deliverable: DeliverableRow, task: TaskRow) => Promise<ChangeOutcome<undefined>>,
  ): Promise<void> {
    const milestoneId = await this.repo.findMilestoneIdOfDeliverable(deliverableId);
    if (!milestoneId) throw deliverableNotFound();
    await this.gate.require(principal, milestoneId, rule).catch(notFoundAs(deliverableNotFound));
    await this.gate.changeAs(rule, principal, milestoneId, async (writer) => {
      const deliverable = await writer.findDeliverable(deliverableId);
      if (!deliverable) throw deliverableNotFound();
      return work(writer, deliverable, await lockedTask(writer, deliverable.taskId));
    });
  }

  private async describe(deliverableId: string): Promise<Deliverable> {
    const row = await this.repo.findDeliverable(deliverableId);
    if (!row) throw deliverableNotFound();
    return toDeliverable(row);
  }
}
