import {
  type CreateTaskBody,
  type MoveTaskBody,
  milestoneLimits,
  type Subtask,
  type TaskDetail,
  type TaskStage,
  tasksResponseSchema,
  type UpdateTaskBody,
} from '@deckvalid/contract/milestones';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { serializeAnswerBytes } from '@/lib/serialize-answer';
import { StampedCache } from '@/lib/stamped-cache';
import { rankBetween } from './board-rank';
import { lockedTask, type MilestoneGate, notFoundAs, taskNotFound } from './milestone-gate';
import { changedFields, farEnds, indexLinks, todayUtc, toLinkedTasks, toSubtask, toTask } from './milestones.dto';
import { canBeAssigned } from './milestones.policy';
import type { MilestoneRow, MilestonesRepository, MilestoneWriter, TaskRow } from './milestones.repository';
import type { DeckInvestors } from './milestones.service';

const subtaskNotFound = () => new AppError('NOT_FOUND', 'This subtask does not exist.');

/** Board answers kept, in bytes of JSON, across all milestones of this process (500 tasks: ~200 KB). */
const keptBoardBytes = 32 * 1024 * 1024;

/** The board: tasks, their stages and order, and their subtasks. */
export class TasksService {
  /** Serialized boards per milestone and stage filter, for one revision, day and set of names each. */
  private readonly boards = new StampedCache<Buffer>(keptBoardBytes, (json) => json.byteLength);

  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
    private readonly investors: DeckInvestors,
  ) {}

  /**
   * GET tasks (the board, or one stage of it), serialized. Built once per revision, day (what is
   * overdue) and assignee names (a rename raises no revision), and kept: every change raises the
   * revision the access check reads anyway, so a kept board is never answered after a change.
   */
  async boardJson(principal: Principal, milestoneId: string, stage?: TaskStage): Promise<Buffer> {
    const milestone = await this.gate.requireReadableIncludeAssigneeStamp(principal, milestoneId);
    const today = todayUtc();
    return this.boards.get(
      `${milestone.id}|${stage ?? ''}`,
      `${milestone.revision}|${today}|${milestone.assigneeStamp}`,
      async () => {
        const [tasks, links] = await Promise.all([
          this.repo.findTasks(milestone.id, stage),
          this.repo.findLinks(milestone.id),
        ]);
        const index = indexLinks(links);
        return serializeAnswerBytes(tasksResponseSchema, { data: tasks.map((task) => toTask(task, index, today)) });
      },
    );
  }

  /** A task with its subtasks and both directions of its links, named. */
  async get(principal: Principal, taskId: string): Promise<TaskDetail> {
    await this.gate.requireReadableTask(principal, taskId);
    return this.detail(taskId);
  }

  /** A new task goes to the end of its stage. */
  async create(principal: Principal, milestoneId: string, body: CreateTaskBody): Promise<TaskDetail> {
    const milestone = await this.gate.requireManageable(principal, milestoneId);
    await this.requireAssignable(principal, milestone, body.assigneeId);
    const taskId = await this.gate.change(principal, milestone, async (writer) => {
      if ((await writer.countTasks()) >= milestoneLimits.tasksPerMilestone) {
        throw new AppError('CONFLICT', `A milestone holds at most ${milestoneLimits.tasksPerMilestone} tasks.`);
      }
      const ranks = await writer.findRanks(body.stage);
      const rank = rankBetween(ranks.at(-1)?.rank ?? null, null);
      const { id, key } = await writer.insertTask({ ...body, rank });
      return {
        result: id,
        activity: { action: 'task.created', taskId: id, stage: body.stage, newValue: { key, title: body.title } },
      };
    });
    return this.detail(taskId);
  }

  /** PUT: every editable field; the log names only those that changed. */
  async update(principal: Principal, taskId: string, body: UpdateTaskBody): Promise<TaskDetail> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    await this.requireAssignable(principal, milestone, body.assigneeId);
    await this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      const { title, description, assigneeId, dueDate, estimateDays } = task;
      // The log's values are scalars: labels are logged as one comma-separated line.
      const changes = changedFields(
        { title, description, assigneeId, dueDate, estimateDays, labels: task.labels.join(', ') },
        { ...body, labels: body.labels.join(', ') },
      );
      if (!changes) return { result: undefined, activity: null };
      await writer.updateTask(taskId, body);
      return { result: undefined, activity: { action: 'task.updated', taskId, stage: task.stage, ...changes } };
    });
    return this.detail(taskId);
  }

  /**
   * PATCH stage: a drag on the board. Any move is allowed except into done while a task it waits
   * for is not done (409 naming those). The task takes a rank between its new neighbours: one row.
   */
  async move(principal: Principal, taskId: string, body: MoveTaskBody): Promise<TaskDetail> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    await this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      if (body.stage === 'done' && task.stage !== 'done') {
        const blockers = await writer.findOpenBlockers(taskId);
        if (blockers.length > 0) {
          throw new AppError(
            'CONFLICT',
            `“${task.title}” waits for ${blockers.map((blocker) => `“${blocker.title}”`).join(', ')}; finish ${blockers.length === 1 ? 'it' : 'them'} first.`,
            { blockers },
          );
        }
      }
      const rank = await this.rankFor(writer, body, taskId);
      await writer.updateTask(taskId, { stage: body.stage, rank });
      return {
        result: undefined,
        activity: {
          action: 'task.moved',
          taskId,
          stage: body.stage,
          oldValue: { stage: task.stage },
          newValue: { stage: body.stage },
        },
      };
    });
    return this.detail(taskId);
  }

  async remove(principal: Principal, taskId: string): Promise<void> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    await this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      await writer.deleteTask(taskId);
      return {
        result: undefined,
        activity: { action: 'task.deleted', taskId, stage: task.stage, oldValue: { title: task.title } },
      };
    });
  }

  async createSubtask(principal: Principal, taskId: string, title: string): Promise<Subtask> {
    const milestone = await this.gate.requireManageableTask(principal, taskId);
    return this.gate.change(principal, milestone, async (writer) => {
      const task = await lockedTask(writer, taskId);
      if ((await writer.countSubtasks(taskId)) >= milestoneLimits.subtasksPerTask) {
        throw new AppError('CONFLICT', `A task holds at most ${milestoneLimits.subtasksPerTask} subtasks.`);
      }
      const subtask = await writer.insertSubtask(taskId, title);
      return {
        result: toSubtask(subtask),
        activity: { action: 'subtask.created', taskId, stage: task.stage, newValue: { subtaskId: subtask.id, title } },
      };
    });
  }

  async renameSubtask(principal: Principal, subtaskId: string, title: string): Promise<Subtask> {
    return this.changeSubtask(principal, subtaskId, async (writer, before, task) => {
      const subtask = await writer.updateSubtask(subtaskId, { title });
      return {
        result: toSubtask(subtask),
        activity:
          before.title === title
            ? null
            : {
                action: 'subtask.updated',
                taskId: task.id,
                stage: task.stage,
                oldValue: { subtaskId, title: before.title },
                newValue: { subtaskId, title },
              },
      };
    });
  }

  /** PATCH toggle: sets isCompleted as sent (idempotent: the same value again logs nothing). */
  async toggleSubtask(principal: Principal, subtaskId: string, isCompleted: boolean): Promise<Subtask> {
    return this.changeSubtask(principal, subtaskId, async (writer, before, task) => {
      if (before.isCompleted === isCompleted) return { result: toSubtask(before), activity: null };
      const subtask = await writer.updateSubtask(subtaskId, { isCompleted });
      return {
        result: toSubtask(subtask),
        activity: {
          action: 'subtask.toggled',
          taskId: task.id,
          stage: task.stage,
          oldValue: { subtaskId, title: before.title, isCompleted: before.isCompleted },
          newValue: { subtaskId, title: before.title, isCompleted },
        },
      };
    });
  }

  async removeSubtask(principal: Principal, subtaskId: string): Promise<void> {
    await this.changeSubtask(principal, subtaskId, async (writer, before, task) => {
      await writer.deleteSubtask(subtaskId);
      return {
        result: undefined,
        activity: {
          action: 'subtask.deleted',
          taskId: task.id,
          stage: task.stage,
          oldValue: { subtaskId, title: before.title },
        },
      };
    });
  }

  /** A subtask change, with the subtask and its task as locked; 404 for a stranger and a missing one alike. */
  private async changeSubtask<Result>(
    principal: Principal,
    subtaskId: string,
    work: (
      writer: MilestoneWriter,
      subtask: NonNullable<Awaited<ReturnType<MilestoneWriter['findSubtask']>>>,
      task: TaskRow,
    ) => Promise<{ result: Result; activity: Parameters<MilestoneWriter['record']>[0] | null }>,
  ): Promise<Result> {
    const found = await this.repo.findSubtaskById(subtaskId);
    if (!found) throw subtaskNotFound();
    await this.gate.requireManageable(principal, found.milestoneId).catch(notFoundAs(subtaskNotFound));
    return this.gate.change(principal, found.milestoneId, async (writer) => {
      const subtask = await writer.findSubtask(subtaskId);
      if (!subtask) throw subtaskNotFound();
      return work(writer, subtask, await lockedTask(writer, subtask.taskId));
    });
  }

  /** Just before `beforeTaskId` in the target stage, or at its end. */
  private async rankFor(writer: MilestoneWriter, body: MoveTaskBody, movingId: string): Promise<string> {
    const ranks = await writer.findRanks(body.stage, movingId);
    const at = body.beforeTaskId === null ? ranks.length : ranks.findIndex((task) => task.id === body.beforeTaskId);
    if (at === -1) {
      throw new AppError('VALIDATION_FAILED', 'beforeTaskId must be another task of the stage the task moves to.', {
        fields: [{ path: 'beforeTaskId', message: 'Choose a task of the target stage.' }],
      });
    }
    return rankBetween(ranks[at - 1]?.rank ?? null, ranks[at]?.rank ?? null);
  }

  /** The founder or an investor accepted on the deck now; 400 for anyone else. */
  private async requireAssignable(principal: Principal, milestone: MilestoneRow, assigneeId: string | null) {
    if (assigneeId === null || assigneeId === milestone.founderId) return;
    const accepted = await this.investors.milestoneInvestors(principal, milestone.pitchDeckId);
    if (!canBeAssigned(assigneeId, milestone, new Set(accepted.map((investor) => investor.id)))) {
      throw new AppError('VALIDATION_FAILED', 'Assign the task to yourself or to an investor of this milestone.', {
        fields: [{ path: 'assigneeId', message: 'Choose yourself or an accepted investor of the deck.' }],
      });
    }
  }

  private async detail(taskId: string): Promise<TaskDetail> {
    const task = await this.repo.findTask(taskId);
    if (!task) throw taskNotFound();
    const [links, subtasks] = await Promise.all([this.repo.findLinksOfTask(taskId), this.repo.findSubtasks(taskId)]);
    const headings = await this.repo.findTaskHeadings(farEnds(taskId, links));
    return {
      ...toTask(task, indexLinks(links), todayUtc()),
      subtasks: subtasks.map(toSubtask),
      ...toLinkedTasks(taskId, links, headings),
    };
  }
}
