import type { Approval, Deliverable, Milestone, TaskDetail } from '@deckvalid/contract/milestones';
import { notifications } from '@mantine/notifications';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { TaskDrawer } from './task-drawer';

const milestone: Milestone = {
  id: 'mst-1',
  pitchDeckId: 'deck-1',
  pitchDeck: { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' },
  founderId: 'usr-1',
  title: 'Pilot',
  description: '',
  dueDate: '2027-03-01',
  amount: null,
  status: 'active',
  archivedAt: null,
  progress: { totalTasks: 2, doneTasks: 0, percent: 0 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const detail: TaskDetail = {
  id: 'tsk-a',
  key: 'CLN-1',
  milestoneId: 'mst-1',
  title: 'Design',
  description: 'Screens for the pilot',
  stage: 'review',
  rank: 'a',
  assignee: { id: 'usr-1', name: 'Maya', role: 'user' },
  dueDate: '2027-01-10',
  estimateDays: 3,
  labels: ['design'],
  isOverdue: false,
  subtaskCount: 1,
  completedSubtaskCount: 0,
  blockedByTaskIds: [],
  blockingTaskIds: ['tsk-b'],
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  subtasks: [
    {
      id: 'sub-1',
      taskId: 'tsk-a',
      title: 'Wireframes',
      isCompleted: false,
      completedAt: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    },
  ],
  blockedBy: [],
  blocking: [{ dependencyId: 'dep-1', taskId: 'tsk-b', title: 'Build', stage: 'todo' }],
};

const deliverable = (id: string, title: string, extra: Partial<Deliverable>): Deliverable => ({
  id,
  milestoneId: 'mst-1',
  taskId: 'tsk-a',
  title,
  description: '',
  status: 'draft',
  url: null,
  file: null,
  submittedAt: null,
  acceptedBy: null,
  acceptedAt: null,
  acceptUndoableUntil: null,
  changesRequested: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const deliverables = [
  deliverable('dlv-1', 'Mock-ups', {}),
  deliverable('dlv-2', 'Prototype', {
    status: 'submitted',
    url: 'https://example.com/proto',
    submittedAt: '2026-11-02T10:00:00.000Z',
  }),
  // Another task's: the investor's list is the milestone's, narrowed to this task.
  { ...deliverable('dlv-9', 'Elsewhere', {}), taskId: 'tsk-b' },
];

const approvals: Approval[] = [
  {
    id: 'apr-1',
    taskId: 'tsk-a',
    investor: { id: 'inv-1', name: 'Ines', role: 'investor' },
    decision: 'approved',
    comment: 'Looks right',
    createdAt: '2026-11-03T10:00:00.000Z',
    updatedAt: '2026-11-03T10:00:00.000Z',
  },
];

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; path: string; body: unknown };

function stubApi({ isTaskGone = false } = {}) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const { pathname } = new URL(request.url);
      const text = request.method === 'GET' ? '' : await request.text();
      sent.push({ method: request.method, path: pathname, body: text ? JSON.parse(text) : null });
      if (isTaskGone && pathname.endsWith('/tasks/tsk-a')) {
        return json({ error: { code: 'NOT_FOUND', message: 'There is no such task.' } }, 404);
      }
      if (request.method === 'POST' && pathname.endsWith('/accept')) {
        return json({ deliverable: { ...deliverables[1], status: 'accepted' } });
      }
      if (request.method === 'POST' && pathname.endsWith('/submit')) {
        return json({ deliverable: { ...deliverables[0], status: 'submitted' } });
      }
      if (request.method === 'POST' && pathname.endsWith('/request-changes')) {
        const comment = JSON.parse(text).comment as string;
        return json({
          deliverable: {
            ...deliverables[1],
            status: 'changes_requested',
            changesRequested: { by: approvals[0]?.investor, comment, at: '2026-11-04T10:00:00.000Z' },
          },
        });
      }
      if (request.method === 'POST' && pathname.endsWith('/approvals')) {
        // The first word is new; the same word again changes nothing, and the answer says so.
        const isRepeat = sent.filter((call) => call.method === 'POST' && call.path.endsWith('/approvals')).length > 1;
        return json({ approval: approvals[0], isUnchanged: isRepeat }, isRepeat ? 200 : 201);
      }
      if (pathname.endsWith('/threads')) return json({ data: [] });
      if (pathname.endsWith('/tasks/tsk-a')) return json({ task: detail });
      if (pathname.endsWith('/deliverables')) return json({ data: deliverables });
      if (pathname.endsWith('/approvals')) return json({ data: approvals });
      if (pathname.endsWith('/tasks')) return json({ data: [detail] });
      if (pathname.endsWith('/task-investors')) return json({ data: [] });
      return json({ error: { code: 'NOT_FOUND', message: 'Not here.' } }, 404);
    }),
  );
  return sent;
}

function renderDrawer(role: 'founder' | 'investor', onClose = vi.fn()) {
  const store = createAppStore({
    isAuthenticated: true,
    role: role === 'founder' ? 'user' : 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: role === 'founder' ? 'usr-1' : 'inv-1', name: 'Maya' },
  });
  render(
    <AppProviders store={store}>
      <TaskDrawer milestone={milestone} role={role} taskId="tsk-a" onClose={onClose} />
    </AppProviders>,
  );
  return onClose;
}

beforeAll(() => {
  // Mantine's autosize listens for web fonts loading; jsdom has no FontFaceSet.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

afterEach(() => {
  vi.unstubAllGlobals();
  // Mantine's notification store outlives a test; three left over would queue the next one.
  notifications.clean();
});

describe('TaskDrawer', () => {
  it('lets the founder edit, add deliverables and submit only http(s) links, never accept', async () => {
    const sent = stubApi();
    renderDrawer('founder');
    const mockups = await screen.findByRole('listitem', { name: 'Mock-ups' });
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Design');
    expect(screen.getByRole('button', { name: 'Delete task' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add subtask' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add dependency' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Add deliverable' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept deliverable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Approve task' })).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Blocking' })).getByText('Build')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Approvals' })).getByText('Looks right')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Threads' })).toBeTruthy();
    expect(sent.some((call) => call.path === '/api/v1/milestones/tasks/tsk-a/threads')).toBe(true);

    const prototype = screen.getByRole('listitem', { name: 'Prototype' });
    const link = within(prototype).getByRole('link', { name: 'https://example.com/proto' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(prototype).getByText('Submitted')).toBeTruthy();

    fireEvent.change(within(mockups).getByRole('textbox', { name: 'Link' }), {
      target: { value: 'javascript:alert(1)' },
    });
    fireEvent.click(within(mockups).getByRole('button', { name: 'Submit link' }));
    expect(await within(mockups).findByText('Give an http or https link.')).toBeTruthy();
    expect(sent.some((call) => call.path.endsWith('/submit'))).toBe(false);

    fireEvent.change(within(mockups).getByRole('textbox', { name: 'Link' }), {
      target: { value: 'https://example.com/mockups' },
    });
    fireEvent.click(within(mockups).getByRole('button', { name: 'Submit link' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path.endsWith('/submit'))).toEqual({
        method: 'POST',
        path: '/api/v1/milestones/deliverables/dlv-1/submit',
        body: { url: 'https://example.com/mockups' },
      }),
    );
  });

  it('lets an investor accept a submitted deliverable and approve the task, reading the rest', async () => {
    const sent = stubApi();
    renderDrawer('investor');
    const prototype = await screen.findByRole('listitem', { name: 'Prototype' });
    expect(screen.getByRole('dialog', { name: 'Design' })).toBeTruthy();
    expect(sent.some((call) => call.path === '/api/v1/investors/milestones/mst-1/deliverables')).toBe(true);
    expect(screen.queryByRole('listitem', { name: 'Elsewhere' })).toBeNull();
    expect(within(screen.getByRole('listitem', { name: 'Mock-ups' })).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add subtask' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add deliverable' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit link' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Wireframes' })).toHaveProperty('disabled', true);

    fireEvent.click(within(prototype).getByRole('button', { name: 'Accept deliverable' }));
    // Accepting asks first; nothing is sent until it is confirmed.
    expect(sent.some((call) => call.path.endsWith('/accept'))).toBe(false);
    fireEvent.click(within(prototype).getByRole('button', { name: 'Yes, accept' }));
    await waitFor(() =>
      expect(sent.find((call) => call.path.endsWith('/accept'))).toMatchObject({
        method: 'POST',
        path: '/api/v1/investors/deliverables/dlv-2/accept',
      }),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Approve task' }));
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'POST' && call.path.endsWith('/approvals'))).toHaveLength(1),
    );
    expect(await screen.findByText('You approved this task.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve task' }));
    expect(await screen.findByText('You approved this task already; nothing changed.')).toBeTruthy();
    const [bare] = sent.filter((call) => call.method === 'POST' && call.path.endsWith('/approvals'));
    expect(bare).toEqual({
      method: 'POST',
      path: '/api/v1/investors/tasks/tsk-a/approvals',
      body: { decision: 'approved' },
    });
  });

  it('asks an investor what should change before sending a request for changes, on the task and a deliverable', async () => {
    const sent = stubApi();
    renderDrawer('investor');
    const prototype = await screen.findByRole('listitem', { name: 'Prototype' });
    const posts = (end: string) => sent.filter((call) => call.method === 'POST' && call.path.endsWith(end));

    // On the task: no comment, no request.
    const review = within(screen.getByRole('form', { name: 'Review task' }));
    fireEvent.click(review.getByRole('button', { name: 'Request changes' }));
    expect(await review.findByText('Say what should change.')).toBeTruthy();
    expect(posts('/approvals')).toHaveLength(0);
    fireEvent.change(review.getByRole('textbox', { name: /Comment/ }), { target: { value: ' Dates are off ' } });
    fireEvent.click(review.getByRole('button', { name: 'Request changes' }));
    await waitFor(() => expect(posts('/approvals')).toHaveLength(1));
    expect(posts('/approvals')[0]?.body).toEqual({ decision: 'changes_requested', comment: 'Dates are off' });

    // On a deliverable.
    fireEvent.click(within(prototype).getByRole('button', { name: 'Request changes' }));
    const form = within(prototype).getByRole('form', { name: 'Request changes to Prototype' });
    fireEvent.click(within(form).getByRole('button', { name: 'Send back' }));
    expect(await within(form).findByText('Say what should change.')).toBeTruthy();
    fireEvent.change(within(form).getByRole('textbox', { name: 'What should change?' }), {
      target: { value: 'Add the appendix' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send back' }));
    await waitFor(() => expect(posts('/request-changes')).toHaveLength(1));
    expect(posts('/request-changes')[0]).toEqual({
      method: 'POST',
      path: '/api/v1/investors/deliverables/dlv-2/request-changes',
      body: { comment: 'Add the appendix' },
    });
  });

  it('closes with a notice when the task was deleted meanwhile', async () => {
    stubApi({ isTaskGone: true });
    const onClose = renderDrawer('investor');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText('That task no longer exists; it was deleted.')).toBeTruthy();
  });
});
