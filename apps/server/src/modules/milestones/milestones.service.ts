import type { MilestoneInvestor } from '@deckvalid/contract/interests';
import {
  type ActivitiesQuery,
  type Activity,
  type CompletionBlockers,
  type CreateMilestoneBody,
  canMoveMilestone,
  type Milestone,
  type MilestoneDeleteMode,
  type MilestoneMentorsResponse,
  type MilestoneOverview,
  type MilestoneStatus,
  type MilestonesQuery,
  milestoneOverviewSchema,
  taskStages,
  type UpdateMilestoneBody,
} from '@deckvalid/contract/milestones';
import { type Page, pageMeta } from '@deckvalid/contract/pagination';
import type { EventBus } from '@/core/events';
import type { Principal } from '@/core/identity/principal';
import { AppError } from '@/lib/errors';
import { serializeAnswer } from '@/lib/serialize-answer';
import { StampedCache } from '@/lib/stamped-cache';
import { type MilestoneGate, milestoneNotFound } from './milestone-gate';
import { scheduleOpenTasks } from './milestone-graph';
import {
  changedFields,
  deliverableStatus,
  isOverdue,
  toActivity,
  todayUtc,
  toMeet,
  toMilestone,
  toProgress,
} from './milestones.dto';
import { canReadMilestone, threadAudiencesOf } from './milestones.policy';
import type {
  DeckHeading,
  MeetRow,
  MilestoneDayRange,
  MilestoneRow,
  MilestonesRepository,
  MilestoneWriter,
} from './milestones.repository';

const notYourMentor = () => new AppError('NOT_FOUND', 'This mentor is not one of yours.');

/** Task progress of one milestone a caller may read (the company page's milestone list). */
export type ReadableMilestoneProgress = {
  id: string;
  title: string;
  pitchDeckId: string;
  status: MilestoneRow['status'];
  dueDate: string;
  doneTasks: number;
  totalTasks: number;
};

/** The founder's own decks (the pitch decks module answers it): the deck, or its 404. */
export type OwnDecks = { requireOwnDeck(principal: Principal, pitchDeckId: string): Promise<DeckHeading> };

/** The accepted investors of a founder's deck (the interests module answers it). */
export type DeckInvestors = {
  milestoneInvestors(principal: Principal, pitchDeckId: string): Promise<MilestoneInvestor[]>;
};

/**
 * Files stored under a milestone (its threads' attachments): a permanent delete reads their keys
 * under its lock, before the rows go, and forgets them once the delete has committed.
 */
export type MilestoneFiles = {
  keysOf(writer: MilestoneWriter): Promise<string[]>;
  forget(keys: readonly string[]): Promise<void>;
};

/** What keeps a milestone from completing: tasks not done and deliverables not accepted, read under the lock. */
async function completionBlockers(writer: MilestoneWriter): Promise<CompletionBlockers> {
  return { openTasks: await writer.findOpenTasks(), pendingDeliverables: await writer.findPendingDeliverables() };
}

/** "2 tasks still open and 1 deliverable not accepted": the 409's message names both counts. */
function describeBlockers({ openTasks, pendingDeliverables }: CompletionBlockers): string {
  const parts = [
    openTasks.length > 0 ? `${openTasks.length} ${openTasks.length === 1 ? 'task' : 'tasks'} still open` : null,
    pendingDeliverables.length > 0
      ? `${pendingDeliverables.length} ${pendingDeliverables.length === 1 ? 'deliverable' : 'deliverables'} not accepted`
      : null,
  ];
  return parts.filter((part) => part !== null).join(' and ');
}

const requireArchived = (milestone: MilestoneRow) => {
  if (!milestone.archivedAt) throw new AppError('CONFLICT', 'This milestone is not archived.');
};
const requireLive = (milestone: MilestoneRow) => {
  if (milestone.archivedAt) throw new AppError('CONFLICT', 'This milestone is archived already.');
};

/** The overview without its next meet: the part kept per revision and day. */
const planSchema = milestoneOverviewSchema.omit({ nextMeet: true });
const nextMeetSchema = milestoneOverviewSchema.shape.nextMeet;

/** An overview as kept for one revision and day: all but its next meet, and the candidates for it. */
type KeptPlan = { plan: Buffer; meets: { endsAt: number; json: Buffer }[] };

const nextMeetPrefix = Buffer.from(',"nextMeet":');
const nullBytes = Buffer.from('null');
const closingBraces = Buffer.from('}}');

/** When a meet ends, in epoch milliseconds. */
const meetEnd = (meet: MeetRow) => meet.startsAt.getTime() + meet.durationMinutes * 60_000;

/** Overview answers kept, in bytes of JSON, across all milestones of this process. */
const keptPlanBytes = 16 * 1024 * 1024;

/** Milestones themselves: create, list, read, edit, status, archive and delete, overview and log. */
export class MilestonesService {
  /** Overviews but their next meet, with the meets that may still be next, per milestone, for one revision and day each. */
  private readonly plans = new StampedCache<KeptPlan>(
    keptPlanBytes,
    (kept) => kept.plan.byteLength + kept.meets.reduce((bytes, meet) => bytes + meet.json.byteLength, 0),
  );

  constructor(
    private readonly repo: MilestonesRepository,
    private readonly gate: MilestoneGate,
    private readonly decks: OwnDecks,
    private readonly investors: DeckInvestors,
    private readonly files: MilestoneFiles,
    private readonly events: EventBus,
  ) {}

  async create(principal: Principal, body: CreateMilestoneBody): Promise<Milestone> {
    // The ownership check reads the deck anyway: its title and company name the new milestone.
    const deck = await this.decks.requireOwnDeck(principal, body.pitchDeckId);
    const { pitchDeckId, ...fields } = body;
    const { milestone, activityId } = await this.repo.insertMilestone(principal.accountId, pitchDeckId, fields);
    this.gate.announce(principal, milestone, 'milestone.created', activityId, null);
    return toMilestone(milestone, deck);
  }

  /** Founders list their own; investors the live milestones of decks they are accepted on. */
  async list(principal: Principal, query: MilestonesQuery): Promise<Page<Milestone>> {
    if (principal.role !== 'user' && query.archived) return { data: [], meta: pageMeta(query, 0) };
    const { rows, total } = await this.listedFor(principal, query);
    const progress = await this.repo.findProgress(rows.map((row) => row.milestone.id));
    return {
      data: rows.map(({ milestone, deck }) => toMilestone(milestone, deck, progress.get(milestone.id))),
      meta: pageMeta(query, total),
    };
  }

  /** A founder's own milestones, an investor's followed ones, a mentor's shared ones. */
  private listedFor(principal: Principal, query: MilestonesQuery) {
    if (principal.role === 'investor') return this.repo.listForInvestorIncludeDeck(principal.accountId, query);
    if (principal.role === 'mentor') return this.repo.listForMentorIncludeDeck(principal.accountId, query);
    return this.repo.listForFounderIncludeDeck(principal.accountId, query);
  }

  async get(principal: Principal, milestoneId: string): Promise<Milestone> {
    return this.describe(await this.gate.requireReadable(principal, milestoneId));
  }

  async update(principal: Principal, milestoneId: string, body: UpdateMilestoneBody): Promise<Milestone> {
    const row = await this.gate.change(principal, milestoneId, async (writer) => {
      const { title, description, dueDate, amount } = writer.milestone;
      const changes = changedFields({ title, description, dueDate, amount }, body);
      if (!changes) return { result: writer.milestone, activity: null };
      return { result: await writer.updateMilestone(body), activity: { action: 'milestone.updated', ...changes } };
    });
    return this.describe(row);
  }

  /**
   * PATCH status: along `milestoneTransitions`; completing needs every task done and every
   * deliverable accepted (409 naming the rest).
   */
  async changeStatus(principal: Principal, milestoneId: string, status: MilestoneStatus): Promise<Milestone> {
    const row = await this.gate.change(
      principal,
      milestoneId,
      async (writer) => {
        const from = writer.milestone.status;
        if (!canMoveMilestone(from, status)) {
          throw new AppError('CONFLICT', `A ${from} milestone cannot become ${status}.`, { status: from });
        }
        if (status === 'completed') {
          const blockers = await completionBlockers(writer);
          if (blockers.openTasks.length > 0 || blockers.pendingDeliverables.length > 0) {
            throw new AppError(
              'CONFLICT',
              `Finish every task and have every deliverable accepted before completing the milestone: ${describeBlockers(blockers)}.`,
              blockers,
            );
          }
        }
        return {
          result: await writer.updateMilestone({ status }),
          activity: { action: 'milestone.status_changed', oldValue: { status: from }, newValue: { status } },
        };
      },
      requireLive,
    );
    return this.describe(row);
  }

  /** DELETE: `archive` hides it (restorable, logged); `permanent` removes it with everything under it, files included. */
  async remove(principal: Principal, milestoneId: string, mode: MilestoneDeleteMode): Promise<void> {
    if (mode === 'archive') {
      await this.gate.change(
        principal,
        milestoneId,
        async (writer) => ({
          result: await writer.updateMilestone({ archivedAt: new Date() }),
          activity: { action: 'milestone.archived' },
        }),
        requireLive,
      );
      return;
    }
    const { milestone, keys } = await this.gate.change(
      principal,
      milestoneId,
      async (writer) => {
        const keys = await this.files.keysOf(writer);
        await writer.deleteMilestone();
        // The log goes with the milestone: nothing to write, and the event says so (activityId null).
        return { result: { milestone: writer.milestone, keys }, activity: null };
      },
      () => undefined,
    );
    // Only once the rows are gone for good: a rolled-back delete must not lose its files.
    await this.files.forget(keys);
    this.gate.announce(principal, milestone, 'milestone.deleted', null, null);
  }

  /** Our addition: undoes an archive. */
  async restore(principal: Principal, milestoneId: string): Promise<Milestone> {
    const row = await this.gate.change(
      principal,
      milestoneId,
      async (writer) => ({
        result: await writer.updateMilestone({ archivedAt: null }),
        activity: { action: 'milestone.restored' },
      }),
      requireArchived,
    );
    return this.describe(row);
  }

  /**
   * GET overview, serialized: progress, tasks per stage, overdue tasks, the schedule of the open
   * work (critical path and slack), the pending deliverables and the next meet. It is built once
   * per revision and day (`plans`) from one read of each table. Which meet is next depends on the
   * hour, so the plan keeps the meets that have not ended, soonest first, and each call writes
   * the first of them still running or to come: a call costs the access read alone.
   */
  async overviewJson(principal: Principal, milestoneId: string): Promise<Buffer> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    const today = todayUtc();
    const kept = await this.plans.get(milestone.id, `${milestone.revision}|${today}`, () =>
      this.plan(milestone.id, today),
    );
    const now = Date.now();
    const next = kept.meets.find((meet) => meet.endsAt > now);
    return Buffer.concat([kept.plan, nextMeetPrefix, next?.json ?? nullBytes, closingBraces]);
  }

  /** `{"overview":` and the overview but its next meet, without its closing brace, as UTF-8; and the meets not ended. */
  private async plan(milestoneId: string, today: string): Promise<KeptPlan> {
    const [tasks, links, deliverables, meets] = await Promise.all([
      this.repo.findTasks(milestoneId),
      this.repo.findLinks(milestoneId),
      this.repo.findDeliverables(milestoneId),
      this.repo.findMeets(milestoneId),
    ]);
    const tasksPerStage = Object.fromEntries(
      taskStages.map((stage) => [stage, 0]),
    ) as MilestoneOverview['tasksPerStage'];
    for (const task of tasks) tasksPerStage[task.stage] += 1;
    const schedule = scheduleOpenTasks(
      tasks.map((task) => ({ id: task.id, estimateDays: task.estimateDays, isOpen: task.stage !== 'done' })),
      links,
    );
    const titles = new Map(tasks.map((task) => [task.id, task.title]));
    const plan = serializeAnswer(planSchema, {
      milestoneId,
      progress: toProgress({ totalTasks: tasks.length, doneTasks: tasksPerStage.done }),
      tasksPerStage,
      overdueTasks: tasks
        .filter((task) => isOverdue(task, today))
        .map((task) => ({ id: task.id, title: task.title, stage: task.stage, dueDate: task.dueDate as string }))
        .sort((a, b) => a.dueDate.localeCompare(b.dueDate)),
      criticalPath: { totalDays: schedule.totalDays, taskIds: schedule.criticalPath },
      schedule: schedule.tasks
        .map((task) => ({
          taskId: task.id,
          title: titles.get(task.id) ?? '',
          estimateDays: task.estimateDays,
          earliestStart: task.earliestStart,
          slackDays: task.slackDays,
        }))
        .sort((a, b) => a.earliestStart - b.earliestStart),
      pendingDeliverables: deliverables.flatMap((deliverable) => {
        const status = deliverableStatus(deliverable);
        return status === 'accepted'
          ? []
          : [{ id: deliverable.id, taskId: deliverable.taskId, title: deliverable.title, status }];
      }),
    });
    const builtAt = Date.now();
    return {
      plan: Buffer.from(`{"overview":${plan.slice(0, -1)}`),
      // Soonest first, as the repository answers them; one that has ended by now cannot be next later.
      meets: meets
        .map((meet) => ({ endsAt: meetEnd(meet), json: Buffer.from(serializeAnswer(nextMeetSchema, toMeet(meet))) }))
        .filter((meet) => meet.endsAt > builtAt),
    };
  }

  async activities(principal: Principal, milestoneId: string, query: ActivitiesQuery): Promise<Page<Activity>> {
    const milestone = await this.gate.requireReadable(principal, milestoneId);
    const { rows, total } = await this.repo.listActivities(milestone.id, query, threadAudiencesOf(principal));
    return { data: rows.map(toActivity), meta: pageMeta(query, total) };
  }

  /** GET …/mentors: the founder's mentors, each with whether this milestone is shared with them. */
  async mentors(principal: Principal, milestoneId: string): Promise<MilestoneMentorsResponse['data']> {
    const milestone = await this.gate.requireManageable(principal, milestoneId);
    const rows = await this.repo.findMentorsSharing(milestone);
    return rows.map(({ isShared, ...mentor }) => ({ mentor, isShared }));
  }

  /** PUT …/mentors/{mentorId}: the mentor reads the milestone and discusses it with the founder. */
  async share(principal: Principal, milestoneId: string, mentorId: string): Promise<void> {
    const milestone = await this.gate.requireManageable(principal, milestoneId);
    if (!(await this.repo.share(milestone, mentorId))) throw notYourMentor();
  }

  /** DELETE …/mentors/{mentorId}: the mentor's access ends at once (their open board closes). */
  async unshare(principal: Principal, milestoneId: string, mentorId: string): Promise<void> {
    const milestone = await this.gate.requireManageable(principal, milestoneId);
    if (await this.repo.unshare(milestone.id, mentorId)) {
      this.events.emit('milestone.unshared', { milestoneId: milestone.id, mentorId });
    }
  }

  /** GET /task-investors: whom the founder may assign tasks to besides themself. */
  async taskInvestors(principal: Principal, milestoneId: string): Promise<MilestoneInvestor[]> {
    const milestone = await this.gate.requireManageable(principal, milestoneId);
    return this.investors.milestoneInvestors(principal, milestone.pitchDeckId);
  }

  /**
   * Task progress of a founder's live milestones that `principal` may read, by the same rule as
   * every milestone read (`canReadMilestone`, acceptance read fresh): for an investor, only the
   * milestones of decks their interest is accepted on; for anyone else, none of another founder's.
   */
  async readableProgressOfFounder(principal: Principal, founderId: string): Promise<ReadableMilestoneProgress[]> {
    const rows = await this.repo.findLiveByFounderIdForCaller(founderId, principal.accountId);
    const readable = rows.filter((row) => canReadMilestone(principal, row));
    const progress = await this.repo.findProgress(readable.map((row) => row.id));
    return readable.map((row) => ({
      id: row.id,
      title: row.title,
      pitchDeckId: row.pitchDeckId,
      status: row.status,
      dueDate: row.dueDate,
      doneTasks: progress.get(row.id)?.doneTasks ?? 0,
      totalTasks: progress.get(row.id)?.totalTasks ?? 0,
    }));
  }

  /**
   * Tasks whose title or key holds every one of `words`, among the milestones `principal` may
   * read: the same scopes as `list` (a founder's own live milestones, an investor's of decks their
   * interest is accepted on, acceptance read fresh); mentors and others read none here.
   */
  async findReadableTasks(principal: Principal, words: readonly string[], limit: number) {
    if (principal.role !== 'user' && principal.role !== 'investor') return [];
    return this.repo.findTasksMatchingForCaller(
      { accountId: principal.accountId, isInvestor: principal.role === 'investor' },
      words,
      limit,
    );
  }

  // The two reads below check no principal: the trends service passes the founder it serves.

  /** Tasks reaching done per UTC day on a founder's milestones (or one deck's). */
  dailyDoneTasksOfFounder(range: MilestoneDayRange): Promise<{ date: string; done: number }[]> {
    return this.repo.findDailyDoneTasksByFounderId(range);
  }

  /** Tasks reaching done per deck of a founder, in the range and in the period before it. */
  doneTaskTotalsOfFounder(range: MilestoneDayRange & { previousFrom: string }) {
    return this.repo.findDoneTaskTotalsByDeck(range);
  }

  /**
   * One milestone's answer. Its row comes from the access read or the change's lock, both left as
   * they are (prepared, or inside the transaction), so the deck is read with the progress, in the
   * one query the progress took alone.
   */
  private async describe(row: MilestoneRow | undefined): Promise<Milestone> {
    if (!row) throw milestoneNotFound();
    const extra = await this.repo.findProgressIncludeDeck(row);
    // The deck went (and the milestone with it) since the row was read.
    if (!extra) throw milestoneNotFound();
    return toMilestone(row, extra.deck, extra.progress);
  }
}
