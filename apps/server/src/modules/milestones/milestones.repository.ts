import type { Role } from '@deckvalid/contract/auth';
import type {
  ActivitiesQuery,
  ActivityAction,
  ActivityValues,
  ApprovalDecision,
  MilestoneStatus,
  MilestonesQuery,
  TaskStage,
  ThreadAudience,
} from '@deckvalid/contract/milestones';
import { formatTaskKey, taskKeyPrefixBase, taskKeyPrefixCandidates } from '@deckvalid/contract/milestones';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNotNull,
  isNull,
  or,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '@/db/client';
import { qualified } from '@/db/qualified';
import { rowsOf } from '@/db/rows';
import { endOfUtcDay, startOfUtcDay } from '@/db/utc-days';
import { isForeignKeyViolation } from '@/db/violations';
import { newId } from '@/lib/ids';
import { accounts } from '@/modules/accounts/accounts.schema';
import { interests } from '@/modules/interests/interests.schema';
import { mentorships } from '@/modules/mentors/mentors.schema';
import { pitchDecks } from '@/modules/pitchdecks/pitchdecks.schema';
import {
  milestoneActivities,
  milestoneDeliverables,
  milestoneMeetAttendees,
  milestoneMeets,
  milestoneMentors,
  milestoneSubtasks,
  milestones,
  milestoneTaskApprovals,
  milestoneTaskPrefixes,
  milestoneTaskReminders,
  milestoneTasks,
  taskDependencies,
} from './milestones.schema';
import { milestoneMessageAttachments, milestoneThreads } from './threads.schema';

export type MilestoneRow = typeof milestones.$inferSelect;

/** The deck a milestone belongs to, as its answer names it. */
export type DeckHeading = { id: string; title: string; company: string };

/** A milestone as a list shows it: its row and its deck, named. */
export type MilestoneIncludeDeck = { milestone: MilestoneRow; deck: DeckHeading };

/** A milestone with the facts about the caller its policy needs. */
export type MilestoneForCaller = MilestoneRow & { isCallerAcceptedInvestor: boolean; isCallerSharedMentor: boolean };

export type TaskRow = typeof milestoneTasks.$inferSelect & {
  assigneeName: string | null;
  assigneeRole: Role | null;
  subtaskCount: number;
  completedSubtaskCount: number;
};
export type SubtaskRow = typeof milestoneSubtasks.$inferSelect;
export type DependencyRow = typeof taskDependencies.$inferSelect;
/** A link as the graph needs it: its id and its two ends. */
export type LinkEnds = Pick<DependencyRow, 'id' | 'taskId' | 'blockedByTaskId'>;
/** What a task's links and log lines name of it. */
export type TaskHeading = { title: string; stage: TaskStage };
export type ActivityRow = typeof milestoneActivities.$inferSelect & {
  actorName: string | null;
  actorRole: Role | null;
  /** What the line is about, named as it is now (or as its deletion logged it): the feed's object. */
  taskTitle: string | null;
  deliverableTitle: string | null;
  threadTitle: string | null;
};
export type Progress = { totalTasks: number; doneTasks: number };
export type DeliverableRow = typeof milestoneDeliverables.$inferSelect & {
  acceptedByName: string | null;
  acceptedByRole: Role | null;
  changesRequestedByName: string | null;
  changesRequestedByRole: Role | null;
};
/** A deliverable's submitted file: the upload's key, the name readers see, and what storage checked. */
export type DeliverableFile = { key: string; name: string; contentType: string; size: number };
export type ApprovalRow = typeof milestoneTaskApprovals.$inferSelect & {
  investorName: string | null;
  investorRole: Role | null;
};
/** A member of a milestone (its founder, an accepted investor of its deck), as meets invite them. */
export type MemberRow = { id: string; name: string; email: string; role: Role };
/** A meet with its attendees in the order they were chosen. */
export type MeetRow = typeof milestoneMeets.$inferSelect & { attendees: MemberRow[] };
export type MeetFields = {
  title: string;
  agenda: string;
  startsAt: Date;
  durationMinutes: number;
  timeZone: string;
  videoUrl: string | null;
};

/** One line of the log, as a change records it. */
export type ActivityInput = {
  action: ActivityAction;
  /** Who reads the line besides the founder (`members` unless it happened in a thread with the mentors). */
  audience?: ThreadAudience;
  taskId?: string | null;
  stage?: TaskStage | null;
  oldValue?: ActivityValues | null;
  newValue?: ActivityValues | null;
};

/** A due-date reminder claimed by the reminder job, with what its news names. */
export type DueReminderRow = {
  kind: 'due_soon' | 'overdue';
  dueDate: string;
  taskId: string;
  taskKey: string;
  taskTitle: string;
  assigneeId: string | null;
  milestoneId: string;
  milestoneTitle: string;
  pitchDeckId: string;
  founderId: string;
  assigneeIsMember: boolean;
};

export type TaskFields = {
  title: string;
  description: string;
  assigneeId: string | null;
  dueDate: string | null;
  estimateDays: number | null;
  labels: string[];
};
export type MilestoneFields = { title: string; description: string; dueDate: string; amount: number | null };

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Transaction;

// Milestones read four other modules' tables inside their own queries (reads only; those
// modules stay the writers): whether the caller's interest in the deck is accepted, asked with
// every milestone read so access is decided fresh in the same query (a mentor's share needs no
// such read: it is deleted with the mentorship it hangs on); the founder's mentorships, which the
// founder's sharing screen lists; the names of assignees and
// actors, which every board and feed row shows; and the title and company of the milestone's
// deck, which every milestone answer names (a lookup through the decks module would cost a query
// per milestone, or a page of 100 decks per screen).
const deckHeading = { id: pitchDecks.id, title: pitchDecks.title, company: pitchDecks.company };

const callerIsAccepted = (callerId: string | Placeholder) =>
  sql<boolean>`exists (select 1 from ${interests} where ${qualified(interests.pitchDeckId)} = ${qualified(milestones.pitchDeckId)} and ${qualified(interests.investorId)} = ${callerId} and ${qualified(interests.status)} = 'accepted')`;

/** The live milestones an investor may read: those of decks their interest is accepted on. */
const liveForInvestor = (investorId: string) => and(isNull(milestones.archivedAt), callerIsAccepted(investorId));

const callerIsSharedMentor = (callerId: string | Placeholder) =>
  sql<boolean>`exists (select 1 from ${milestoneMentors} where ${qualified(milestoneMentors.milestoneId)} = ${qualified(milestones.id)} and ${qualified(milestoneMentors.mentorId)} = ${callerId})`;

/** The live milestones a mentor may read: those their founders share with them. */
const liveForMentor = (mentorId: string) => and(isNull(milestones.archivedAt), callerIsSharedMentor(mentorId));

/** The caller's facts every access read selects beside the milestone. */
const callerFacts = (callerId: string | Placeholder) => ({
  isCallerAcceptedInvestor: callerIsAccepted(callerId),
  isCallerSharedMentor: callerIsSharedMentor(callerId),
});

/** A range of UTC days, both ends included (`YYYY-MM-DD`), over one founder's decks or one of them. */
export type MilestoneDayRange = { founderId: string; from: string; to: string; pitchDeckId?: string };

/** Log lines of tasks reaching done in a range of UTC days, with their milestone's deck (trends). */
const doneTaskEvents = (founderId: string, firstDay: string, lastDay: string, pitchDeckId: string | undefined) => sql`
  select ${milestones.pitchDeckId} as pitch_deck_id, ${milestoneActivities.createdAt} as at
  from ${milestones}
  inner join ${milestoneActivities} on ${milestoneActivities.milestoneId} = ${milestones.id}
    and ${milestoneActivities.stage} = 'done'
  where ${milestones.founderId} = ${founderId}
    ${pitchDeckId === undefined ? sql`` : sql`and ${milestones.pitchDeckId} = ${pitchDeckId}`}
    and ${milestoneActivities.createdAt} >= ${startOfUtcDay(firstDay)}
    and ${milestoneActivities.createdAt} < ${endOfUtcDay(lastDay)}
    and (${milestoneActivities.action} = 'task.created'
      or (${milestoneActivities.action} = 'task.moved' and ${milestoneActivities.oldValue} ->> 'stage' is distinct from 'done'))`;

/** The attendees of the given meets, each meet's in the order they were chosen. */
async function attendeesOf(db: Executor, meetIds: string[]): Promise<Map<string, MemberRow[]>> {
  const byMeet = new Map<string, MemberRow[]>();
  if (meetIds.length === 0) return byMeet;
  const rows = await db
    .select({
      meetId: milestoneMeetAttendees.meetId,
      id: accounts.id,
      name: accounts.name,
      email: accounts.email,
      role: accounts.role,
    })
    .from(milestoneMeetAttendees)
    .innerJoin(accounts, eq(accounts.id, milestoneMeetAttendees.accountId))
    .where(inArray(milestoneMeetAttendees.meetId, meetIds))
    .orderBy(asc(milestoneMeetAttendees.meetId), asc(milestoneMeetAttendees.position));
  for (const { meetId, ...member } of rows) byMeet.set(meetId, [...(byMeet.get(meetId) ?? []), member]);
  return byMeet;
}

/** Meet rows with their attendees, in one more query for all of them. */
async function withAttendees(db: Executor, rows: (typeof milestoneMeets.$inferSelect)[]): Promise<MeetRow[]> {
  const attendees = await attendeesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...row, attendees: attendees.get(row.id) ?? [] }));
}

/**
 * A milestone's members: its founder first, then the deck's accepted investors by name. Read
 * fresh, like access: an investor who withdrew is no longer one.
 */
async function selectMembers(db: Executor, milestone: Pick<MilestoneRow, 'founderId' | 'pitchDeckId'>) {
  const acceptedInvestorIds = db
    .select({ id: interests.investorId })
    .from(interests)
    .where(and(eq(interests.pitchDeckId, milestone.pitchDeckId), eq(interests.status, 'accepted')));
  return db
    .select({ id: accounts.id, name: accounts.name, email: accounts.email, role: accounts.role })
    .from(accounts)
    .where(or(eq(accounts.id, milestone.founderId), inArray(accounts.id, acceptedInvestorIds)))
    .orderBy(sql`${accounts.id} = ${milestone.founderId} desc`, asc(accounts.name), asc(accounts.id));
}

/** Subtasks counted per task, for the tasks `where` selects only (not the whole table). */
const subtaskCounts = (db: Executor, where: SQL | undefined) =>
  db
    .select({
      taskId: milestoneSubtasks.taskId,
      total: sql<number>`count(*)::int`.as('total'),
      completed: sql<number>`count(*) filter (where ${milestoneSubtasks.isCompleted})::int`.as('completed'),
    })
    .from(milestoneSubtasks)
    .where(inArray(milestoneSubtasks.taskId, db.select({ id: milestoneTasks.id }).from(milestoneTasks).where(where)))
    .groupBy(milestoneSubtasks.taskId)
    .as('subtask_counts');

/** Tasks with their assignee named and subtasks counted, in board order. */
function selectTasks(db: Executor, where: SQL | undefined) {
  const counts = subtaskCounts(db, where);
  return db
    .select({
      task: milestoneTasks,
      assigneeName: accounts.name,
      assigneeRole: accounts.role,
      subtaskCount: sql<number>`coalesce(${counts.total}, 0)`.mapWith(Number),
      completedSubtaskCount: sql<number>`coalesce(${counts.completed}, 0)`.mapWith(Number),
    })
    .from(milestoneTasks)
    .leftJoin(accounts, eq(accounts.id, milestoneTasks.assigneeId))
    .leftJoin(counts, eq(counts.taskId, milestoneTasks.id))
    .where(where)
    .orderBy(
      sql`array_position(array['backlog','todo','in_progress','review','done'], ${milestoneTasks.stage})`,
      sql`${milestoneTasks.rank} collate "C"`,
      asc(milestoneTasks.id),
    );
}

const toTaskRow = (row: Awaited<ReturnType<typeof selectTasks>>[number]): TaskRow => ({
  ...row.task,
  assigneeName: row.assigneeName,
  assigneeRole: row.assigneeRole,
  subtaskCount: row.subtaskCount,
  completedSubtaskCount: row.completedSubtaskCount,
});

/** Deliverables with the name of whoever accepted them, oldest first. */
const changesRequester = alias(accounts, 'changes_requester');

async function selectDeliverables(db: Executor, where: SQL | undefined): Promise<DeliverableRow[]> {
  const rows = await db
    .select({
      deliverable: milestoneDeliverables,
      acceptedByName: accounts.name,
      acceptedByRole: accounts.role,
      changesRequestedByName: changesRequester.name,
      changesRequestedByRole: changesRequester.role,
    })
    .from(milestoneDeliverables)
    .leftJoin(accounts, eq(accounts.id, milestoneDeliverables.acceptedById))
    .leftJoin(changesRequester, eq(changesRequester.id, milestoneDeliverables.changesRequestedById))
    .where(where)
    .orderBy(asc(milestoneDeliverables.createdAt), asc(milestoneDeliverables.id));
  return rows.map((row) => ({
    ...row.deliverable,
    acceptedByName: row.acceptedByName,
    acceptedByRole: row.acceptedByRole,
    changesRequestedByName: row.changesRequestedByName,
    changesRequestedByRole: row.changesRequestedByRole,
  }));
}

/** Approvals with their investor named, oldest first. */
async function selectApprovals(db: Executor, where: SQL | undefined): Promise<ApprovalRow[]> {
  const rows = await db
    .select({ approval: milestoneTaskApprovals, investorName: accounts.name, investorRole: accounts.role })
    .from(milestoneTaskApprovals)
    .leftJoin(accounts, eq(accounts.id, milestoneTaskApprovals.investorId))
    .where(where)
    .orderBy(asc(milestoneTaskApprovals.createdAt), asc(milestoneTaskApprovals.id));
  return rows.map((row) => ({ ...row.approval, investorName: row.investorName, investorRole: row.investorRole }));
}

/**
 * The names and roles of the milestone's assignees as one JSON text (ordered by id): kept board
 * answers show them and are built for one such stamp, since a rename raises no revision.
 */
const assigneeStamp = sql<string>`(select coalesce(json_agg(json_build_array(${qualified(accounts.id)}, ${qualified(accounts.name)}, ${qualified(accounts.role)}) order by ${qualified(accounts.id)}), '[]')::text
  from ${accounts} where ${qualified(accounts.id)} in (
    select ${qualified(milestoneTasks.assigneeId)} from ${milestoneTasks} where ${qualified(milestoneTasks.milestoneId)} = ${qualified(milestones.id)}))`;

/**
 * The access reads, prepared once per repository: every milestone call starts with one of them,
 * and under load building the query cost as much as running it.
 */
function prepareAccessReads(db: Database) {
  const callerId = sql.placeholder('callerId');
  const forCaller = { milestone: milestones, ...callerFacts(callerId) };
  return {
    byId: db
      .select(forCaller)
      .from(milestones)
      .where(eq(milestones.id, sql.placeholder('id')))
      .prepare('milestone_by_id_for_caller'),
    byIdWithAssignees: db
      .select({ ...forCaller, assigneeStamp })
      .from(milestones)
      .where(eq(milestones.id, sql.placeholder('id')))
      .prepare('milestone_by_id_for_caller_with_assignees'),
    byTaskId: db
      .select(forCaller)
      .from(milestoneTasks)
      .innerJoin(milestones, eq(milestones.id, milestoneTasks.milestoneId))
      .where(eq(milestoneTasks.id, sql.placeholder('taskId')))
      .prepare('milestone_by_task_id_for_caller'),
  };
}

const toMilestoneForCaller = (
  row: { milestone: MilestoneRow } & Pick<MilestoneForCaller, 'isCallerAcceptedInvestor' | 'isCallerSharedMentor'>,
): MilestoneForCaller => ({
  ...row.milestone,
  isCallerAcceptedInvestor: row.isCallerAcceptedInvestor,
  isCallerSharedMentor: row.isCallerSharedMentor,
});

/**
 * Milestones, their tasks, subtasks, links and log: the only reader and writer of the milestone
 * tables. Every change runs through `write`, which holds the milestone's row lock.
 */
export class MilestonesRepository {
  private readonly accessReads: ReturnType<typeof prepareAccessReads>;

  constructor(private readonly db: Database) {
    this.accessReads = prepareAccessReads(db);
  }

  /**
   * The milestone with the caller's acceptance: the access read of every call, so it is prepared
   * once (named on PostgreSQL, so each connection parses and plans it once) rather than built per
   * request.
   */
  async findByIdForCaller(id: string, callerId: string): Promise<MilestoneForCaller | undefined> {
    const [row] = await this.accessReads.byId.execute({ id, callerId });
    return row && toMilestoneForCaller(row);
  }

  /**
   * `findByIdForCaller` with the assignees' names stamped in the same read (see
   * `assigneeStamp`): the board's access check and the stamp of its kept answer in one query.
   */
  async findByIdForCallerIncludeAssigneeStamp(
    id: string,
    callerId: string,
  ): Promise<(MilestoneForCaller & { assigneeStamp: string }) | undefined> {
    const [row] = await this.accessReads.byIdWithAssignees.execute({ id, callerId });
    return row && { ...toMilestoneForCaller(row), assigneeStamp: row.assigneeStamp };
  }

  /** The milestone of a task, for the caller, in one read: the access check of task-level calls. */
  async findByTaskIdForCaller(taskId: string, callerId: string): Promise<MilestoneForCaller | undefined> {
    const [row] = await this.accessReads.byTaskId.execute({ taskId, callerId });
    return row && toMilestoneForCaller(row);
  }

  async findSubtaskById(subtaskId: string): Promise<(SubtaskRow & { milestoneId: string }) | undefined> {
    const [row] = await this.db
      .select({ subtask: milestoneSubtasks, milestoneId: milestoneTasks.milestoneId })
      .from(milestoneSubtasks)
      .innerJoin(milestoneTasks, eq(milestoneTasks.id, milestoneSubtasks.taskId))
      .where(eq(milestoneSubtasks.id, subtaskId));
    return row && { ...row.subtask, milestoneId: row.milestoneId };
  }

  async findDependencyById(dependencyId: string): Promise<DependencyRow | undefined> {
    const [row] = await this.db.select().from(taskDependencies).where(eq(taskDependencies.id, dependencyId));
    return row;
  }

  /** A deliverable's milestone id, whoever asks; the service checks the milestone itself. */
  async findMilestoneIdOfDeliverable(deliverableId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ milestoneId: milestoneDeliverables.milestoneId })
      .from(milestoneDeliverables)
      .where(eq(milestoneDeliverables.id, deliverableId));
    return row?.milestoneId;
  }

  async findDeliverable(deliverableId: string): Promise<DeliverableRow | undefined> {
    const [row] = await selectDeliverables(this.db, eq(milestoneDeliverables.id, deliverableId));
    return row;
  }

  async findDeliverablesOfTask(taskId: string): Promise<DeliverableRow[]> {
    return selectDeliverables(this.db, eq(milestoneDeliverables.taskId, taskId));
  }

  async findDeliverables(milestoneId: string): Promise<DeliverableRow[]> {
    return selectDeliverables(this.db, eq(milestoneDeliverables.milestoneId, milestoneId));
  }

  async findApprovals(taskId: string): Promise<ApprovalRow[]> {
    return selectApprovals(this.db, eq(milestoneTaskApprovals.taskId, taskId));
  }

  async findApproval(approvalId: string): Promise<ApprovalRow | undefined> {
    const [row] = await selectApprovals(this.db, eq(milestoneTaskApprovals.id, approvalId));
    return row;
  }

  /** A meet, tombstones included (a cancelled one still answers its .ics), with its attendees. */
  async findMeet(meetId: string): Promise<MeetRow | undefined> {
    const rows = await this.db.select().from(milestoneMeets).where(eq(milestoneMeets.id, meetId));
    const [row] = await withAttendees(this.db, rows);
    return row;
  }

  /** The meets still on, soonest first, with their attendees. */
  async findMeets(milestoneId: string): Promise<MeetRow[]> {
    const rows = await this.db
      .select()
      .from(milestoneMeets)
      .where(and(eq(milestoneMeets.milestoneId, milestoneId), isNull(milestoneMeets.cancelledAt)))
      .orderBy(asc(milestoneMeets.startsAt), asc(milestoneMeets.id));
    return withAttendees(this.db, rows);
  }

  /** The milestone's members (founder first, then its deck's accepted investors), with their addresses. */
  async findMembers(milestone: Pick<MilestoneRow, 'founderId' | 'pitchDeckId'>): Promise<MemberRow[]> {
    return selectMembers(this.db, milestone);
  }

  /** One line of the log, as written (the meet invitations read what a change did from it). */
  async findActivityById(activityId: string) {
    const [row] = await this.db.select().from(milestoneActivities).where(eq(milestoneActivities.id, activityId));
    return row;
  }

  /** A founder's milestones (live ones, or only archived ones), soonest due first, each with its deck. */
  async listForFounderIncludeDeck(founderId: string, query: MilestonesQuery) {
    return this.page(
      and(
        eq(milestones.founderId, founderId),
        query.archived ? isNotNull(milestones.archivedAt) : isNull(milestones.archivedAt),
      ),
      query,
    );
  }

  /** The live milestones the founders a mentor helps share with them, each with its deck. */
  async listForMentorIncludeDeck(mentorId: string, query: MilestonesQuery) {
    return this.page(liveForMentor(mentorId), query);
  }

  /**
   * The founder's mentors, each with whether this milestone is shared with them, in the order the
   * mentorships began.
   */
  async findMentorsSharing(
    milestone: Pick<MilestoneRow, 'id' | 'founderId'>,
  ): Promise<{ id: string; name: string; email: string; isShared: boolean }[]> {
    return this.db
      .select({
        id: accounts.id,
        name: accounts.name,
        email: accounts.email,
        isShared: sql<boolean>`${qualified(milestoneMentors.mentorId)} is not null`,
      })
      .from(mentorships)
      .innerJoin(accounts, eq(accounts.id, mentorships.mentorId))
      .leftJoin(
        milestoneMentors,
        and(eq(milestoneMentors.milestoneId, milestone.id), eq(milestoneMentors.mentorId, mentorships.mentorId)),
      )
      .where(eq(mentorships.founderId, milestone.founderId))
      .orderBy(asc(mentorships.createdAt), asc(mentorships.mentorId));
  }

  /**
   * Shares the milestone with the founder's mentor; false when they are not (or no longer) the
   * founder's mentor (the mentorship key refuses the row). Sharing twice changes nothing.
   */
  async share(milestone: Pick<MilestoneRow, 'id' | 'founderId'>, mentorId: string): Promise<boolean> {
    const [mentorship] = await this.db
      .select({ mentorId: mentorships.mentorId })
      .from(mentorships)
      .where(and(eq(mentorships.founderId, milestone.founderId), eq(mentorships.mentorId, mentorId)));
    if (!mentorship) return false;
    try {
      await this.db
        .insert(milestoneMentors)
        .values({ milestoneId: milestone.id, founderId: milestone.founderId, mentorId })
        .onConflictDoNothing();
      return true;
    } catch (error) {
      // The mentorship ended between the read and the insert: its key refuses the share.
      if (isForeignKeyViolation(error)) return false;
      throw error;
    }
  }

  /** Stops sharing the milestone with a mentor; answers whether it was shared. */
  async unshare(milestoneId: string, mentorId: string): Promise<boolean> {
    const deleted = await this.db
      .delete(milestoneMentors)
      .where(and(eq(milestoneMentors.milestoneId, milestoneId), eq(milestoneMentors.mentorId, mentorId)))
      .returning({ mentorId: milestoneMentors.mentorId });
    return deleted.length > 0;
  }

  /** The live milestones of every deck the investor's interest is accepted on, each with its deck. */
  async listForInvestorIncludeDeck(investorId: string, query: MilestonesQuery) {
    return this.page(liveForInvestor(investorId), query);
  }

  /**
   * Tasks of the live milestones listed for this caller (the lists' scopes above: a founder's own,
   * an investor's accepted decks') whose title or key holds every word, newest first, each with
   * its milestone's title: what the command palette finds.
   */
  async findTasksMatchingForCaller(
    caller: { accountId: string; isInvestor: boolean },
    words: readonly string[],
    limit: number,
  ): Promise<{ id: string; key: string; title: string; milestoneId: string; milestoneTitle: string }[]> {
    const scope = caller.isInvestor
      ? liveForInvestor(caller.accountId)
      : and(eq(milestones.founderId, caller.accountId), isNull(milestones.archivedAt));
    // Words are letters and digits only (queryWordsOf), so none carries a LIKE wildcard.
    const holdsWords = words.map(
      (word) => sql`(${milestoneTasks.title} || ' ' || ${milestoneTasks.key}) ilike ${`%${word}%`}`,
    );
    return this.db
      .select({
        id: milestoneTasks.id,
        key: milestoneTasks.key,
        title: milestoneTasks.title,
        milestoneId: milestones.id,
        milestoneTitle: milestones.title,
      })
      .from(milestoneTasks)
      .innerJoin(milestones, eq(milestones.id, milestoneTasks.milestoneId))
      .where(and(scope, ...holdsWords))
      .orderBy(desc(milestoneTasks.createdAt), asc(milestoneTasks.id))
      .limit(limit);
  }

  private async page(
    scope: SQL | undefined,
    query: MilestonesQuery,
  ): Promise<{ rows: MilestoneIncludeDeck[]; total: number }> {
    const filters = [scope];
    if (query.status) filters.push(eq(milestones.status, query.status));
    if (query.pitchDeckId) filters.push(eq(milestones.pitchDeckId, query.pitchDeckId));
    const rows = await this.db
      .select({ milestone: milestones, deck: deckHeading, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(milestones)
      // Every milestone has its deck (a deck's delete takes its milestones), so the join drops none.
      .innerJoin(pitchDecks, eq(pitchDecks.id, milestones.pitchDeckId))
      .where(and(...filters))
      .orderBy(asc(milestones.dueDate), asc(milestones.createdAt), asc(milestones.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const [count] = await this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(milestones)
        .where(and(...filters));
      total = count?.total ?? 0;
    }
    return { rows: rows.map(({ milestone, deck }) => ({ milestone, deck })), total };
  }

  /** Tasks done and in all, per milestone. */
  async findProgress(milestoneIds: string[]): Promise<Map<string, Progress>> {
    if (milestoneIds.length === 0) return new Map();
    const rows = await this.db
      .select({
        milestoneId: milestoneTasks.milestoneId,
        totalTasks: sql<number>`count(*)::int`,
        doneTasks: sql<number>`count(*) filter (where ${milestoneTasks.stage} = 'done')::int`,
      })
      .from(milestoneTasks)
      .where(inArray(milestoneTasks.milestoneId, milestoneIds))
      .groupBy(milestoneTasks.milestoneId);
    return new Map(rows.map(({ milestoneId, ...progress }) => [milestoneId, progress]));
  }

  /**
   * A milestone's deck, named, with its tasks done and in all: what a single milestone's answer
   * adds to its row, in one query (the read its progress alone took before). Undefined when the
   * deck is gone, and with it the milestone.
   */
  async findProgressIncludeDeck(
    milestone: Pick<MilestoneRow, 'id' | 'pitchDeckId'>,
  ): Promise<{ deck: DeckHeading; progress: Progress } | undefined> {
    const [row] = await this.db
      .select({
        deck: deckHeading,
        // Two tables, so Drizzle names each column's table here; no correlated subquery either.
        totalTasks: sql<number>`count(${milestoneTasks.id})::int`,
        doneTasks: sql<number>`count(*) filter (where ${milestoneTasks.stage} = 'done')::int`,
      })
      .from(pitchDecks)
      .leftJoin(milestoneTasks, eq(milestoneTasks.milestoneId, milestone.id))
      .where(eq(pitchDecks.id, milestone.pitchDeckId))
      .groupBy(pitchDecks.id);
    return row && { deck: row.deck, progress: { totalTasks: row.totalTasks, doneTasks: row.doneTasks } };
  }

  async findTasks(milestoneId: string, stage?: TaskStage): Promise<TaskRow[]> {
    const rows = await selectTasks(
      this.db,
      and(eq(milestoneTasks.milestoneId, milestoneId), stage ? eq(milestoneTasks.stage, stage) : undefined),
    );
    return rows.map(toTaskRow);
  }

  async findTask(taskId: string): Promise<TaskRow | undefined> {
    const [row] = await selectTasks(this.db, eq(milestoneTasks.id, taskId));
    return row && toTaskRow(row);
  }

  /** The title and stage of each of these tasks: what a task's links name of their far ends. */
  async findTaskHeadings(taskIds: string[]): Promise<Map<string, { title: string; stage: TaskStage }>> {
    if (taskIds.length === 0) return new Map();
    const rows = await this.db
      .select({ id: milestoneTasks.id, title: milestoneTasks.title, stage: milestoneTasks.stage })
      .from(milestoneTasks)
      .where(inArray(milestoneTasks.id, taskIds));
    return new Map(rows.map(({ id, ...heading }) => [id, heading]));
  }

  async findLinks(milestoneId: string): Promise<DependencyRow[]> {
    return this.db
      .select()
      .from(taskDependencies)
      .where(eq(taskDependencies.milestoneId, milestoneId))
      .orderBy(asc(taskDependencies.createdAt), asc(taskDependencies.id));
  }

  /** One task's links in both directions. */
  async findLinksOfTask(taskId: string): Promise<DependencyRow[]> {
    return this.db
      .select()
      .from(taskDependencies)
      .where(or(eq(taskDependencies.taskId, taskId), eq(taskDependencies.blockedByTaskId, taskId)))
      .orderBy(asc(taskDependencies.createdAt), asc(taskDependencies.id));
  }

  async findSubtasks(taskId: string): Promise<SubtaskRow[]> {
    return this.db
      .select()
      .from(milestoneSubtasks)
      .where(eq(milestoneSubtasks.taskId, taskId))
      .orderBy(asc(milestoneSubtasks.createdAt), asc(milestoneSubtasks.id));
  }

  /** The log, newest first, optionally of one stage or one task. */
  async listActivities(
    milestoneId: string,
    query: ActivitiesQuery,
    audiences: readonly ThreadAudience[],
  ): Promise<{ rows: ActivityRow[]; total: number }> {
    const where = and(
      eq(milestoneActivities.milestoneId, milestoneId),
      inArray(milestoneActivities.audience, [...audiences]),
      query.stage ? eq(milestoneActivities.stage, query.stage) : undefined,
      query.taskId ? eq(milestoneActivities.taskId, query.taskId) : undefined,
    );
    // The objects a line names are read as they are now, so a renamed task reads under its new
    // name; a deleted task is named by its deletion's line (the log keeps it), a deleted thread or
    // deliverable by the line's own values (the feed reads those).
    const loggedId = (key: string) =>
      sql`coalesce(${qualified(milestoneActivities.newValue)}->>${key}, ${qualified(milestoneActivities.oldValue)}->>${key})`;
    const rows = await this.db
      .select({
        activity: milestoneActivities,
        actorName: accounts.name,
        actorRole: accounts.role,
        taskTitle: sql<string | null>`coalesce(${qualified(milestoneTasks.title)}, (
          select gone.old_value->>'title' from milestone_activities gone
          where gone.task_id = ${qualified(milestoneActivities.taskId)} and gone.action = 'task.deleted'
          limit 1))`,
        deliverableTitle: qualified(milestoneDeliverables.title).mapWith(String),
        threadTitle: qualified(milestoneThreads.title).mapWith(String),
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(milestoneActivities)
      .leftJoin(accounts, eq(accounts.id, milestoneActivities.actorId))
      .leftJoin(milestoneTasks, eq(milestoneTasks.id, milestoneActivities.taskId))
      .leftJoin(milestoneDeliverables, sql`${qualified(milestoneDeliverables.id)} = ${loggedId('deliverableId')}`)
      .leftJoin(milestoneThreads, sql`${qualified(milestoneThreads.id)} = ${loggedId('threadId')}`)
      .where(where)
      .orderBy(desc(milestoneActivities.createdAt), desc(milestoneActivities.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit);
    let total = rows[0]?.total ?? 0;
    if (rows.length === 0 && query.page > 1) {
      const [count] = await this.db
        .select({ total: sql<number>`count(*)::int` })
        .from(milestoneActivities)
        .where(where);
      total = count?.total ?? 0;
    }
    return {
      rows: rows.map((row) => ({
        ...row.activity,
        actorName: row.actorName,
        actorRole: row.actorRole,
        taskTitle: row.taskTitle,
        deliverableTitle: row.deliverableTitle,
        threadTitle: row.threadTitle,
      })),
      total,
    };
  }

  /**
   * A founder's live (not archived) milestones, each with whether `callerId`'s interest in its
   * deck is accepted: the rows the access rule is applied to (`milestones_founder_idx`).
   */
  async findLiveByFounderIdForCaller(founderId: string, callerId: string): Promise<MilestoneForCaller[]> {
    const rows = await this.db
      .select({ milestone: milestones, ...callerFacts(callerId) })
      .from(milestones)
      .where(and(eq(milestones.founderId, founderId), isNull(milestones.archivedAt)))
      .orderBy(asc(milestones.dueDate), asc(milestones.createdAt), asc(milestones.id));
    return rows.map(toMilestoneForCaller);
  }

  /**
   * Tasks that reached done, per UTC day of `from` to `to` (days without any included), on the
   * milestones of the founder's decks or of the one named, archived ones too: a task created in
   * done or moved into it from another stage, read from the activity log
   * (`milestone_activities_stage_idx`: milestone, stage, time). A task moved out and back counts twice.
   */
  async findDailyDoneTasksByFounderId({
    founderId,
    from,
    to,
    pitchDeckId,
  }: MilestoneDayRange): Promise<{ date: string; done: number }[]> {
    const result = await this.db.execute(sql`
      with done as (${doneTaskEvents(founderId, from, to, pitchDeckId)})
      select to_char(days.day, 'YYYY-MM-DD') as date, count(done.at)::int as done
      from generate_series(${from}::date::timestamp, ${to}::date::timestamp, interval '1 day') as days(day)
      left join done on (done.at at time zone 'UTC')::date = days.day::date
      group by days.day
      order by days.day`);
    return rowsOf<{ date: string; done: number | string }>(result).map((row) => ({
      date: row.date,
      done: Number(row.done),
    }));
  }

  /** Tasks that reached done per deck, in the range (`current`) and in the period from `previousFrom` before it. */
  async findDoneTaskTotalsByDeck({
    founderId,
    from,
    to,
    previousFrom,
    pitchDeckId,
  }: MilestoneDayRange & { previousFrom: string }): Promise<
    { pitchDeckId: string; period: 'current' | 'previous'; done: number }[]
  > {
    const result = await this.db.execute(sql`
      with done as (${doneTaskEvents(founderId, previousFrom, to, pitchDeckId)})
      select done.pitch_deck_id,
        case when done.at >= ${startOfUtcDay(from)} then 'current' else 'previous' end as period,
        count(*)::int as done
      from done
      group by 1, 2`);
    return rowsOf<{ pitch_deck_id: string; period: 'current' | 'previous'; done: number | string }>(result).map(
      (row) => ({ pitchDeckId: row.pitch_deck_id, period: row.period, done: Number(row.done) }),
    );
  }

  /** The ids of a deck's milestones, archived ones included: whose rooms an investor leaves with the deck. */
  /** Every milestone of a founder's (the boards a mentor leaves when the mentorship ends). */
  async findIdsOfFounder(founderId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: milestones.id })
      .from(milestones)
      .where(eq(milestones.founderId, founderId));
    return rows.map((row) => row.id);
  }

  async findIdsOfDeck(pitchDeckId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: milestones.id })
      .from(milestones)
      .where(eq(milestones.pitchDeckId, pitchDeckId));
    return rows.map((row) => row.id);
  }

  /**
   * Claims the due-date reminders owed on `today` and answers them: open tasks of editable
   * milestones due today or tomorrow (`due_soon`), or due in the `overdueDays` before today
   * (`overdue`: a process down over a weekend catches up, a task overdue for months when this
   * started is not news). The insert records each as sent, and `on conflict do nothing` makes
   * the claim: a rerun, a restart or a second process at the same moment gets nothing back for
   * a reminder already claimed, so each is sent once. `assigneeIsMember`: the assignee is the
   * founder or an accepted investor of the deck now.
   */
  async claimDueReminders({
    today,
    tomorrow,
    overdueSince,
    limit,
  }: {
    today: string;
    tomorrow: string;
    overdueSince: string;
    limit: number;
  }): Promise<DueReminderRow[]> {
    const result = await this.db.execute(sql`
      with due as (
        select t.id as task_id,
          case when t.due_date < ${today}::date then 'overdue' else 'due_soon' end as kind,
          t.due_date
        from ${milestoneTasks} t
        join ${milestones} m on m.id = t.milestone_id
        where t.stage <> 'done'
          and t.due_date between ${overdueSince}::date and ${tomorrow}::date
          and m.status in ('draft', 'active')
          and m.archived_at is null
      ), owed as (
        -- Those sent already are left out before the limit, or a full page of them would hide the rest.
        select due.* from due
        where not exists (
          select 1 from ${milestoneTaskReminders} r
          where r.task_id = due.task_id and r.kind = due.kind and r.due_date = due.due_date
        )
        order by due.due_date, due.task_id
        limit ${limit}
      ), claimed as (
        insert into ${milestoneTaskReminders} (task_id, kind, due_date)
        select task_id, kind, due_date from owed
        on conflict do nothing
        returning task_id, kind, due_date
      )
      select c.kind, to_char(c.due_date, 'YYYY-MM-DD') as "dueDate", t.id as "taskId", t.key as "taskKey",
        t.title as "taskTitle", t.assignee_id as "assigneeId", m.id as "milestoneId", m.title as "milestoneTitle",
        m.pitch_deck_id as "pitchDeckId", m.founder_id as "founderId",
        (t.assignee_id = m.founder_id or exists (
          select 1 from ${interests} i
          where i.pitch_deck_id = m.pitch_deck_id and i.investor_id = t.assignee_id and i.status = 'accepted'
        )) as "assigneeIsMember"
      from claimed c
      join ${milestoneTasks} t on t.id = c.task_id
      join ${milestones} m on m.id = t.milestone_id
      order by c.due_date, t.id`);
    return rowsOf<DueReminderRow>(result).map((row) => ({ ...row, assigneeIsMember: row.assigneeIsMember === true }));
  }

  /** Creates a draft milestone and logs it, in one transaction. */
  async insertMilestone(
    founderId: string,
    pitchDeckId: string,
    fields: MilestoneFields,
  ): Promise<{ milestone: MilestoneRow; activityId: string }> {
    return this.db.transaction(async (tx) => {
      const [milestone] = await tx
        .insert(milestones)
        .values({ id: newId('mst-'), founderId, pitchDeckId, ...fields })
        .returning();
      if (!milestone) throw new Error('insert returned no milestone');
      const activityId = await new MilestoneWriter(tx, milestone, founderId).record({
        action: 'milestone.created',
        newValue: { title: fields.title, dueDate: fields.dueDate },
      });
      return { milestone, activityId };
    });
  }

  /**
   * Runs `work` in one transaction that first locks the milestone's row (raising its revision):
   * every change to a milestone and what is under it queues there, so the checks `work` makes
   * (no cycle, no open blocker, every task done) see the latest committed state and still hold
   * when it commits: two links that would close a cycle together cannot both pass. Undefined
   * when the milestone is gone.
   */
  async write<Result>(
    milestoneId: string,
    actorId: string,
    work: (writer: MilestoneWriter) => Promise<Result>,
  ): Promise<Result | undefined> {
    return this.db.transaction(async (tx) => {
      // Raising the revision takes the row lock as SELECT … FOR UPDATE would, in the same
      // statement: every write moves the milestone to a new revision, so a revision names one
      // state of everything under it (cached answers are kept per revision).
      const [locked] = await tx
        .update(milestones)
        .set({ revision: sql`${milestones.revision} + 1` })
        .where(eq(milestones.id, milestoneId))
        .returning();
      if (!locked) return undefined;
      return work(new MilestoneWriter(tx, locked, actorId));
    });
  }

  /**
   * `write` for a change named by one of the milestone's tasks, made by `callerId`: the lock
   * statement finds the milestone through the task and answers the caller's acceptance with the
   * row, so `work` checks access on the row as locked and nothing is read before the transaction.
   * A refusal thrown by `work` rolls everything back, the raised revision included.
   */
  async writeForTask<Result>(
    taskId: string,
    callerId: string,
    work: (writer: MilestoneWriter, milestone: MilestoneForCaller) => Promise<Result>,
  ): Promise<Result | undefined> {
    return this.db.transaction(async (tx) => {
      const [locked] = await tx
        .update(milestones)
        .set({ revision: sql`${milestones.revision} + 1` })
        .where(
          sql`${qualified(milestones.id)} = (select ${qualified(milestoneTasks.milestoneId)} from ${milestoneTasks} where ${qualified(milestoneTasks.id)} = ${taskId})`,
        )
        .returning({ ...getTableColumns(milestones), ...callerFacts(callerId) });
      if (!locked) return undefined;
      const { isCallerAcceptedInvestor: _, isCallerSharedMentor: __, ...row } = locked;
      return work(new MilestoneWriter(tx, row, callerId), locked);
    });
  }
}

/**
 * The writes of one milestone inside `write`'s transaction, by one actor. `milestone` is the row
 * as locked. Each change method leaves logging to `record`, which the service calls once per change.
 */
export class MilestoneWriter {
  constructor(
    private readonly tx: Executor,
    readonly milestone: MilestoneRow,
    private readonly actorId: string,
  ) {}

  /**
   * The change's transaction, for the module's other repositories (threads.repository.ts) to
   * write under the same row lock and in the same commit as the log line; repositories only.
   */
  get transaction(): Executor {
    return this.tx;
  }

  /** Appends one line to the milestone's log; answers its id. */
  async record(activity: ActivityInput): Promise<string> {
    const id = newId('act-');
    await this.tx.insert(milestoneActivities).values({
      id,
      milestoneId: this.milestone.id,
      actorId: this.actorId,
      action: activity.action,
      taskId: activity.taskId ?? null,
      stage: activity.stage ?? null,
      oldValue: activity.oldValue ?? null,
      newValue: activity.newValue ?? null,
      audience: activity.audience ?? 'members',
    });
    return id;
  }

  async updateMilestone(changes: Partial<MilestoneFields> & { status?: MilestoneStatus; archivedAt?: Date | null }) {
    const [row] = await this.tx
      .update(milestones)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(milestones.id, this.milestone.id))
      .returning();
    return row as MilestoneRow;
  }

  /** Deletes the milestone; everything under it goes by cascade. */
  async deleteMilestone(): Promise<void> {
    await this.tx.delete(milestones).where(eq(milestones.id, this.milestone.id));
  }

  async countTasks(): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(milestoneTasks)
      .where(eq(milestoneTasks.milestoneId, this.milestone.id));
    return row?.count ?? 0;
  }

  /** Tasks not done yet, in board order: what stands between the milestone and completion. */
  async findOpenTasks(): Promise<{ id: string; title: string; stage: TaskStage }[]> {
    const rows = await selectTasks(
      this.tx,
      and(eq(milestoneTasks.milestoneId, this.milestone.id), sql`${milestoneTasks.stage} <> 'done'`),
    );
    return rows.map(({ task }) => ({ id: task.id, title: task.title, stage: task.stage }));
  }

  async findTask(taskId: string): Promise<TaskRow | undefined> {
    const [row] = await selectTasks(
      this.tx,
      and(eq(milestoneTasks.id, taskId), eq(milestoneTasks.milestoneId, this.milestone.id)),
    );
    return row && toTaskRow(row);
  }

  /** The ranks of a stage's tasks, in order, leaving out `exceptTaskId` (the one being moved). */
  async findRanks(stage: TaskStage, exceptTaskId?: string): Promise<{ id: string; rank: string }[]> {
    return this.tx
      .select({ id: milestoneTasks.id, rank: milestoneTasks.rank })
      .from(milestoneTasks)
      .where(
        and(
          eq(milestoneTasks.milestoneId, this.milestone.id),
          eq(milestoneTasks.stage, stage),
          exceptTaskId ? sql`${milestoneTasks.id} <> ${exceptTaskId}` : undefined,
        ),
      )
      .orderBy(sql`${milestoneTasks.rank} collate "C"`, asc(milestoneTasks.id));
  }

  /** Inserts a task with the next key of its deck; answers its id and key. */
  async insertTask(fields: TaskFields & { stage: TaskStage; rank: string }): Promise<{ id: string; key: string }> {
    const id = newId('tsk-');
    const key = await this.nextTaskKey();
    await this.tx.insert(milestoneTasks).values({ id, milestoneId: this.milestone.id, ...fields, key });
    return { id, key };
  }

  /**
   * The next key of the milestone's deck. The counter's `UPDATE … RETURNING` locks the deck's
   * row until this transaction ends, so a concurrent create on any milestone of the deck waits
   * and then reads the number after ours: no two tasks get one number. A deck's first task
   * claims a prefix: the first of its candidates no other deck holds (the unique prefix makes a
   * race between two decks for one prefix end with one of them trying the next).
   */
  private async nextTaskKey(): Promise<string> {
    const deckId = this.milestone.pitchDeckId;
    const takeNext = async () => {
      const [row] = await this.tx
        .update(milestoneTaskPrefixes)
        .set({ lastNumber: sql`${milestoneTaskPrefixes.lastNumber} + 1` })
        .where(eq(milestoneTaskPrefixes.pitchDeckId, deckId))
        .returning({ prefix: milestoneTaskPrefixes.prefix, number: milestoneTaskPrefixes.lastNumber });
      return row && formatTaskKey(row.prefix, row.number);
    };
    const taken = await takeNext();
    if (taken) return taken;
    const [deck] = await this.tx
      .select({ company: pitchDecks.company, title: pitchDecks.title })
      .from(pitchDecks)
      .where(eq(pitchDecks.id, deckId));
    const name = /[a-z]/i.test(deck?.company ?? '') ? (deck?.company ?? '') : (deck?.title ?? '');
    for (const prefix of taskKeyPrefixCandidates(taskKeyPrefixBase(name))) {
      const [claimed] = await this.tx
        .insert(milestoneTaskPrefixes)
        .values({ pitchDeckId: deckId, prefix, lastNumber: 1 })
        .onConflictDoNothing()
        .returning({ prefix: milestoneTaskPrefixes.prefix });
      if (claimed) return formatTaskKey(claimed.prefix, 1);
      // Either another deck holds this prefix, or another transaction just gave this deck its own.
      const meanwhile = await takeNext();
      if (meanwhile) return meanwhile;
    }
    throw new Error('unreachable: prefix candidates never end');
  }

  async updateTask(taskId: string, changes: Partial<TaskFields> & { stage?: TaskStage; rank?: string }) {
    await this.tx
      .update(milestoneTasks)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(eq(milestoneTasks.id, taskId));
  }

  /** Deletes a task; its subtasks and links go by cascade. */
  async deleteTask(taskId: string): Promise<void> {
    await this.tx.delete(milestoneTasks).where(eq(milestoneTasks.id, taskId));
  }

  /** The tasks `taskId` waits for that are not done: what keeps it out of done. */
  async findOpenBlockers(taskId: string): Promise<{ id: string; title: string; stage: TaskStage }[]> {
    return this.tx
      .select({ id: milestoneTasks.id, title: milestoneTasks.title, stage: milestoneTasks.stage })
      .from(taskDependencies)
      .innerJoin(milestoneTasks, eq(milestoneTasks.id, taskDependencies.blockedByTaskId))
      .where(and(eq(taskDependencies.taskId, taskId), sql`${milestoneTasks.stage} <> 'done'`))
      .orderBy(asc(milestoneTasks.title), asc(milestoneTasks.id));
  }

  async countSubtasks(taskId: string): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(milestoneSubtasks)
      .where(eq(milestoneSubtasks.taskId, taskId));
    return row?.count ?? 0;
  }

  async insertSubtask(taskId: string, title: string): Promise<SubtaskRow> {
    const [row] = await this.tx
      .insert(milestoneSubtasks)
      .values({ id: newId('sub-'), taskId, title })
      .returning();
    return row as SubtaskRow;
  }

  async findSubtask(subtaskId: string): Promise<SubtaskRow | undefined> {
    const [row] = await this.tx.select().from(milestoneSubtasks).where(eq(milestoneSubtasks.id, subtaskId));
    return row;
  }

  async updateSubtask(subtaskId: string, changes: { title?: string; isCompleted?: boolean }): Promise<SubtaskRow> {
    const completion =
      changes.isCompleted === undefined ? {} : { completedAt: changes.isCompleted ? sql`now()` : null };
    const [row] = await this.tx
      .update(milestoneSubtasks)
      .set({ ...changes, ...completion })
      .where(eq(milestoneSubtasks.id, subtaskId))
      .returning();
    return row as SubtaskRow;
  }

  async deleteSubtask(subtaskId: string): Promise<void> {
    await this.tx.delete(milestoneSubtasks).where(eq(milestoneSubtasks.id, subtaskId));
  }

  /** Every link of the milestone, read under the lock for the cycle check. */
  async findLinks(): Promise<DependencyRow[]> {
    return this.tx.select().from(taskDependencies).where(eq(taskDependencies.milestoneId, this.milestone.id));
  }

  /** The milestone's links as the graph needs them (ids and ends only: a new link's cycle check reads them all). */
  async findLinkEnds(): Promise<LinkEnds[]> {
    return this.tx
      .select({
        id: taskDependencies.id,
        taskId: taskDependencies.taskId,
        blockedByTaskId: taskDependencies.blockedByTaskId,
      })
      .from(taskDependencies)
      .where(eq(taskDependencies.milestoneId, this.milestone.id));
  }

  /** The title and stage of each of these tasks that belongs to this milestone. */
  async findTaskHeadings(taskIds: string[]): Promise<Map<string, TaskHeading>> {
    const rows = await this.tx
      .select({ id: milestoneTasks.id, title: milestoneTasks.title, stage: milestoneTasks.stage })
      .from(milestoneTasks)
      .where(and(inArray(milestoneTasks.id, taskIds), eq(milestoneTasks.milestoneId, this.milestone.id)));
    return new Map(rows.map(({ id, ...heading }) => [id, heading]));
  }

  /**
   * Stores "`taskId` waits for `blockedByTaskId`" when both are tasks of this milestone, and
   * answers the link with what the log names of its ends (the waiting task's stage, the
   * blocker's title), read in the same statement; undefined when either is not a task here.
   */
  async insertLinkBetweenOwnTasks(
    taskId: string,
    blockedByTaskId: string,
  ): Promise<{ link: DependencyRow; taskStage: TaskStage; blockerTitle: string } | undefined> {
    const result = await this.tx.execute(sql`
      with ends as (
        select task.stage as task_stage, blocker.title as blocker_title
        from ${milestoneTasks} task, ${milestoneTasks} blocker
        where task.id = ${taskId} and task.milestone_id = ${this.milestone.id}
          and blocker.id = ${blockedByTaskId} and blocker.milestone_id = ${this.milestone.id}
      ), link as (
        insert into ${taskDependencies} (id, milestone_id, task_id, blocked_by_task_id)
        select ${newId('dep-')}, ${this.milestone.id}, ${taskId}, ${blockedByTaskId} from ends
        returning id, milestone_id, task_id, blocked_by_task_id, created_at
      )
      select link.*, ends.task_stage, ends.blocker_title from link, ends`);
    const [row] = rowsOf<{
      id: string;
      milestone_id: string;
      task_id: string;
      blocked_by_task_id: string;
      created_at: Date | string;
      task_stage: TaskStage;
      blocker_title: string;
    }>(result);
    if (!row) return undefined;
    return {
      link: {
        id: row.id,
        milestoneId: row.milestone_id,
        taskId: row.task_id,
        blockedByTaskId: row.blocked_by_task_id,
        createdAt: new Date(row.created_at),
      },
      taskStage: row.task_stage,
      blockerTitle: row.blocker_title,
    };
  }

  async updateLink(dependencyId: string, blockedByTaskId: string): Promise<DependencyRow> {
    const [row] = await this.tx
      .update(taskDependencies)
      .set({ blockedByTaskId })
      .where(eq(taskDependencies.id, dependencyId))
      .returning();
    return row as DependencyRow;
  }

  async deleteLink(dependencyId: string): Promise<void> {
    await this.tx.delete(taskDependencies).where(eq(taskDependencies.id, dependencyId));
  }
  /** Deliverables not accepted yet, oldest first: what keeps the milestone from completing. */
  async findPendingDeliverables(): Promise<{ id: string; title: string }[]> {
    return this.tx
      .select({ id: milestoneDeliverables.id, title: milestoneDeliverables.title })
      .from(milestoneDeliverables)
      .where(and(eq(milestoneDeliverables.milestoneId, this.milestone.id), isNull(milestoneDeliverables.acceptedAt)))
      .orderBy(asc(milestoneDeliverables.createdAt), asc(milestoneDeliverables.id));
  }

  async countDeliverables(taskId: string): Promise<number> {
    const [row] = await this.tx
      .select({ count: sql<number>`count(*)::int` })
      .from(milestoneDeliverables)
      .where(eq(milestoneDeliverables.taskId, taskId));
    return row?.count ?? 0;
  }

  /** A deliverable of this milestone as it stands inside the lock. */
  async findDeliverable(deliverableId: string): Promise<DeliverableRow | undefined> {
    const [row] = await selectDeliverables(
      this.tx,
      and(eq(milestoneDeliverables.id, deliverableId), eq(milestoneDeliverables.milestoneId, this.milestone.id)),
    );
    return row;
  }

  /**
   * Whether a deliverable or a thread message (of any milestone) holds this file already: each
   * file belongs to one, or deleting one would take it from the other.
   */
  async isDeliverableFileUsed(key: string): Promise<boolean> {
    const [deliverable] = await this.tx
      .select({ id: milestoneDeliverables.id })
      .from(milestoneDeliverables)
      .where(eq(milestoneDeliverables.fileKey, key))
      .limit(1);
    if (deliverable) return true;
    const [attachment] = await this.tx
      .select({ key: milestoneMessageAttachments.key })
      .from(milestoneMessageAttachments)
      .where(eq(milestoneMessageAttachments.key, key))
      .limit(1);
    return attachment !== undefined;
  }

  async insertDeliverable(taskId: string, fields: { title: string; description: string }): Promise<string> {
    const id = newId('dlv-');
    await this.tx.insert(milestoneDeliverables).values({ id, milestoneId: this.milestone.id, taskId, ...fields });
    return id;
  }

  /**
   * Edits, a submission (a link or a file, which replaces the other), an acceptance (acceptedAt,
   * by the writer's actor) or a request for changes (its comment, by the writer's actor).
   */
  async updateDeliverable(
    deliverableId: string,
    changes: {
      title?: string;
      description?: string;
      submitted?: { url: string } | { file: DeliverableFile };
      /** Accepted by the writer's actor at that instant; null takes an acceptance back. */
      acceptedAt?: Date | null;
      changesRequested?: string;
    },
  ): Promise<void> {
    const { acceptedAt, changesRequested, submitted, ...fields } = changes;
    const noFile = { fileKey: null, fileName: null, fileContentType: null, fileSize: null };
    await this.tx
      .update(milestoneDeliverables)
      .set({
        ...fields,
        ...(submitted === undefined
          ? {}
          : 'url' in submitted
            ? { url: submitted.url, ...noFile, submittedAt: sql`now()` }
            : {
                url: null,
                fileKey: submitted.file.key,
                fileName: submitted.file.name,
                fileContentType: submitted.file.contentType,
                fileSize: submitted.file.size,
                submittedAt: sql`now()`,
              }),
        ...(acceptedAt === undefined
          ? {}
          : acceptedAt === null
            ? { acceptedAt: null, acceptedById: null }
            : { acceptedAt, acceptedById: this.actorId }),
        ...(changesRequested === undefined
          ? {}
          : {
              changesRequestedAt: sql`now()`,
              changesRequestedById: this.actorId,
              changesRequestedComment: changesRequested,
            }),
        updatedAt: sql`now()`,
      })
      .where(eq(milestoneDeliverables.id, deliverableId));
  }

  /** The writer's actor's word on a task, as it stands inside the lock. */
  async findOwnApproval(taskId: string): Promise<typeof milestoneTaskApprovals.$inferSelect | undefined> {
    const [row] = await this.tx
      .select()
      .from(milestoneTaskApprovals)
      .where(and(eq(milestoneTaskApprovals.taskId, taskId), eq(milestoneTaskApprovals.investorId, this.actorId)));
    return row;
  }

  /** Records the writer's actor's word on a task (their first). */
  async insertApproval(taskId: string, decision: ApprovalDecision, comment: string | null): Promise<string> {
    const id = newId('apr-');
    await this.tx
      .insert(milestoneTaskApprovals)
      .values({ id, milestoneId: this.milestone.id, taskId, investorId: this.actorId, decision, comment });
    return id;
  }

  /** Replaces the decision and comment of an approval. */
  async updateApproval(approvalId: string, decision: ApprovalDecision, comment: string | null): Promise<void> {
    await this.tx
      .update(milestoneTaskApprovals)
      .set({ decision, comment, updatedAt: sql`now()` })
      .where(eq(milestoneTaskApprovals.id, approvalId));
  }

  /** The milestone's members as they stand inside the lock (who a meet may invite). */
  async findMembers(): Promise<MemberRow[]> {
    return selectMembers(this.tx, this.milestone);
  }

  /** A meet of this milestone still on, as it stands inside the lock. */
  async findLiveMeet(meetId: string): Promise<MeetRow | undefined> {
    const rows = await this.tx
      .select()
      .from(milestoneMeets)
      .where(
        and(
          eq(milestoneMeets.id, meetId),
          eq(milestoneMeets.milestoneId, this.milestone.id),
          isNull(milestoneMeets.cancelledAt),
        ),
      );
    const [row] = await withAttendees(this.tx, rows);
    return row;
  }

  /** A new meet and its attendees (`attendeeIds`, members already checked), as stored. */
  async insertMeet(fields: MeetFields, attendeeIds: readonly string[]): Promise<MeetRow> {
    const id = newId('met-');
    await this.tx
      .insert(milestoneMeets)
      .values({ id, milestoneId: this.milestone.id, organizerId: this.actorId, ...fields });
    await this.replaceMeetAttendees(id, attendeeIds);
    return (await this.findLiveMeet(id)) as MeetRow;
  }

  /**
   * An edit raises the calendar SEQUENCE, so calendars replace the copy they hold; `attendeeIds`
   * (members already checked) replaces the invited, undefined keeps them.
   */
  async updateMeet(meetId: string, fields: MeetFields, attendeeIds: readonly string[] | undefined): Promise<MeetRow> {
    await this.tx
      .update(milestoneMeets)
      .set({ ...fields, sequence: sql`${milestoneMeets.sequence} + 1`, updatedAt: sql`now()` })
      .where(eq(milestoneMeets.id, meetId));
    if (attendeeIds) await this.replaceMeetAttendees(meetId, attendeeIds);
    return (await this.findLiveMeet(meetId)) as MeetRow;
  }

  private async replaceMeetAttendees(meetId: string, attendeeIds: readonly string[]): Promise<void> {
    await this.tx.delete(milestoneMeetAttendees).where(eq(milestoneMeetAttendees.meetId, meetId));
    if (attendeeIds.length === 0) return;
    await this.tx
      .insert(milestoneMeetAttendees)
      .values(attendeeIds.map((accountId, position) => ({ meetId, accountId, position })));
  }

  /** Cancels a meet, keeping the row as the tombstone its cancellation .ics is built from. */
  async cancelMeet(meetId: string): Promise<void> {
    await this.tx
      .update(milestoneMeets)
      .set({ cancelledAt: sql`now()`, sequence: sql`${milestoneMeets.sequence} + 1`, updatedAt: sql`now()` })
      .where(eq(milestoneMeets.id, meetId));
  }
}
