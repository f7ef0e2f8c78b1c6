import type {
  Activity,
  ActivityAction,
  ActivityValues,
  Approval,
  Deliverable,
  DeliverableStatus,
  Dependency,
  LinkedTask,
  Meet,
  MessageAttachment,
  Milestone,
  MilestoneMember,
  Subtask,
  Task,
} from '@deckvalid/contract/milestones';
import { acceptUndoSeconds, progressPercent } from '@deckvalid/contract/milestones';
import type {
  ActivityRow,
  ApprovalRow,
  DeckHeading,
  DeliverableRow,
  DependencyRow,
  MeetRow,
  MemberRow,
  MilestoneRow,
  Progress,
  SubtaskRow,
  TaskRow,
} from './milestones.repository';

/** Today as `YYYY-MM-DD` in UTC: due dates are days, and "overdue" is judged against the UTC day. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

export const isOverdue = (task: Pick<TaskRow, 'dueDate' | 'stage'>, today: string) =>
  task.dueDate !== null && task.dueDate < today && task.stage !== 'done';

export function toProgress({ totalTasks, doneTasks }: Progress) {
  return { totalTasks, doneTasks, percent: progressPercent(doneTasks, totalTasks) };
}

/** A milestone's answer: its row, its deck named, and its progress (none for a new one). */
export function toMilestone(
  row: MilestoneRow,
  deck: DeckHeading,
  progress: Progress = { totalTasks: 0, doneTasks: 0 },
): Milestone {
  return {
    id: row.id,
    pitchDeckId: row.pitchDeckId,
    pitchDeck: { id: deck.id, title: deck.title, company: deck.company },
    founderId: row.founderId,
    title: row.title,
    description: row.description,
    dueDate: row.dueDate,
    amount: row.amount,
    status: row.status,
    archivedAt: row.archivedAt?.toISOString() ?? null,
    progress: toProgress(progress),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A task with its links, both directions taken from the same "blocked by" rows. */
/** Each task's links in both directions, read once per answer instead of a scan per task. */
export type LinkIndex = { blockedBy: Map<string, string[]>; blocking: Map<string, string[]> };

export function indexLinks(links: readonly DependencyRow[]): LinkIndex {
  const index: LinkIndex = { blockedBy: new Map(), blocking: new Map() };
  const add = (map: Map<string, string[]>, key: string, value: string) => {
    const list = map.get(key);
    if (list) list.push(value);
    else map.set(key, [value]);
  };
  for (const link of links) {
    add(index.blockedBy, link.taskId, link.blockedByTaskId);
    add(index.blocking, link.blockedByTaskId, link.taskId);
  }
  return index;
}

export function toTask(row: TaskRow, links: LinkIndex, today: string): Task {
  return {
    id: row.id,
    key: row.key,
    milestoneId: row.milestoneId,
    title: row.title,
    description: row.description,
    stage: row.stage,
    rank: row.rank,
    assignee:
      row.assigneeId && row.assigneeName && row.assigneeRole
        ? { id: row.assigneeId, name: row.assigneeName, role: row.assigneeRole }
        : null,
    dueDate: row.dueDate,
    estimateDays: row.estimateDays,
    labels: row.labels,
    isOverdue: isOverdue(row, today),
    subtaskCount: row.subtaskCount,
    completedSubtaskCount: row.completedSubtaskCount,
    blockedByTaskIds: links.blockedBy.get(row.id) ?? [],
    blockingTaskIds: links.blocking.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The ids of the tasks at the other end of a task's links. */
export const farEnds = (taskId: string, links: readonly DependencyRow[]) =>
  links.map((link) => (link.taskId === taskId ? link.blockedByTaskId : link.taskId));

/** The far ends of a task's links, named. */
export function toLinkedTasks(
  taskId: string,
  links: readonly DependencyRow[],
  headings: ReadonlyMap<string, Pick<TaskRow, 'title' | 'stage'>>,
): { blockedBy: LinkedTask[]; blocking: LinkedTask[] } {
  const linked = (dependencyId: string, otherId: string): LinkedTask[] => {
    const other = headings.get(otherId);
    return other ? [{ dependencyId, taskId: otherId, title: other.title, stage: other.stage }] : [];
  };
  return {
    blockedBy: links.filter((link) => link.taskId === taskId).flatMap((link) => linked(link.id, link.blockedByTaskId)),
    blocking: links.filter((link) => link.blockedByTaskId === taskId).flatMap((link) => linked(link.id, link.taskId)),
  };
}

export function toSubtask(row: SubtaskRow): Subtask {
  return {
    id: row.id,
    taskId: row.taskId,
    title: row.title,
    isCompleted: row.isCompleted,
    completedAt: row.completedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toDependency(row: DependencyRow): Dependency {
  return {
    id: row.id,
    milestoneId: row.milestoneId,
    taskId: row.taskId,
    blockedByTaskId: row.blockedByTaskId,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Draft until a link or a file is submitted, submitted until an investor accepts it or sends it back; sent
 * back (changes_requested) until the founder submits again, which is later than the request.
 */
export function deliverableStatus(
  row: Pick<DeliverableRow, 'url' | 'fileKey' | 'acceptedAt' | 'submittedAt' | 'changesRequestedAt'>,
): DeliverableStatus {
  if (row.acceptedAt) return 'accepted';
  if (!row.url && !row.fileKey) return 'draft';
  const isSentBack =
    row.changesRequestedAt !== null && (row.submittedAt === null || row.changesRequestedAt >= row.submittedAt);
  return isSentBack ? 'changes_requested' : 'submitted';
}

/**
 * The answer of a deliverable; `file` is its submitted file with a signed address, made by the
 * service only for a caller who passed the read check (null for a link or a draft).
 */
export function toDeliverable(row: DeliverableRow, file: MessageAttachment | null = null): Deliverable {
  return {
    id: row.id,
    milestoneId: row.milestoneId,
    taskId: row.taskId,
    title: row.title,
    description: row.description,
    status: deliverableStatus(row),
    url: row.url,
    file,
    submittedAt: row.submittedAt?.toISOString() ?? null,
    acceptedBy:
      row.acceptedById && row.acceptedByName && row.acceptedByRole
        ? { id: row.acceptedById, name: row.acceptedByName, role: row.acceptedByRole }
        : null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    acceptUndoableUntil: row.acceptedAt
      ? new Date(row.acceptedAt.getTime() + acceptUndoSeconds * 1000).toISOString()
      : null,
    changesRequested: row.changesRequestedAt
      ? {
          by:
            row.changesRequestedById && row.changesRequestedByName && row.changesRequestedByRole
              ? { id: row.changesRequestedById, name: row.changesRequestedByName, role: row.changesRequestedByRole }
              : null,
          comment: row.changesRequestedComment ?? '',
          at: row.changesRequestedAt.toISOString(),
        }
      : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toApproval(row: ApprovalRow): Approval {
  return {
    id: row.id,
    taskId: row.taskId,
    investor:
      row.investorId && row.investorName && row.investorRole
        ? { id: row.investorId, name: row.investorName, role: row.investorRole }
        : null,
    decision: row.decision,
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A member as answers name them: never their address. */
export function toMember(row: Pick<MemberRow, 'id' | 'name' | 'role'>): MilestoneMember {
  return { id: row.id, name: row.name, role: row.role };
}

export function toMeet(row: MeetRow): Meet {
  return {
    id: row.id,
    milestoneId: row.milestoneId,
    title: row.title,
    agenda: row.agenda,
    startsAt: row.startsAt.toISOString(),
    durationMinutes: row.durationMinutes,
    timeZone: row.timeZone,
    videoUrl: row.videoUrl,
    organizerId: row.organizerId,
    attendees: row.attendees.map(toMember),
    sequence: row.sequence,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    milestoneId: row.milestoneId,
    taskId: row.taskId,
    stage: row.stage,
    action: row.action as ActivityAction,
    actor:
      row.actorId && row.actorName && row.actorRole
        ? { id: row.actorId, name: row.actorName, role: row.actorRole }
        : null,
    oldValue: row.oldValue as ActivityValues | null,
    newValue: row.newValue as ActivityValues | null,
    taskTitle: row.taskTitle,
    deliverableTitle: row.deliverableTitle,
    threadTitle: row.threadTitle,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The fields of `next` that differ from `previous`, as the old and new values of an activity;
 * null when nothing changed (a save without edits logs nothing).
 */
export function changedFields<Fields extends Record<string, string | number | boolean | null>>(
  previous: Fields,
  next: Fields,
): { oldValue: ActivityValues; newValue: ActivityValues } | null {
  const keys = Object.keys(next).filter((key) => previous[key] !== next[key]);
  if (keys.length === 0) return null;
  return {
    oldValue: Object.fromEntries(keys.map((key) => [key, previous[key] ?? null])),
    newValue: Object.fromEntries(keys.map((key) => [key, next[key] ?? null])),
  };
}
