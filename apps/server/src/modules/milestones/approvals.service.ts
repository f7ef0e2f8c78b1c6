import type { Approval, ApprovalDecision } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { lockedTask, type MilestoneGate, taskNotFound } from './milestone-gate';
import { toApproval } from './milestones.dto';
import { canReviewWork } from './milestones.policy';
import type { MilestonesRepository } from './milestones.repository';

/** Approvals: an investor's word on a task (approved, or changes requested), one per investor. */
export class ApprovalsService {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
  ) {}

  /** Approvals of a task, for its founder and its investors alike. */
  async list(principal: Principal, taskId: string): Promise<Approval[]> {
    await this.gate.requireReadableTask(principal, taskId);
    return (await this.repo.findApprovals(taskId)).map(toApproval);
  }

  /**
   * An investor of the milestone gives their word on a task: approved, or changes requested with
   * a comment. One per investor per task: the first is recorded, a different one replaces it
   * (logged as a change), and the same again writes nothing and says so (`isUnchanged`).
   */
  async record(
    principal: Principal,
    taskId: string,
    body: { decision: ApprovalDecision; comment: string | null },
  ): Promise<{ approval: Approval; isCreated: boolean; isUnchanged: boolean }> {
    const milestone = await this.gate.requireTask(principal, taskId, canReviewWork);
    const outcome = await this.gate.changeAs(canReviewWork, principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      const own = await writer.findOwnApproval(taskId);
      if (!own) {
        const id = await writer.insertApproval(taskId, body.decision, body.comment);
        return {
          result: { id, isCreated: true, isUnchanged: false },
          activity: {
            action: 'approval.recorded',
            taskId,
            stage: task.stage,
            newValue: { approvalId: id, decision: body.decision, comment: body.comment },
          },
        };
      }
      if (own.decision === body.decision && own.comment === body.comment) {
        return { result: { id: own.id, isCreated: false, isUnchanged: true }, activity: null };
      }
      await writer.updateApproval(own.id, body.decision, body.comment);
      return {
        result: { id: own.id, isCreated: false, isUnchanged: false },
        activity: {
          action: 'approval.changed',
          taskId,
          stage: task.stage,
          oldValue: { approvalId: own.id, decision: own.decision, comment: own.comment },
          newValue: { approvalId: own.id, decision: body.decision, comment: body.comment },
        },
      };
    });
    const approval = await this.repo.findApproval(outcome.id);
    if (!approval) throw taskNotFound();
    return { approval: toApproval(approval), isCreated: outcome.isCreated, isUnchanged: outcome.isUnchanged };
  }
}
