import {
  type Dependency,
  type DependencyConflictDetails,
  dependencyConflictReasons,
  milestoneLimits,
  type TaskDependenciesResponse,
  type TaskStage,
} from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { type MilestoneGate, notFoundAs, taskNotFound } from './milestone-gate';
import { cycleClosedBy } from './milestone-graph';
import { farEnds, toDependency, toLinkedTasks } from './milestones.dto';
import type { DependencyRow, MilestonesRepository, MilestoneWriter } from './milestones.repository';

const dependencyNotFound = () => new AppError('NOT_FOUND', 'This dependency does not exist.');

const refused = (message: string, details: DependencyConflictDetails) => new AppError('CONFLICT', message, details);

/**
 * "Blocked by" links between the tasks of one milestone. Each add or change reads the milestone's
 * links under its row lock, refuses self-links, duplicates and cycles (naming the cycle), and
 * writes in the same transaction: two adds that would close a cycle together queue on the lock,
 * and the second sees the first.
 */
export class DependenciesService {
  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
  ) {}

  /** Both directions of a task's links, named. */
  async listForTask(principal: Principal, taskId: string): Promise<TaskDependenciesResponse> {
    await this.gate.requireReadableTask(principal, taskId);
    const links = await this.repo.findLinksOfTask(taskId);
    return toLinkedTasks(taskId, links, await this.repo.findTaskHeadings(farEnds(taskId, links)));
  }

  /** POST: `taskId` now waits for `blockedByTaskId`. */
  async add(principal: Principal, taskId: string, blockedByTaskId: string): Promise<Dependency> {
    // Both tasks' milestones in one read: the caller's access and the same-milestone rule need them.
    const milestoneOf = await this.repo.findMilestoneIdsOfTasks([taskId, blockedByTaskId]);
    const milestoneId = milestoneOf.get(taskId);
    if (!milestoneId) throw taskNotFound();
    const milestone = await this.gate.requireManageable(principal, milestoneId).catch(notFoundAs(taskNotFound));
    await this.requireSameMilestone(principal, milestone.id, milestoneOf.get(blockedByTaskId));
    return this.gate.change(principal, milestone, async (writer) => {
      const link = await this.checkedLink(writer, taskId, blockedByTaskId);
      const stored = await writer.insertLink(taskId, blockedByTaskId);
      return {
        result: toDependency(stored),
        activity: {
          action: 'dependency.added',
          taskId,
          stage: link.taskStage,
          newValue: { blockedByTaskId, blockedByTitle: link.blockerTitle },
        },
      };
    });
  }

  /** PUT: the same task now waits for another one instead; checked as a new link would be. */
  async update(principal: Principal, dependencyId: string, blockedByTaskId: string): Promise<Dependency> {
    const existing = await this.requireManageableLink(principal, dependencyId);
    const milestoneOf = await this.repo.findMilestoneIdsOfTasks([blockedByTaskId]);
    await this.requireSameMilestone(principal, existing.milestoneId, milestoneOf.get(blockedByTaskId));
    return this.gate.change(principal, existing.milestoneId, async (writer) => {
      const current = (await writer.findLinks()).find((link) => link.id === dependencyId);
      if (!current) throw dependencyNotFound();
      if (current.blockedByTaskId === blockedByTaskId) return { result: toDependency(current), activity: null };
      const link = await this.checkedLink(writer, current.taskId, blockedByTaskId, dependencyId);
      const stored = await writer.updateLink(dependencyId, blockedByTaskId);
      return {
        result: toDependency(stored),
        activity: {
          action: 'dependency.changed',
          taskId: current.taskId,
          stage: link.taskStage,
          oldValue: { blockedByTaskId: current.blockedByTaskId },
          newValue: { blockedByTaskId, blockedByTitle: link.blockerTitle },
        },
      };
    });
  }

  async remove(principal: Principal, dependencyId: string): Promise<void> {
    const existing = await this.requireManageableLink(principal, dependencyId);
    await this.gate.change(principal, existing.milestoneId, async (writer) => {
      const current = (await writer.findLinks()).find((link) => link.id === dependencyId);
      if (!current) throw dependencyNotFound();
      const task = await writer.findTask(current.taskId);
      await writer.deleteLink(dependencyId);
      return {
        result: undefined,
        activity: {
          action: 'dependency.removed',
          taskId: current.taskId,
          stage: task?.stage ?? null,
          oldValue: { blockedByTaskId: current.blockedByTaskId },
        },
      };
    });
  }

  /**
   * The rules of a new link, on the state as locked (`replacing`: the link a PUT re-points, left
   * out of the graph). Answers what the log names.
   */
  private async checkedLink(
    writer: MilestoneWriter,
    taskId: string,
    blockedByTaskId: string,
    replacing?: string,
  ): Promise<{ taskStage: TaskStage; blockerTitle: string }> {
    if (taskId === blockedByTaskId) {
      throw refused('A task cannot wait for itself.', { reason: dependencyConflictReasons.selfLink, cycle: [taskId] });
    }
    const headings = await writer.findTaskHeadings([taskId, blockedByTaskId]);
    const task = headings.get(taskId);
    const blocker = headings.get(blockedByTaskId);
    if (!task || !blocker) throw taskNotFound();
    const links = (await writer.findLinkEnds()).filter((link) => link.id !== replacing);
    if (links.some((link) => link.taskId === taskId && link.blockedByTaskId === blockedByTaskId)) {
      throw refused(`“${task.title}” already waits for “${blocker.title}”.`, {
        reason: dependencyConflictReasons.duplicate,
      });
    }
    if (links.length >= milestoneLimits.dependenciesPerMilestone) {
      throw refused(`A milestone holds at most ${milestoneLimits.dependenciesPerMilestone} dependencies.`, {
        reason: dependencyConflictReasons.tooMany,
      });
    }
    const cycle = cycleClosedBy(links, { taskId, blockedByTaskId });
    if (cycle) {
      throw refused(
        `“${task.title}” cannot wait for “${blocker.title}”: that task already waits for it, so neither could start.`,
        { reason: dependencyConflictReasons.cycle, cycle },
      );
    }
    return { taskStage: task.stage, blockerTitle: blocker.title };
  }

  /**
   * The blocker (whose milestone is `blockerMilestoneId`, undefined when it does not exist) must
   * be a task of the same milestone: 409 when it is one of the caller's other milestones' tasks,
   * the 404 of a missing task when the caller may not see it.
   */
  private async requireSameMilestone(principal: Principal, milestoneId: string, blockerMilestoneId?: string) {
    if (blockerMilestoneId === milestoneId) return;
    if (!blockerMilestoneId) throw taskNotFound();
    await this.gate.requireManageable(principal, blockerMilestoneId).catch(notFoundAs(taskNotFound));
    throw refused('A task can only wait for a task of the same milestone.', {
      reason: dependencyConflictReasons.crossMilestone,
    });
  }

  private async requireManageableLink(principal: Principal, dependencyId: string): Promise<DependencyRow> {
    const link = await this.repo.findDependencyById(dependencyId);
    if (!link) throw dependencyNotFound();
    await this.gate.requireManageable(principal, link.milestoneId).catch(notFoundAs(dependencyNotFound));
    return link;
  }
}
