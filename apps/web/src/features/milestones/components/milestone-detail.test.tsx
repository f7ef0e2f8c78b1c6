import type { Activity, Milestone, MilestoneOverview } from '@deckvalid/contract/milestones';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import type { MilestoneRole } from '@/features/milestones/milestone-api-shared';
import { api } from '@/shared/api/api';
import { MilestoneDetail } from './milestone-detail';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const milestone: Milestone = {
  id: 'mst-1',
  pitchDeckId: 'deck-1',
  pitchDeck: { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' },
  founderId: 'usr-1',
  title: 'Pilot with three clinics',
  description: 'Three paying clinics on the product.',
  dueDate: '2099-03-01',
  amount: 250_000,
  status: 'active',
  archivedAt: null,
  progress: { totalTasks: 4, doneTasks: 1, percent: 25 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const overview: MilestoneOverview = {
  milestoneId: 'mst-1',
  progress: { totalTasks: 4, doneTasks: 1, percent: 25 },
  tasksPerStage: { backlog: 1, todo: 2, in_progress: 0, review: 0, done: 1 },
  overdueTasks: [{ id: 'tsk-2', title: 'Call the second clinic', stage: 'todo', dueDate: '2026-01-05' }],
  criticalPath: { totalDays: 5, taskIds: ['tsk-2', 'tsk-3'] },
  schedule: [
    { taskId: 'tsk-2', title: 'Call the second clinic', estimateDays: 2, earliestStart: 0, slackDays: 0 },
    { taskId: 'tsk-4', title: 'Print flyers', estimateDays: 1, earliestStart: 0, slackDays: 4 },
    { taskId: 'tsk-3', title: 'Sign the pilot contract', estimateDays: 3, earliestStart: 2, slackDays: 0 },
  ],
  nextMeet: {
    id: 'met-1',
    milestoneId: 'mst-1',
    title: 'Monthly review',
    agenda: '',
    startsAt: '2099-01-12T09:30:00.000Z',
    durationMinutes: 45,
    timeZone: 'UTC',
    videoUrl: 'https://meet.example.com/abc',
    organizerId: 'usr-1',
    attendees: [{ id: 'usr-1', name: 'Farah Founder', role: 'user' }],
    sequence: 0,
    cancelledAt: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
  },
  pendingDeliverables: [
    { id: 'dlv-1', taskId: 'tsk-3', title: 'Signed contract', status: 'submitted' },
    { id: 'dlv-2', taskId: 'tsk-3', title: 'Pilot report', status: 'changes_requested' },
  ],
};

const activity: Activity = {
  id: 'act-1',
  milestoneId: 'mst-1',
  taskId: 'tsk-2',
  stage: 'todo',
  action: 'task.moved',
  actor: { id: 'usr-1', name: 'Maya Lind', role: 'user' },
  oldValue: { stage: 'backlog' },
  newValue: { stage: 'todo' },
  taskTitle: 'Hire a pilot lead',
  deliverableTitle: null,
  threadTitle: null,
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};

const notFound = () => json({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);

/** Answers the milestone calls of either role; `extra` goes first for what a test changes. */
function stubApi(extra?: (url: URL, request: Request) => Response | undefined) {
  const requests: Request[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      requests.push(request);
      const url = new URL(request.url);
      const answered = extra?.(url, request);
      if (answered) return answered;
      const path = url.pathname.replace('/api/v1/investors/', '/api/v1/');
      if (path === '/api/v1/milestones/mst-1') return json({ milestone });
      if (path === '/api/v1/milestones/mst-1/overview') return json({ overview });
      if (path === '/api/v1/milestones/mst-1/activities') {
        return json({ data: [activity], meta: { page: 1, limit: 20, total: 1, hasMore: false } });
      }
      if (path === '/api/v1/milestones/mst-1/tasks') return json({ data: [] });
      return notFound();
    }),
  );
  return requests;
}

function renderDetail(role: MilestoneRole, entry = '/') {
  const store = createAppStore({
    isAuthenticated: true,
    role: role === 'founder' ? 'user' : 'investor',
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: role === 'founder' ? 'usr-1' : 'inv-1', name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <MilestoneDetail
          viewerRole={role}
          milestoneId="mst-1"
          listPath="/list"
          viewerId={role === 'founder' ? 'usr-1' : 'inv-1'}
        />
      </MemoryRouter>
    </AppProviders>,
  );
  return store;
}

afterEach(() => vi.unstubAllGlobals());

describe('MilestoneDetail', () => {
  it('heads the page with the title, deck, status, due day and amount, then the overview', async () => {
    stubApi();
    renderDetail('founder');
    expect(screen.getByRole('status', { name: 'Loading the milestone' })).toBeTruthy();

    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' })).toBeTruthy();
    const facts = screen.getByTestId('milestone-facts');
    expect(facts.textContent).toContain('Seed round (Clinicpay)');
    expect(facts.textContent).toContain('Due ');
    expect(facts.textContent).toContain('$250,000');
    expect(screen.getByTestId('milestone-status').textContent).toBe('Active');
    expect(screen.getByRole('link', { name: /All milestones/ }).getAttribute('href')).toBe('/list');
    for (const name of ['Overview', 'Board', 'Meets', 'Activity', 'Threads'])
      expect(screen.getByRole('tab', { name })).toBeTruthy();

    expect((await screen.findByTestId('overview-percent')).textContent).toBe('25% done');
    expect(screen.getByRole('listitem', { name: 'To do: 2' })).toBeTruthy();
    const overdue = screen.getByRole('region', { name: 'Overdue tasks' });
    expect(within(overdue).getByRole('button', { name: 'Call the second clinic' })).toBeTruthy();
    const nextMeet = screen.getByRole('region', { name: 'Next meet' });
    expect(within(nextMeet).getByText('Monthly review')).toBeTruthy();
    expect(within(nextMeet).getByRole('link', { name: 'Join the video call' }).getAttribute('href')).toBe(
      'https://meet.example.com/abc',
    );
    const pending = screen.getByRole('region', { name: 'Pending deliverables' });
    expect(within(pending).getByText('Signed contract')).toBeTruthy();
    // One sent back reads as such, not as a draft.
    expect(
      within(pending)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['SubmittedSigned contract', 'Changes requestedPilot report']);

    const path = screen.getByRole('region', { name: 'Critical path' });
    expect(path.textContent).toContain('5 days');
    const steps = within(screen.getByTestId('critical-path-list')).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      'Call the second clinic · 2 days · slack 0 days',
      'Sign the pilot contract · 3 days · slack 0 days',
    ]);
    expect(path.textContent).toContain('Print flyers · 1 day · slack 4 days');
  });

  it('offers the founder the moves the status allows, and names what blocks completion', async () => {
    const requests = stubApi((url, request) =>
      request.method === 'PATCH' && url.pathname === '/api/v1/milestones/mst-1/status'
        ? json(
            {
              error: {
                code: 'CONFLICT',
                message: 'Finish 1 open task and get 1 deliverable accepted first.',
                details: {
                  openTasks: [{ id: 'tsk-2', title: 'Call the second clinic', stage: 'todo' }],
                  pendingDeliverables: [{ id: 'dlv-1', title: 'Signed contract' }],
                },
              },
            },
            409,
          )
        : undefined,
    );
    renderDetail('founder');
    const actions = await screen.findByTestId('milestone-actions');
    expect(within(actions).queryByRole('button', { name: 'Activate' })).toBeNull();
    // One primary action and a menu: nothing else sits beside it, and nothing reads "Cancel".
    expect(
      within(actions)
        .getAllByRole('button')
        .map((button) => button.getAttribute('aria-label') ?? button.textContent),
    ).toEqual(['Mark completed', 'More actions']);
    fireEvent.click(within(actions).getByRole('button', { name: 'More actions' }));
    const menuItems = await screen.findAllByRole('menuitem');
    expect(menuItems.map((item) => item.textContent)).toEqual([
      'Edit details',
      'Abandon milestone',
      'Share with mentors',
      'Archive',
      'Delete permanently',
    ]);
    fireEvent.click(menuItems[1] as HTMLElement);
    expect(await screen.findByText('Abandon this milestone?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));

    fireEvent.click(within(actions).getByRole('button', { name: 'Mark completed' }));
    const blockers = await screen.findByTestId('completion-blockers');
    expect(blockers.textContent).toContain('1 open task');
    expect(within(blockers).getByRole('button', { name: 'Call the second clinic' })).toBeTruthy();
    expect(blockers.textContent).toContain('1 deliverable not accepted');
    expect(blockers.textContent).toContain('Signed contract');
    const patch = requests.find((request) => request.method === 'PATCH');
    expect(await patch?.clone().json()).toEqual({ status: 'completed' });
  });

  it('shows an investor the same page from the investor API, without the founder’s actions', async () => {
    const requests = stubApi();
    renderDetail('investor');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' })).toBeTruthy();
    expect(screen.queryByTestId('milestone-actions')).toBeNull();
    await screen.findByTestId('overview-percent');
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(
      expect.arrayContaining(['/api/v1/investors/milestones/mst-1', '/api/v1/investors/milestones/mst-1/overview']),
    );
  });

  it('opens the section named in the URL, and words the activity feed', async () => {
    stubApi();
    renderDetail('founder', '/?tab=activity');
    const feed = await screen.findByRole('list', { name: 'Activity' });
    const line = within(feed).getByTestId('activity-item');
    expect(line.textContent).toContain('Maya Lind moved Hire a pilot lead to To do');
    // The sentence says where it went; a second line repeating the stage would say it twice.
    expect(line.textContent).not.toContain('Stage:');
    expect(line.textContent).toContain('5 minutes ago');
    expect(screen.getByRole('tab', { name: 'Activity', selected: true })).toBeTruthy();
  });

  it('says a milestone that is gone (or no longer shared) was not found', async () => {
    stubApi((url) => (url.pathname.endsWith('/mst-1') ? notFound() : undefined));
    renderDetail('investor');
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Milestone not found');
  });

  it('says so when a re-read (a live change) finds the milestone deleted meanwhile', async () => {
    let isDeleted = false;
    stubApi((url) => (isDeleted && url.pathname.endsWith('/mst-1') ? notFound() : undefined));
    const store = renderDetail('founder');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' })).toBeTruthy();
    isDeleted = true;
    store.dispatch(api.util.invalidateTags([{ type: 'MilestoneData', id: 'mst-1' }]));
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Milestone not found');
  });

  it('asks again after a failed load', async () => {
    let failures = 1;
    stubApi((url) => {
      if (url.pathname.endsWith('/mst-1') && failures > 0) {
        failures -= 1;
        return json({ error: { code: 'INTERNAL', message: 'Something went wrong.' } }, 500);
      }
      return undefined;
    });
    renderDetail('founder');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1, name: 'Pilot with three clinics' })).toBeTruthy(),
    );
  });
});
