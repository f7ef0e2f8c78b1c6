import { describe, expect, it } from 'vitest';
import type { MilestoneActivityFacts } from './inbox-facts.repository';
import {
  chatUnreadTitle as chatUnreadTitleOf,
  inboxLinks,
  milestoneWording,
  thesisMatchesWording,
  threadMessageWording,
} from './inbox-wording';

const line = (action: string, values: Partial<MilestoneActivityFacts> = {}): MilestoneActivityFacts => ({
  action,
  milestoneId: 'mst-1',
  milestoneTitle: 'Flight readiness',
  founderId: 'usr-1',
  pitchDeckId: 'dek-1',
  taskId: 'tsk-1',
  taskTitle: 'Build flight unit',
  deliverableTitle: 'Safety review dossier',
  actor: { id: 'inv-1', name: 'Theo Brandt' },
  oldValue: null,
  newValue: null,
  audience: 'members',
  ...values,
});

describe('what a milestone change says in the inbox', () => {
  it.each([
    [
      line('task.moved', { oldValue: { stage: 'in_progress' }, newValue: { stage: 'review' } }),
      'task.moved',
      'Theo Brandt moved “Build flight unit” to Review',
    ],
    [
      line('task.moved', { oldValue: { stage: 'review' }, newValue: { stage: 'done' } }),
      'task.moved',
      'Theo Brandt moved “Build flight unit” to Done',
    ],
    [
      line('deliverable.submitted', { newValue: { deliverableId: 'dlv-1', url: 'https://x' } }),
      'deliverable.submitted',
      'Theo Brandt submitted “Safety review dossier”',
    ],
    [
      line('deliverable.accepted', { newValue: { title: 'Report' } }),
      'deliverable.accepted',
      'Theo Brandt accepted “Report”',
    ],
    [
      line('deliverable.sent_back', { newValue: { title: 'Report', comment: 'Add the logs' } }),
      'deliverable.sent_back',
      'Theo Brandt sent back “Report”',
    ],
    [
      line('approval.recorded', { newValue: { comment: null } }),
      'approval.given',
      'Theo Brandt approved “Build flight unit”',
    ],
    [
      line('approval.recorded', { newValue: { decision: 'approved' } }),
      'approval.given',
      'Theo Brandt approved “Build flight unit”',
    ],
    [
      line('approval.recorded', { newValue: { decision: 'changes_requested', comment: 'More tests' } }),
      'approval.changes_requested',
      'Theo Brandt asked for changes on “Build flight unit”',
    ],
    [
      line('approval.changed', { newValue: { decision: 'changes_requested', comment: 'More tests' } }),
      'approval.changes_requested',
      'Theo Brandt asked for changes on “Build flight unit”',
    ],
    [
      line('meet.created', { taskId: null, newValue: { title: 'Sync', startsAt: '2027-01-12T09:30:00.000Z' } }),
      'meet.scheduled',
      'Theo Brandt scheduled “Sync”',
    ],
    [line('meet.updated', { taskId: null, newValue: { title: 'Sync' } }), 'meet.changed', 'Theo Brandt changed “Sync”'],
    [
      line('meet.cancelled', { taskId: null, oldValue: { title: 'Sync' } }),
      'meet.cancelled',
      'Theo Brandt cancelled “Sync”',
    ],
  ])('%#: %s', (facts, kind, title) => {
    expect(milestoneWording(facts)).toMatchObject({ kind, title });
  });

  it.each([
    line('task.moved', { oldValue: { stage: 'todo' }, newValue: { stage: 'in_progress' } }),
    line('task.moved', { oldValue: { stage: 'done' }, newValue: { stage: 'done' } }),
    line('task.updated'),
    line('subtask.toggled'),
    line('dependency.added'),
    line('deliverable.created'),
  ])('is not news: $action', (facts) => {
    expect(milestoneWording(facts)).toBeNull();
  });

  it('quotes the comment of a request for changes, and names the meet’s time in UTC', () => {
    expect(
      milestoneWording(
        line('approval.recorded', { newValue: { decision: 'changes_requested', comment: 'More tests' } }),
      )?.message,
    ).toBe('“More tests” (in “Flight readiness”)');
    expect(
      milestoneWording(line('meet.created', { newValue: { title: 'Sync', startsAt: '2027-01-12T09:30:00.000Z' } }))
        ?.message,
    ).toBe('A meet on Tue, 12 Jan 2027 09:30 UTC, in “Flight readiness”.');
  });

  it('names the thread of a message and links each side to the task', () => {
    expect(threadMessageWording(line('message.posted'), 'Test plan').title).toBe('Theo Brandt wrote in “Test plan”');
    expect(inboxLinks.milestone('usr-1', 'mst-1', 'tsk-1')).toBe('/founder/milestones/mst-1?task=tsk-1');
    expect(inboxLinks.milestone('inv-1', 'mst-1', null)).toBe('/investor/milestones/mst-1');
    expect(inboxLinks.milestone('mtr-1', 'mst-1', 'tsk-1')).toBe('/mentor/milestones/mst-1?task=tsk-1');
  });
});

describe('thesisMatchesWording', () => {
  const deck = (company: string) => ({ company, title: `${company}  seed\nround`, reasons: ['Fintech', 'Seed'] });

  it('names one deck in the headline', () => {
    expect(thesisMatchesWording([deck('Tallyo')])).toEqual({
      kind: 'thesis.matches',
      title: 'Tallyo matches your thesis',
      message: 'New last week: Tallyo: “Tallyo seed round” (Fintech · Seed).',
    });
  });

  it('counts several, names five and says how many more', () => {
    const wording = thesisMatchesWording(['A', 'B', 'C', 'D', 'E', 'F', 'G'].map(deck));
    expect(wording.title).toBe('7 new decks match your thesis');
    expect(wording.message).toContain('E: “E seed round” (Fintech · Seed); and 2 more.');
    expect(wording.message).not.toContain('F:');
  });
});

describe('chatUnreadTitle', () => {
  it('is in sentence case and names the sender, or the group', () => {
    const sender = { name: 'Ravi Mehta' };
    expect(chatUnreadTitleOf({ unread: 1, roomType: 'private', roomName: null, latestSender: sender })).toBe(
      'A message from Ravi Mehta',
    );
    expect(chatUnreadTitleOf({ unread: 3, roomType: 'group', roomName: 'Seed syndicate', latestSender: sender })).toBe(
      '3 messages in Seed syndicate',
    );
  });
});
