import type {
  Activity,
  ActivityValues,
  Meet,
  Milestone,
  MilestoneDeck,
  MilestoneStatus,
  TaskStage,
} from '@deckvalid/contract/milestones';
import { formatCalendarDay, formatDateTime } from '@/shared/lib/format-date';

// Words and numbers of the milestone screens, kept pure so they are tested without a DOM.

export const milestoneStatusLabels: Record<MilestoneStatus, string> = {
  draft: 'Draft',
  active: 'Active',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export const milestoneStatusColors: Record<MilestoneStatus, string> = {
  draft: 'gray',
  active: 'blue',
  completed: 'teal',
  cancelled: 'red',
};

export const taskStageLabels: Record<TaskStage, string> = {
  backlog: 'Backlog',
  todo: 'To do',
  in_progress: 'In progress',
  review: 'Review',
  done: 'Done',
};

/** The button that moves a milestone into a status (the founder's header actions). */
export const statusMoveLabels: Record<MilestoneStatus, string> = {
  draft: 'Back to draft',
  active: 'Activate',
  completed: 'Mark completed',
  cancelled: 'Cancel milestone',
};

/** A deck's name as the milestone screens show it: "Seed round (Clinicpay)". */
export function deckLabel(deck: Pick<MilestoneDeck, 'title' | 'company'>): string {
  return `${deck.title} (${deck.company})`;
}

/** Today as `YYYY-MM-DD` in UTC: the day the server counts "overdue" against. */
export function todayUtc(now: number = Date.now()): string {
  return new Date(now).toISOString().slice(0, 10);
}

/** A live milestone past its due day; completed and cancelled ones are never overdue. */
export function isMilestoneOverdue(milestone: Pick<Milestone, 'dueDate' | 'status'>, now: number = Date.now()) {
  const isOpen = milestone.status === 'draft' || milestone.status === 'active';
  return isOpen && milestone.dueDate < todayUtc(now);
}

const moneyFormat = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/**
 * A milestone's amount. Whole units of the same currency the decks raise in (decks ask in USD);
 * the contract names no currency for milestones.
 */
export function formatAmount(amount: number): string {
  return moneyFormat.format(amount);
}

/** "45 min", "1 h", "1 h 30 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

const relativeUnits: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "in 2 hours". */
export function relativeTime(value: string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  if (Number.isNaN(seconds)) return '';
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of relativeUnits) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.round(seconds / size), unit);
  }
  return relativeFormat.format(Math.round(seconds / 60), 'minute');
}

// ---------------------------------------------------------------------------------------------
// Activities

/** One field an activity changed, in words. `from`/`to` are null when only one side is known. */
export type ActivityChange = { field: string; from: string | null; to: string | null };

/** An activity line in words: who, what, and the fields it changed. */
export type ActivityWording = { actor: string; text: string; changes: ActivityChange[] };

const fieldLabels: Record<string, string> = {
  title: 'Title',
  description: 'Description',
  dueDate: 'Due date',
  amount: 'Amount',
  status: 'Status',
  stage: 'Stage',
  assigneeId: 'Assignee',
  estimateDays: 'Estimate',
  url: 'Link',
  startsAt: 'Starts',
  durationMinutes: 'Duration',
  isCompleted: 'Done',
  comment: 'Comment',
  blockedByTitle: 'Blocked by',
};

/** Fields never shown as a change: ids say nothing to a person, and ranks are board order. */
const hiddenFields = new Set(['rank', 'approvalId', 'subtaskId', 'deliverableId', 'meetId', 'blockedByTaskId']);

const longValue = 80;

function valueInWords(field: string, value: ActivityValues[string] | undefined): string | null {
  if (value === undefined) return null;
  if (value === null) return 'none';
  if (field === 'stage' && typeof value === 'string') return taskStageLabels[value as TaskStage] ?? value;
  if (field === 'status' && typeof value === 'string') return milestoneStatusLabels[value as MilestoneStatus] ?? value;
  if (field === 'dueDate' && typeof value === 'string') return formatCalendarDay(value) || value;
  if (field === 'startsAt' && typeof value === 'string') return formatDateTime(value) || value;
  if (field === 'amount' && typeof value === 'number') return formatAmount(value);
  if (field === 'durationMinutes' && typeof value === 'number') return formatDuration(value);
  if (field === 'estimateDays' && typeof value === 'number') return `${value} ${value === 1 ? 'day' : 'days'}`;
  if (field === 'isCompleted' && typeof value === 'boolean') return value ? 'done' : 'open';
  const text = String(value);
  return text.length > longValue ? `${text.slice(0, longValue - 1)}…` : text;
}

/** The title an activity names, new or old, quoted; empty when it names none. */
function named(activity: Activity, key = 'title'): string {
  const value = activity.newValue?.[key] ?? activity.oldValue?.[key];
  return typeof value === 'string' && value !== '' ? ` “${value}”` : '';
}

/** Each action as a phrase after the actor's name. */
const actionPhrases: Partial<Record<Activity['action'], (activity: Activity) => string>> = {
  'milestone.created': (a) => `created the milestone${named(a)}`,
  'milestone.updated': () => 'edited the milestone',
  'milestone.status_changed': (a) => {
    const to = a.newValue?.status;
    return typeof to === 'string' && to in milestoneStatusLabels
      ? `set the status to ${milestoneStatusLabels[to as MilestoneStatus]}`
      : 'changed the status';
  },
  'milestone.archived': () => 'archived the milestone',
  'milestone.restored': () => 'restored the milestone',
  'task.created': (a) => `created the task${named(a)}`,
  'task.updated': () => 'edited a task',
  'task.moved': (a) =>
    a.oldValue?.stage === a.newValue?.stage
      ? 'reordered a task'
      : `moved a task to ${valueInWords('stage', a.newValue?.stage)}`,
  'task.deleted': (a) => `deleted the task${named(a)}`,
  'subtask.created': (a) => `added the subtask${named(a)}`,
  'subtask.updated': () => 'renamed a subtask',
  'subtask.toggled': (a) => `${a.newValue?.isCompleted ? 'ticked off' : 'reopened'} the subtask${named(a)}`,
  'subtask.deleted': (a) => `removed the subtask${named(a)}`,
  'dependency.added': (a) => `marked a task as blocked by${named(a, 'blockedByTitle') || ' another task'}`,
  'dependency.changed': (a) => `changed what a task is blocked by to${named(a, 'blockedByTitle') || ' another task'}`,
  'dependency.removed': () => 'removed a “blocked by” link',
  'deliverable.created': (a) => `added the deliverable${named(a)}`,
  'deliverable.updated': () => 'edited a deliverable',
  'deliverable.submitted': () => 'submitted a deliverable',
  'deliverable.accepted': (a) => `accepted the deliverable${named(a)}`,
  'approval.recorded': () => 'approved a task',
  'meet.created': (a) => `scheduled the meet${named(a)}`,
  'meet.updated': (a) => `changed the meet${named(a)}`,
  'meet.cancelled': (a) => `cancelled the meet${named(a)}`,
};

/** The fields the phrase already names (a created task's title), not repeated as changes. */
function isNamedInPhrase(activity: Activity, field: string): boolean {
  if (field === 'title') return !activity.action.endsWith('.updated');
  return field === 'blockedByTitle' || (field === 'status' && activity.action === 'milestone.status_changed');
}

/**
 * An activity in words for the feed: "Maya moved a task to In progress", with each changed field
 * as old → new. A comment on an approval shows as its "to" value. Unknown actions (a newer server)
 * read as a generic change rather than failing.
 */
export function describeActivity(activity: Activity): ActivityWording {
  const actor = activity.actor?.name ?? 'Someone';
  const phrase = actionPhrases[activity.action];
  const text = phrase ? phrase(activity) : `made a change (${activity.action.replace(/[._]/g, ' ')})`;
  const changes: ActivityChange[] = [];
  const before = activity.oldValue ?? {};
  const after = activity.newValue ?? {};
  const hasBefore = activity.oldValue !== null;
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const field of fields) {
    if (hiddenFields.has(field) || isNamedInPhrase(activity, field)) continue;
    const from = before[field];
    const to = after[field];
    if (from === to) continue;
    if (field === 'assigneeId') {
      // Ids say nothing to a person; the board names the assignee now.
      changes.push({
        field: fieldLabels.assigneeId ?? field,
        from: from ? 'assigned' : 'nobody',
        to: to ? 'someone new' : 'nobody',
      });
      continue;
    }
    // A created thing's values are its first values, not a change: only the ones worth reading.
    if (!hasBefore && field !== 'comment' && field !== 'url') continue;
    changes.push({ field: fieldLabels[field] ?? field, from: valueInWords(field, from), to: valueInWords(field, to) });
  }
  return { actor, text, changes };
}

// ---------------------------------------------------------------------------------------------
// Meets and time zones

/** Every IANA zone the browser knows, with the reader's own first so it is never missing. */
export function timeZoneOptions(ownZone: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(ownZone) ? [...known] : [ownZone, ...known];
}

/** The reader's IANA zone ("Europe/Amsterdam"), UTC when the browser will not say. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const wallClockFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a zone. */
function wallClockOf(instant: number, timeZone: string) {
  let format = wallClockFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    wallClockFormats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** How far the zone's clock is ahead of UTC at that instant, in ms. */
function zoneOffsetMs(instant: number, timeZone: string): number {
  const wall = wallClockOf(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * A date and time typed for a zone (`2027-01-12T09:30` from a datetime-local input, meant in
 * `Europe/Amsterdam`) as an ISO instant in UTC (`2027-01-12T08:30:00.000Z`); null when the text is
 * not a date and time or the zone is unknown. A time a DST jump skips lands on the later side.
 */
export function zonedInputToIso(value: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute);
  try {
    // Two rounds settle DST edges: the offset at the guess may differ from the offset at the answer.
    let instant = wallAsUtc - zoneOffsetMs(wallAsUtc, timeZone);
    instant = wallAsUtc - zoneOffsetMs(instant, timeZone);
    return new Date(instant).toISOString();
  } catch {
    return null;
  }
}

/** An instant as a datetime-local input's value on the zone's clock (`2027-01-12T09:30`). */
export function isoToZonedInput(iso: string, timeZone: string): string {
  const instant = new Date(iso).getTime();
  if (Number.isNaN(instant)) return '';
  try {
    const wall = wallClockOf(instant, timeZone);
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
  } catch {
    return '';
  }
}

/** Whether a meet has ended by `now`. */
export function hasMeetEnded(meet: Pick<Meet, 'startsAt' | 'durationMinutes'>, now: number = Date.now()): boolean {
  return new Date(meet.startsAt).getTime() + meet.durationMinutes * 60_000 <= now;
}

/** The file name of a meet's calendar file: its title made safe for every file system. */
export function icsFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 60);
  return `${base || 'meet'}.ics`;
}
