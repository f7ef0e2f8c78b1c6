import type { Role } from '@deckvalid/contract/auth';
import type { DataRoomItem } from '@deckvalid/contract/datarooms';
import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createAppStore } from '@/app/store';
import type { AuthState } from '@/features/auth/auth-state';

// Builders the data-room screens' tests share: a room's items as the server answers them, a
// signed-in session, a JSON answer for a stubbed fetch, the pages rendered at an address, and
// where the router is. The session, JSON, rendering and router helpers serve other screens'
// tests too (the mentor pages).

/** The time every built item was made and last changed. */
export const builtAt = '2026-11-01T10:00:00.000Z';

/** A folder of a room's tree, at the top unless `parentId` names its folder. */
export const folderItem = (id: string, name: string, parentId: string | null = null): DataRoomItem => ({
  id,
  parentId,
  kind: 'folder',
  name,
  size: null,
  mime: null,
  status: null,
  pageCount: null,
  createdAt: builtAt,
  updatedAt: builtAt,
});

/** A processed PDF of a room (12 pages, ready, 240 KB unless told otherwise). */
export const pdfItem = (
  id: string,
  name: string,
  parentId: string | null,
  overrides: Partial<Pick<DataRoomItem, 'size' | 'status' | 'pageCount'>> = {},
): DataRoomItem => ({
  ...folderItem(id, name, parentId),
  kind: 'file',
  size: 240_000,
  mime: 'application/pdf',
  status: 'ready',
  pageCount: 12,
  ...overrides,
});

/** A file a room keeps to download (a CSV unless told otherwise): no status, no pages. */
export const downloadItem = (id: string, name: string, parentId: string | null, mime = 'text/csv'): DataRoomItem => ({
  ...pdfItem(id, name, parentId),
  mime,
  status: null,
  pageCount: null,
});

const signedInUsers = {
  user: { id: 'usr-1', name: 'Maya', email: 'maya@example.com' },
  investor: { id: 'inv-1', name: 'Ravi', email: 'ravi@example.com' },
  mentor: { id: 'mtr-1', name: 'Noor', email: 'noor@example.com' },
} as const;

/** A session of `role`, as the store starts with once signed in. */
export const signedInAs = (role: Role): AuthState => ({
  isAuthenticated: true,
  role,
  tokens: { token: 't', controlSignature: 'c', hashToken: 'h' },
  user: { ...signedInUsers[role] },
});

/** A JSON answer for a stubbed fetch. */
export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Shows where the router is, so a test can read the address a click led to. */
export function RouterWhere() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

/**
 * Renders pages by route pattern (`{ '/founder/mentors': FounderMentorsPage }`) for `session`, at
 * `entry`, with RouterWhere beside them.
 */
export function renderPagesAt(session: AuthState, entry: string, pages: Record<string, ComponentType>) {
  render(
    <AppProviders store={createAppStore(session)}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          {Object.entries(pages).map(([path, Page]) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
        </Routes>
        <RouterWhere />
      </MemoryRouter>
    </AppProviders>,
  );
}

/**
 * Renders one side's data-room pages (the list at `base`, a room below it) signed in as `role`,
 * at `entry`, with RouterWhere beside them.
 */
export function renderDataRoomPages(
  role: 'user' | 'investor',
  entry: string,
  pages: { base: string; List: ComponentType; Room: ComponentType },
) {
  const { base, List, Room } = pages;
  renderPagesAt(signedInAs(role), entry, { [base]: List, [`${base}/:roomId`]: Room });
}

/** A first render on a busy shared machine may take more than the default second. */
export const slow = { timeout: 5_000 };

/** The names of the rows the open folder shows, in order. */
export const rowNames = () =>
  within(screen.getByRole('list', { name: /Contents of/ }))
    .getAllByTestId('data-room-item')
    .map((row) => row.querySelector('p')?.textContent);
