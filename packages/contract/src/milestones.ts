import { z } from 'zod';
import { milestoneInvestorSchema } from './interests';
import { mentorshipPartySchema } from './mentors';
import { pageOf, paginationQuerySchema } from './pagination';
import { formatCount, hasControlCharacter, idSchema, textSchema } from './text';

/**
 * Milestones (spec §1, §3, §4 'Milestone and task', §7 Milestones API and the Investor API's
 * milestone calls; issue 10). A founder's milestone belongs to one of their decks and is followed
 * by that deck's accepted investors. It holds tasks on a board of stages, their subtasks, and
 * "blocked by" links between its tasks that may never form a cycle. Every change is logged as an
 * activity; its members discuss it in threads on the milestone or on a task. Rules:
 * docs/milestones.md.
 */
export const milestoneLimits = {
  /** Characters of a milestone's, task's or subtask's title. */
  titleLength: 200,
  /** Characters of a milestone's or task's description. */
  descriptionLength: 10_000,
  /** The largest amount a milestone may name (whole currency units). */
  amountMax: 1_000_000_000_000,
  /** Days a single task may be estimated at. */
  estimateDaysMax: 365,
  /** Tasks in one milestone: the board and the overview load them all. */
  tasksPerMilestone: 1_000,
  /** "Blocked by" links in one milestone: each new link walks the graph once. */
  dependenciesPerMilestone: 5_000,
  /** Subtasks of one task. */
  subtasksPerTask: 100,
  /** Deliverables of one task. */
  deliverablesPerTask: 50,
  /** Characters of a submitted link. */
  urlLength: 2_000,
  /** Minutes a meet may last. */
  meetMinutesMax: 24 * 60,
  /** Threads of one milestone, task threads included. */
  threadsPerMilestone: 500,
  /** Messages of one thread. */
  messagesPerThread: 5_000,
  /** Characters of a message's text. */
  messageTextLength: 10_000,
  /** Files attached to one message. */
  attachmentsPerMessage: 5,
  /** Characters of an attachment's file name. */
  attachmentNameLength: 200,
  /** People invited to one meet: the milestone's founder and its investors, who are few. */
  attendeesPerMeet: 50,
  /** Labels on one task, and characters of one label. */
  labelsPerTask: 10,
  labelLength: 40,
  /**
   * The years a due date or a meet may fall in. PostgreSQL's date has no year 0 and dates before
   * Christ print with a BC suffix that no ISO parser reads; nothing here happens before 1970.
   */
  earliestYear: 1970,
  latestYear: 9999,
} as const;

export const milestoneStatuses = ['draft', 'active', 'completed', 'cancelled'] as const;
export type MilestoneStatus = (typeof milestoneStatuses)[number];

/**
 * Which status may follow which (issue 10): draft → active → completed, or cancelled from draft
 * or active. Completed and cancelled are final. The server and the web both read this.
 */
export const milestoneTransitions: Record<MilestoneStatus, readonly MilestoneStatus[]> = {
  draft: ['active', 'cancelled'],
  active: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

/** Whether a milestone may move from `from` to `to`. */
export const canMoveMilestone = (from: MilestoneStatus, to: MilestoneStatus) => milestoneTransitions[from].includes(to);

/**
 * Whether a milestone's content (details, tasks, subtasks, links) may change: a completed one was
 * certified done and a cancelled one is over, so both are read-only; an archived one is read-only
 * until it is restored.
 */
export const isMilestoneEditable = (milestone: { status: MilestoneStatus; archivedAt: string | Date | null }) =>
  milestone.archivedAt === null && (milestone.status === 'draft' || milestone.status === 'active');

/** A task's place on the board, left to right. Any move is allowed except into done while blocked. */
export const taskStages = ['backlog', 'todo', 'in_progress', 'review', 'done'] as const;
export type TaskStage = (typeof taskStages)[number];

/** DELETE milestone: `archive` hides it (restorable); `permanent` removes it and everything under it. */
export const milestoneDeleteModes = ['archive', 'permanent'] as const;
export type MilestoneDeleteMode = (typeof milestoneDeleteModes)[number];

/** Why a "blocked by" link was refused (409 `details.reason`). */
export const dependencyConflictReasons = {
  /** A task cannot wait for itself. */
  selfLink: 'SELF_LINK',
  /** The task already waits for that one. */
  duplicate: 'DUPLICATE',
  /** The two tasks belong to different milestones. */
  crossMilestone: 'CROSS_MILESTONE',
  /** The link would close a cycle; `details.cycle` lists it. */
  cycle: 'CYCLE',
  /** The milestone holds the most links it may. */
  tooMany: 'TOO_MANY',
} as const;
export type DependencyConflictReason = (typeof dependencyConflictReasons)[keyof typeof dependencyConflictReasons];

/** What each activity says happened (`action`). */
export const activityActions = [
  'milestone.created',
  'milestone.updated',
  'milestone.status_changed',
  'milestone.archived',
  'milestone.restored',
  'task.created',
  'task.updated',
  /** A stage change or a reorder on the board. */
  'task.moved',
  'task.deleted',
  'subtask.created',
  'subtask.updated',
  'subtask.toggled',
  'subtask.deleted',
  'dependency.added',
  'dependency.changed',
  'dependency.removed',
  'deliverable.created',
  'deliverable.updated',
  'deliverable.submitted',
  'deliverable.accepted',
  /** The investor who accepted a deliverable took it back within the minute allowed: submitted again. */
  'deliverable.acceptance_undone',
  /** An investor asked for changes to a submitted deliverable (with a comment). */
  'deliverable.sent_back',
  /** An investor's first word on a task: an approval or a request for changes. */
  'approval.recorded',
  /** An investor changed their word on a task (the decision or the comment). */
  'approval.changed',
  'meet.created',
  'meet.updated',
  'meet.cancelled',
  'thread.created',
  'thread.renamed',
  'thread.deleted',
  'message.posted',
  'message.edited',
  'message.deleted',
] as const;
export type ActivityAction = (typeof activityActions)[number];

const id = idSchema;

const titleSchema = textSchema({
  required: 'Give it a title.',
  max: milestoneLimits.titleLength,
  tooLong: `Use at most ${milestoneLimits.titleLength} characters for the title.`,
}).min(1, 'Give it a title.');

const descriptionSchema = textSchema({
  max: milestoneLimits.descriptionLength,
  tooLong: `Use at most ${formatCount(milestoneLimits.descriptionLength)} characters for the description.`,
})
  .optional()
  .default('');

const yearRangeMessage = `Give a date between the years ${milestoneLimits.earliestYear} and ${milestoneLimits.latestYear}.`;

/** A calendar day, `YYYY-MM-DD` (no time: a due date is a day, wherever one is), from 1970 to 9999. */
export const calendarDateSchema = textSchema({
  required: 'Give a date as YYYY-MM-DD.',
  max: 10,
  tooLong: 'Give a date as YYYY-MM-DD.',
  trim: false,
})
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Give a date as YYYY-MM-DD.')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'That date does not exist.')
  .refine((value) => Number(value.slice(0, 4)) >= milestoneLimits.earliestYear, yearRangeMessage);

/**
 * An instant with its offset (`2027-01-12T09:30:00Z`, `…+01:00`) whose UTC time falls from 1970
 * to the end of 9999, a day short so that a meet of up to a day still ends within it.
 */
export const meetStartSchema = z.iso
  .datetime({ offset: true, error: 'Give the start as an ISO date and time with its offset.' })
  .refine((value) => {
    const time = Date.parse(value);
    return time >= Date.UTC(milestoneLimits.earliestYear, 0, 1) && time < Date.UTC(milestoneLimits.latestYear, 11, 31);
  }, `Give a time between the years ${milestoneLimits.earliestYear} and ${milestoneLimits.latestYear}.`);

const amountSchema = z
  .number({ error: 'Give the amount as a number.' })
  .int('Give the amount in whole units.')
  .min(0, 'The amount cannot be negative.')
  .max(milestoneLimits.amountMax, 'That amount is too large.')
  .nullable()
  .optional()
  .default(null);

const estimateDaysSchema = z
  .number({ error: 'Give the estimate as a number of days.' })
  .int('Estimate in whole days.')
  .min(0, 'An estimate cannot be negative.')
  .max(milestoneLimits.estimateDaysMax, `Estimate at most ${milestoneLimits.estimateDaysMax} days; split the task.`)
  .nullable()
  .optional()
  .default(null);

// ---------------------------------------------------------------------------------------------
// Milestones

/** POST /api/v1/milestones: a new milestone starts as a draft. */
export const createMilestoneBodySchema = z
  .object({
    /** One of the founder's decks: its accepted investors follow the milestone. */
    pitchDeckId: id,
    title: titleSchema,
    description: descriptionSchema,
    dueDate: calendarDateSchema,
    /** An amount tied to the milestone (a tranche), in whole units; null for none. */
    amount: amountSchema,
  })
  .strict();
export type CreateMilestoneBody = z.infer<typeof createMilestoneBodySchema>;

/** PUT /api/v1/milestones/{id}: every editable field; an omitted description or amount is cleared. */
export const updateMilestoneBodySchema = createMilestoneBodySchema.omit({ pitchDeckId: true }).strict();
export type UpdateMilestoneBody = z.infer<typeof updateMilestoneBodySchema>;

/** PATCH /api/v1/milestones/{id}/status */
export const milestoneStatusBodySchema = z
  .object({
    status: z.enum(milestoneStatuses, { error: 'Choose draft, active, completed or cancelled.' }),
  })
  .strict();
export type MilestoneStatusBody = z.infer<typeof milestoneStatusBodySchema>;

/** GET /api/v1/milestones and GET /api/v1/investors/milestones */
export const milestonesQuerySchema = paginationQuerySchema.extend({
  status: z.enum(milestoneStatuses, { error: 'Filter by draft, active, completed or cancelled.' }).optional(),
  pitchDeckId: id.optional(),
  /** `true`: only archived milestones (founders only; investors never see them). */
  archived: textSchema({ max: 16, tooLong: 'archived is true or false.', trim: false })
    .pipe(z.stringbool({ error: 'archived is true or false.' }))
    .optional()
    .default(false),
});
export type MilestonesQuery = z.infer<typeof milestonesQuerySchema>;

/** DELETE /api/v1/milestones/{id}?mode= (default archive, the one that can be undone). */
export const deleteMilestoneQuerySchema = z.object({
  mode: z.enum(milestoneDeleteModes, { error: 'mode is archive or permanent.' }).optional().default('archive'),
});
export type DeleteMilestoneQuery = z.infer<typeof deleteMilestoneQuerySchema>;

export const milestoneParamsSchema = z.object({ id });

/** How far a milestone is: tasks done of all its tasks. */
export const milestoneProgressSchema = z.object({
  totalTasks: z.number().int(),
  doneTasks: z.number().int(),
  /** doneTasks / totalTasks as a whole percentage (`progressPercent`); 0 without tasks. */
  percent: z.number().int(),
});
export type MilestoneProgress = z.infer<typeof milestoneProgressSchema>;

/**
 * Tasks done as a whole percentage, rounded to the nearest ("1 of 6 tasks" is 17 %), except that
 * it says 100 only when every task is done and 0 only when none is: 199 of 200 is 99 %, 1 of 300
 * is 1 %, so a bar never looks finished or untouched when it is not.
 */
export function progressPercent(doneTasks: number, totalTasks: number): number {
  if (totalTasks <= 0 || doneTasks <= 0) return 0;
  if (doneTasks >= totalTasks) return 100;
  return Math.min(99, Math.max(1, Math.round((doneTasks * 100) / totalTasks)));
}

/** The deck a milestone belongs to, named as the founder's deck list names it. */
export const milestoneDeckSchema = z.object({
  /** The deck's id, the same as the milestone's `pitchDeckId`. */
  id: z.string(),
  /** The deck's title, as its founder last saved the deck's details. */
  title: z.string(),
  /** The company the deck pitches. */
  company: z.string(),
});
export type MilestoneDeck = z.infer<typeof milestoneDeckSchema>;

export const milestoneSchema = z.object({
  id: z.string(),
  /** The deck's id; `pitchDeck` carries it too, named. Kept for clients that read only the id. */
  pitchDeckId: z.string(),
  /** The deck it belongs to, with its title and company: screens name it without reading the decks. */
  pitchDeck: milestoneDeckSchema,
  founderId: z.string(),
  title: z.string(),
  description: z.string(),
  /** `YYYY-MM-DD` */
  dueDate: z.string(),
  amount: z.number().nullable(),
  status: z.enum(milestoneStatuses),
  /** When it was archived (DELETE mode=archive); null while it is live. */
  archivedAt: z.string().nullable(),
  progress: milestoneProgressSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const milestoneResponseSchema = z.object({ milestone: milestoneSchema });
export type MilestoneResponse = z.infer<typeof milestoneResponseSchema>;
/** Soonest due first. */
export const milestonePageSchema = pageOf(milestoneSchema);

/** GET /api/v1/milestones/task-investors?milestoneId=: who may be assigned besides the founder. */
export const taskInvestorsQuerySchema = z.object({ milestoneId: id });
export const taskInvestorsResponseSchema = z.object({
  /** The accepted investors of the milestone's deck, as milestone-investors names them; few, so not paginated. */
  data: z.array(milestoneInvestorSchema),
});
export type TaskInvestorsResponse = z.infer<typeof taskInvestorsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Tasks and subtasks

/** An account a task is assigned to: the milestone's founder or one of its investors. */
export const taskAssigneeSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['user', 'investor', 'mentor']),
});

/** A task as the board shows it. */
export const taskSchema = z.object({
  id: z.string(),
  /** The short id people use ("LDG-12"): its deck's prefix and a number given once, at creation. */
  key: z.string(),
  milestoneId: z.string(),
  title: z.string(),
  description: z.string(),
  stage: z.enum(taskStages),
  /** Order within its stage: compare as plain strings (byte order), lowest first. */
  rank: z.string(),
  /** Null when unassigned or once the assignee's account is gone. */
  assignee: taskAssigneeSchema.nullable(),
  dueDate: z.string().nullable(),
  estimateDays: z.number().int().nullable(),
  /** Free labels, in the order given (the board filters on them). */
  labels: z.array(z.string()),
  /** Due before today (UTC) and not done. */
  isOverdue: z.boolean(),
  subtaskCount: z.number().int(),
  completedSubtaskCount: z.number().int(),
  /** Tasks this one waits for. */
  blockedByTaskIds: z.array(z.string()),
  /** Tasks waiting for this one (derived from the others' blockedBy). */
  blockingTaskIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Task = z.infer<typeof taskSchema>;

export const subtaskSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  title: z.string(),
  isCompleted: z.boolean(),
  completedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Subtask = z.infer<typeof subtaskSchema>;

/** The other end of a "blocked by" link, named for the task drawer. */
export const linkedTaskSchema = z.object({
  /** The link's id, for PUT and DELETE …/dependencies/{dependencyId}. */
  dependencyId: z.string(),
  taskId: z.string(),
  title: z.string(),
  stage: z.enum(taskStages),
});
export type LinkedTask = z.infer<typeof linkedTaskSchema>;

/** A task with its subtasks and links, as the drawer shows it. */
export const taskDetailSchema = taskSchema.extend({
  subtasks: z.array(subtaskSchema),
  blockedBy: z.array(linkedTaskSchema),
  blocking: z.array(linkedTaskSchema),
});
export type TaskDetail = z.infer<typeof taskDetailSchema>;

export const taskResponseSchema = z.object({ task: taskDetailSchema });
export type TaskResponse = z.infer<typeof taskResponseSchema>;
export const tasksResponseSchema = z.object({
  /** Every task of the milestone (at most 1,000), by stage then rank. Not paginated: a board needs them all. */
  data: z.array(taskSchema),
});
export type TasksResponse = z.infer<typeof tasksResponseSchema>;

/** GET …/milestones/{id}/tasks?stage= */
export const tasksQuerySchema = z.object({
  stage: z.enum(taskStages, { error: 'Filter by backlog, todo, in_progress, review or done.' }).optional(),
});
export type TasksQuery = z.infer<typeof tasksQuerySchema>;

const assigneeIdSchema = id.nullable().optional().default(null);

/** One label: trimmed, 1–40 characters, compared without regard to case. */
export const taskLabelSchema = textSchema({
  required: 'Give the label a name.',
  max: milestoneLimits.labelLength,
  tooLong: `Use at most ${milestoneLimits.labelLength} characters for a label.`,
}).min(1, 'Give the label a name.');

/** A task's labels: each once (the first spelling kept when two differ only in case). */
const labelsSchema = z
  .array(taskLabelSchema)
  .max(milestoneLimits.labelsPerTask, `Give a task at most ${milestoneLimits.labelsPerTask} labels.`)
  .optional()
  .default([])
  .transform((labels) =>
    labels.filter((label, at) => labels.findIndex((other) => other.toLowerCase() === label.toLowerCase()) === at),
  );

// ---------------------------------------------------------------------------------------------
// Task keys ("LDG-12")

/** A task key as people type it: letters and digits, a dash, a number. Matched without regard to case. */
export const taskKeyPattern = /^([A-Z][A-Z0-9]{0,9})-([1-9][0-9]{0,8})$/i;

/** Whether `value` reads as a task key (a `?task=` may hold a key or a task's id). */
export const isTaskKey = (value: string) => taskKeyPattern.test(value);

/**
 * The prefix a deck's task keys start from, derived from its company (or title when the company
 * has no letters A–Z): its first letter, then the next two consonants ("Ledgerleaf" → LDG,
 * "Clinicpay" → CLN); with fewer than three, its first three letters ("Ae" → AE); none at all:
 * TSK. The migration that gave existing tasks keys does the same in SQL.
 */
export function taskKeyPrefixBase(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  if (letters === '') return 'TSK';
  const base =
    letters.slice(0, 1) +
    letters
      .slice(1)
      .replace(/[AEIOU]/g, '')
      .slice(0, 2);
  return base.length < 3 ? letters.slice(0, 3) : base;
}

/** The prefixes to try for a deck, in order, until one is free: LDG, LDG2, LDG3, … */
export function* taskKeyPrefixCandidates(base: string): Generator<string> {
  yield base;
  for (let suffix = 2; ; suffix += 1) yield `${base}${suffix}`;
}

/** "LDG-12" of a prefix and a number. */
export const formatTaskKey = (prefix: string, number: number) => `${prefix}-${number}`;
const optionalDateSchema = calendarDateSchema.nullable().optional().default(null);

/** POST /api/v1/milestones/{id}/tasks: the task goes to the end of its stage (default backlog). */
export const createTaskBodySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
    stage: z
      .enum(taskStages, { error: 'Choose backlog, todo, in_progress, review or done.' })
      .optional()
      .default('backlog'),
    /** The milestone's founder or one of its accepted investors. */
    assigneeId: assigneeIdSchema,
    dueDate: optionalDateSchema,
    estimateDays: estimateDaysSchema,
    labels: labelsSchema,
  })
  .strict();
export type CreateTaskBody = z.infer<typeof createTaskBodySchema>;

/** PUT /api/v1/milestones/tasks/{taskId}: every editable field (the stage has its own call); omitted ones are cleared. */
export const updateTaskBodySchema = createTaskBodySchema.omit({ stage: true }).strict();
export type UpdateTaskBody = z.infer<typeof updateTaskBodySchema>;

/** PATCH /api/v1/milestones/tasks/{taskId}/stage: a drag on the board, which writes one row. */
export const moveTaskBodySchema = z
  .object({
    stage: z.enum(taskStages, { error: 'Choose backlog, todo, in_progress, review or done.' }),
    /** Put it just before this task of the target stage; null or omitted: at the end of the stage. */
    beforeTaskId: id.nullable().optional().default(null),
  })
  .strict();
export type MoveTaskBody = z.infer<typeof moveTaskBodySchema>;

export const taskParamsSchema = z.object({ taskId: id });

/** POST /api/v1/milestones/tasks/{taskId}/subtasks and PUT /api/v1/milestones/subtasks/{subtaskId} */
export const subtaskBodySchema = z.object({ title: titleSchema }).strict();
export type SubtaskBody = z.infer<typeof subtaskBodySchema>;

/** PATCH /api/v1/milestones/subtasks/{subtaskId}/toggle */
export const toggleSubtaskBodySchema = z
  .object({ isCompleted: z.boolean({ error: 'isCompleted is true or false.' }) })
  .strict();
export type ToggleSubtaskBody = z.infer<typeof toggleSubtaskBodySchema>;

export const subtaskParamsSchema = z.object({ subtaskId: id });
export const subtaskResponseSchema = z.object({ subtask: subtaskSchema });
export type SubtaskResponse = z.infer<typeof subtaskResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Dependencies ("blocked by" links)

/** Task `taskId` waits for task `blockedByTaskId`; both in one milestone. */
export const dependencySchema = z.object({
  id: z.string(),
  milestoneId: z.string(),
  taskId: z.string(),
  blockedByTaskId: z.string(),
  createdAt: z.string(),
});
export type Dependency = z.infer<typeof dependencySchema>;

/** POST /api/v1/milestones/tasks/{taskId}/dependencies and PUT /api/v1/milestones/dependencies/{dependencyId} */
export const dependencyBodySchema = z.object({ blockedByTaskId: id }).strict();
export type DependencyBody = z.infer<typeof dependencyBodySchema>;

export const dependencyParamsSchema = z.object({ dependencyId: id });
export const dependencyResponseSchema = z.object({ dependency: dependencySchema });
export type DependencyResponse = z.infer<typeof dependencyResponseSchema>;

/** GET /api/v1/milestones/tasks/{taskId}/dependencies: both directions of one task's links. */
export const taskDependenciesResponseSchema = z.object({
  blockedBy: z.array(linkedTaskSchema),
  blocking: z.array(linkedTaskSchema),
});
export type TaskDependenciesResponse = z.infer<typeof taskDependenciesResponseSchema>;

/**
 * GET …/tasks/{taskId}/dependencies/candidates: the tasks this one may be blocked by, in board
 * order. Left out: the task itself, what it already waits for, and every task that already waits
 * for it (directly or through others), since that link would close a loop.
 */
export const dependencyCandidatesResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string(), stage: z.enum(taskStages) })),
});
export type DependencyCandidatesResponse = z.infer<typeof dependencyCandidatesResponseSchema>;

/** The 409 `details` of a refused link; `cycle` lists task ids, each blocking the next, the last blocking the first. */
export const dependencyConflictDetailsSchema = z.object({
  reason: z.enum(Object.values(dependencyConflictReasons) as [DependencyConflictReason, ...DependencyConflictReason[]]),
  cycle: z.array(z.string()).optional(),
});
export type DependencyConflictDetails = z.infer<typeof dependencyConflictDetailsSchema>;

/** The 409 `details` of a move into done while blocked: the tasks still open that it waits for. */
export const blockedMoveDetailsSchema = z.object({
  blockers: z.array(z.object({ id: z.string(), title: z.string(), stage: z.enum(taskStages) })),
});

/** The 409 `details` of completing a milestone too early: what is still missing. */
export const completionBlockersSchema = z.object({
  openTasks: z.array(z.object({ id: z.string(), title: z.string(), stage: z.enum(taskStages) })),
  /** Deliverables not yet accepted, submitted or not. */
  pendingDeliverables: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type CompletionBlockers = z.infer<typeof completionBlockersSchema>;

// ---------------------------------------------------------------------------------------------
// Stored files (thread attachments and file deliverables go through the same signed upload)

/**
 * A file of the caller's, uploaded through a signed upload of kind `attachment` (GET
 * …/attachments/upload), named for the reader: a message's attachment or a deliverable's file.
 */
export const attachmentRefSchema = z
  .object({
    /** The upload ticket's key (GET …/attachments/upload). */
    key: textSchema({ required: 'Upload the file first.', max: 300, trim: false }).min(1, 'Upload the file first.'),
    /** The file name shown to readers. */
    name: textSchema({
      required: 'Give the file a name.',
      max: milestoneLimits.attachmentNameLength,
      tooLong: `Use at most ${milestoneLimits.attachmentNameLength} characters for a file name.`,
    }).min(1, 'Give the file a name.'),
  })
  .strict();
export type AttachmentRef = z.infer<typeof attachmentRefSchema>;

/** A stored file (a message's attachment, a deliverable's file), with a short-lived signed address to read it. */
export const messageAttachmentSchema = z.object({
  /** Its storage key: send it back in a PATCH to keep the file. */
  key: z.string(),
  name: z.string(),
  contentType: z.string(),
  /** Bytes. */
  size: z.number().int(),
  /** A signed download address, valid for 15 minutes (signedUrlTtlSeconds): re-read the page for a fresh one. */
  url: z.string(),
});
export type MessageAttachment = z.infer<typeof messageAttachmentSchema>;

// ---------------------------------------------------------------------------------------------
// Deliverables and approvals

/** Seconds after accepting a deliverable in which the investor who accepted it may undo that. */
export const acceptUndoSeconds = 60;

/**
 * Why a deliverable cannot be accepted now, in the words the server refuses with and the screen
 * shows beside a disabled Accept; null when it can. Sent back, it waits for something new.
 */
export function acceptBlockedReason(deliverable: { status: DeliverableStatus; title: string }): string | null {
  switch (deliverable.status) {
    case 'submitted':
      return null;
    case 'draft':
      return `“${deliverable.title}” has not been submitted yet; there is nothing to accept.`;
    case 'accepted':
      return `“${deliverable.title}” is accepted already.`;
    case 'changes_requested':
      return `“${deliverable.title}” was sent back; it can be accepted once the founder submits something new.`;
  }
}

/**
 * Where a deliverable stands, derived from its timestamps: draft → submitted → accepted, or
 * submitted → changes_requested (an investor sent it back) → submitted again when the founder resubmits.
 */
export const deliverableStatuses = ['draft', 'submitted', 'changes_requested', 'accepted'] as const;
export type DeliverableStatus = (typeof deliverableStatuses)[number];

/** POST …/tasks/{taskId}/deliverables and PUT …/deliverables/{deliverableId}: what is promised. */
export const deliverableBodySchema = z
  .object({
    title: titleSchema,
    description: descriptionSchema,
  })
  .strict();
export type DeliverableBody = z.infer<typeof deliverableBodySchema>;

/**
 * A link a browser can open: only http and https, so a submitted deliverable can never be a
 * `javascript:` or `data:` URL rendered as a link in an investor's browser.
 */
export const webUrlSchema = textSchema({
  required: 'Give a link.',
  max: milestoneLimits.urlLength,
  tooLong: `Use a link of at most ${milestoneLimits.urlLength} characters.`,
})
  // The URL parser below drops tabs and line breaks before it judges a link, so without this the
  // stored value would be one it never checked (and CR or LF would end a line of the .ics).
  .refine((value) => !hasControlCharacter(value), 'A link cannot contain line breaks or control characters.')
  .refine((value) => {
    try {
      return ['http:', 'https:'].includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, 'Give an http or https link.');

/**
 * POST …/deliverables/{deliverableId}/submit: a link, or a file uploaded first through the
 * attachments' signed upload. Exactly one of the two; the new one replaces whatever
 * was submitted before.
 */
export const submitDeliverableBodySchema = z
  .object({
    /** An http or https link to the work. */
    url: webUrlSchema.optional(),
    /** The uploaded file's key and the name readers see. */
    file: attachmentRefSchema.optional(),
  })
  .strict()
  .refine((body) => (body.url === undefined) !== (body.file === undefined), {
    message: 'Give a link or a file, not both.',
    path: ['url'],
  });
export type SubmitDeliverableBody = z.infer<typeof submitDeliverableBodySchema>;

export const deliverableParamsSchema = z.object({ deliverableId: id });

export const deliverableSchema = z.object({
  id: z.string(),
  milestoneId: z.string(),
  taskId: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(deliverableStatuses),
  /** The link last submitted; null while a draft or when a file was submitted. */
  url: z.string().nullable(),
  /** The file last submitted, with a signed download address; null while a draft or when a link was submitted. */
  file: messageAttachmentSchema.nullable(),
  submittedAt: z.string().nullable(),
  /** Who accepted it and when; null until an investor of the milestone does. */
  acceptedBy: taskAssigneeSchema.nullable(),
  acceptedAt: z.string().nullable(),
  /**
   * Until when whoever accepted it may undo that (`acceptedAt` + `acceptUndoSeconds`); null
   * unless accepted. The server decides by its own clock; the screen hides Undo after it.
   */
  acceptUndoableUntil: z.string().nullable(),
  /** The last request for changes: who, what they asked and when; null if none was made. */
  changesRequested: z.object({ by: taskAssigneeSchema.nullable(), comment: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Deliverable = z.infer<typeof deliverableSchema>;
export const deliverableResponseSchema = z.object({ deliverable: deliverableSchema });
export const deliverablesResponseSchema = z.object({ data: z.array(deliverableSchema) });

/** An investor's word on a task: approved, or changes asked for (which needs a comment). */
export const approvalDecisions = ['approved', 'changes_requested'] as const;
export type ApprovalDecision = (typeof approvalDecisions)[number];

const reviewCommentSchema = textSchema({
  max: milestoneLimits.descriptionLength,
  tooLong: 'That comment is too long.',
});

/**
 * POST /api/v1/investors/tasks/{taskId}/approvals: each investor has one word per task; posting
 * again replaces it (a new decision or comment) or, when it says the same, changes nothing.
 */
export const approvalBodySchema = z
  .object({
    /** `approved` when omitted. */
    decision: z.enum(approvalDecisions, { error: 'Choose approved or changes_requested.' }).default('approved'),
    /** Words that go with it; required when asking for changes. */
    comment: reviewCommentSchema.optional().transform((value) => (value ? value : null)),
  })
  .strict()
  .refine((body) => body.decision !== 'changes_requested' || body.comment !== null, {
    message: 'Say what should change.',
    path: ['comment'],
  });
export type ApprovalBody = z.infer<typeof approvalBodySchema>;

export const approvalSchema = z.object({
  id: z.string(),
  taskId: z.string(),
  /** The investor whose word it is; null once their account is gone. */
  investor: taskAssigneeSchema.nullable(),
  decision: z.enum(approvalDecisions),
  comment: z.string().nullable(),
  createdAt: z.string(),
  /** When the investor last changed it (the creation until then). */
  updatedAt: z.string(),
});
export type Approval = z.infer<typeof approvalSchema>;
/** `isUnchanged`: the investor said the same again, and nothing was written. */
export const approvalResponseSchema = z.object({ approval: approvalSchema, isUnchanged: z.boolean() });

/** POST /api/v1/investors/deliverables/{deliverableId}/request-changes: sends a submitted one back. */
export const requestChangesBodySchema = z
  .object({
    comment: textSchema({
      required: 'Say what should change.',
      max: milestoneLimits.descriptionLength,
      tooLong: 'That comment is too long.',
    }).min(1, 'Say what should change.'),
  })
  .strict();
export type RequestChangesBody = z.infer<typeof requestChangesBodySchema>;
export const approvalsResponseSchema = z.object({ data: z.array(approvalSchema) });

// ---------------------------------------------------------------------------------------------
// Meets

/** An IANA time zone name this runtime knows (`Europe/Amsterdam`), checked with Intl. */
export const timeZoneSchema = textSchema({
  required: 'Give a time zone such as Europe/Amsterdam.',
  max: 64,
  tooLong: 'Give a time zone such as Europe/Amsterdam.',
  trim: false,
})
  .min(1, 'Give a time zone such as Europe/Amsterdam.')
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'That is not a time zone name such as Europe/Amsterdam.');

/** POST …/milestones/{id}/meets and PUT …/meets/{meetId}: every field (PUT replaces them all). */
export const meetBodySchema = z
  .object({
    title: titleSchema,
    agenda: descriptionSchema,
    /** When it starts, an ISO instant with its offset (`2027-01-12T09:30:00Z`), from 1970 to 9999. */
    startsAt: meetStartSchema,
    durationMinutes: z
      .number({ error: 'Give the duration in minutes.' })
      .int('Give the duration in whole minutes.')
      .min(1, 'A meet lasts at least a minute.')
      .max(milestoneLimits.meetMinutesMax, 'A meet lasts at most a day.'),
    /** The organiser's time zone, which the calendar file names. */
    timeZone: timeZoneSchema,
    videoUrl: webUrlSchema.nullable().optional().default(null),
    /**
     * Who is invited: accounts among the milestone's members (its founder and the deck's accepted
     * investors, GET …/members). Each is mailed the invitation with the .ics. Left out of a POST:
     * the founder alone; left out of a PUT: unchanged (clients older than attendees keep them).
     */
    attendeeIds: z
      .array(id)
      .max(milestoneLimits.attendeesPerMeet, `Invite at most ${milestoneLimits.attendeesPerMeet} people.`)
      .refine((ids) => new Set(ids).size === ids.length, 'Invite each person once.')
      .optional(),
  })
  .strict();
export type MeetBody = z.infer<typeof meetBodySchema>;

/** A member of a milestone: its founder or one of the deck's accepted investors. */
export const milestoneMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['user', 'investor', 'mentor']),
});
export type MilestoneMember = z.infer<typeof milestoneMemberSchema>;

/** GET …/milestones/{id}/members (both sides): who may be invited to its meets, the founder first. */
export const milestoneMembersResponseSchema = z.object({ data: z.array(milestoneMemberSchema) });
export type MilestoneMembersResponse = z.infer<typeof milestoneMembersResponseSchema>;

export const meetParamsSchema = z.object({ meetId: id });

export const meetSchema = z.object({
  id: z.string(),
  milestoneId: z.string(),
  title: z.string(),
  agenda: z.string(),
  /** ISO instant in UTC. */
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  timeZone: z.string(),
  videoUrl: z.string().nullable(),
  /** The account that scheduled it (the founder or an investor); null once that account is gone. */
  organizerId: z.string().nullable(),
  /** Who is invited, in the order they were chosen; an account that is gone drops out. */
  attendees: z.array(milestoneMemberSchema),
  /** Edits so far: the calendar file's SEQUENCE. */
  sequence: z.number().int(),
  /** Set once deleted; only the .ics still answers for a cancelled meet. */
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Meet = z.infer<typeof meetSchema>;
export const meetResponseSchema = z.object({ meet: meetSchema });
export const meetsResponseSchema = z.object({ data: z.array(meetSchema) });

// ---------------------------------------------------------------------------------------------
// Threads and messages

/** POST …/milestones/{id}/threads, POST …/tasks/{taskId}/threads and PATCH …/threads/{threadId}. */
export const threadBodySchema = z.object({ title: titleSchema }).strict();
export type ThreadBody = z.infer<typeof threadBodySchema>;

/**
 * Who reads a thread besides the founder: `members`, the deck's accepted investors; `mentors`,
 * the mentors the founder shared the milestone with. The two never see each other's threads, so
 * investors never meet the founder's mentors there.
 */
export const threadAudiences = ['members', 'mentors'] as const;
export const threadAudienceSchema = z.enum(threadAudiences);
export type ThreadAudience = z.infer<typeof threadAudienceSchema>;

/**
 * POST …/threads: a title, and for the founder whom the thread is with (investors by default).
 * An investor's threads are always with the members and a mentor's with the mentors: the other
 * audience is refused.
 */
export const createThreadBodySchema = threadBodySchema.extend({ audience: threadAudienceSchema.optional() }).strict();
export type CreateThreadBody = z.infer<typeof createThreadBodySchema>;

/**
 * POST …/threads/{threadId}/messages and PATCH …/messages/{messageId}: text, files, or both. PATCH
 * replaces both: attachments left out of it are deleted, new keys are checked like a POST's.
 */
export const messageBodySchema = z
  .object({
    text: textSchema({
      required: 'Write a message.',
      max: milestoneLimits.messageTextLength,
      tooLong: `Use at most ${formatCount(milestoneLimits.messageTextLength)} characters in a message.`,
    })
      .optional()
      .default(''),
    attachments: z
      .array(attachmentRefSchema)
      .max(
        milestoneLimits.attachmentsPerMessage,
        `Attach at most ${milestoneLimits.attachmentsPerMessage} files to a message.`,
      )
      .optional()
      .default([])
      .refine(
        (attachments) => new Set(attachments.map((attachment) => attachment.key)).size === attachments.length,
        'Attach each file once.',
      ),
  })
  .strict()
  .refine((body) => body.text.length > 0 || body.attachments.length > 0, {
    message: 'Write a message or attach a file.',
    path: ['text'],
  });
export type MessageBody = z.infer<typeof messageBodySchema>;

export const threadParamsSchema = z.object({ threadId: id });
export const messageParamsSchema = z.object({ messageId: id });

/** A thread on a milestone (taskId null) or on one of its tasks. */
export const threadSchema = z.object({
  id: z.string(),
  milestoneId: z.string(),
  /** The task it discusses; null for a thread on the milestone itself. */
  taskId: z.string().nullable(),
  title: z.string(),
  /** Who started it (the founder, an investor or a mentor); null once that account is gone. */
  createdBy: taskAssigneeSchema.nullable(),
  audience: threadAudienceSchema,
  messageCount: z.number().int(),
  /** When its latest message was posted; null while it has none. */
  lastMessageAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;
export const threadResponseSchema = z.object({ thread: threadSchema });
export type ThreadResponse = z.infer<typeof threadResponseSchema>;
export const threadsResponseSchema = z.object({
  /** Latest activity first (the last message, or the creation of a thread without messages); at most 500. */
  data: z.array(threadSchema),
});
export type ThreadsResponse = z.infer<typeof threadsResponseSchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  threadId: z.string(),
  /** Who wrote it; null once that account is gone. */
  author: taskAssigneeSchema.nullable(),
  /** Possibly empty when files carry the message. */
  text: z.string(),
  attachments: z.array(messageAttachmentSchema),
  createdAt: z.string(),
  /** When its author last changed it; null if never. */
  editedAt: z.string().nullable(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;
export const threadMessageResponseSchema = z.object({ message: threadMessageSchema });
export type ThreadMessageResponse = z.infer<typeof threadMessageResponseSchema>;

/** GET …/threads/{threadId}/messages?page&limit: newest first (page 1 is the latest; show it reversed). */
export const threadMessagesQuerySchema = paginationQuerySchema;
export type ThreadMessagesQuery = z.infer<typeof threadMessagesQuerySchema>;
export const threadMessagePageSchema = pageOf(threadMessageSchema);
export type ThreadMessagePage = z.infer<typeof threadMessagePageSchema>;

// ---------------------------------------------------------------------------------------------
// Overview and activities

/** One open task on the schedule the dependencies imply, in days from now. */
export const scheduledTaskSchema = z.object({
  taskId: z.string(),
  title: z.string(),
  estimateDays: z.number().int(),
  /** The earliest day it can start once everything it waits for is done. */
  earliestStart: z.number().int(),
  /** Days it can slip without delaying the milestone's open work; 0 on the critical path. */
  slackDays: z.number().int(),
});
export type ScheduledTask = z.infer<typeof scheduledTaskSchema>;

/** GET …/milestones/{id}/overview */
export const milestoneOverviewSchema = z.object({
  milestoneId: z.string(),
  progress: milestoneProgressSchema,
  tasksPerStage: z.object(
    Object.fromEntries(taskStages.map((stage) => [stage, z.number().int()])) as {
      [Stage in TaskStage]: z.ZodNumber;
    },
  ),
  /** Tasks due before today (UTC) that are not done, soonest due first. */
  overdueTasks: z.array(
    z.object({ id: z.string(), title: z.string(), stage: z.enum(taskStages), dueDate: z.string() }),
  ),
  criticalPath: z.object({
    /** Days the longest chain of open tasks takes (estimates summed; a task without one counts 0). */
    totalDays: z.number().int(),
    /** That chain's task ids, first to last. */
    taskIds: z.array(z.string()),
  }),
  /** Every open task with its earliest start and slack, by earliest start. */
  schedule: z.array(scheduledTaskSchema),
  /** The first meet still on that has not ended yet; null for none. */
  nextMeet: meetSchema.nullable(),
  /** Deliverables not yet accepted, oldest first: what an investor still has to look at. */
  pendingDeliverables: z.array(
    z.object({
      id: z.string(),
      taskId: z.string(),
      title: z.string(),
      status: z.enum(['draft', 'submitted', 'changes_requested']),
    }),
  ),
});
export type MilestoneOverview = z.infer<typeof milestoneOverviewSchema>;
export const milestoneOverviewResponseSchema = z.object({ overview: milestoneOverviewSchema });

/** Old and new values of what an activity changed, field by field. */
export const activityValuesSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));
export type ActivityValues = z.infer<typeof activityValuesSchema>;

export const activitySchema = z.object({
  id: z.string(),
  milestoneId: z.string(),
  /** The task it concerns (possibly deleted since); null for the milestone itself. */
  taskId: z.string().nullable(),
  /** The task's stage once the change was made; null for the milestone itself. */
  stage: z.enum(taskStages).nullable(),
  action: z.enum(activityActions),
  /** Who did it; null once their account is gone. */
  actor: taskAssigneeSchema.nullable(),
  oldValue: activityValuesSchema.nullable(),
  newValue: activityValuesSchema.nullable(),
  /** The task the line is about, as named now (a deleted task: as named when it was deleted); null for the milestone itself. */
  taskTitle: z.string().nullable(),
  /** The deliverable a deliverable or approval line is about, as named now; null when none or deleted since. */
  deliverableTitle: z.string().nullable(),
  /** The thread a thread or message line is about, as named now; null when none or deleted since. */
  threadTitle: z.string().nullable(),
  createdAt: z.string(),
});
export type Activity = z.infer<typeof activitySchema>;

/** GET …/milestones/{id}/activities?stage&taskId&page&limit: newest first. */
export const activitiesQuerySchema = paginationQuerySchema.extend({
  stage: z.enum(taskStages, { error: 'Filter by backlog, todo, in_progress, review or done.' }).optional(),
  taskId: id.optional(),
});
export type ActivitiesQuery = z.infer<typeof activitiesQuerySchema>;
export const activityPageSchema = pageOf(activitySchema);

// ---------------------------------------------------------------------------------------------
// Paths (nested paths are ours: docs/api.md)

const segment = encodeURIComponent;

/** Founder calls (spec §7 Milestones API). */
export const milestonePaths = {
  milestones: '/api/v1/milestones',
  milestone: (id: string) => `/api/v1/milestones/${segment(id)}`,
  status: (id: string) => `/api/v1/milestones/${segment(id)}/status`,
  /** Our addition: undo an archive. */
  restore: (id: string) => `/api/v1/milestones/${segment(id)}/restore`,
  overview: (id: string) => `/api/v1/milestones/${segment(id)}/overview`,
  taskInvestors: '/api/v1/milestones/task-investors',
  /** Our addition: who may be invited to a meet (the founder and the accepted investors). */
  members: (id: string) => `/api/v1/milestones/${segment(id)}/members`,
  tasks: (id: string) => `/api/v1/milestones/${segment(id)}/tasks`,
  activities: (id: string) => `/api/v1/milestones/${segment(id)}/activities`,
  task: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}`,
  taskStage: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/stage`,
  subtasks: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/subtasks`,
  subtask: (subtaskId: string) => `/api/v1/milestones/subtasks/${segment(subtaskId)}`,
  subtaskToggle: (subtaskId: string) => `/api/v1/milestones/subtasks/${segment(subtaskId)}/toggle`,
  taskDependencies: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/dependencies`,
  /** Our addition: the tasks a new "blocked by" link may name without closing a loop. */
  taskDependencyCandidates: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/dependencies/candidates`,
  dependency: (dependencyId: string) => `/api/v1/milestones/dependencies/${segment(dependencyId)}`,
  taskDeliverables: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/deliverables`,
  deliverables: (id: string) => `/api/v1/milestones/${segment(id)}/deliverables`,
  deliverable: (deliverableId: string) => `/api/v1/milestones/deliverables/${segment(deliverableId)}`,
  deliverableSubmit: (deliverableId: string) => `/api/v1/milestones/deliverables/${segment(deliverableId)}/submit`,
  taskApprovals: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/approvals`,
  meets: (id: string) => `/api/v1/milestones/${segment(id)}/meets`,
  meet: (meetId: string) => `/api/v1/milestones/meets/${segment(meetId)}`,
  meetIcs: (meetId: string) => `/api/v1/milestones/meets/${segment(meetId)}/ics`,
  /** Threads on the milestone itself (not its tasks'). */
  threads: (id: string) => `/api/v1/milestones/${segment(id)}/threads`,
  taskThreads: (taskId: string) => `/api/v1/milestones/tasks/${segment(taskId)}/threads`,
  /** PATCH (rename) and DELETE. */
  thread: (threadId: string) => `/api/v1/milestones/threads/${segment(threadId)}`,
  messages: (threadId: string) => `/api/v1/milestones/threads/${segment(threadId)}/messages`,
  /** PATCH and DELETE, by its author only. */
  message: (messageId: string) => `/api/v1/milestones/messages/${segment(messageId)}`,
  /** GET ?fileType&fileSize: a signed upload for a message's attachment. */
  attachmentUpload: '/api/v1/milestones/attachments/upload',
  /** Our addition: the founder's mentors and whether this milestone is shared with each. */
  mentors: (id: string) => `/api/v1/milestones/${segment(id)}/mentors`,
  /** PUT shares the milestone with one of the founder's mentors; DELETE stops sharing it. */
  mentor: (id: string, mentorId: string) => `/api/v1/milestones/${segment(id)}/mentors/${segment(mentorId)}`,
} as const;

/** Investor calls (spec §7 Investor API): the milestones of decks they are accepted on. */
export const investorMilestonePaths = {
  milestones: '/api/v1/investors/milestones',
  milestone: (id: string) => `/api/v1/investors/milestones/${segment(id)}`,
  overview: (id: string) => `/api/v1/investors/milestones/${segment(id)}/overview`,
  /** Our addition: who may be invited to a meet. */
  members: (id: string) => `/api/v1/investors/milestones/${segment(id)}/members`,
  tasks: (id: string) => `/api/v1/investors/milestones/${segment(id)}/tasks`,
  activities: (id: string) => `/api/v1/investors/milestones/${segment(id)}/activities`,
  task: (taskId: string) => `/api/v1/investors/tasks/${segment(taskId)}`,
  deliverables: (id: string) => `/api/v1/investors/milestones/${segment(id)}/deliverables`,
  deliverableAccept: (deliverableId: string) => `/api/v1/investors/deliverables/${segment(deliverableId)}/accept`,
  /** Our addition: take an acceptance back within `acceptUndoSeconds`, by whoever made it. */
  deliverableUndoAccept: (deliverableId: string) =>
    `/api/v1/investors/deliverables/${segment(deliverableId)}/accept/undo`,
  /** Our addition: send a submitted deliverable back with a comment. */
  deliverableRequestChanges: (deliverableId: string) =>
    `/api/v1/investors/deliverables/${segment(deliverableId)}/request-changes`,
  taskApprovals: (taskId: string) => `/api/v1/investors/tasks/${segment(taskId)}/approvals`,
  meets: (id: string) => `/api/v1/investors/milestones/${segment(id)}/meets`,
  meet: (meetId: string) => `/api/v1/investors/meets/${segment(meetId)}`,
  meetIcs: (meetId: string) => `/api/v1/investors/meets/${segment(meetId)}/ics`,
  /** Our addition to spec §7: threads on the milestone itself. */
  threads: (id: string) => `/api/v1/investors/milestones/${segment(id)}/threads`,
  taskThreads: (taskId: string) => `/api/v1/investors/tasks/${segment(taskId)}/threads`,
  /** Our addition: PATCH (rename) and DELETE of a thread the investor started. */
  thread: (threadId: string) => `/api/v1/investors/threads/${segment(threadId)}`,
  messages: (threadId: string) => `/api/v1/investors/threads/${segment(threadId)}/messages`,
  message: (messageId: string) => `/api/v1/investors/messages/${segment(messageId)}`,
  attachmentUpload: '/api/v1/investors/attachments/upload',
} as const;

/**
 * Mentor calls: the live milestones a founder shared with them, read-only, and the milestone's
 * threads with the mentors (`audience: mentors`). Deliverables and approvals are read, never
 * given: reviewing work stays the investors'.
 */
export const mentorMilestonePaths = {
  milestones: '/api/v1/mentors/milestones',
  milestone: (id: string) => `/api/v1/mentors/milestones/${segment(id)}`,
  overview: (id: string) => `/api/v1/mentors/milestones/${segment(id)}/overview`,
  tasks: (id: string) => `/api/v1/mentors/milestones/${segment(id)}/tasks`,
  activities: (id: string) => `/api/v1/mentors/milestones/${segment(id)}/activities`,
  task: (taskId: string) => `/api/v1/mentors/tasks/${segment(taskId)}`,
  deliverables: (id: string) => `/api/v1/mentors/milestones/${segment(id)}/deliverables`,
  taskApprovals: (taskId: string) => `/api/v1/mentors/tasks/${segment(taskId)}/approvals`,
  threads: (id: string) => `/api/v1/mentors/milestones/${segment(id)}/threads`,
  taskThreads: (taskId: string) => `/api/v1/mentors/tasks/${segment(taskId)}/threads`,
  thread: (threadId: string) => `/api/v1/mentors/threads/${segment(threadId)}`,
  messages: (threadId: string) => `/api/v1/mentors/threads/${segment(threadId)}/messages`,
  message: (messageId: string) => `/api/v1/mentors/messages/${segment(messageId)}`,
  attachmentUpload: '/api/v1/mentors/attachments/upload',
} as const;

/**
 * GET /api/v1/milestones/{id}/mentors: the founder's mentors, each with whether this milestone is
 * shared with them (PUT or DELETE …/mentors/{mentorId} changes it). Investors never read this.
 */
export const milestoneMentorsResponseSchema = z.object({
  data: z.array(z.object({ mentor: mentorshipPartySchema, isShared: z.boolean() })),
});
export type MilestoneMentorsResponse = z.infer<typeof milestoneMentorsResponseSchema>;
export const milestoneMentorParamsSchema = z.object({ id, mentorId: idSchema });

/**
 * The milestone events of the /chats namespace: one socket room per milestone, joined only by
 * those who may read it (its founder, its accepted investors). `join` and `leave` are
 * acknowledged like chat events ({ ok, milestoneId } or { ok: false, error }).
 */
export const milestoneSocketEvents = {
  join: 'milestone:join',
  leave: 'milestone:leave',
  /** Something on the milestone changed: re-read what shows it (board, drawer, activity feed). */
  changed: 'milestone:changed',
  /** The account may no longer read the milestone (an interest withdrawn or declined); its room was left. */
  accessEnded: 'milestone:access_ended',
} as const;

export const milestoneRoomPayloadSchema = z.object({ milestoneId: id });

/** What `milestone:changed` carries: which milestone, which task if any, what happened and who did it. */
export const milestoneLiveChangeSchema = z.object({
  milestoneId: id,
  taskId: id.nullable(),
  action: z.string(),
  actorId: id,
  activityId: id.nullable(),
});
export type MilestoneLiveChange = z.infer<typeof milestoneLiveChangeSchema>;
