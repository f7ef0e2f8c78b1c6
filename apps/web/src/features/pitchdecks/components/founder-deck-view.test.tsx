import type { FounderDeckVersion, FounderPitchDeck } from '@deckvalid/contract/pitchdecks';
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import { versionUploadToastId } from '../deck-versions';
import { FounderDeckView, type ShownVersion } from './founder-deck-view';

// pdf.js cannot run in jsdom (no canvas, no DOMMatrix): a document of its own pages stands in.
vi.mock('react-pdf', async () => (await import('@/test/react-pdf-stand-in')).reactPdfStandIn(5));
vi.mock('@/shared/pdf/pdf-setup', () => ({ getPdfOptions: () => ({}) }));

const founderTokens = { token: 'f.jwt', controlSignature: 'f-sig', hashToken: 'f-hash' };

function makeDeck(overrides: Partial<FounderPitchDeck> = {}): FounderPitchDeck {
  return {
    id: 'd-1',
    company: 'Saltmarsh',
    title: 'Saltmarsh seed round',
    pitch: 'Coastal flood sensors.',
    sector: 'Climate',
    stage: 'Seed',
    amountSought: 900_000,
    location: 'Hamburg',
    website: null,
    status: 'ready',
    pageCount: 8,
    fileSize: 100_000,
    createdAt: '2026-01-10T10:00:00.000Z',
    readyAt: '2026-01-10T10:01:00.000Z',
    failureReason: null,
    liveVersion: 2,
    latestVersion: { number: 2, status: 'ready', failureReason: null, uploadedAt: '2026-01-12T10:00:00.000Z' },
    fontSizes: null,
    interestCount: 0,
    viewCount: 0,
    fileUrl: '/files/v2.pdf',
    thumbnailUrl: null,
    ...overrides,
  } as FounderPitchDeck;
}

function makeVersion(number: number, pageCount: number | null, status: FounderDeckVersion['status'] = 'ready') {
  return {
    number,
    status,
    failureReason: null,
    uploadedAt: '2026-01-10T10:00:00.000Z',
    pageCount,
    fileSize: 100_000,
    readyAt: status === 'ready' ? '2026-01-10T10:01:00.000Z' : null,
    isLive: false,
    viewCount: 0,
    fileUrl: `/files/v${number}.pdf`,
  } satisfies FounderDeckVersion;
}

/** Answers the deck page's calls from what `state` holds at the time of the call. */
function stubDeckApi(state: { deck: FounderPitchDeck; versions: FounderDeckVersion[] }) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const { pathname } = new URL(input.url);
      let body: unknown = { error: { code: 'NOT_FOUND', message: 'Nothing here.' } };
      let status = 404;
      if (pathname === '/api/v1/users/pitchdecks/d-1') [status, body] = [200, { pitchDeck: state.deck }];
      if (pathname === '/api/v1/users/pitchdecks/d-1/versions') [status, body] = [200, { versions: state.versions }];
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
}

function renderDeckView({
  renderReport,
  entry = '/founder/view/d-1',
}: {
  renderReport?: (shown: ShownVersion) => ReactNode;
  entry?: string;
} = {}) {
  const store = createAppStore({
    isAuthenticated: true,
    role: 'user',
    tokens: founderTokens,
    user: { id: 'usr-1', name: 'Vera Founder' },
  });
  const router = createMemoryRouter(
    [
      {
        path: '/founder/view/:id',
        element: <FounderDeckView deckId="d-1" listPath="/founder" submitPath="/founder" renderReport={renderReport} />,
      },
    ],
    { initialEntries: [entry] },
  );
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => notifications.clean());
});

describe('the founder deck page and its versions', () => {
  it('counts the pages of the version in the viewer: version 1 opened shows its 5 pages, not the live 8', async () => {
    stubDeckApi({ deck: makeDeck(), versions: [{ ...makeVersion(2, 8), isLive: true }, makeVersion(1, 5)] });
    renderDeckView();
    await waitFor(() => expect(screen.getByTestId('deck-page-count').textContent).toBe('8 pages'));

    fireEvent.click(await screen.findByRole('button', { name: 'Show version 1' }));
    expect(await screen.findByTestId('older-version-notice')).toBeTruthy();
    expect(screen.getByTestId('deck-page-count').textContent).toBe('5 pages');
  });

  it('takes down "Investors keep seeing version 1" once version 2 is ready', async () => {
    const processing = {
      number: 2,
      status: 'processing' as const,
      failureReason: null,
      uploadedAt: '2026-01-12T10:00:00Z',
    };
    const state = {
      deck: makeDeck({ liveVersion: 1, pageCount: 5, latestVersion: processing }),
      versions: [makeVersion(2, null, 'processing'), { ...makeVersion(1, 5), isLive: true }],
    };
    stubDeckApi(state);
    renderDeckView();
    expect(await screen.findByTestId('pending-version')).toBeTruthy();
    // What the upload dialog shows once version 2 is submitted.
    act(() => {
      notifications.show({
        id: versionUploadToastId('d-1', 2),
        title: 'Version 2 uploaded',
        message: "We're reading its pages. Investors keep seeing version 1 until it's ready.",
        autoClose: false,
      });
    });
    expect(await screen.findByText(/Investors keep seeing version 1/)).toBeTruthy();

    // Version 2 is ready: the page's next poll (every 2 s while processing) finds it live.
    state.deck = makeDeck();
    state.versions = [{ ...makeVersion(2, 8), isLive: true }, makeVersion(1, 5)];
    await waitFor(() => expect(screen.queryByTestId('pending-version')).toBeNull(), { timeout: 5_000 });
    await waitFor(() => expect(screen.queryByText(/Investors keep seeing version 1/)).toBeNull());
  });

  it('shows the report of the version shown in its tab, and a page link there opens the viewer at that page', async () => {
    stubDeckApi({ deck: makeDeck(), versions: [{ ...makeVersion(2, 8), isLive: true }, makeVersion(1, 5)] });
    const router = renderDeckView({
      renderReport: (shown) => (
        <div data-testid="report-stub">
          {`report of version ${shown.number} (${shown.status})`}
          <Link to="/founder/view/d-1?page=3">p. 3</Link>
        </div>
      ),
    });
    await waitFor(() => expect(screen.getByTestId('deck-viewer').getAttribute('data-state')).toBe('ready'));
    expect(screen.queryByTestId('report-stub')).toBeNull();

    fireEvent.click(screen.getByRole('tab', { name: 'Report' }));
    expect((await screen.findByTestId('report-stub')).textContent).toContain('report of version 2 (ready)');
    expect(router.state.location.search).toBe('?tab=report');

    fireEvent.click(screen.getByRole('link', { name: 'p. 3' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Deck' }).getAttribute('aria-selected')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('deck-viewer').getAttribute('data-page')).toBe('3'));
  });

  it('opens on the Report tab from ?tab=report, for the version picked there', async () => {
    stubDeckApi({ deck: makeDeck(), versions: [{ ...makeVersion(2, 8), isLive: true }, makeVersion(1, 5)] });
    renderDeckView({
      entry: '/founder/view/d-1?tab=report',
      renderReport: (shown) => <div data-testid="report-stub">{`report of version ${shown.number}`}</div>,
    });
    expect((await screen.findByTestId('report-stub')).textContent).toBe('report of version 2');
  });
});
