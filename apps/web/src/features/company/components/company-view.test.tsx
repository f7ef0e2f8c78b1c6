import type { Company } from '@deckvalid/contract/companies';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { CompanyView } from './company-view';

const investorTokens = { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' };

function makeCompany(overrides: Partial<Company> = {}): Company {
  return {
    id: 'usr-fay',
    name: 'Tidewater Labs',
    founder: { id: 'usr-fay', name: 'Fay Founder', headline: 'Port logistics', bio: null, pictureUrl: null },
    location: 'Rotterdam',
    website: 'https://tidewater.example',
    sectors: ['Climate'],
    decks: [
      {
        id: 'dck-a',
        title: 'Seed round',
        stage: 'Seed',
        sector: 'Climate',
        amountSought: 1_500_000,
        readyAt: '2026-03-01T10:00:00.000Z',
        pageCount: 12,
        score: 81,
      },
      {
        id: 'dck-b',
        title: 'Bridge round',
        stage: 'Seed',
        sector: 'Climate',
        amountSought: 500_000,
        readyAt: '2026-03-05T10:00:00.000Z',
        pageCount: 8,
        score: null,
      },
    ],
    rounds: [
      {
        pitchDeckId: 'dck-a',
        company: 'Tidewater Labs',
        amountSought: 1_500_000,
        stage: 'Seed',
        date: '2026-03-01T10:00:00.000Z',
      },
    ],
    interestedInvestorCount: 4,
    milestones: [],
    weeks: [
      { weekStart: '2026-02-23', views: 2, readingSeconds: 300, interestsShown: 1 },
      { weekStart: '2026-03-02', views: 5, readingSeconds: 900, interestsShown: 2 },
    ],
    ...overrides,
  };
}

/** Answers the company call with `status` and `body`. */
function stubCompanyApi(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const { pathname } = new URL(input.url);
      const isCompany = pathname === '/api/v1/investors/companies/usr-fay';
      return new Response(
        JSON.stringify(isCompany ? body : { error: { code: 'NOT_FOUND', message: 'Nothing here.' } }),
        { status: isCompany ? status : 404, headers: { 'content-type': 'application/json' } },
      );
    }),
  );
}

function renderCompany() {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'investor',
    tokens: investorTokens,
    user: { id: 'inv-1', name: 'Ivy Investor' },
  });
  const router = createMemoryRouter(
    [{ path: '/investor/company/:startupId', element: <CompanyView startupId="usr-fay" /> }],
    {
      initialEntries: ['/investor/company/usr-fay'],
    },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the company page', () => {
  it('shows the header, the interested count, and each deck with its score linking to its report', async () => {
    stubCompanyApi(200, { company: makeCompany() });
    renderCompany();
    expect(await screen.findByRole('heading', { name: 'Tidewater Labs' })).toBeTruthy();
    expect(screen.getByText('Rotterdam')).toBeTruthy();
    expect(screen.getByTestId('company-interested').textContent).toContain('4');
    const [scored, unscored] = screen.getAllByTestId('company-deck-score');
    expect(scored?.getAttribute('href')).toBe('/analysis/dck-a');
    expect(scored?.getAttribute('aria-label')).toContain('Score 81 · strong');
    expect(unscored?.textContent).toBe('No score');
    const [first] = screen.getAllByTestId('company-deck');
    expect(
      within(first as HTMLElement)
        .getByRole('link', { name: 'Open deck' })
        .getAttribute('href'),
    ).toBe('/investor/pitchdecks/dck-a');
    expect(screen.getByTestId('company-stock').textContent).toContain('7 views');
    // Milestones show only to accepted investors; this one follows none.
    expect(screen.queryByTestId('company-milestones')).toBeNull();
  });

  it('lists milestone progress when the investor follows some', async () => {
    stubCompanyApi(200, {
      company: makeCompany({
        milestones: [
          {
            id: 'mst-1',
            title: 'Pilot in Rotterdam',
            pitchDeckId: 'dck-a',
            status: 'active',
            dueDate: '2026-06-30',
            doneTasks: 3,
            totalTasks: 4,
          },
        ],
      }),
    });
    renderCompany();
    const milestones = await screen.findByTestId('company-milestones');
    expect(milestones.textContent).toContain('3 of 4 tasks done');
  });

  it('says a company that is gone is not available, and offers another try on other failures', async () => {
    stubCompanyApi(404, { error: { code: 'NOT_FOUND', message: 'This company does not exist.' } });
    renderCompany();
    expect(await screen.findByTestId('company-not-found')).toBeTruthy();
  });

  it('offers to try again when the call fails', async () => {
    stubCompanyApi(500, { error: { code: 'INTERNAL', message: 'Something broke.' } });
    renderCompany();
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
