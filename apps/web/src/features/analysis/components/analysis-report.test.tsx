import type { DeckAnalysis } from '@deckvalid/contract/analysis';
import { analysisSectionKeys, analysisSectionLabels } from '@deckvalid/contract/analysis';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { AnalysisReport } from './analysis-report';
import { InvestorDeckAnalysis } from './deck-analysis';

const found: Record<string, number[]> = { purpose: [1], problem: [2], solution: [3], market: [4], traction: [5, 6] };

/** A report as the server answers it for a seven-page deck missing most of the back half. */
function makeAnalysis(overrides: Partial<DeckAnalysis> = {}): DeckAnalysis {
  return {
    score: 62,
    breakdown: [
      {
        key: 'sections',
        label: 'Sections',
        points: 20,
        max: 40,
        explanation: '5 of the 12 sections are told.',
        nextStep: 'Add a slide on team.',
      },
      {
        key: 'figures',
        label: 'Figures',
        points: 18,
        max: 25,
        explanation: 'A market size (5).',
        nextStep: 'State the raise.',
      },
      { key: 'structure', label: 'Structure', points: 14, max: 20, explanation: '7 slides.', nextStep: 'Add slides.' },
      {
        key: 'readability',
        label: 'Readability',
        points: 15,
        max: 15,
        explanation: 'Body text 32 pt.',
        nextStep: null,
      },
    ],
    sections: analysisSectionKeys.map((key) => ({
      key,
      label: analysisSectionLabels[key],
      found: key in found,
      pages: found[key] ?? [],
    })),
    figures: [
      {
        key: 'market_size',
        value: 40_000_000_000,
        unit: 'USD',
        text: 'TAM $40B',
        page: 4,
        scope: 'TAM',
        period: 'current',
      },
      { key: 'arr', value: 3_500_000, unit: 'EUR', text: '€3,5 Mio. ARR', page: 5, period: 'current' },
      { key: 'growth', value: 120, unit: 'percent', text: 'growing 120% year over year', page: 5, period: 'current' },
      { key: 'runway', value: 18, unit: 'months', text: '18 months of runway', page: 7, period: 'current' },
    ],
    checks: [
      { key: 'slide_count', passed: false, value: 7, target: '10–20 slides', message: 'The deck has 7 slides.' },
      { key: 'body_font_size', passed: true, value: 32, target: 'at least 30 pt', message: 'Body text is 32 pt.' },
      {
        key: 'words_per_slide',
        passed: true,
        value: [],
        target: 'at most 100 words',
        message: 'No slide is too long.',
      },
      {
        key: 'closing_contact_or_ask',
        passed: true,
        value: 7,
        target: 'on the last 3 slides',
        message: 'Page 7 asks.',
      },
      {
        key: 'sourced_market_figures',
        passed: null,
        value: null,
        target: 'a source or date',
        message: 'Nothing to check.',
      },
    ],
    recommendations: ['Add a team slide: investors back people first.', 'Page 5: say where the ARR figure comes from.'],
    hasText: true,
    version: 2,
    analyzerVersion: 1,
    computedAt: '2026-03-01T10:00:00.000Z',
    ...overrides,
  } as DeckAnalysis;
}

const investor = {
  isAuthenticated: true,
  role: 'investor' as const,
  tokens: { token: 'i.jwt', controlSignature: 'i-sig', hashToken: 'i-hash' },
  user: { id: 'inv-1', name: 'Ravi Investor' },
};

function renderInRouter(element: React.ReactNode) {
  const router = createMemoryRouter([{ path: '/', element }], { initialEntries: ['/'] });
  render(
    <AppProviders store={createAppStore(investor)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const pageHref = (page: number) => `/investor/pitchdecks/d-1?page=${page}`;
const plain = (text: string | null) => (text ?? '').replace(/\u00a0/g, ' ');

afterEach(() => vi.unstubAllGlobals());

describe('the validation report', () => {
  it('shows the score and its breakdown', () => {
    renderInRouter(<AnalysisReport analysis={makeAnalysis()} pageHref={pageHref} />);
    expect(screen.getByTestId('analysis-score-value').getAttribute('data-score')).toBe('62');
    const items = screen.getAllByTestId('analysis-breakdown-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'Sections20 / 405 of the 12 sections are told.To raise it: Add a slide on team.',
      'Figures18 / 25A market size (5).To raise it: State the raise.',
      'Structure14 / 207 slides.To raise it: Add slides.',
      'Readability15 / 15Body text 32 pt.',
    ]);
  });

  it('shows the figures as they stand apart from their history and plan, each saying when it holds', () => {
    const figures: DeckAnalysis['figures'] = [
      { key: 'arr', value: 1_200_000, unit: 'USD', text: 'ARR $1.2M', page: 8, period: 'current' },
      { key: 'arr', value: 400_000, unit: 'USD', text: '$400K last year', page: 8, period: 'past' },
      { key: 'arr', value: 4_500_000, unit: 'USD', text: '$4.5M ARR', page: 11, period: 'projected', year: 2027 },
      { key: 'price', value: 149, unit: 'USD', text: '$149 a month', page: 7, period: 'current', per: 'month' },
    ];
    renderInRouter(<AnalysisReport analysis={makeAnalysis({ figures })} pageHref={pageHref} />);
    const history = screen.getByTestId('analysis-history-plan');
    const current = screen
      .getAllByTestId('analysis-figure')
      .filter((row) => !history.contains(row))
      .map((row) => row.getAttribute('data-figure'));
    expect(current).toEqual(['arr', 'price']);
    expect(screen.getByText('Price per month')).toBeTruthy();
    expect(
      within(history)
        .getAllByTestId('analysis-figure-period')
        .map((badge) => badge.textContent),
    ).toEqual(['Earlier', 'Plan, 2027']);
  });

  it('lists the twelve sections in order, links found ones to their pages and calls out missing ones in words', () => {
    renderInRouter(<AnalysisReport analysis={makeAnalysis()} pageHref={pageHref} />);
    const sections = screen.getAllByTestId('analysis-section');
    expect(sections.map((section) => section.getAttribute('data-section'))).toEqual([...analysisSectionKeys]);
    expect(within(screen.getByTestId('analysis-sections')).getByText('5 of 12 found')).toBeTruthy();

    const traction = sections.find((section) => section.getAttribute('data-section') === 'traction');
    const links = within(traction as HTMLElement).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/investor/pitchdecks/d-1?page=5',
      '/investor/pitchdecks/d-1?page=6',
    ]);
    expect(links[0]?.getAttribute('aria-label')).toBe('Traction: p. 5');

    const team = sections.find((section) => section.getAttribute('data-section') === 'team') as HTMLElement;
    expect(team.getAttribute('data-found')).toBe('false');
    expect(within(team).getByText('Missing')).toBeTruthy();
    expect(within(team).getByText('Not found in this deck')).toBeTruthy();
    expect(within(team).queryByRole('link')).toBeNull();
  });

  it('formats each figure in its unit, keeps the words as written and shows the market scope', () => {
    renderInRouter(<AnalysisReport analysis={makeAnalysis()} pageHref={pageHref} />);
    const rows = screen.getAllByTestId('analysis-figure');
    const values = rows.map((row) => plain(within(row).getByTestId('analysis-figure-value').textContent));
    expect(values).toEqual(['USD 40B', 'EUR 3.5M', '120%', '18 months']);
    expect(within(rows[0] as HTMLElement).getByTestId('analysis-figure-scope').textContent).toBe('TAM');
    expect(within(rows[1] as HTMLElement).getByTestId('analysis-figure-text').textContent).toBe('“€3,5 Mio. ARR”');
    expect(
      within(rows[3] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/investor/pitchdecks/d-1?page=7');
  });

  it('says each check outcome in words, with what was found against the target, and lists recommendations', () => {
    renderInRouter(<AnalysisReport analysis={makeAnalysis()} pageHref={pageHref} />);
    const outcomes = screen.getAllByTestId('analysis-check').map((check) => ({
      key: check.getAttribute('data-check'),
      words: within(check).getByTestId('analysis-check-outcome').textContent,
    }));
    expect(outcomes).toEqual([
      { key: 'slide_count', words: 'Not passed' },
      { key: 'body_font_size', words: 'Passed' },
      { key: 'words_per_slide', words: 'Passed' },
      { key: 'closing_contact_or_ask', words: 'Passed' },
      { key: 'sourced_market_figures', words: 'Not measurable' },
    ]);
    const slideCount = screen.getAllByTestId('analysis-check')[0] as HTMLElement;
    expect(slideCount.textContent).toContain('Found: 7 slides · Target: 10–20 slides');
    expect(screen.getAllByTestId('analysis-recommendation').map((item) => item.textContent)).toEqual(
      makeAnalysis().recommendations,
    );
    expect(screen.queryByTestId('analysis-image-only')).toBeNull();
  });

  it('says plainly when the deck is pictures only', () => {
    const imageOnly = makeAnalysis({
      hasText: false,
      figures: [],
      sections: makeAnalysis().sections.map((section) => ({ ...section, found: false, pages: [] })),
    });
    renderInRouter(<AnalysisReport analysis={imageOnly} pageHref={pageHref} />);
    expect(screen.getByTestId('analysis-image-only').textContent).toContain('This deck has no readable text');
    expect(screen.getByTestId('analysis-no-figures')).toBeTruthy();
    expect(screen.getAllByText('Missing')).toHaveLength(12);
  });
});

describe('the report as it loads', () => {
  function stubAnalysis(answers: { status: number; body: unknown }[]) {
    const fetchMock = vi.fn(async () => {
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      return new Response(JSON.stringify(answer?.body), {
        status: answer?.status ?? 500,
        headers: { 'content-type': 'application/json' },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }

  it('says a report still being processed is on its way, and shows it once it is there', async () => {
    stubAnalysis([
      {
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'Still processing.', details: { reason: 'NOT_READY' } } },
      },
      { status: 200, body: { analysis: makeAnalysis() } },
    ]);
    renderInRouter(<InvestorDeckAnalysis deckId="d-1" pageHref={pageHref} />);
    expect((await screen.findByTestId('analysis-not-ready')).textContent).toContain(
      'The report is still being processed',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Check now' }));
    expect(await screen.findByTestId('analysis-report')).toBeTruthy();
  });

  it('offers a retry after a failure', async () => {
    const fetchMock = stubAnalysis([
      { status: 500, body: { error: { code: 'INTERNAL', message: 'Something broke.' } } },
      { status: 200, body: { analysis: makeAnalysis() } },
    ]);
    renderInRouter(<InvestorDeckAnalysis deckId="d-1" pageHref={pageHref} />);
    expect(await screen.findByTestId('analysis-error')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByTestId('analysis-report')).toBeTruthy());
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
