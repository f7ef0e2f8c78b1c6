import type { Activity } from '@deckvalid/contract/milestones';
import { describe, expect, it } from 'vitest';
import {
  describeActivity,
  formatDuration,
  icsFileName,
  isMilestoneOverdue,
  isoToZonedInput,
  relativeTime,
  timeZoneChoices,
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
  taskTitle: null,
  deliverableTitle: null,
  threadTitle: null,
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

  it('names the assignees from the milestone’s members, and one no longer a member as such', () => {
    const names = new Map([['inv-2', 'Theo Brandt']]);
    const reassigned = describeActivity(
      activity({
        action: 'task.updated',
        taskId: 'tsk-1',
        taskTitle: 'Build flight unit',
        oldValue: { assigneeId: 'inv-gone' },
        newValue: { assigneeId: 'inv-2' },
      }),
      (id) => names.get(id),
    );
    expect(reassigned.changes).toEqual([{ field: 'Assignee', from: 'a former member', to: 'Theo Brandt' }]);
    const unassigned = describeActivity(
      activity({
        action: 'task.updated',
        taskId: 'tsk-1',
        oldValue: { assigneeId: 'inv-2' },
        newValue: { assigneeId: null },
      }),
      (id) => names.get(id),
    );
    expect(unassigned.changes).toEqual([{ field: 'Assignee', from: 'Theo Brandt', to: 'nobody' }]);
  });

  it('names the task a move is about and the stage it went to', () => {
    const moved = describeActivity(
      activity({
        action: 'task.moved',
        taskId: 'tsk-1',
        stage: 'done',
        taskTitle: 'Build flight unit',
        oldValue: { stage: 'review' },
        newValue: { stage: 'done' },
      }),
    );
    expect(moved.text).toBe('moved “Build flight unit” to Done');
    expect(moved.parts).toEqual(['moved ', { name: 'Build flight unit' }, ' to Done']);
    expect(moved.changes).toEqual([]);
    const reordered = describeActivity(
      activity({ action: 'task.moved', taskTitle: 'Pilot', oldValue: { stage: 'todo' }, newValue: { stage: 'todo' } }),
    );
    expect(reordered.text).toBe('reordered “Pilot” in To do');
  });

  it('quotes what a creation names instead of listing its first values as changes', () => {
    const created = describeActivity(activity({ action: 'task.created', newValue: { title: 'Sign the pilot' } }));
    expect(created.text).toBe('created the task “Sign the pilot”');
    expect(created.changes).toEqual([]);
  });

  it('names the approved object and shows a comment as a quote, never "Comment: none"', () => {
    const approved = describeActivity(
      activity({
        action: 'approval.recorded',
        actor: { id: 'inv-1', name: 'Theo Brandt', role: 'investor' },
        taskId: 'tsk-1',
        taskTitle: 'Pass safety review',
        deliverableTitle: 'Safety review dossier',
        newValue: { approvalId: 'apr-1', deliverableId: 'dlv-1', decision: 'approved', comment: null },
      }),
    );
    expect(`${approved.actor} ${approved.text}`).toBe('Theo Brandt approved “Safety review dossier”');
    expect(approved.comment).toBeNull();
    expect(approved.changes).toEqual([]);
    const onTask = describeActivity(
      activity({
        action: 'approval.recorded',
        taskTitle: 'Pass safety review',
        newValue: { approvalId: 'apr-2', comment: 'Looks right' },
      }),
    );
    expect(onTask.text).toBe('approved “Pass safety review”');
    expect(onTask.comment).toBe('Looks right');
    const sentBack = describeActivity(
      activity({
        action: 'approval.recorded',
        taskTitle: 'Pass safety review',
        newValue: { approvalId: 'apr-3', decision: 'changes_requested', comment: 'Add the test logs' },
      }),
    );
    expect(sentBack.text).toBe('requested changes on “Pass safety review”');
    expect(sentBack.comment).toBe('Add the test logs');
  });

  it('shows a first link as the link alone, not "Link: none → …"', () => {
    const submitted = describeActivity(
      activity({
        action: 'deliverable.submitted',
        deliverableTitle: 'Safety review dossier',
        oldValue: { deliverableId: 'dlv-1', url: null },
        newValue: { deliverableId: 'dlv-1', url: 'https://files.example/dossier.pdf' },
      }),
    );
    expect(submitted.text).toBe('submitted “Safety review dossier”');
    expect(submitted.changes).toEqual([{ field: 'Link', from: null, to: 'https://files.example/dossier.pdf' }]);
  });

  it('words thread and message lines with the thread’s name', () => {
    const posted = describeActivity(
      activity({
        action: 'message.posted',
        threadTitle: 'Test plan',
        newValue: { threadId: 'thr-1', messageId: 'tms-1', attachments: 2 },
      }),
    );
    expect(posted.text).toBe('wrote in “Test plan” with 2 files');
    expect(posted.changes).toEqual([]);
    const renamed = describeActivity(
      activity({
        action: 'thread.renamed',
        threadTitle: 'Test plan v2',
        oldValue: { threadId: 'thr-1', title: 'Test plan' },
        newValue: { threadId: 'thr-1', title: 'Test plan v2' },
      }),
    );
    expect(renamed.text).toBe('renamed the thread “Test plan”');
    expect(renamed.changes).toEqual([{ field: 'Title', from: 'Test plan', to: 'Test plan v2' }]);
  });

  it('words a status change and a ticked subtask on its task, and hides ids', () => {
    expect(
      describeActivity(
        activity({ action: 'milestone.status_changed', oldValue: { status: 'draft' }, newValue: { status: 'active' } }),
      ).text,
    ).toBe('set the milestone to Active');
    const toggled = describeActivity(
      activity({
        action: 'subtask.toggled',
        taskTitle: 'Build flight unit',
        oldValue: { subtaskId: 'sub-1', title: 'Call', isCompleted: false },
        newValue: { subtaskId: 'sub-1', title: 'Call', isCompleted: true },
      }),
    );
    expect(toggled.text).toBe('ticked off “Call” on “Build flight unit”');
    expect(toggled.changes).toEqual([{ field: 'Done', from: 'open', to: 'done' }]);
  });

  it('reads a gone account as "Someone" and an unknown action as a plain change, never its code', () => {
    const wording = describeActivity(activity({ actor: null, action: 'future.thing' as Activity['action'] }));
    expect(wording.actor).toBe('Someone');
    expect(wording.text).toBe('made a change');
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

describe('timeZoneChoices', () => {
  const january = Date.UTC(2027, 0, 12);
  it('puts the reader’s zone first, marked, and names each zone as people say it', () => {
    const choices = timeZoneChoices('Europe/Paris', null, january);
    expect(choices[0]).toEqual({
      value: 'Europe/Paris',
      label: 'Paris, Europe · Central European Time (UTC+1) · your zone',
    });
    // India's zone (Kolkata or Calcutta, as the runtime names it) has a half-hour offset.
    expect(
      choices.some((choice) => /^Asia\/(Kolkata|Calcutta)$/.test(choice.value) && choice.label.includes('(UTC+5:30)')),
    ).toBe(true);
    expect(choices.find((choice) => choice.value === 'America/New_York')?.label).toMatch(
      /^New York, America · Eastern Time \(UTC−5\)$/,
    );
    expect(new Set(choices.map((choice) => choice.value)).size).toBe(choices.length);
  });

  it('keeps a stored zone the browser does not list', () => {
    expect(timeZoneChoices('UTC', 'Etc/GMT+5', january).some((choice) => choice.value === 'Etc/GMT+5')).toBe(true);
  });
});
