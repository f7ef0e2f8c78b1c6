import type { Milestone } from '@deckvalid/contract/milestones';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { FollowedMilestoneList, FounderMilestoneList, type MilestoneDeckChoices } from './milestone-list';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const page = (data: Milestone[]) => ({ data, meta: { page: 1, limit: 12, total: data.length, hasMore: false } });

const milestone = (overrides: Partial<Milestone> = {}): Milestone => ({
  id: 'mst-1',
  pitchDeckId: 'deck-1',
  pitchDeck: { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' },
  founderId: 'usr-1',
  title: 'Pilot with three clinics',
  description: '',
  dueDate: '2099-03-01',
  amount: 250_000,
  status: 'active',
  archivedAt: null,
  progress: { totalTasks: 4, doneTasks: 1, percent: 25 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const decks: MilestoneDeckChoices = {
  options: [{ value: 'deck-1', label: 'Seed round (Clinicpay)' }],
  isLoading: false,
  isError: false,
};
const seriesA = { id: 'deck-2', title: 'Series A', company: 'Clinicpay Health' };

/** The browser's fetch, answered per request; records each request's URL. */
function stubFetch(answer: (url: URL, request: Request) => Response | Promise<Response>) {
  const urls: URL[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      urls.push(url);
      return answer(url, request);
    }),
  );
  return urls;
}

function renderAs(role: 'user' | 'investor', ui: ReactNode, entry = '/') {
  const store = createAppStore({
    isAuthenticated: true,
    role,
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: role === 'user' ? 'usr-1' : 'inv-1', name: 'Maya', email: 'maya@example.com' },
  });
  return render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[entry]}>{ui}</MemoryRouter>
    </AppProviders>,
  );
}

const founderList = (choices: MilestoneDeckChoices = decks) => (
  <FounderMilestoneList
    milestonePath={(id) => `/founder/milestones/${id}`}
    decks={choices}
    submitDeckAction={<a href="/founder/submit">Submit a deck</a>}
  />
);

afterEach(() => vi.unstubAllGlobals());

describe('FounderMilestoneList', () => {
  it('shows skeletons, then each milestone with its own deck (named in its answer), status, progress and due day', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    stubFetch(async () => {
      await answered;
      return json(
        page([
          milestone(),
          milestone({
            id: 'mst-2',
            title: 'Hire a nurse lead',
            dueDate: '2020-01-10',
            status: 'draft',
            amount: null,
            pitchDeckId: seriesA.id,
            pitchDeck: seriesA,
          }),
        ]),
      );
    });
    renderAs('user', founderList());

    expect(await screen.findByRole('status', { name: 'Loading milestones' })).toBeTruthy();
    release();

    const pilot = await screen.findByRole('article', { name: 'Pilot with three clinics' });
    expect(within(pilot).getByRole('link', { name: 'Pilot with three clinics' }).getAttribute('href')).toBe(
      '/founder/milestones/mst-1',
    );
    expect(within(pilot).getByText('Seed round (Clinicpay)')).toBeTruthy();
    expect(within(pilot).getByTestId('milestone-status').textContent).toBe('Active');
    expect(within(pilot).getByText('1 of 4 tasks done')).toBeTruthy();
    expect(within(pilot).getByText('25%')).toBeTruthy();
    expect(within(pilot).getByText('$250,000')).toBeTruthy();

    const late = screen.getByRole('article', { name: 'Hire a nurse lead' });
    // Named from the milestone's answer, though the form's choices (`decks`) do not hold that deck.
    expect(within(late).getByText('Series A (Clinicpay Health)')).toBeTruthy();
    expect(within(late).getByText(/Overdue, was due/)).toBeTruthy();
    expect(within(late).getByTestId('milestone-status').textContent).toBe('Draft');
    expect(screen.getByRole('button', { name: 'New milestone' })).toBeTruthy();
  });

  it('asks a founder without decks to submit one first', async () => {
    stubFetch(() => json(page([])));
    renderAs('user', founderList({ options: [], isLoading: false, isError: false }));
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('Submit a deck first');
    expect(within(empty).getByRole('link', { name: 'Submit a deck' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'New milestone' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('invites a founder with decks to plan the first milestone, in the form', async () => {
    stubFetch(() => json(page([])));
    renderAs('user', founderList());
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No milestones yet');
    fireEvent.click(within(empty).getByRole('button', { name: 'Plan your first milestone' }));
    expect(await screen.findByRole('dialog', { name: 'New milestone' })).toBeTruthy();
  });

  it('checks the form with the contract’s rules and shows the server’s refusal', async () => {
    const urls = stubFetch((_url, request) => {
      if (request.method === 'POST') {
        return json({ error: { code: 'NOT_FOUND', message: 'This pitch deck does not exist.' } }, 404);
      }
      return json(page([]));
    });
    renderAs('user', founderList());
    fireEvent.click(await screen.findByRole('button', { name: 'New milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'New milestone' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Create milestone' }));
    expect(await within(dialog).findByText('Give it a title.')).toBeTruthy();
    expect(within(dialog).getByText('Choose a due date.')).toBeTruthy();
    expect(urls.some((url) => url.pathname === '/api/v1/milestones' && url.search === '')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Pilot' } });
    fireEvent.change(within(dialog).getByLabelText(/^Due date/), { target: { value: '2027-02-01' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create milestone' }));
    const alert = await within(dialog).findByTestId('form-error');
    expect(alert.textContent).toContain('This pitch deck does not exist.');
  });

  it('says what failed and loads again on "Try again"', async () => {
    let calls = 0;
    stubFetch(() => {
      calls += 1;
      return calls === 1
        ? json({ error: { code: 'INTERNAL', message: 'Something went wrong on our side.' } }, 500)
        : json(page([milestone()]));
    });
    renderAs('user', founderList());
    expect((await screen.findByTestId('form-error')).textContent).toContain("We couldn't load the milestones");
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Pilot with three clinics' })).toBeTruthy();
  });

  it('lists archived milestones with Restore, asking the server for archived ones only', async () => {
    const urls = stubFetch((_url, request) => {
      if (request.method === 'POST') return json({ milestone: milestone() });
      return json(page([milestone({ archivedAt: '2026-11-10T10:00:00.000Z' })]));
    });
    renderAs('user', founderList(), '/?view=archived');
    const card = await screen.findByRole('article', { name: 'Pilot with three clinics' });
    expect(urls[0]?.searchParams.get('archived')).toBe('true');
    fireEvent.click(within(card).getByRole('button', { name: 'Restore Pilot with three clinics' }));
    await waitFor(() => expect(urls.some((url) => url.pathname === '/api/v1/milestones/mst-1/restore')).toBe(true));
  });
});

describe('FollowedMilestoneList', () => {
  it('explains where milestones come from when there are none', async () => {
    const urls = stubFetch(() => json(page([])));
    renderAs(
      'investor',
      <FollowedMilestoneList
        viewerRole="investor"
        milestonePath={(id) => `/investor/milestones/${id}`}
        emptyAction={<a href="/investor">Browse decks</a>}
      />,
    );
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('No milestones to follow yet');
    expect(urls[0]?.pathname).toBe('/api/v1/investors/milestones');
    expect(screen.queryByRole('button', { name: 'New milestone' })).toBeNull();
  });

  it('shows the milestones read-only with their decks, linking to the investor’s page of each', async () => {
    const urls = stubFetch(() => json(page([milestone()])));
    renderAs(
      'investor',
      <FollowedMilestoneList
        viewerRole="investor"
        milestonePath={(id) => `/investor/milestones/${id}`}
        emptyAction={null}
      />,
    );
    const card = await screen.findByRole('article', { name: 'Pilot with three clinics' });
    expect(within(card).getByRole('link').getAttribute('href')).toBe('/investor/milestones/mst-1');
    expect(within(card).getByText('Seed round (Clinicpay)')).toBeTruthy();
    expect(urls.map((url) => url.pathname)).toEqual(['/api/v1/investors/milestones']);
    expect(within(card).queryByRole('button')).toBeNull();
  });
});
