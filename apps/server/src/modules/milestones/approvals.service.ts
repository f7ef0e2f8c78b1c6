import type { Approval } from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { lockedTask, type MilestoneGate, taskNotFound } from './milestone-gate';
import { toApproval } from './milestones.dto';
import { canFollowMilestone } from './milestones.policy';
import type { MilestonesRepository } from './milestones.repository';

/** Approvals: an investor's word on a task, with an optional comment. */
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

  /** An investor of the milestone approves a task; a task may collect several (after rework, from several investors). */
  async record(principal: Principal, taskId: string, comment: string | null): Promise<Approval> {
    const milestone = await this.gate.requireTask(principal, taskId, canFollowMilestone);
    const approvalId = await this.gate.changeAs(canFollowMilestone, principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      const id = await writer.insertApproval(taskId, comment);
      return {
        result: id,
        activity: { action: 'approval.recorded', taskId, stage: task.stage, newValue: { approvalId: id, comment } },
      };
    });
    const approval = await this.repo.findApproval(approvalId);
    if (!approval) throw taskNotFound();
    return toApproval(approval);
  }
}
