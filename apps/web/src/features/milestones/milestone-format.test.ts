import type { Activity } from '@deckvalid/contract/milestones';
import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  formatDuration,
  icsFileName,
  isMilestoneOverdue,
  isoToZonedInput,
  relativeTime,
  zonedInputToIso,
} from './milestone-format';

const activity = (overrides: Partial<Activity>): Activity => ({
  id: 'act-1',
  milestoneId: 'mst-1',
  taskId: null,
  stage: null,
  action: 'milestone.updated',
  actor: { id: 'usr-1', name: 'Maya Lind', role: 'user' },
  oldValue: null,
  newValue: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

describe('describeActivity', () => {
  it('names who did what, with each changed field as old → new', () => {
    const wording = describeActivity(
      activity({
        action: 'milestone.updated',
        oldValue: { title: 'Pilot', amount: 1000 },
        newValue: { title: 'Pilot with 3 clinics', amount: 25000 },
      }),
    );
    expect(wording.actor).toBe('Maya Lind');
    expect(wording.text).toBe('edited the milestone');
    expect(wording.changes).toEqual([
      { field: 'Title', from: 'Pilot', to: 'Pilot with 3 clinics' },
      { field: 'Amount', from: '$1,000', to: '$25,000' },
    ]);
  });

  it('says where a task moved, in the board’s words, and calls a same-stage move a reorder', () => {
    const moved = describeActivity(
      activity({
        action: 'task.moved',
        taskId: 'tsk-1',
        stage: 'in_progress',
        oldValue: { stage: 'todo' },
        newValue: { stage: 'in_progress' },
      }),
    );
    expect(moved.text).toBe('moved a task to In progress');
    expect(moved.changes).toEqual([{ field: 'Stage', from: 'To do', to: 'In progress' }]);
    const reordered = describeActivity(
      activity({ action: 'task.moved', oldValue: { stage: 'todo' }, newValue: { stage: 'todo' } }),
    );
    expect(reordered.text).toBe('reordered a task');
    expect(reordered.changes).toEqual([]);
  });

  it('quotes what a creation names instead of listing its first values as changes', () => {
    const created = describeActivity(activity({ action: 'task.created', newValue: { title: 'Sign the pilot' } }));
    expect(created.text).toBe('created the task “Sign the pilot”');
    expect(created.changes).toEqual([]);
  });

  it('words a status change and a ticked subtask, and hides ids', () => {
    expect(
      describeActivity(
        activity({ action: 'milestone.status_changed', oldValue: { status: 'draft' }, newValue: { status: 'active' } }),
      ).text,
    ).toBe('set the status to Active');
    const toggled = describeActivity(
      activity({
        action: 'subtask.toggled',
        oldValue: { subtaskId: 'sub-1', title: 'Call', isCompleted: false },
        newValue: { subtaskId: 'sub-1', title: 'Call', isCompleted: true },
      }),
    );
    expect(toggled.text).toBe('ticked off the subtask “Call”');
    expect(toggled.changes).toEqual([{ field: 'Done', from: 'open', to: 'done' }]);
  });

  it('reads a gone account as "Someone" and an unknown action as a generic change', () => {
    const wording = describeActivity(activity({ actor: null, action: 'future.thing' as Activity['action'] }));
    expect(wording.actor).toBe('Someone');
    expect(wording.text).toBe('made a change (future thing)');
  });
});

describe('zoned times', () => {
  it('reads a typed time on the chosen zone’s clock, across DST', () => {
    expect(zonedInputToIso('2027-01-12T09:30', 'Europe/Amsterdam')).toBe('2027-01-12T08:30:00.000Z');
    expect(zonedInputToIso('2027-07-12T09:30', 'Europe/Amsterdam')).toBe('2027-07-12T07:30:00.000Z');
    expect(zonedInputToIso('2027-03-14T09:00', 'America/New_York')).toBe('2027-03-14T13:00:00.000Z');
    expect(zonedInputToIso('2027-01-12T09:30', 'UTC')).toBe('2027-01-12T09:30:00.000Z');
  });

  it('refuses what is not a date and time, or an unknown zone', () => {
    expect(zonedInputToIso('', 'UTC')).toBeNull();
    expect(zonedInputToIso('2027-01-12', 'UTC')).toBeNull();
    expect(zonedInputToIso('2027-01-12T09:30', 'Mars/Olympus')).toBeNull();
  });

  it('shows a stored instant back on its zone’s clock', () => {
    expect(isoToZonedInput('2027-07-12T07:30:00.000Z', 'Europe/Amsterdam')).toBe('2027-07-12T09:30');
    expect(isoToZonedInput('2027-01-12T08:30:00Z', 'Asia/Kolkata')).toBe('2027-01-12T14:00');
  });
});

describe('small words', () => {
  const now = Date.parse('2026-11-20T12:00:00Z');

  it('says how long ago', () => {
    expect(relativeTime('2026-11-20T11:59:40Z', now)).toBe('just now');
    expect(relativeTime('2026-11-20T11:55:00Z', now)).toBe('5 minutes ago');
    expect(relativeTime('2026-11-20T09:00:00Z', now)).toBe('3 hours ago');
    expect(relativeTime('2026-11-19T12:00:00Z', now)).toBe('yesterday');
  });

  it('calls only a live milestone past its day overdue', () => {
    expect(isMilestoneOverdue({ dueDate: '2026-11-19', status: 'active' }, now)).toBe(true);
    expect(isMilestoneOverdue({ dueDate: '2026-11-20', status: 'draft' }, now)).toBe(false);
    expect(isMilestoneOverdue({ dueDate: '2026-11-19', status: 'completed' }, now)).toBe(false);
  });

  it('writes durations and calendar file names a person can read', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(icsFileName('Q1 review: Café & co!')).toBe('q1-review-cafe-co.ics');
    expect(icsFileName('🚀')).toBe('meet.ics');
  });
});
