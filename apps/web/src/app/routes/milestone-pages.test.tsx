import type { Milestone, MilestoneOverview } from '@deckvalid/contract/milestones';
import type { FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../providers';
import { createAppStore } from '../store';
import {
  FounderMilestonePage,
  FounderMilestonesPage,
  InvestorMilestonePage,
  InvestorMilestonesPage,
  MentorMilestonePage,
  MentorMilestonesPage,
} from './milestone-pages';

// The pages name each milestone's deck from the milestone's own answer: neither the founder's
// decks nor the investor's interests are read for names. The founder's list still reads the
// decks, for the create form's choices.

const seedDeck = { id: 'deck-1', title: 'Seed round', company: 'Clinicpay' };

const milestone: Milestone = {
  id: 'mst-1',
  pitchDeckId: seedDeck.id,
  pitchDeck: seedDeck,
  founderId: 'usr-1',
  title: 'Pilot with three clinics',
  description: '',
  dueDate: '2099-03-01',
  amount: null,
  status: 'active',
  archivedAt: null,
  progress: { totalTasks: 0, doneTasks: 0, percent: 0 },
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
};

const overview: MilestoneOverview = {
  milestoneId: 'mst-1',
  progress: { totalTasks: 0, doneTasks: 0, percent: 0 },
  tasksPerStage: { backlog: 0, todo: 0, in_progress: 0, review: 0, done: 0 },
  overdueTasks: [],
  criticalPath: { totalDays: 0, taskIds: [] },
  schedule: [],
  nextMeet: null,
  pendingDeliverables: [],
};

/** Another of the founder's decks: the only one the create form offers in these tests. */
const bridgeDeck = {
  id: 'deck-2',
  company: 'Clinicpay',
  title: 'Bridge round',
  pitch: 'A pitch.',
  sector: 'Health',
  stage: 'Seed',
  amountSought: 500_000,
  location: 'Lisbon',
  website: null,
  status: 'ready',
  pageCount: 8,
  fileSize: 100_000,
  createdAt: '2026-01-10T10:00:00.000Z',
  readyAt: '2026-01-10T10:01:00.000Z',
  failureReason: null,
  liveVersion: 1,
  latestVersion: { number: 1, status: 'ready', failureReason: null, uploadedAt: '2026-01-10T10:00:00.000Z' },
  fontSizes: null,
  interestCount: 0,
  viewCount: 0,
  fileUrl: null,
  thumbnailUrl: null,
} as FounderPitchDeck;

const page = <Item,>(data: Item[]) => ({ data, meta: { page: 1, limit: 100, total: data.length, hasMore: false } });

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The founder's mentors as the sharing button reads them: Mia shares the milestone, Omar not. */
const mentors = [
  { mentor: { id: 'mtr-1', name: 'Mia Mentor', email: 'mia@example.com' }, isShared: true },
  { mentor: { id: 'mtr-2', name: 'Omar Mentor', email: 'omar@example.com' }, isShared: false },
];

/** Every call the last stubApi answered, as `METHOD /path`. */
let calls: string[] = [];

/** Answers every role's milestone calls and the founder's deck list; records each path asked. */
function stubApi() {
  const paths: string[] = [];
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const url = new URL(request.url);
      paths.push(url.pathname);
      calls.push(`${request.method} ${url.pathname}`);
      const path = url.pathname.replace(/\/api\/v1\/(investors|mentors)\//, '/api/v1/');
      if (path === '/api/v1/milestones/mst-1/mentors') return json({ data: mentors });
      if (path.startsWith('/api/v1/milestones/mst-1/mentors/')) return new Response(null, { status: 204 });
      if (path === '/api/v1/milestones') return json(page([milestone]));
      if (path === '/api/v1/milestones/mst-1') return json({ milestone });
      if (path === '/api/v1/milestones/mst-1/overview') return json({ overview });
      if (path === '/api/v1/users/pitchdecks') return json(page([bridgeDeck]));
      return json({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);
    }),
  );
  return paths;
}

const idOf = { user: 'usr-1', investor: 'inv-1', mentor: 'mtr-1' } as const;

function renderAs(role: 'user' | 'investor' | 'mentor', entry: string, routes: ReactNode) {
  const store = createAppStore({
    isAuthenticated: true,
    role,
    tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
    user: { id: idOf[role], name: 'Maya', email: 'maya@example.com' },
  });
  render(
    <AppProviders store={store}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>{routes}</Routes>
      </MemoryRouter>
    </AppProviders>,
  );
}

/** A first render on a busy shared machine may take more than the default second. */
const slow = { timeout: 5_000 };

/** Whether any request read decks or interests (the reads that once only named decks). */
const readsDecksOrInterests = (paths: string[]) => paths.filter((path) => /pitchdecks|interests/.test(path));

afterEach(() => vi.unstubAllGlobals());

describe('milestone pages', () => {
  it('founder list: names each card’s deck from its milestone, and reads the decks only for the form', async () => {
    const paths = stubApi();
    renderAs('user', '/founder/milestones', <Route path="/founder/milestones" element={<FounderMilestonesPage />} />);
    const card = await screen.findByRole('article', { name: 'Pilot with three clinics' }, slow);
    // The deck list answered holds only the bridge deck: the card's name came with the milestone.
    expect(within(card).getByText('Seed round (Clinicpay)')).toBeTruthy();
    expect(readsDecksOrInterests(paths)).toEqual(['/api/v1/users/pitchdecks']);

    fireEvent.click(screen.getByRole('button', { name: 'New milestone' }));
    const dialog = await screen.findByRole('dialog', { name: 'New milestone' });
    const choices = within(within(dialog).getByRole('combobox', { name: /Deck/ })).getAllByRole('option');
    expect(choices.map((option) => option.textContent)).toEqual(['Choose a deck', 'Bridge round (Clinicpay)']);
  });

  it('founder page: names the deck without reading the founder’s decks', async () => {
    const paths = stubApi();
    renderAs(
      'user',
      '/founder/milestones/mst-1',
      <Route path="/founder/milestones/:milestoneId" element={<FounderMilestonePage />} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' }, slow)).toBeTruthy();
    expect(screen.getByTestId('milestone-facts').textContent).toContain('Deck: Seed round (Clinicpay)');
    await screen.findByTestId('overview-percent', {}, slow);
    expect(readsDecksOrInterests(paths)).toEqual([]);
  });

  it('investor list: names the deck without reading the investor’s interests', async () => {
    const paths = stubApi();
    renderAs(
      'investor',
      '/investor/milestones',
      <Route path="/investor/milestones" element={<InvestorMilestonesPage />} />,
    );
    const card = await screen.findByRole('article', { name: 'Pilot with three clinics' }, slow);
    expect(within(card).getByText('Seed round (Clinicpay)')).toBeTruthy();
    expect(paths).toEqual(['/api/v1/investors/milestones']);
  });

  it('investor page: names the deck without reading the investor’s interests', async () => {
    const paths = stubApi();
    renderAs(
      'investor',
      '/investor/milestones/mst-1',
      <Route path="/investor/milestones/:milestoneId" element={<InvestorMilestonePage />} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' }, slow)).toBeTruthy();
    expect(screen.getByTestId('milestone-facts').textContent).toContain('Deck: Seed round (Clinicpay)');
    await screen.findByTestId('overview-percent', {}, slow);
    expect(readsDecksOrInterests(paths)).toEqual([]);
  });

  it('mentor list: the milestones shared with the mentor, from the mentors’ API alone', async () => {
    const paths = stubApi();
    renderAs('mentor', '/mentor/milestones', <Route path="/mentor/milestones" element={<MentorMilestonesPage />} />);
    const card = await screen.findByRole('article', { name: 'Pilot with three clinics' }, slow);
    expect(within(card).getByText('Seed round (Clinicpay)')).toBeTruthy();
    expect(paths).toEqual(['/api/v1/mentors/milestones']);
  });

  it('mentor page: the board read only, without meets or the founder’s actions', async () => {
    const paths = stubApi();
    renderAs(
      'mentor',
      '/mentor/milestones/mst-1?tab=meets',
      <Route path="/mentor/milestones/:milestoneId" element={<MentorMilestonePage />} />,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Pilot with three clinics' }, slow)).toBeTruthy();
    // A link to the meets falls back to the overview: a mentor has no calendar here.
    await screen.findByTestId('overview-percent', {}, slow);
    expect(screen.queryByRole('tab', { name: /Meets/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Threads/ })).toBeTruthy();
    expect(screen.queryByTestId('milestone-actions')).toBeNull();
    expect(paths.every((path) => path.startsWith('/api/v1/mentors/'))).toBe(true);
    expect(paths.some((path) => /meets|members/.test(path))).toBe(false);
  });

  it('founder page: shares the milestone with a mentor from the More menu', async () => {
    stubApi();
    renderAs(
      'user',
      '/founder/milestones/mst-1',
      <Route path="/founder/milestones/:milestoneId" element={<FounderMilestonePage />} />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }, slow));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Share with mentors' }, slow));
    const omar = (await screen.findByLabelText(/Omar Mentor/, {}, slow)) as HTMLInputElement;
    expect(omar.checked).toBe(false);
    expect((screen.getByLabelText(/Mia Mentor/) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(omar);
    await vi.waitFor(() => expect(calls).toContain('PUT /api/v1/milestones/mst-1/mentors/mtr-2'), slow);
  });
});
