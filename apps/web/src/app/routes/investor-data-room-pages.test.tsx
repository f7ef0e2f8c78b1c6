import type { DataRoom, DataRoomWithTree } from '@deckvalid/contract/datarooms';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  builtAt,
  downloadItem,
  folderItem,
  jsonResponse,
  pdfItem,
  renderDataRoomPages,
  rowNames,
  slow,
} from '@/test/data-rooms';
import { InvestorDataRoomPage, InvestorDataRoomsPage } from './investor-data-room-pages';

const room: DataRoomWithTree = {
  id: 'room-1',
  name: 'Ledgerleaf due diligence',
  itemCount: 3,
  createdAt: builtAt,
  updatedAt: builtAt,
  items: [
    folderItem('legal', 'Legal'),
    pdfItem('pilot', 'Pilot agreement.pdf', 'legal'),
    downloadItem('cap', 'Cap table.csv', 'legal'),
  ],
};

/** The investor's data-room calls over a stubbed fetch: the rooms given to them and room-1 (unless taken back). */
function stubApi(rooms: DataRoom[] = [], { isShared = true } = {}) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push({ method: request.method, path });
      if (path === '/api/v1/investors/datarooms') return jsonResponse({ data: rooms });
      if (path === '/api/v1/investors/datarooms/room-1' && isShared) return jsonResponse({ room });
      if (path === '/api/v1/investors/datarooms/room-1/items/cap/file') {
        return new Response('round,amount', { status: 200, headers: { 'content-type': 'application/octet-stream' } });
      }
      return jsonResponse({ error: { code: 'NOT_FOUND', message: 'Nothing here.' } }, 404);
    }),
  );
  return calls;
}

const renderAt = (entry: string) =>
  renderDataRoomPages('investor', entry, {
    base: '/investor/datarooms',
    List: InvestorDataRoomsPage,
    Room: InvestorDataRoomPage,
  });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('investor data room pages', () => {
  it('list: explains that founders share rooms after accepting interest, and offers no new room', async () => {
    stubApi();
    renderAt('/investor/datarooms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Data rooms' }, slow)).toBeTruthy();
    const empty = await screen.findByTestId('empty-state', {}, slow);
    expect(empty.textContent).toContain('A founder can give you a data room once they accept your interest');
    expect(screen.queryByRole('button', { name: 'New data room' })).toBeNull();
  });

  it('list: a card per room given to the investor, linking to the investor side', async () => {
    const calls = stubApi([
      { id: 'room-1', name: 'Ledgerleaf due diligence', itemCount: 3, createdAt: builtAt, updatedAt: builtAt },
    ]);
    renderAt('/investor/datarooms');
    const link = await screen.findByRole('link', { name: 'Ledgerleaf due diligence' }, slow);
    expect(link.getAttribute('href')).toBe('/investor/datarooms/room-1');
    expect(screen.getByText(/3 items · updated/)).toBeTruthy();
    expect(calls.some((call) => call.path.startsWith('/api/v1/users/'))).toBe(false);
  });

  it('room: read only, into a folder and back through the breadcrumbs; a PDF opens, anything else downloads', async () => {
    const calls = stubApi();
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:cap');
    // jsdom cannot follow a download; the click handing the file to the browser is what counts.
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAt('/investor/datarooms/room-1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledgerleaf due diligence' }, slow)).toBeTruthy();
    expect(rowNames()).toEqual(['Legal']);
    for (const action of ['Rename data room', 'Delete data room', 'New folder', 'Upload files', 'Actions for Legal']) {
      expect(screen.queryByRole('button', { name: action })).toBeNull();
    }
    expect(screen.queryByTestId('data-room-dropzone')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Who has this room' })).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Legal' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/investor/datarooms/room-1?folder=legal'),
    );
    expect(rowNames()).toEqual(['Cap table.csv', 'Pilot agreement.pdf']);
    expect(screen.getByRole('button', { name: 'Open Pilot agreement.pdf' })).toBeTruthy();
    // Processing is the founder's concern: no status badge on the investor's side.
    expect(screen.queryByText('Ready')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Download Cap table.csv' }));
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain('/api/v1/investors/datarooms/room-1/items/cap/file'),
    );
    await waitFor(() => expect(clicked).toHaveBeenCalled());

    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(crumbs).getByRole('link', { name: 'Data rooms' }).getAttribute('href')).toBe('/investor/datarooms');
    fireEvent.click(within(crumbs).getByRole('link', { name: 'Ledgerleaf due diligence' }));
    await waitFor(() => expect(rowNames()).toEqual(['Legal']));
  });

  it('room: a room taken back says it is no longer shared, with the way back to the list', async () => {
    stubApi([], { isShared: false });
    renderAt('/investor/datarooms/room-1');
    expect(await screen.findByText('This room is no longer shared with you', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to data rooms' }).getAttribute('href')).toBe('/investor/datarooms');
  });
});
