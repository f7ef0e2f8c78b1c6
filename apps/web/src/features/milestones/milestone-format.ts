import type {
  Activity,
  ActivityValues,
  DeliverableStatus,
  Meet,
  Milestone,
  MilestoneDeck,
  MilestoneStatus,
  TaskStage,
} from '@deckvalid/contract/milestones';
import { formatCalendarDay, formatDateTime } from '@/shared/lib/format-date';
import { formatUsd } from '@/shared/lib/format-money';

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
  // Not "Cancel …": beside other buttons it read as closing a dialog (issue 18).
  cancelled: 'Abandon milestone',
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

/**
 * A milestone's amount. Whole units of the same currency the decks raise in (decks ask in USD);
 * the contract names no currency for milestones.
 */
export function formatAmount(amount: number): string {
  return formatUsd(amount);
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

/** One field an activity changed, in words. `from` is null when the field had no value before. */
export type ActivityChange = { field: string; from: string | null; to: string | null };

/** A piece of an activity's sentence: plain words, or the name of the object it is about. */
export type ActivityPart = string | { name: string };

/**
 * An activity line in words: who, what (as parts, so the screen can set the object's name apart,
 * and as one plain sentence with the names quoted), an investor's comment, and the fields it changed.
 */
export type ActivityWording = {
  actor: string;
  parts: ActivityPart[];
  text: string;
  comment: string | null;
  changes: ActivityChange[];
};

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
  timeZone: 'Time zone',
  videoUrl: 'Video link',
  agenda: 'Agenda',
};

/**
 * Fields never shown as a change: ids say nothing to a person, ranks are board order, a comment
 * shows as a quote, and the rest are named in the sentence itself.
 */
const hiddenFields = new Set([
  'rank',
  'approvalId',
  'subtaskId',
  'deliverableId',
  'meetId',
  'blockedByTaskId',
  'blockedByTitle',
  'threadId',
  'messageId',
  'attachments',
  'messageCount',
  'comment',
  'decision',
  'deliverableTitle',
  'fileName',
]);

const longValue = 80;

function valueInWords(field: string, value: ActivityValues[string] | undefined): string | null {
  if (value === undefined || value === null || value === '') return null;
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

/** A string value the line logged (new first), or null. */
function logged(activity: Activity, key: string): string | null {
  const value = activity.newValue?.[key] ?? activity.oldValue?.[key];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** The object's name as a part, or the fallback words when the line cannot name it. */
function name(value: string | null | undefined, fallback: string): ActivityPart {
  return value ? { name: value } : fallback;
}

const taskOf = (a: Activity, fallback = 'a task') => name(a.taskTitle ?? logged(a, 'taskTitle'), fallback);
const titleOf = (a: Activity, fallback: string) => name(logged(a, 'title'), fallback);
const deliverableOf = (a: Activity) =>
  name(a.deliverableTitle ?? logged(a, 'deliverableTitle') ?? logged(a, 'title'), 'a deliverable');
const threadOf = (a: Activity) => name(a.threadTitle ?? logged(a, 'title'), 'a thread');
const stageOf = (a: Activity) => valueInWords('stage', a.newValue?.stage) ?? 'another stage';

function isChangesRequested(activity: Activity): boolean {
  return activity.newValue?.decision === 'changes_requested';
}

/** Each action as the parts of a sentence after the actor's name. */
const actionPhrases: Record<Activity['action'], (activity: Activity) => ActivityPart[]> = {
  'milestone.created': (a) => ['created the milestone ', titleOf(a, 'here')],
  'milestone.updated': () => ['edited the milestone'],
  'milestone.status_changed': (a) => {
    const to = valueInWords('status', a.newValue?.status);
    return to ? [`set the milestone to ${to}`] : ['changed the milestone’s status'];
  },
  'milestone.archived': () => ['archived the milestone'],
  'milestone.restored': () => ['restored the milestone'],
  'task.created': (a) => ['created the task ', titleOf(a, 'a task')],
  'task.updated': (a) => ['edited ', taskOf(a)],
  'task.moved': (a) =>
    a.oldValue?.stage === a.newValue?.stage
      ? ['reordered ', taskOf(a), ` in ${stageOf(a)}`]
      : ['moved ', taskOf(a), ` to ${stageOf(a)}`],
  'task.deleted': (a) => ['deleted the task ', titleOf(a, 'a task')],
  'subtask.created': (a) => ['added the subtask ', titleOf(a, 'a subtask'), ' to ', taskOf(a)],
  'subtask.updated': (a) => ['renamed a subtask of ', taskOf(a)],
  'subtask.toggled': (a) => [
    a.newValue?.isCompleted ? 'ticked off ' : 'reopened ',
    titleOf(a, 'a subtask'),
    ' on ',
    taskOf(a),
  ],
  'subtask.deleted': (a) => ['removed the subtask ', titleOf(a, 'a subtask'), ' from ', taskOf(a)],
  'dependency.added': (a) => [
    'marked ',
    taskOf(a),
    ' as blocked by ',
    name(logged(a, 'blockedByTitle'), 'another task'),
  ],
  'dependency.changed': (a) => [
    'changed what ',
    taskOf(a),
    ' is blocked by to ',
    name(logged(a, 'blockedByTitle'), 'another task'),
  ],
  'dependency.removed': (a) => {
    const blocker = logged(a, 'blockedByTitle');
    return blocker ? ['unblocked ', taskOf(a), ' from ', { name: blocker }] : ['removed a blocker from ', taskOf(a)];
  },
  'deliverable.created': (a) => ['added the deliverable ', deliverableOf(a), ' to ', taskOf(a)],
  'deliverable.updated': (a) => ['edited the deliverable ', deliverableOf(a)],
  'deliverable.submitted': (a) => [logged(a, 'fileName') ? 'uploaded a file for ' : 'submitted ', deliverableOf(a)],
  'deliverable.accepted': (a) => ['accepted ', deliverableOf(a)],
  'deliverable.acceptance_undone': (a) => ['took back the acceptance of ', deliverableOf(a)],
  'deliverable.sent_back': (a) => ['sent back ', deliverableOf(a), ' with a request for changes'],
  'approval.recorded': (a) => {
    const subject = logged(a, 'deliverableId') ? deliverableOf(a) : taskOf(a);
    return isChangesRequested(a) ? ['requested changes on ', subject] : ['approved ', subject];
  },
  'approval.changed': (a) =>
    isChangesRequested(a) ? ['now asks for changes on ', taskOf(a)] : ['now approves ', taskOf(a)],
  'meet.created': (a) => ['scheduled the meet ', titleOf(a, 'a meet')],
  'meet.updated': (a) => ['changed the meet ', titleOf(a, 'a meet')],
  'meet.cancelled': (a) => ['cancelled the meet ', titleOf(a, 'a meet')],
  'thread.created': (a) =>
    a.taskId ? ['started the thread ', threadOf(a), ' on ', taskOf(a)] : ['started the thread ', threadOf(a)],
  'thread.renamed': (a) => ['renamed the thread ', name(logged({ ...a, newValue: null }, 'title'), 'a thread')],
  'thread.deleted': (a) => ['deleted the thread ', name(logged(a, 'title'), 'a thread')],
  'message.posted': (a) => {
    const files = a.newValue?.attachments;
    const withFiles =
      typeof files === 'number' && files > 0 ? ` with ${files === 1 ? 'a file' : `${files} files`}` : '';
    return ['wrote in ', threadOf(a), withFiles];
  },
  'message.edited': (a) => ['edited a message in ', threadOf(a)],
  'message.deleted': (a) => ['deleted a message in ', threadOf(a)],
};

/** Whether a field's change is worth a line of its own below the sentence. */
function isShownAsChange(activity: Activity, field: string): boolean {
  if (hiddenFields.has(field)) return false;
  // The sentence names a title, except when the title is what changed (a rename, an edit).
  if (field === 'title') return /\.(updated|renamed)$/.test(activity.action);
  if (field === 'status') return activity.action !== 'milestone.status_changed';
  if (field === 'stage') return activity.action !== 'task.moved';
  // The link is news when it is submitted; an acceptance or a request only repeats it.
  if (field === 'url') return activity.action === 'deliverable.submitted';
  // A created thing's first values are not changes.
  return activity.oldValue !== null;
}

/** The sentence as plain text, each name quoted: for tests and for screen readers' labels. */
function plainText(parts: ActivityPart[]): string {
  return parts.map((part) => (typeof part === 'string' ? part : `“${part.name}”`)).join('');
}

/** How a deliverable's status reads, wherever it shows (the task drawer, the overview). */
export const deliverableStatusDisplay: Record<DeliverableStatus, { label: string; color: string }> = {
  draft: { label: 'Draft', color: 'gray' },
  submitted: { label: 'Submitted', color: 'blue' },
  changes_requested: { label: 'Changes requested', color: 'orange' },
  accepted: { label: 'Accepted', color: 'teal' },
};

/**
 * An activity in words for the feed: "Maya Lind moved “Build flight unit” to Done", naming the
 * object of every action (as it is named now), assignees by `nameOf` (the milestone's members), an investor's comment as a quote, and each other
 * changed field as old → new (only the new value when there was none before). An unknown action
 * (a newer server) reads as a plain change rather than its code.
 */
export function describeActivity(
  activity: Activity,
  nameOf: (accountId: string) => string | undefined = () => undefined,
): ActivityWording {
  const actor = activity.actor?.name ?? 'Someone';
  const phrase = actionPhrases[activity.action] as ((activity: Activity) => ActivityPart[]) | undefined;
  const parts = phrase ? phrase(activity) : activity.taskId ? ['changed ', taskOf(activity)] : ['made a change'];
  const comment = logged(activity, 'comment');
  const changes: ActivityChange[] = [];
  const before = activity.oldValue ?? {};
  const after = activity.newValue ?? {};
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  for (const field of fields) {
    if (!isShownAsChange(activity, field)) continue;
    const from = before[field];
    const to = after[field];
    if (from === to) continue;
    if (field === 'assigneeId') {
      // Ids say nothing to a person: named from the milestone's members, and one who is no
      // longer a member (an investor who withdrew) as such.
      const named = (id: unknown) => (typeof id === 'string' && id ? (nameOf(id) ?? 'a former member') : null);
      changes.push({ field: fieldLabels.assigneeId ?? field, from: named(from), to: named(to) ?? 'nobody' });
      continue;
    }
    const toWords = valueInWords(field, to);
    changes.push({ field: fieldLabels[field] ?? field, from: valueInWords(field, from), to: toWords ?? 'none' });
  }
  return { actor, parts, text: plainText(parts), comment, changes };
}

// ---------------------------------------------------------------------------------------------
// Meets and time zones

/** Every IANA zone the browser knows, with the reader's own first so it is never missing. */
export function timeZoneOptions(ownZone: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(ownZone) ? [...known] : [ownZone, ...known];
}

/** A zone's offset from UTC at `now`, as "UTC+1", "UTC−3:30" or "UTC". */
function offsetLabel(timeZone: string, now: number): string {
  const minutes = Math.round(zoneOffsetMs(now, timeZone) / 60_000);
  if (minutes === 0) return 'UTC';
  const sign = minutes > 0 ? '+' : '−';
  const hours = Math.floor(Math.abs(minutes) / 60);
  const rest = Math.abs(minutes) % 60;
  return `UTC${sign}${hours}${rest ? `:${String(rest).padStart(2, '0')}` : ''}`;
}

/** A zone's name as people say it ("Central European Time"), or null when the browser has none. */
function genericName(timeZone: string, now: number): string | null {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(now)
      .find((item) => item.type === 'timeZoneName');
    return part && !/^GMT|^UTC/.test(part.value) ? part.value : null;
  } catch {
    return null;
  }
}

/** A choice of the time-zone picker: the IANA name as its value, a label a person recognises. */
export type TimeZoneChoice = { value: string; label: string };

/**
 * The meet form's zones in words: "Paris, Europe · Central European Time (UTC+1)", the reader's
 * own first (marked as theirs), then the rest by offset and name, so typing a city, a region, a
 * zone's name or an offset finds it. `extra` keeps a stored zone the browser does not list.
 */
export function timeZoneChoices(
  ownZone: string,
  extra: string | null = null,
  now: number = Date.now(),
): TimeZoneChoice[] {
  const zones = timeZoneOptions(ownZone);
  if (extra && !zones.includes(extra)) zones.push(extra);
  const described = zones.map((zone) => {
    let offset = 0;
    try {
      offset = zoneOffsetMs(now, zone);
    } catch {
      offset = 0;
    }
    const parts = zone.split('/');
    const place = (parts.at(-1) ?? zone).replace(/_/g, ' ');
    const region = parts.length > 1 ? (parts[0] ?? '').replace(/_/g, ' ') : '';
    const name = genericName(zone, now);
    let shownOffset = 'UTC';
    try {
      shownOffset = offsetLabel(zone, now);
    } catch {
      shownOffset = zone;
    }
    const where = region ? `${place}, ${region}` : place;
    const label = `${where}${name ? ` · ${name}` : ''} (${shownOffset})`;
    return { value: zone, label: zone === ownZone ? `${label} · your zone` : label, offset };
  });
  const own = described.filter((zone) => zone.value === ownZone);
  const rest = described
    .filter((zone) => zone.value !== ownZone)
    .sort((a, b) => a.offset - b.offset || a.label.localeCompare(b.label));
  return [...own, ...rest].map(({ value, label }) => ({ value, label }));
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
