import type { Milestone, Task, TaskStage } from '@deckvalid/contract/milestones';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { MilestoneBoard } from './milestone-board';

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
  progress: { totalTasks: 3, doneTasks: 0, percent: 0 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const task = (id: string, title: string, stage: TaskStage, extra: Partial<Task> = {}): Task => ({
  id,
  key: `CLN-${id.replace(/\D/g, '') || '1'}`,
  milestoneId: 'mst-1',
  title,
  description: '',
  stage,
  rank: id,
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Sent = { method: string; path: string; body: unknown };

/** The API at the HTTP boundary: the board's tasks, and the answer each PATCH gets. */
function stubApi(tasks: Task[], answerMove: (body: { stage: TaskStage }) => Response | null = () => null) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      const body = request.method === 'GET' ? null : await request.json().catch(() => null);
      sent.push({ method: request.method, path: url.pathname, body });
      if (request.method === 'PATCH') {
        const answer = answerMove(body as { stage: TaskStage });
        if (answer) return answer;
        const moved = tasks.find((item) => url.pathname.includes(item.id));
        return json({ task: { ...moved, ...(body as object), subtasks: [], blockedBy: [], blocking: [] } });
      }
      if (request.method === 'POST' && url.pathname.endsWith('/tasks')) {
        return json(
          { task: { ...task('tsk-new', 'Hire', 'backlog'), subtasks: [], blockedBy: [], blocking: [] } },
          201,
        );
      }
      if (url.pathname.endsWith('/tasks')) return json({ data: tasks });
      if (url.pathname.endsWith('/task-investors')) return json({ data: [] });
      return json({ error: { code: 'NOT_FOUND', message: 'Not here.' } }, 404);
    }),
  );
  return sent;
}

function renderBoard(role: 'founder' | 'investor', onOpenTask = vi.fn(), initialEntries = ['/']) {
  const store = createAppStore({
    isAuthenticated: true,
    role: role === 'founder' ? 'user' : 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: role === 'founder' ? 'usr-1' : 'inv-1', name: 'Maya' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={initialEntries}>
        <MilestoneBoard milestone={milestone} role={role} onOpenTask={onOpenTask} />
      </MemoryRouter>
    </AppProviders>,
  );
  return onOpenTask;
}

beforeAll(() => {
  // Mantine's autosize (the add form's description) listens for web fonts; jsdom has no FontFaceSet.
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

const board = [
  task('tsk-a', 'Design', 'todo'),
  task('tsk-b', 'Build', 'todo', { blockedByTaskIds: ['tsk-a'], isOverdue: true, dueDate: '2026-01-02' }),
  task('tsk-c', 'Ship', 'in_progress', { subtaskCount: 3, completedSubtaskCount: 1 }),
];

describe('MilestoneBoard', () => {
  it('shows five labelled columns with their counts, cards named by title, and the open blocker', async () => {
    stubApi(board);
    renderBoard('founder');
    const todo = await screen.findByRole('region', { name: 'To do' });
    await within(todo).findByRole('button', { name: 'Design' });
    for (const name of ['Backlog', 'To do', 'In progress', 'Review', 'Done']) {
      expect(screen.getByRole('list', { name })).toBeTruthy();
    }
    expect(within(todo).getByText('2 tasks')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Review' })).getByText('No tasks here yet.')).toBeTruthy();
    const build = screen.getByRole('button', { name: 'Build' });
    expect(build.getAttribute('aria-describedby')).toBeTruthy();
    const details = document.getElementById(build.getAttribute('aria-describedby') ?? '');
    expect(details?.textContent).toContain('Blocked');
    expect(details?.textContent).toContain('Overdue');
    expect(screen.getByRole('button', { name: 'Add task' })).toBeTruthy();
  });

  it('picks a card up with Space, moves it with the arrows and drops it with one PATCH', async () => {
    const sent = stubApi(board);
    renderBoard('founder');
    const design = await screen.findByRole('button', { name: 'Design' });
    design.focus();
    fireEvent.keyDown(design, { key: ' ' });
    expect(screen.getByRole('button', { name: 'Design' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('board-announcer').textContent).toMatch(/^Picked up Design in To do, position 1 of 2\./);

    // Right to In progress (above Ship), then down below it: the end of the column.
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    expect(within(screen.getByRole('region', { name: 'In progress' })).getByRole('button', { name: 'Design' })).toBe(
      document.activeElement,
    );
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowDown' });
    expect(screen.getByTestId('board-announcer').textContent).toBe('Design: In progress, position 2 of 2.');
    expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(0);

    fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PATCH')).toEqual({
      method: 'PATCH',
      path: '/api/v1/milestones/tasks/tsk-a/stage',
      body: { stage: 'in_progress', beforeTaskId: null },
    });
    expect(screen.getByRole('button', { name: 'Design' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('sends the card below as beforeTaskId, and Escape puts a picked card back without a call', async () => {
    const sent = stubApi(board);
    renderBoard('founder');
    const build = await screen.findByRole('button', { name: 'Build' });
    build.focus();
    fireEvent.keyDown(build, { key: ' ' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowLeft' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    expect(within(screen.getByRole('region', { name: 'To do' })).getByRole('button', { name: 'Build' })).toBeTruthy();
    expect(screen.getByTestId('board-announcer').textContent).toBe('Move cancelled. Build is back in To do.');

    fireEvent.keyDown(screen.getByRole('button', { name: 'Build' }), { key: ' ' });
    fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PATCH')?.body).toEqual({ stage: 'todo', beforeTaskId: 'tsk-a' });
  });

  it('puts a refused move back and names the blockers', async () => {
    stubApi(board, (body) =>
      body.stage === 'done'
        ? json(
            {
              error: {
                code: 'CONFLICT',
                message: 'Blocked by 1 open task.',
                details: { blockers: [{ id: 'tsk-a', title: 'Design', stage: 'todo' }] },
              },
            },
            409,
          )
        : null,
    );
    renderBoard('founder');
    await screen.findByRole('button', { name: 'Build' });
    // The keyboard way to done: three columns right.
    const build = screen.getByRole('button', { name: 'Build' });
    build.focus();
    fireEvent.keyDown(build, { key: ' ' });
    for (let step = 0; step < 3; step += 1) fireEvent.keyDown(document.activeElement as Element, { key: 'ArrowRight' });
    await act(async () => {
      fireEvent.keyDown(document.activeElement as Element, { key: ' ' });
    });
    expect(
      await screen.findByText('“Build” can’t be done yet: it is blocked by “Design” (To do).', {}, { timeout: 3000 }),
    ).toBeTruthy();
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'To do' })).getByRole('button', { name: 'Build' })).toBeTruthy(),
    );
    expect(within(screen.getByRole('region', { name: 'Done' })).queryByRole('button', { name: 'Build' })).toBeNull();
  });

  it('drops a dragged card before the card it lands on, or at the end of a column', async () => {
    // jsdom has no DragEvent; a MouseEvent carries the pointer's clientY the board reads.
    if (!('DragEvent' in window)) vi.stubGlobal('DragEvent', class extends MouseEvent {});
    const sent = stubApi(board);
    renderBoard('founder');
    await screen.findByRole('button', { name: 'Ship' });
    const dataTransfer = { setData: vi.fn(), getData: () => 'tsk-c', effectAllowed: '', dropEffect: '' };
    const item = (name: string) => screen.getByRole('button', { name }).closest('li') as HTMLElement;

    // jsdom lays nothing out: every box is at 0, so clientY 0 is a card's upper half.
    fireEvent.dragStart(item('Ship'), { dataTransfer });
    fireEvent.dragOver(screen.getByRole('button', { name: 'Build' }), { dataTransfer, clientY: 0 });
    fireEvent.drop(screen.getByRole('button', { name: 'Build' }), { dataTransfer, clientY: 0 });
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(1));
    expect(sent.find((call) => call.method === 'PATCH')?.body).toEqual({ stage: 'todo', beforeTaskId: 'tsk-b' });

    // The stub's board never changes, so the refetch after the PATCH shows Ship back where it was.
    await waitFor(() =>
      expect(sent.filter((call) => call.method === 'GET' && call.path.endsWith('/tasks'))).toHaveLength(2),
    );
    fireEvent.dragStart(item('Ship'), { dataTransfer });
    const review = screen.getByRole('list', { name: 'Review' });
    fireEvent.dragOver(review, { dataTransfer });
    fireEvent.drop(review, { dataTransfer });
    await waitFor(() => expect(sent.filter((call) => call.method === 'PATCH')).toHaveLength(2));
    expect(sent.filter((call) => call.method === 'PATCH')[1]?.body).toEqual({ stage: 'review', beforeTaskId: null });
  });

  it('opens Add task for ?new=task (the command palette), for a founder only', async () => {
    stubApi(board);
    renderBoard('founder', vi.fn(), ['/?new=task']);
    expect(await screen.findByRole('dialog', { name: 'Add task' })).toBeTruthy();
  });

  it('ignores ?new=task for an investor, who adds no tasks', async () => {
    stubApi(board);
    renderBoard('investor', vi.fn(), ['/?new=task']);
    await screen.findByRole('list', { name: 'Review' });
    expect(screen.queryByRole('dialog', { name: 'Add task' })).toBeNull();
  });

  it('adds a task with "none" sent as null', async () => {
    const sent = stubApi(board);
    renderBoard('founder');
    fireEvent.click(await screen.findByRole('button', { name: 'Add task' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add task' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    expect(await within(dialog).findByText('Give it a title.')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Title' }), { target: { value: 'Hire' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Estimate (days)' }), { target: { value: '4' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create task' }));
    await waitFor(() => expect(sent.find((call) => call.method === 'POST')).toBeTruthy());
    expect(sent.find((call) => call.method === 'POST')).toEqual({
      method: 'POST',
      path: '/api/v1/milestones/mst-1/tasks',
      body: {
        title: 'Hire',
        description: '',
        stage: 'backlog',
        assigneeId: null,
        dueDate: null,
        estimateDays: 4,
        labels: [],
      },
    });
  });

  it('is read-only for investors: cards open the drawer, nothing moves', async () => {
    const sent = stubApi(board);
    const onOpenTask = renderBoard('investor');
    const ship = await screen.findByRole('button', { name: 'Ship' });
    expect(sent[0]?.path).toBe('/api/v1/investors/milestones/mst-1/tasks');
    expect(ship.getAttribute('aria-pressed')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add task' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Move to…' })).toBeNull();
    fireEvent.keyDown(ship, { key: ' ' });
    expect(ship.getAttribute('aria-pressed')).toBeNull();
    fireEvent.click(ship);
    expect(onOpenTask).toHaveBeenCalledWith('tsk-c');
    expect(sent.every((call) => call.method === 'GET')).toBe(true);
  });

  it('shows only the cards the URL’s filters match, with their keys, and says how many are hidden', async () => {
    stubApi([task('tsk-a', 'Design', 'todo', { labels: ['Legal'] }), ...board.slice(1)]);
    renderBoard('investor', vi.fn(), ['/?label=legal']);
    await screen.findByRole('button', { name: 'Design' });
    expect(screen.queryByRole('button', { name: 'Build' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Ship' })).toBeNull();
    expect(screen.getByText('1 of 3 tasks')).toBeTruthy();
    expect(screen.getAllByTestId('card-key').map((key) => key.textContent)).toEqual(['CLN-1']);
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await screen.findByRole('button', { name: 'Ship' });
    expect(screen.getByText('3 tasks')).toBeTruthy();
  });
});
