import {
  type Dependency,
  type DependencyCandidatesResponse,
  type DependencyConflictDetails,
  dependencyConflictReasons,
  milestoneLimits,
  type TaskDependenciesResponse,
} from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { StampedCache } from '@/lib/stamped-cache';
import { type MilestoneGate, notFoundAs, taskNotFound } from './milestone-gate';
import { allowedBlockers, cycleClosedBy } from './milestone-graph';
import { farEnds, toDependency, toLinkedTasks } from './milestones.dto';
import { canManageMilestone } from './milestones.policy';
import type { DependencyRow, LinkEnds, MilestonesRepository, MilestoneWriter } from './milestones.repository';

const dependencyNotFound = () => new AppError('NOT_FOUND', 'This dependency does not exist.');

const refused = (message: string, details: DependencyConflictDetails) => new AppError('CONFLICT', message, details);

/** Thrown under the lock when the blocker is not a task of the milestone; worded by `explainForeignBlocker`. */
class ForeignBlocker extends Error {
  constructor(
    readonly milestoneId: string,
    readonly blockedByTaskId: string,
  ) {
    super(`task ${blockedByTaskId} is not a task of milestone ${milestoneId}`);
  }
}

/** Link graphs kept across all milestones of this process (1,000 links: about 150 KB as objects). */
const keptGraphBytes = 16 * 1024 * 1024;
const bytesPerLink = 150;

/**
 * "Blocked by" links between the tasks of one milestone. Each add or change reads the milestone's
 * links under its row lock, refuses self-links, duplicates and cycles (naming the cycle), and
 * writes in the same transaction: two adds that would close a cycle together queue on the lock,
 * and the second sees the first.
 */
export class DependenciesService {
  /**
   * Each milestone's link ends as committed at one revision. Every change raises the revision in
   * the statement that takes the lock, so the holder of revision r reads the state of r − 1: when
   * that is kept (the add before it, on this process, left it), an add reads no links at all.
   */
  private readonly graphs = new StampedCache<readonly LinkEnds[]>(
    keptGraphBytes,
    (links) => links.length * bytesPerLink,
  );

  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
  ) {}

  /**
   * The tasks a founder may name as this task's blocker: the picker offers only these, so a
   * refusal for a loop is left for a race with another tab. Read as committed, not under the lock.
   */
  async candidates(principal: Principal, taskId: string): Promise<DependencyCandidatesResponse> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    const [tasks, links] = await Promise.all([this.repo.findTasks(milestone.id), this.repo.findLinks(milestone.id)]);
    const allowed = new Set(
      allowedBlockers(
        tasks.map((task) => task.id),
        links,
        taskId,
      ),
    );
    return {
      data: tasks
        .filter((task) => allowed.has(task.id))
        .map((task) => ({ id: task.id, title: task.title, stage: task.stage })),
    };
  }

  /** Both directions of a task's links, named. */
  async listForTask(principal: Principal, taskId: string): Promise<TaskDependenciesResponse> {
    await this.gate.requireReadableTask(principal, taskId);
    const links = await this.repo.findLinksOfTask(taskId);
    return toLinkedTasks(taskId, links, await this.repo.findTaskHeadings(farEnds(taskId, links)));
  }

  /**
   * POST: `taskId` now waits for `blockedByTaskId`. Checked against the links as locked; the
   * insert itself finds out whether both are tasks of the milestone and reads what the log names.
   */
  async add(principal: Principal, taskId: string, blockedByTaskId: string): Promise<Dependency> {
    const change = this.gate.changeByTask(canManageMilestone, principal, taskId, async (writer) => {
      const links = await this.linksAsLocked(writer);
      await this.refuseBadLink(writer, links, taskId, blockedByTaskId);
      const added = await writer.insertLinkBetweenOwnTasks(taskId, blockedByTaskId);
      if (!added) throw await this.missingEnd(writer, taskId, blockedByTaskId);
      return {
        result: { added, links, milestone: writer.milestone },
        activity: {
          action: 'dependency.added',
          taskId,
          stage: added.taskStage,
          newValue: { blockedByTaskId, blockedByTitle: added.blockerTitle },
        },
      };
    });
    const { added, links, milestone } = await change.catch(this.explainForeignBlocker(principal));
    // Committed: the graph of this revision is the one checked plus the new link.
    this.graphs.set(milestone.id, String(milestone.revision), [...links, added.link]);
    return toDependency(added.link);
  }

  /** PUT: the same task now waits for another one instead; checked as a new link would be. */
  async update(principal: Principal, dependencyId: string, blockedByTaskId: string): Promise<Dependency> {
    const existing = await this.requireManageableLink(principal, dependencyId);
    const change = this.gate.change(principal, existing.milestoneId, async (writer) => {
      const links = await writer.findLinks();
      const current = links.find((link) => link.id === dependencyId);
      if (!current) throw dependencyNotFound();
      if (current.blockedByTaskId === blockedByTaskId) return { result: toDependency(current), activity: null };
      const others = links.filter((link) => link.id !== dependencyId);
      await this.refuseBadLink(writer, others, current.taskId, blockedByTaskId);
      const headings = await writer.findTaskHeadings([current.taskId, blockedByTaskId]);
      const task = headings.get(current.taskId);
      const blocker = headings.get(blockedByTaskId);
      if (!task) throw taskNotFound();
      if (!blocker) throw new ForeignBlocker(writer.milestone.id, blockedByTaskId);
      const stored = await writer.updateLink(dependencyId, blockedByTaskId);
      return {
        result: toDependency(stored),
        activity: {
          action: 'dependency.changed',
          taskId: current.taskId,
          stage: task.stage,
          oldValue: { blockedByTaskId: current.blockedByTaskId },
          newValue: { blockedByTaskId, blockedByTitle: blocker.title },
        },
      };
    });
    return change.catch(this.explainForeignBlocker(principal));
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

  /** The milestone's link ends as the lock holder sees them: kept for the revision before its own, or read. */
  private linksAsLocked(writer: MilestoneWriter): Promise<readonly LinkEnds[]> {
    const before = String(writer.milestone.revision - 1);
    return this.graphs.get(writer.milestone.id, before, () => writer.findLinkEnds());
  }

  /**
   * The rules of a new link `taskId` → `blockedByTaskId` against `links` (the milestone's as
   * locked, without the one a PUT re-points): no self-link, no duplicate, at most the limit, no
   * cycle. Refusals name the tasks, so only they read them.
   */
  private async refuseBadLink(
    writer: MilestoneWriter,
    links: readonly LinkEnds[],
    taskId: string,
    blockedByTaskId: string,
  ): Promise<void> {
    if (taskId === blockedByTaskId) {
      throw refused('A task cannot wait for itself.', { reason: dependencyConflictReasons.selfLink, cycle: [taskId] });
    }
    const isDuplicate = links.some((link) => link.taskId === taskId && link.blockedByTaskId === blockedByTaskId);
    const isFull = links.length >= milestoneLimits.dependenciesPerMilestone;
    const cycle = isDuplicate || isFull ? null : cycleClosedBy(links, { taskId, blockedByTaskId });
    if (!isDuplicate && !isFull && !cycle) return;
    const headings = await writer.findTaskHeadings([taskId, blockedByTaskId]);
    const task = headings.get(taskId);
    const blocker = headings.get(blockedByTaskId);
    if (!task) throw taskNotFound();
    if (!blocker) throw new ForeignBlocker(writer.milestone.id, blockedByTaskId);
    if (isDuplicate) {
      throw refused(`“${task.title}” already waits for “${blocker.title}”.`, {
        reason: dependencyConflictReasons.duplicate,
      });
    }
    if (isFull) {
      throw refused(`A milestone holds at most ${milestoneLimits.dependenciesPerMilestone} dependencies.`, {
        reason: dependencyConflictReasons.tooMany,
      });
    }
    if (cycle) {
      throw refused(
        `“${task.title}” cannot wait for “${blocker.title}”: that task already waits for it, so neither could start.`,
        { reason: dependencyConflictReasons.cycle, cycle },
      );
    }
  }

  /** Why an insert between `taskId` and a blocker found no pair of this milestone's tasks. */
  private async missingEnd(writer: MilestoneWriter, taskId: string, blockedByTaskId: string): Promise<Error> {
    const headings = await writer.findTaskHeadings([taskId]);
    return headings.has(taskId) ? new ForeignBlocker(writer.milestone.id, blockedByTaskId) : taskNotFound();
  }

  /**
   * After a change refused because the blocker is not a task of the milestone (found under the
   * lock, worded after the rollback, outside the transaction): 409 when it is a task of another
   * milestone the caller manages, the 404 of a missing task when the caller may not see it.
   */
  private explainForeignBlocker(principal: Principal) {
    return async (error: unknown): Promise<never> => {
      if (!(error instanceof ForeignBlocker)) throw error;
      const other = await this.gate.requireManageableTask(principal, error.blockedByTaskId);
      // Tasks never change milestones: one of this milestone's that was not there under the lock
      // did not exist when the link was checked.
      if (other.id === error.milestoneId) throw taskNotFound();
      throw refused('A task can only wait for a task of the same milestone.', {
        reason: dependencyConflictReasons.crossMilestone,
      });
    };
  }

  private async requireManageableLink(principal: Principal, dependencyId: string): Promise<DependencyRow> {
    const link = await this.repo.findDependencyById(dependencyId);
    if (!link) throw dependencyNotFound();
    await this.gate.requireManageable(principal, link.milestoneId).catch(notFoundAs(dependencyNotFound));
    return link;
  }
}
