// The milestones module's tables: its repositories are their only writers. A milestone belongs to
// a founder and one of their decks and goes with either; tasks, subtasks, links and activities go
// with their milestone (DELETE mode=permanent is one row delete). Deliverables, approvals and
// meets hang off milestones.id and milestone_tasks.id the same way, as threads do (threads.schema.ts).
// A share with a mentor goes with its milestone and with the mentorship.
import { threadAudiences } from '@deckvalid/contract/milestones';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { accounts } from '@/modules/accounts/accounts.schema';
import { mentorships } from '@/modules/mentors/mentors.schema';
import { pitchDecks } from '@/modules/pitchdecks/pitchdecks.schema';

const stages = ['backlog', 'todo', 'in_progress', 'review', 'done'] as const;
const approvalDecisions = ['approved', 'changes_requested'] as const;

/** A milestone; its status follows `milestoneTransitions` in the contract. */
export const milestones = pgTable(
  'milestones',
  {
    id: text('id').primaryKey(),
    founderId: text('founder_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    pitchDeckId: text('pitch_deck_id')
      .notNull()
      .references(() => pitchDecks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }),
    status: text('status', { enum: ['draft', 'active', 'completed', 'cancelled'] })
      .notNull()
      .default('draft'),
    /** Set by DELETE mode=archive: hidden from lists and from investors until restored. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /**
     * Raised by every write to the milestone or anything under it, in that write's transaction
     * (the statement that locks the row): answers built from its rows are kept per revision.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('milestones_founder_idx').on(table.founderId, table.dueDate),
    index('milestones_deck_idx').on(table.pitchDeckId, table.dueDate),
  ],
);

/**
 * A task on its milestone's board. `rank` orders a stage's tasks as plain strings (fractional
 * keys, compared in byte order): a drag gives the moved task a key between its new neighbours,
 * so it writes one row.
 */
export const milestoneTasks = pgTable(
  'milestone_tasks',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    stage: text('stage', { enum: stages }).notNull().default('backlog'),
    rank: text('rank').notNull(),
    assigneeId: text('assignee_id').references(() => accounts.id, { onDelete: 'set null' }),
    dueDate: date('due_date', { mode: 'string' }),
    estimateDays: integer('estimate_days'),
    /**
     * The task's short id, its deck's prefix and the next number of that prefix ("LDG-12"): what
     * cards, links and people use. Taken from `milestone_task_prefixes` in the creating
     * transaction, never reused; unique across the product, so a key alone finds its task.
     */
    key: text('key').notNull(),
    /** Free labels for filtering the board ("design", "legal"), trimmed, each once. */
    labels: text('labels').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The target of the links' composite keys, which keep both ends of a link in one milestone.
    unique('milestone_tasks_milestone_id_key').on(table.milestoneId, table.id),
    uniqueIndex('milestone_tasks_key_idx').on(table.key),
    index('milestone_tasks_board_idx').on(table.milestoneId, table.stage, table.rank),
  ],
);

/** A checklist item of a task. */
export const milestoneSubtasks = pgTable(
  'milestone_subtasks',
  {
    id: text('id').primaryKey(),
    taskId: text('task_id')
      .notNull()
      .references(() => milestoneTasks.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    isCompleted: boolean('is_completed').notNull().default(false),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('milestone_subtasks_task_idx').on(table.taskId, table.createdAt)],
);

/**
 * "Task `taskId` is blocked by task `blockedByTaskId`", one row per link; 'blocking' is read from
 * the same rows the other way round. The composite keys make a link across milestones impossible,
 * the check a self-link; cycles are refused by the service under the milestone's row lock.
 */
export const taskDependencies = pgTable(
  'milestone_task_dependencies',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    blockedByTaskId: text('blocked_by_task_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'milestone_task_dependencies_task_fk',
      columns: [table.milestoneId, table.taskId],
      foreignColumns: [milestoneTasks.milestoneId, milestoneTasks.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'milestone_task_dependencies_blocker_fk',
      columns: [table.milestoneId, table.blockedByTaskId],
      foreignColumns: [milestoneTasks.milestoneId, milestoneTasks.id],
    }).onDelete('cascade'),
    uniqueIndex('milestone_task_dependencies_pair_key').on(table.taskId, table.blockedByTaskId),
    index('milestone_task_dependencies_blocker_idx').on(table.blockedByTaskId),
    index('milestone_task_dependencies_milestone_idx').on(table.milestoneId),
    check('milestone_task_dependencies_not_self', sql`${table.taskId} <> ${table.blockedByTaskId}`),
  ],
);

/**
 * The milestone's log: one row per change, written in the change's transaction. `taskId` has no
 * foreign key on purpose: a deleted task's history stays readable under its id.
 */
export const milestoneActivities = pgTable(
  'milestone_activities',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    taskId: text('task_id'),
    /** The task's stage once the change was made (GET activities?stage= filters on it). */
    stage: text('stage', { enum: stages }),
    actorId: text('actor_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    oldValue: jsonb('old_value'),
    newValue: jsonb('new_value'),
    /**
     * Who reads the line besides the founder: `mentors` for what happens in a thread with the
     * mentors (investors never see it), `members` for everything else.
     */
    audience: text('audience', { enum: threadAudiences }).notNull().default('members'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('milestone_activities_feed_idx').on(table.milestoneId, table.createdAt),
    index('milestone_activities_stage_idx').on(table.milestoneId, table.stage, table.createdAt),
    index('milestone_activities_task_idx').on(table.taskId),
  ],
);

/**
 * What a task promises to hand over. Its status is read from the timestamps (no url: draft; a url
 * and no acceptance: submitted; accepted): one fact, stored once. The composite key keeps it in
 * its task's milestone, so the milestone's lock covers it.
 */
export const milestoneDeliverables = pgTable(
  'milestone_deliverables',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    url: text('url'),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The investor who accepted it; the account may go, the acceptance stays (acceptedAt). */
    acceptedById: text('accepted_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /**
     * The last request for changes (issue 18): who, their comment and when. It counts while it is
     * later than `submittedAt`; a resubmission makes it history.
     */
    changesRequestedById: text('changes_requested_by_id').references(() => accounts.id, { onDelete: 'set null' }),
    changesRequestedComment: text('changes_requested_comment'),
    changesRequestedAt: timestamp('changes_requested_at', { withTimezone: true }),
    /**
     * A submitted file instead of a link (issue 18): the key of the founder's `attachment` upload
     * (the uploads sweep reads it, so a submitted file is never swept), the name readers see, and
     * what storage checked of it. All four are set together, and only while `url` is null.
     */
    fileKey: text('file_key').unique('milestone_deliverables_file_key_unique'),
    fileName: text('file_name'),
    fileContentType: text('file_content_type'),
    fileSize: integer('file_size'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'milestone_deliverables_task_fk',
      columns: [table.milestoneId, table.taskId],
      foreignColumns: [milestoneTasks.milestoneId, milestoneTasks.id],
    }).onDelete('cascade'),
    index('milestone_deliverables_task_idx').on(table.taskId, table.createdAt),
    index('milestone_deliverables_milestone_idx').on(table.milestoneId, table.createdAt),
  ],
);

/**
 * An investor's word on a task: approved, or changes requested (with a comment). One per investor
 * per task (issue 18): saying it again replaces it, so the task shows where each investor stands.
 */
export const milestoneTaskApprovals = pgTable(
  'milestone_task_approvals',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    taskId: text('task_id').notNull(),
    investorId: text('investor_id').references(() => accounts.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: approvalDecisions }).notNull().default('approved'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'milestone_task_approvals_task_fk',
      columns: [table.milestoneId, table.taskId],
      foreignColumns: [milestoneTasks.milestoneId, milestoneTasks.id],
    }).onDelete('cascade'),
    index('milestone_task_approvals_task_idx').on(table.taskId, table.createdAt),
    uniqueIndex('milestone_task_approvals_investor_idx').on(table.taskId, table.investorId),
  ],
);

/**
 * A meeting about a milestone. `sequence` counts edits for the calendar file (its SEQUENCE), and
 * a delete only sets `cancelledAt`: the row stays as a tombstone so the cancellation can still be
 * downloaded and replace the event in calendars that imported it. Lists leave tombstones out.
 */
export const milestoneMeets = pgTable(
  'milestone_meets',
  {
    id: text('id').primaryKey(),
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    agenda: text('agenda').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** The organiser's IANA zone name: the calendar file shows the meet in it. */
    timeZone: text('time_zone').notNull(),
    videoUrl: text('video_url'),
    organizerId: text('organizer_id').references(() => accounts.id, { onDelete: 'set null' }),
    sequence: integer('sequence').notNull().default(0),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('milestone_meets_milestone_idx').on(table.milestoneId, table.startsAt)],
);

/**
 * Who is invited to a meet (issue 18): members of the milestone (its founder, the deck's accepted
 * investors) when chosen. Each is mailed the invitation with the .ics; `position` keeps the order
 * they were chosen in. Rows go with the meet, and with an account that is deleted.
 */
export const milestoneMeetAttendees = pgTable(
  'milestone_meet_attendees',
  {
    meetId: text('meet_id')
      .notNull()
      .references(() => milestoneMeets.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (table) => [primaryKey({ columns: [table.meetId, table.accountId] })],
);

/**
 * Each deck's task-key prefix and the last number it gave out. A new task takes the next number
 * with one `UPDATE … RETURNING`, which holds the row's lock until its transaction ends, so two
 * tasks created at once on the same deck (in any of its milestones, on any process) can never get
 * the same number. The prefix is unique, so a key names one task across the product.
 */
export const milestoneTaskPrefixes = pgTable('milestone_task_prefixes', {
  pitchDeckId: text('pitch_deck_id')
    .primaryKey()
    .references(() => pitchDecks.id, { onDelete: 'cascade' }),
  prefix: text('prefix').notNull().unique('milestone_task_prefixes_prefix_key'),
  lastNumber: integer('last_number').notNull().default(0),
});

/**
 * Due-date reminders sent: one row per task, kind and due date, written by the reminder job in
 * the same statement that claims it (insert … on conflict do nothing), so a restart or a second
 * process never sends the same reminder twice. A moved due date is a new key: it is reminded again.
 */
export const milestoneTaskReminders = pgTable(
  'milestone_task_reminders',
  {
    taskId: text('task_id')
      .notNull()
      .references(() => milestoneTasks.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['due_soon', 'overdue'] }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.taskId, table.kind, table.dueDate] })],
);

/**
 * A milestone the founder shared with one of their mentors: the mentor reads it and discusses it
 * in the threads with the mentors. It hangs on the mentorship, so ending that ends every share.
 */
export const milestoneMentors = pgTable(
  'milestone_mentors',
  {
    milestoneId: text('milestone_id')
      .notNull()
      .references(() => milestones.id, { onDelete: 'cascade' }),
    founderId: text('founder_id').notNull(),
    mentorId: text('mentor_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.milestoneId, table.mentorId] }),
    foreignKey({
      name: 'milestone_mentors_mentorship_fk',
      columns: [table.founderId, table.mentorId],
      foreignColumns: [mentorships.founderId, mentorships.mentorId],
    }).onDelete('cascade'),
    index('milestone_mentors_mentor_idx').on(table.mentorId, table.createdAt),
  ],
);
