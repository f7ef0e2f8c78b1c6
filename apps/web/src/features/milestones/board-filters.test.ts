import type { Task } from '@deckvalid/contract/milestones';
import { describe, expect, it } from 'vitest';
import { matchesBoardFilters, readBoardFilters, thisWeek } from './board-filters';

const task = (extra: Partial<Task>): Task => ({
  id: 'tsk-1',
  key: 'LDG-1',
  milestoneId: 'mst-1',
  title: 'A task',
  description: '',
  stage: 'todo',
  rank: 'a',
  assignee: null,
  dueDate: null,
  estimateDays: null,
  labels: [],
  isOverdue: false,
  subtaskCount: 0,
  completedSubtaskCount: 0,
  blockedByTaskIds: [],
  blockingTaskIds: [],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

// Wednesday 2026-11-25, local time: the week runs to Sunday the 29th.
const now = new Date(2026, 10, 25, 12);
const none = { assignee: null, label: null, due: null };

describe('board filters', () => {
  it('read from the URL, ignoring a due value they do not know', () => {
    expect(readBoardFilters(new URLSearchParams('assignee=inv-1&label=legal&due=week'))).toEqual({
      assignee: 'inv-1',
      label: 'legal',
      due: 'week',
    });
    expect(readBoardFilters(new URLSearchParams('due=someday'))).toEqual(none);
  });

  it('match the assignee (or unassigned), a label in any case, and all of them together', () => {
    const ravi = task({ assignee: { id: 'inv-1', name: 'Ravi', role: 'investor' }, labels: ['Legal'] });
    expect(matchesBoardFilters(ravi, { ...none, assignee: 'inv-1' }, now)).toBe(true);
    expect(matchesBoardFilters(ravi, { ...none, assignee: 'none' }, now)).toBe(false);
    expect(matchesBoardFilters(task({}), { ...none, assignee: 'none' }, now)).toBe(true);
    expect(matchesBoardFilters(ravi, { ...none, label: 'legal' }, now)).toBe(true);
    expect(matchesBoardFilters(ravi, { assignee: 'inv-1', label: 'design', due: null }, now)).toBe(false);
  });

  it('tell overdue, this week (today to Sunday, not done) and no date apart', () => {
    expect(thisWeek(now)).toEqual({ from: '2026-11-25', to: '2026-11-29' });
    const overdue = task({ dueDate: '2026-11-20', isOverdue: true });
    const friday = task({ dueDate: '2026-11-27' });
    const nextWeek = task({ dueDate: '2026-11-30' });
    const doneFriday = task({ dueDate: '2026-11-27', stage: 'done' });
    const week = { ...none, due: 'week' as const };
    expect([overdue, friday, nextWeek, doneFriday].map((item) => matchesBoardFilters(item, week, now))).toEqual([
      false,
      true,
      false,
      false,
    ]);
    expect(matchesBoardFilters(overdue, { ...none, due: 'overdue' }, now)).toBe(true);
    expect(matchesBoardFilters(friday, { ...none, due: 'overdue' }, now)).toBe(false);
    expect(matchesBoardFilters(task({}), { ...none, due: 'none' }, now)).toBe(true);
    expect(matchesBoardFilters(friday, { ...none, due: 'none' }, now)).toBe(false);
  });
});
