import type { Task } from '@deckvalid/contract/milestones';

/** What the board's due filter offers: past due and not done, due from today to Sunday, or no date. */
export const dueFilters = ['overdue', 'week', 'none'] as const;
export type DueFilter = (typeof dueFilters)[number];

export const dueFilterLabels: Record<DueFilter, string> = {
  overdue: 'Overdue',
  week: 'Due this week',
  none: 'No due date',
};

/** The assignee filter's value for tasks nobody is assigned to (account ids never look like this). */
export const unassignedFilter = 'none';

/**
 * The board's filters, kept in the URL (`?assignee=&label=&due=`) so a reload or a shared link
 * shows the same cards. Each is null when off; all that are on must hold.
 */
export type BoardFilters = { assignee: string | null; label: string | null; due: DueFilter | null };

export const boardFilterKeys = ['assignee', 'label', 'due'] as const;

const isDueFilter = (value: string | null): value is DueFilter => dueFilters.some((due) => due === value);

export function readBoardFilters(params: URLSearchParams): BoardFilters {
  const due = params.get('due');
  return {
    assignee: params.get('assignee') || null,
    label: params.get('label') || null,
    due: isDueFilter(due) ? due : null,
  };
}

export const hasBoardFilters = (filters: BoardFilters) =>
  filters.assignee !== null || filters.label !== null || filters.due !== null;

/** `YYYY-MM-DD` of a local calendar day. */
const dayOf = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Today and the Sunday that ends this week (weeks start on Monday), as calendar days. */
export function thisWeek(now: Date): { from: string; to: string } {
  const sunday = new Date(now);
  sunday.setDate(now.getDate() + ((7 - now.getDay()) % 7));
  return { from: dayOf(now), to: dayOf(sunday) };
}

/** Whether the card shows under the filters. Overdue is the server's word (before today, UTC, not done). */
export function matchesBoardFilters(task: Task, filters: BoardFilters, now: Date): boolean {
  if (filters.assignee !== null) {
    const assigneeId = task.assignee?.id ?? unassignedFilter;
    if (assigneeId !== filters.assignee) return false;
  }
  if (filters.label !== null) {
    const wanted = filters.label.toLowerCase();
    if (!task.labels.some((label) => label.toLowerCase() === wanted)) return false;
  }
  if (filters.due === 'overdue' && !task.isOverdue) return false;
  if (filters.due === 'none' && task.dueDate !== null) return false;
  if (filters.due === 'week') {
    const week = thisWeek(now);
    if (task.dueDate === null || task.dueDate < week.from || task.dueDate > week.to || task.stage === 'done') {
      return false;
    }
  }
  return true;
}

/** The labels on the board's tasks, each once (first spelling), sorted: what the label filter offers. */
export function boardLabels(tasks: readonly Task[]): string[] {
  const byLower = new Map<string, string>();
  for (const task of tasks)
    for (const label of task.labels) if (!byLower.has(label.toLowerCase())) byLower.set(label.toLowerCase(), label);
  return [...byLower.values()].sort((a, b) => a.localeCompare(b));
}

/** The people tasks are assigned to, each once, sorted by name. */
export function boardAssignees(tasks: readonly Task[]): { id: string; name: string }[] {
  const byId = new Map<string, string>();
  for (const task of tasks) if (task.assignee) byId.set(task.assignee.id, task.assignee.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}
